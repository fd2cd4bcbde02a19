/**
 * Soft evidence from a coinche auction: a sampled deal is as plausible as the other seats'
 * calls would be from the hands it gives them. Each of their calls is compared with the normal
 * heuristic's call in its place (same auction so far): the same call counts 1, a near one less,
 * an unexpected one little. Used to weigh sampled deals (rejection sampling) when bidding and
 * when playing.
 */
import { afterCall, legalCallsOf, openAuction, type Call, type Seat, type SeatCall } from '@belote/rules';
import { heuristicCall, type AuctionInfo } from '../heuristic/coinche-bid.js';

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

/** One call of another seat with the auction as it stood before it (the same for every sampled deal). */
export interface CallContext {
  seat: Seat;
  call: Call;
  before: AuctionInfo;
}

/** The other seats' calls with their auction so far, worked out once per decision (`me`'s own calls are not evidence). */
export function auctionContexts(calls: readonly SeatCall[], eldest: Seat, me: Seat): CallContext[] {
  let a = openAuction(eldest);
  const out: CallContext[] = [];
  for (const c of calls) {
    if (c.seat !== me) out.push({ seat: c.seat, call: c.call, before: { calls: a.calls, contract: a.high, coinchedBy: a.coinchedBy, legal: legalCallsOf(a, c.seat) } });
    a = afterCall(a, c.seat, c.call);
  }
  return out;
}

/**
 * Relative likelihood (0..1] of `startHands` (the four hands as dealt) given the calls of
 * `contexts`. The product only falls, so it stops once at or below `floor` (returning that
 * partial product) when the caller only needs to know it is not above.
 */
export function contextLikelihood(contexts: readonly CallContext[], startHands: readonly number[], floor = 0): number {
  let p = 1;
  for (const c of contexts) {
    p *= agreement(heuristicCall(c.seat, startHands[c.seat]!, c.before), c.call);
    if (p <= floor) break;
  }
  return p;
}

/**
 * Relative likelihood (0..1] of `startHands` (the four hands as dealt) given the calls seat
 * `me` saw; `me`'s own calls are not evidence.
 */
export function auctionLikelihood(calls: readonly SeatCall[], startHands: readonly number[], eldest: Seat, me: Seat): number {
  return contextLikelihood(auctionContexts(calls, eldest, me), startHands);
}
