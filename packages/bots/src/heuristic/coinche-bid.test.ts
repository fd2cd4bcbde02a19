/**
 * The coinche heuristic's point count and calls (coinche-count.ts, coinche-bid.ts) on named
 * hands: the count's terms, opening at the estimate less the margin, raising the partner's
 * suit (and not re-raising a raise), coinching when the defence clearly holds more,
 * surcoinching, capot, and the easy level's looser calls.
 */
import { afterCall, legalCallsOf, maskOf, openAuction, suitId, type AuctionState, type Call, type Card, type Seat } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { heuristicCall, teamEstimate } from './coinche-bid.js';
import { defenceCount, takerCount } from './coinche-count.js';

const hand = (s: string): number => maskOf(s.split(' ') as Card[]);
/** The auction after `calls` (from seat 0, the eldest), as the seat to call sees it. */
function auction(...calls: Call[]): { a: AuctionState; seat: Seat } {
  let a = openAuction(0);
  for (const c of calls) a = afterCall(a, a.turn!, c);
  return { a, seat: a.turn! };
}
const info = (a: AuctionState, seat: Seat) => ({ calls: a.calls, contract: a.high, coinchedBy: a.coinchedBy, legal: legalCallsOf(a, seat) });
const call = (h: string, ...calls: Call[]): Call => {
  const { a, seat } = auction(...calls);
  return heuristicCall(seat, hand(h), info(a, seat));
};
const pass: Call = { type: 'pass' };
const bid = (value: 80 | 90 | 100 | 110 | 120 | 130 | 140 | 150 | 160 | 'capot', suit: 'S' | 'H' | 'D' | 'C'): Call => ({ type: 'bid', value, suit });

describe('the point count', () => {
  it('trump honours, length, outside aces and tens, shape, belote', () => {
    // J 20 + 9 14 + A 11 = 45, and three trumps with a singleton club: + 3
    expect(takerCount(hand('JH 9H AH 7S 8S 7D 8D 9C'), suitId('H'))).toBe(48);
    // bare 9 (no jack, two trumps) counts 7
    expect(takerCount(hand('9H 7H 7S 8S 9S 7D 8D 9C'), suitId('H'))).toBe(7);
    // six trumps J 9 K Q 8 7: 20 + 14 + 4 + 3 + 30 (length) + 20 (belote); AS 11; void clubs +8, singletons ♠ ♦ +3 each
    expect(takerCount(hand('JH 9H KH QH 8H 7H AS 7D'), suitId('H'))).toBe(20 + 14 + 4 + 3 + 30 + 20 + 11 + 8 + 3 + 3);
    // outside A10 = 21, guarded bare ten 3
    expect(takerCount(hand('JH AS 10S 10D 7D 7C 8C 9C'), suitId('H'))).toBe(20 + 21 + 3);
  });
  it('defence: trump stoppers and outside winners', () => {
    expect(defenceCount(hand('JS 9S 7S AH 10H AD 7C 8C'), suitId('S'))).toBe(20 + 14 + 21 + 11);
    expect(defenceCount(hand('9S 7S AH 7H 8D 7D 7C 8C'), suitId('S'))).toBe(11);
  });
});

describe('heuristic calls (normal)', () => {
  it('opens at the estimate less 15, rounded down to the ten, in the best suit', () => {
    const h = 'JH 9H AH 10H 7S 8S AD 9C'; // count 20+14+11+10+10(4th trump)+11+… = 76 → est 55 + 0.93×76 ≈ 125.7 → 110
    const c = takerCount(hand(h), suitId('H'));
    const est = 55 + 0.93 * c;
    expect(call(h)).toEqual(bid(Math.floor((est - 15) / 10) * 10 as 110, 'H'));
    expect(call('7H 8H 7S 8S 7D 8D 7C 8C')).toEqual(pass);
  });
  it('raises the partner\'s suit with support, but not a raise of its own bid', () => {
    // partner (seat 0) opened 80♥; seat 1 passed; seat 2 holds J and 9 of hearts and an ace
    const raise = call('JH 9H 7H AS 7S 8D 7D 7C', bid(80, 'H'), pass);
    expect(raise.type).toBe('bid');
    expect(raise).toMatchObject({ suit: 'H' });
    // seat 0 opened 80♥, seat 2 raised to 110♥: seat 0 does not raise again on the same values
    expect(call('JH 9H AH 10H 7S 8S AD 9C', bid(80, 'H'), pass, bid(110, 'H'), pass)).toEqual(pass);
  });
  it('coinches an opposing contract when the defence clearly holds more, passes otherwise', () => {
    // seat 0 bid 100♠; seat 1 holds J 9 A of spades and A10 of hearts
    expect(call('JS 9S AS AH 10H 7D 8D 7C', bid(100, 'S'))).toEqual({ type: 'coinche' });
    expect(call('7S 8H 9H 7D 8D 9D 7C 8C', bid(100, 'S'))).toEqual(pass);
  });
  it('only the bidding side may answer a coinche; it surcoinches with a big margin', () => {
    // seat 0 bid 80♥ on a huge hand, seat 1 coinched: seat 2 (partner) passes, seat 0 later decides
    expect(call('7S 8S 9S 7D 8D 9D 7C 8C', bid(80, 'H'), { type: 'coinche' })).toEqual(pass);
    const big = heuristicCall(0, hand('JH 9H AH 10H KH QH AS AD'), info(auction(bid(80, 'H'), { type: 'coinche' }, pass, pass).a, 0));
    expect(big).toEqual({ type: 'surcoinche' });
  });
  it('bids capot with jack, nine, ace of trump, six trumps and only aces outside', () => {
    expect(call('JH 9H AH 10H 8H 7H AS AD')).toEqual(bid('capot', 'H'));
  });
  it('every call is legal', () => {
    const { a, seat } = auction(bid(150, 'D'));
    for (const h of ['JH 9H AH 10H 8H 7H AS AD', 'JD 9D AD 10D KD QD AS AH', '7H 8H 7S 8S 7D 8D 7C 8C']) {
      const c = heuristicCall(seat, hand(h), info(a, seat));
      const l = legalCallsOf(a, seat);
      if (c.type === 'bid') expect(l.bids).toContain(c.value);
      else expect(l[c.type]).toBe(true);
    }
  });
});

describe('easy calls', () => {
  it('bids on weaker hands and coinches more eagerly than normal', () => {
    const h = 'JH 9H 7H 8S 9S 7D 8D 7C'; // count 37 (34 + a singleton): est 89.4; normal (margin 15) passes, easy (margin 8) opens 80
    expect(teamEstimate(0, hand(h), [], suitId('H'))).toBeCloseTo(55 + 0.93 * 37);
    expect(call(h)).toEqual(pass);
    const { a, seat } = auction();
    expect(heuristicCall(seat, hand(h), info(a, seat), { loose: true })).toEqual(bid(80, 'H'));
    const d = auction(bid(90, 'S'));
    const mid = 'JS 8S 7S AH 8H 7D AD 7C'; // 20 + 11 + 11 = 42: easy coinches (≥ 38), normal does not (< 45)
    expect(heuristicCall(d.seat, hand(mid), info(d.a, d.seat))).toEqual(pass);
    expect(heuristicCall(d.seat, hand(mid), info(d.a, d.seat), { loose: true })).toEqual({ type: 'coinche' });
  });
});
