/**
 * The strong bot (placeholder until the search lands): the heuristic.
 */
import type { CardId, GameView, Rng } from '@belote/rules';
import { heuristicBid, type BidChoice } from '../heuristic/bid.js';
import { heuristicPlay } from '../heuristic/play.js';
import type { Knowledge } from '../knowledge.js';
import { maskOf } from '@belote/rules';

export interface SearchBudget {
  samples: number;
  timeMs: number;
}

export function strongBid(view: GameView, _rng: Rng, _budget?: Partial<SearchBudget>): BidChoice {
  return heuristicBid(view.deal!, view.deal!.hand!);
}

export function strongPlay(k: Knowledge, view: GameView, _rng: Rng, _budget?: Partial<SearchBudget>): CardId {
  return heuristicPlay(k, maskOf(view.deal!.legal));
}
