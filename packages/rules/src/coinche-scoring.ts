/**
 * Scoring a coinche deal (docs/rules/COINCHE.md §5): the result of the contract, first rule that applies,
 * then what each team writes, with the litige pot of docs/rules/RULES.md §7 added after multiplication.
 * The fast core's twin is `scoreCoincheInto` (fast/coinche.ts); tests compare them.
 */
import { contractPoints } from './auction.js';
import type { DealScore, DealTally } from './scoring.js';
import type { BidValue, Multiplier, Rules, Team } from './types.js';

export interface ContractTerms {
  value: BidValue;
  coinche: Multiplier;
}

/** Score one played coinche deal given its contract, the tie rule and the litige pot carried in. */
export function scoreCoincheDeal(t: DealTally, contract: ContractTerms, tie: Rules['tie'], potIn: number): DealScore {
  const T = t.takerTeam;
  const D: Team = T === 0 ? 1 : 0;
  const C = contractPoints(contract.value);
  const m = contract.coinche;
  const A = t.announcements[0] + t.announcements[1];
  const total = (team: Team): number => t.points[team] + t.belote[team] + t.announcements[team];
  const capot: Team | null = t.tricks[0] === 8 ? 0 : t.tricks[1] === 8 ? 1 : null;

  let outcome: DealScore['outcome'];
  if (capot === T) outcome = 'made';
  else if (capot === D) outcome = 'dedans';
  else if (contract.value === 'capot') outcome = 'dedans';
  else if (total(T) >= C && total(T) > total(D)) outcome = 'made';
  else if (total(T) === total(D) && total(T) >= C && m === 1 && tie === 'litige') outcome = 'litige';
  else outcome = 'dedans';

  const written: [number, number] = [0, 0];
  let pot = potIn;
  if (outcome === 'made') {
    if (m === 1 && capot !== T) {
      written[T] = total(T) + C;
      written[D] = total(D);
    } else if (m === 1) {
      written[T] = 252 + t.belote[T] + A + C;
      written[D] = t.belote[D];
    } else {
      written[T] = m * ((capot === T ? 250 : 160) + t.belote[T] + A + C);
      written[D] = t.belote[D];
    }
    written[T] += pot;
    pot = 0;
  } else if (outcome === 'dedans') {
    written[T] = t.belote[T];
    written[D] = m * (160 + t.belote[D] + A + C) + pot;
    pot = 0;
  } else {
    written[T] = t.belote[T];
    written[D] = total(D);
    pot += total(T) - t.belote[T];
  }
  return { outcome, capot, written, litigePot: pot };
}
