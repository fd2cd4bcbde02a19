/**
 * Frozen baseline `v1`: the bots as they were on main 7c210d6 (2026-12-01), before issue 23
 * (inference, calibrated bidding). A verbatim copy of src/ at that commit (cards, knowledge,
 * heuristic/, strong/), never to be edited, so that `pnpm bench:bots` can always name today's
 * levels as `normal-v1` and `strong-v1` and measure the current bots against them.
 */
import { assertNever, cardOf, maskOf, type GameView, type Move, type Rng } from '@belote/rules';
import { heuristicBid } from './heuristic/bid.js';
import { heuristicCall } from './heuristic/coinche-bid.js';
import { heuristicPlay } from './heuristic/play.js';
import { knowledgeOf } from './knowledge.js';
import { assertSeatView } from './seat-view.js';
import { strongBid, strongCall, strongPlay, type SearchBudget } from './strong/strong.js';

export type BaselineLevel = 'normal' | 'strong';

/** The v1 decision of `level` for the seat whose view this is (same contract as `decide`). */
export function decideV1(view: GameView, level: BaselineLevel, rng: Rng, budget?: Partial<SearchBudget>): Move {
  assertSeatView(view);
  const deal = view.deal;
  if (!deal || view.viewer === 'spectator' || deal.turn !== view.viewer || deal.hand === null || view.winner !== null)
    throw new Error("decideV1(): not this seat's turn");
  if (deal.phase === 'bidding' && deal.auction) {
    if (level === 'normal') return heuristicCall(view.viewer, maskOf(deal.hand), deal.auction);
    if (level === 'strong') return strongCall(view, rng, budget);
    return assertNever(level);
  }
  if (deal.phase === 'bidding') return level === 'normal' ? heuristicBid(deal, deal.hand) : strongBid(view, rng, budget);
  const legal = maskOf(deal.legal);
  if (level === 'normal') return { type: 'play', card: cardOf(heuristicPlay(knowledgeOf(view), legal)) };
  return { type: 'play', card: cardOf(strongPlay(knowledgeOf(view), view, rng, budget)) };
}
