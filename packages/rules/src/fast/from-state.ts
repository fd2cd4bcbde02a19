/**
 * Bridge from the readable reducer to the fast core: the FastDeal of a deal in play (or
 * finished), so a search can start from the server's or a test's current position.
 */
import type { DealState } from '../state.js';
import { FastDeal } from './position.js';

/**
 * The fast position of `deal`: its hands at the start of play with every card played so far
 * replayed in order. Null while the deal is still in bidding or was redealt.
 * @param into an optional position to overwrite (no allocation)
 */
export function fastDealFrom(deal: DealState, into: FastDeal = new FastDeal()): FastDeal | null {
  if (deal.startHands === null || deal.trump === null || deal.taker === null) return null;
  into.reset(deal.startHands, deal.trump, (deal.dealer + 1) & 3, deal.taker);
  for (const t of deal.tricks) for (const c of t.cards) into.play(c);
  for (const c of deal.trick.cards) into.play(c);
  return into;
}
