/**
 * The strong level: bids by simulation (bid-sim.ts; coinche calls coinche-bid-sim.ts) and plays
 * by determinized double-dummy search (pimc.ts) on the variant's score, within a configurable budget. The defaults aim at p95 well under 300 ms
 * per move on one core. Sample and node counts (not the clock) bound the effort, so a seed
 * gives the same decision on any machine unless the wall-clock safety cap cuts a search short.
 */
import { maskOf, type Call, type CardId, type GameView, type Rng } from '@belote/rules';
import type { BidChoice } from '../heuristic/bid.js';
import type { Knowledge } from '../knowledge.js';
import { simulatedBid } from './bid-sim.js';
import { simulatedCall } from './coinche-bid-sim.js';
import { pimcPlay } from './pimc.js';

export interface SearchBudget {
  /** Sampled deals per card decision. */
  samples: number;
  /** Double-dummy search nodes per card decision (about 15–20 million per second on one core). */
  nodes: number;
  /** Sampled decks per bid decision. */
  bidSamples: number;
  /** Wall-clock safety cap per decision (ms); sampling stops early past it. */
  timeMs: number;
  /** Card play: solve only made-or-not (and capots) while fewer cards than this are played (pimc.ts). */
  coarseCards?: number;
  /** Card play: weight of heuristic play-outs beside the double-dummy values (pimc.ts, rollout.ts; 0 for none). */
  rollouts?: number;
  /** Classic bidding: the average written points a take must gain over passing (bid-sim.ts; default 0). */
  takeMargin?: number;
}

export const DEFAULT_BUDGET: SearchBudget = Object.freeze({ samples: 30, nodes: 3_000_000, bidSamples: 160, timeMs: 250, coarseCards: 4, rollouts: 1 });

const budgetOf = (b?: Partial<SearchBudget>): SearchBudget => ({ ...DEFAULT_BUDGET, ...b });

export function strongBid(view: GameView, rng: Rng, budget?: Partial<SearchBudget>): BidChoice {
  const b = budgetOf(budget);
  return simulatedBid(view, rng, b, b.takeMargin ?? 0);
}

/** A coinche call by simulation (coinche-bid-sim.ts). */
export function strongCall(view: GameView, rng: Rng, budget?: Partial<SearchBudget>): Call {
  return simulatedCall(view, rng, budgetOf(budget));
}

export function strongPlay(k: Knowledge, view: GameView, rng: Rng, budget?: Partial<SearchBudget>): CardId {
  return pimcPlay(k, maskOf(view.deal!.legal), rng, budgetOf(budget));
}
