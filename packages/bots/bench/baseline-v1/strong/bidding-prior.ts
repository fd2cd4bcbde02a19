/**
 * Soft evidence from the auction: the taker usually holds the jack or the nine of trump and
 * several trumps; a seat that passed on the retourne's suit in round 1 rarely held its jack
 * with two more of that suit. In coinche, every call of the auction is evidence (coinche-prior.ts). Sampled deals are accepted with this likelihood (rejection
 * sampling), so the search plays against realistic hands rather than uniform ones.
 */
import { RANK_9, RANK_J, bit, cardId, popcount, suitMask, suitOf, type Seat } from '@belote/rules';
import type { Knowledge } from '../knowledge.js';
import { auctionLikelihood } from './coinche-prior.js';

/** Start-of-play hands of the sampled deal: current hands plus what each seat played. */
export function startHands(k: Knowledge, hands: readonly number[]): number[] {
  const start = hands.slice();
  for (const p of k.plays) start[p.seat] = start[p.seat]! | bit(p.card);
  return start;
}

/** Relative likelihood (0..1] of the sampled hands given the bids the seat saw. */
export function biddingLikelihood(k: Knowledge, hands: readonly number[]): number {
  if (k.trump === null || k.taker === null) return 1;
  const start = startHands(k, hands);
  if (k.deal.auction) return auctionLikelihood(k.deal.auction.calls, start, k.deal.eldest, k.seat);
  let p = 1;
  const trump = k.trump;
  if (k.taker !== k.seat) {
    const t = start[k.taker]! & suitMask(trump);
    const honour = (t & (bit(trump * 8 + RANK_J) | bit(trump * 8 + RANK_9))) !== 0;
    const n = popcount(t);
    p *= honour ? (n >= 3 ? 1 : 0.5) : n >= 4 ? 0.4 : 0.12;
  }
  const retourne = cardId(k.deal.retourne!); // classic deals always have one
  const retourneSuit = suitOf(retourne);
  for (const b of k.deal.bids) {
    if (b.type !== 'pass' || b.round !== 1 || b.seat === k.seat) continue;
    const h = start[b.seat as Seat]! & suitMask(retourneSuit) & ~bit(retourne);
    if ((h & bit(retourneSuit * 8 + RANK_J)) !== 0 && popcount(h) >= 3) p *= 0.35;
  }
  return p;
}
