/**
 * The strong level: bids by simulation (bid-sim.ts) and plays by determinized double-dummy
 * search (pimc.ts), within a configurable budget. The defaults aim at p95 well under 300 ms
 * per move on one core; the sample counts (not the clock) drive the decision, so a seed
 * gives the same decision unless the time cap cuts a search short.
 */
import { maskOf, type CardId, type GameView, type Rng } from '@belote/rules';
import type { BidChoice } from '../heuristic/bid.js';
import type { Knowledge } from '../knowledge.js';
import { simulatedBid } from './bid-sim.js';
import { pimcPlay } from './pimc.js';

export interface SearchBudget {
  /** Sampled deals per card decision. */
  samples: number;
  /** Sampled decks per bid decision. */
  bidSamples: number;
  /** Wall-clock cap per decision (ms); sampling stops early past it. */
  timeMs: number;
}

export const DEFAULT_BUDGET: SearchBudget = Object.freeze({ samples: 30, bidSamples: 40, timeMs: 200 });

const budgetOf = (b?: Partial<SearchBudget>): SearchBudget => ({ ...DEFAULT_BUDGET, ...b });

export function strongBid(view: GameView, rng: Rng, budget?: Partial<SearchBudget>): BidChoice {
  return simulatedBid(view, rng, budgetOf(budget));
}

export function strongPlay(k: Knowledge, view: GameView, rng: Rng, budget?: Partial<SearchBudget>): CardId {
  return pimcPlay(k, maskOf(view.deal!.legal), rng, budgetOf(budget));
}
