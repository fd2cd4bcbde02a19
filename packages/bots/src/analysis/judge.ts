/**
 * The value of every option of one decision under the seat's own knowledge, from its view
 * alone (`viewFor(state, seat)` at that moment): the strong bot's sampling of the unseen cards
 * and double-dummy solve for a card, its simulated deals for a bid. Seeded, with effort bounded
 * by counts (no clock), so the same view and seed give the same values on any machine.
 */
import { cardOf, maskOf, type Call, type GameView, type Rng, type Seat } from '@belote/rules';
import type { BidChoice } from '../heuristic/bid.js';
import { assertSeatView } from '../seat-view.js';
import { knowledgeOf } from '../knowledge.js';
import { heuristicCall } from '../heuristic/coinche-bid.js';
import { bidSamples } from '../strong/bid-sim.js';
import { callOptions, callSamples } from '../strong/coinche-bid-sim.js';
import { pimcSamples } from '../strong/pimc.js';

export interface AnalysisBudget {
  /** Sampled deals per card decision, at most. */
  samples: number;
  /** Sampled deals every card decision gets whatever they cost. */
  minSamples: number;
  /** Search nodes for the samples beyond `minSamples` (a deterministic cap; ~15–30 million per second). */
  nodes: number;
  /**
   * Sampled deals a card's mark needs: a card that looks marked on fewer (the node cap binds in
   * the first tricks) gets more, whatever they cost, and is judged again on them all.
   */
  markSamples: number;
  /** Simulated decks per bid decision. */
  bidSamples: number;
  /**
   * Decks a bid or call gets first; the rest (up to `bidSamples`) only when those leave it near
   * a mark (see `judgeBid`). Absent: all `bidSamples` at once.
   */
  bidFirst?: number;
}

/**
 * Chosen with `pnpm bench:analysis` (a whole deal within 2 s p95 on one core). The node cap
 * binds only in the first two tricks, where one sample costs 100 thousand to a million nodes:
 * there a decision gets its first sample and then what 0.7 million more nodes allow (about 4
 * samples in the first trick, 13 in the second, fewer where one sample is dear); from the third
 * trick on nearly every decision gets all 24. A card that looks marked on fewer than 6 gets one
 * more at a time until it has 6 or no longer looks marked (one or two sampled deals that happen
 * to agree would otherwise show no noise at all). A bid or call is played out on 20 decks, and on 40 more
 * unless those already show it could not be marked (about half the bids stop there; every
 * mark stands on all 60).
 */
export const ANALYSIS_BUDGET: AnalysisBudget = Object.freeze({ samples: 24, minSamples: 1, nodes: 700_000, markSamples: 6, bidSamples: 60, bidFirst: 20 });

export interface OptionValue {
  /**
   * A card (`"JH"`); a classic bid: `pass`, `take` (the retourne's suit), `take:S` (round 2); a
   * coinche call: `pass`, `bid:100:H`, `bid:capot:S`, `coinche`, `surcoinche`.
   */
  option: string;
  /** Expected written difference for the seat's team (its written points minus the other's). */
  value: number;
  /** Expected card points of the seat's team for the whole deal (cards only). */
  points?: number;
}

export interface Judgement {
  options: OptionValue[];
  /** margins[i][n]: the written difference of options[i] in sample n (paired across options). */
  margins: number[][];
}

const mean = (xs: readonly number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** The option key of a bid. */
export const bidKey = (b: BidChoice | { type: 'pass' | 'take'; suit?: string | undefined }): string =>
  b.type === 'pass' ? 'pass' : b.suit === undefined ? 'take' : `take:${b.suit}`;

/** The option key of a coinche call. */
export const callKey = (c: Call): string => (c.type === 'bid' ? `bid:${c.value}:${c.suit}` : c.type);

/**
 * Every legal card of the seat to play, valued under its knowledge. `marked` says whether a
 * judgement would mark the card played: while it does on fewer than `budget.markSamples`
 * sampled deals, one more is drawn (same rng, no node cap), and the card is judged on them all.
 */
export function judgeCard(view: GameView, rng: Rng, budget: AnalysisBudget, marked: (j: Judgement) => boolean = () => false): Judgement {
  assertSeatView(view);
  const k = knowledgeOf(view);
  const legal = maskOf(view.deal!.legal);
  // The first samples whatever they cost, then as many more as the node cap allows (same rng).
  const first = Math.min(budget.minSamples, budget.samples);
  const runs = [pimcSamples(k, legal, rng, { samples: first, nodes: Infinity, timeMs: Infinity })];
  runs.push(pimcSamples(k, legal, rng, { samples: budget.samples - first, nodes: budget.nodes, timeMs: Infinity }));
  let judged = merged(runs);
  // One more at a time, so a card the next deals clear of any mark costs no more (in the first
  // trick one sampled deal may cost a million nodes or more): a mark still stands on
  // `markSamples` deals at least, and the draws are those one run would have made (same rng).
  while (judged.margins[0]!.length < budget.markSamples && marked(judged)) {
    runs.push(pimcSamples(k, legal, rng, { samples: 1, nodes: Infinity, timeMs: Infinity }));
    judged = merged(runs);
  }
  return judged;
}

/** The options valued over the samples of several runs (same moves, in order). */
function merged(runs: readonly ReturnType<typeof pimcSamples>[]): Judgement {
  const { moves } = runs[0]!;
  const margins = moves.map((_, i) => runs.flatMap((r) => r.margins[i]!));
  const points = moves.map((_, i) => runs.flatMap((r) => r.points[i]!));
  return {
    options: moves.map((c, i) => ({ option: cardOf(c), value: mean(margins[i]!), points: mean(points[i]!) })),
    margins,
  };
}

/**
 * Simulated decks in two rounds: `budget.bidFirst` first, then the rest of `budget.bidSamples`
 * if `more` says the first leave the decision near a mark. Deals are drawn from the same rng in
 * turn and every play-out is deterministic, so both rounds together are exactly the deals one
 * round of `bidSamples` would give.
 */
function inRounds(budget: AnalysisBudget, more: (j: Judgement) => boolean, run: (samples: number) => Judgement): Judgement {
  const first = Math.min(budget.bidFirst ?? budget.bidSamples, budget.bidSamples);
  const j = run(first);
  if (first >= budget.bidSamples || !more(j)) return j;
  const rest = run(budget.bidSamples - first);
  const margins = j.margins.map((m, i) => [...m, ...rest.margins[i]!]);
  return { options: j.options.map((o, i) => ({ ...o, value: mean(margins[i]!) })), margins };
}

/**
 * Every bid open to the seat (pass, take, each other suit in round 2), valued by simulation.
 * `more`: whether a judgement on the first decks needs the rest (default: always).
 */
export function judgeBid(view: GameView, rng: Rng, budget: AnalysisBudget, more: (j: Judgement) => boolean = () => true): Judgement {
  assertSeatView(view);
  return inRounds(budget, more, (n) => {
    const { options, margins } = bidSamples(view, rng, { bidSamples: n, timeMs: Infinity });
    return { options: options.map((o, i) => ({ option: bidKey(o), value: mean(margins[i]!) })), margins };
  });
}

/**
 * Coinche: the calls the strong bot weighs (pass, coinche or surcoinche when legal, bids around
 * its estimate in the two best suits, the heuristic's call) plus the call actually made, each
 * played out on the same sampled deals (in rounds, as `judgeBid`).
 */
export function judgeCall(view: GameView, played: Call, rng: Rng, budget: AnalysisBudget, more: (j: Judgement) => boolean = () => true): Judgement {
  assertSeatView(view);
  const deal = view.deal!;
  const options = callOptions(view, heuristicCall(view.viewer as Seat, maskOf(deal.hand!), deal.auction!));
  if (!options.some((o) => callKey(o) === callKey(played))) options.push(played);
  // One legal call (a pass after a coinche, say): nothing to weigh, nothing to play out.
  if (options.length === 1) return { options: [{ option: callKey(played), value: 0 }], margins: [[]] };
  return inRounds(budget, more, (n) => {
    const { margins } = callSamples(view, options, rng, { bidSamples: n, timeMs: Infinity });
    return { options: options.map((o, i) => ({ option: callKey(o), value: mean(margins[i]!) })), margins };
  });
}
