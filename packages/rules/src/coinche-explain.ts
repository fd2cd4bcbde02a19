/**
 * Why a scored coinche deal wrote what it did (docs/rules/COINCHE.md §5), for a client to show: which rule
 * decided the result, and each team's written score as its terms, multiplier and litige pot.
 * `scoreCoincheDeal` computes the score; this reads a finished deal's public summary back into
 * the formula (tests check that the terms give `written` exactly, over random games), so that no
 * client has to know the scoring rules to explain them.
 */
import { contractPoints } from './auction.js';
import type { BidValue, DealSummary, Multiplier, Seat, Team } from './types.js';

/**
 * The rule of docs/rules/COINCHE.md §5 that decided the result: 1 `takersCapot`, 2 `defendersCapot`,
 * 3 `capotFailed` (a capot bid without every trick), 4 `reached` (total ≥ contract and above
 * the defence), 5 `tieLitige`; rule 6 split by its cause: `short` (total below the contract),
 * `outscored` (the defence above), `tie` (a tie under `tie: dedans` or on a coinched contract).
 */
export type CoincheReason = 'takersCapot' | 'defendersCapot' | 'capotFailed' | 'reached' | 'tieLitige' | 'short' | 'outscored' | 'tie';

/**
 * One addend of a written score: card points with the last trick (`points`), `belote`,
 * `announcements` (the team's own, or all of them for the team writing the contract), the
 * `contract`, the 160 of every card (`all160`), 250 for a capot in a coinched contract
 * (`capot250`), 252 for an uncoinched capot's cards (`capot252`).
 */
export interface WrittenTerm {
  kind: 'points' | 'belote' | 'announcements' | 'contract' | 'all160' | 'capot250' | 'capot252';
  value: number;
}

/** A team's written score: `multiplier × (sum of terms) + pot`. */
export interface WrittenLine {
  terms: WrittenTerm[];
  /** The coinche multiplier when it applies to this line (the winners of a coinched contract), else 1. */
  multiplier: Multiplier;
  /** The litige pot this team wins with this deal (added after multiplication). */
  pot: number;
  written: number;
}

export interface CoincheExplanation {
  taker: Seat;
  takers: Team;
  contract: BidValue;
  /** The contract in the formulas: its value, 250 for a capot bid. */
  contractPoints: number;
  multiplier: Multiplier;
  outcome: 'made' | 'dedans' | 'litige';
  reason: CoincheReason;
  /** Per team: card points + belote + its scoring announcements (what the contract is measured by). */
  totals: [number, number];
  /** Per team, by team index. */
  lines: [WrittenLine, WrittenLine];
  /** The litige pot carried into the deal and left after it. */
  potIn: number;
  potOut: number;
}

const other = (t: Team): Team => (t === 0 ? 1 : 0);

/** A line of the terms that are not zero (a team writing nothing has none). */
const line = (terms: WrittenTerm[], multiplier: Multiplier, pot: number): WrittenLine => {
  const kept = terms.filter((t) => t.value !== 0);
  return { terms: kept, multiplier, pot, written: multiplier * kept.reduce((n, t) => n + t.value, 0) + pot };
};

/**
 * The explanation of a scored coinche deal's summary, given the litige pot carried into it (the
 * previous summary's `litigePot`, 0 for a game's first deal); null for a redeal, an unfinished
 * deal or a classic summary.
 */
export function explainCoincheDeal(s: DealSummary, potIn: number): CoincheExplanation | null {
  if (s.contract === undefined || s.contract === null || s.taker === null || (s.outcome !== 'made' && s.outcome !== 'dedans' && s.outcome !== 'litige')) return null;
  const T = (s.taker & 1) as Team;
  const D = other(T);
  const C = contractPoints(s.contract);
  const m = s.coinche ?? 1;
  const A = s.announcements[0] + s.announcements[1];
  const totals: [number, number] = [0, 1].map((t) => s.points[t]! + s.belote[t]! + s.announcements[t]!) as [number, number];

  let reason: CoincheReason;
  if (s.capot === T) reason = 'takersCapot';
  else if (s.capot === D) reason = 'defendersCapot';
  else if (s.contract === 'capot') reason = 'capotFailed';
  else if (s.outcome === 'made') reason = 'reached';
  else if (s.outcome === 'litige') reason = 'tieLitige';
  else if (totals[T] < C) reason = 'short';
  else if (totals[T] < totals[D]) reason = 'outscored';
  else reason = 'tie';

  const lines: [WrittenLine, WrittenLine] = [line([], 1, 0), line([], 1, 0)];
  const own = (t: Team): WrittenTerm[] => [
    { kind: 'points', value: s.points[t] },
    { kind: 'belote', value: s.belote[t] },
    { kind: 'announcements', value: s.announcements[t] },
  ];
  const contractTerms = (base: WrittenTerm, t: Team): WrittenTerm[] => [base, { kind: 'belote', value: s.belote[t] }, { kind: 'announcements', value: A }, { kind: 'contract', value: C }];
  const beloteOnly = (t: Team): WrittenTerm[] => [{ kind: 'belote', value: s.belote[t] }];
  if (s.outcome === 'made') {
    if (m === 1 && s.capot !== T) {
      lines[T] = line([...own(T), { kind: 'contract', value: C }], 1, potIn);
      lines[D] = line(own(D), 1, 0);
    } else if (m === 1) {
      lines[T] = line(contractTerms({ kind: 'capot252', value: 252 }, T), 1, potIn);
      lines[D] = line(beloteOnly(D), 1, 0);
    } else {
      lines[T] = line(contractTerms(s.capot === T ? { kind: 'capot250', value: 250 } : { kind: 'all160', value: 160 }, T), m, potIn);
      lines[D] = line(beloteOnly(D), 1, 0);
    }
  } else if (s.outcome === 'dedans') {
    lines[T] = line(beloteOnly(T), 1, 0);
    lines[D] = line(contractTerms({ kind: 'all160', value: 160 }, D), m, potIn);
  } else {
    lines[T] = line(beloteOnly(T), 1, 0);
    lines[D] = line(own(D), 1, 0);
  }
  return { taker: s.taker, takers: T, contract: s.contract, contractPoints: C, multiplier: m, outcome: s.outcome, reason, totals, lines, potIn, potOut: s.litigePot };
}
