/**
 * Soft evidence from a coinche auction: a sampled deal is as plausible as the other seats'
 * calls would be from the hands it gives them. Each of their calls is compared with the normal
 * heuristic's call in its place (same auction so far): the same call counts 1, a near one less,
 * an unexpected one little. Used to weigh sampled deals (rejection sampling) when bidding and
 * when playing.
 */
import { afterCall, legalCallsOf, openAuction, type Call, type Seat, type SeatCall } from '@belote/rules';
import { heuristicCall } from '../heuristic/coinche-bid.js';

/**
 * How well an actual call matches the heuristic's expected one (1 = the same call). Bids are
 * strong evidence (a hand that would not bid that suit is 20 times less likely); a pass where
 * the heuristic would bid, or an unexpected coinche, 10 times less.
 */
function agreement(expected: Call, actual: Call): number {
  if (actual.type === 'bid') {
    if (expected.type !== 'bid' || expected.suit !== actual.suit) return 0.05;
    const gap = Math.abs((expected.value === 'capot' ? 170 : expected.value) - (actual.value === 'capot' ? 170 : actual.value));
    return gap <= 10 ? 1 : gap <= 20 ? 0.5 : 0.2;
  }
  if (actual.type === expected.type) return 1;
  return 0.1;
}

/**
 * Relative likelihood (0..1] of `startHands` (the four hands as dealt) given the calls seat
 * `me` saw; `me`'s own calls are not evidence.
 */
export function auctionLikelihood(calls: readonly SeatCall[], startHands: readonly number[], eldest: Seat, me: Seat): number {
  let a = openAuction(eldest);
  let p = 1;
  for (const c of calls) {
    if (c.seat !== me) {
      const expected = heuristicCall(c.seat, startHands[c.seat]!, { calls: a.calls, contract: a.high, coinchedBy: a.coinchedBy, legal: legalCallsOf(a, c.seat) });
      p *= agreement(expected, c.call);
    }
    a = afterCall(a, c.seat, c.call);
  }
  return p;
}
