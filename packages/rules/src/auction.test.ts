/**
 * The coinche auction (docs/rules/COINCHE.md §3) on its own: who may call what, why a call is refused
 * (and the legal calls agreeing with those refusals), how the auction ends; and the fast core's FastAuction agreeing with it on thousands of
 * random call sequences (legal calls, end, contract, multiplier).
 */
import { describe, expect, it } from 'vitest';
import { afterCall, legalCallsOf, openAuction, type AuctionState } from './auction.js';
import { callRefusalReason } from './call-refusal.js';
import { AUCTION_CONTRACT, AUCTION_OPEN, AUCTION_REDEAL, BID_POINTS, CALL_BID, CALL_COINCHE, CALL_PASS, CALL_SURCOINCHE, FastAuction } from './fast/auction.js';
import { randomCallInto } from './fast/random-deal.js';
import { seededRng } from './rng.js';
import { randomCall } from './simulate.js';
import type { Suit } from './cards.js';
import { callOf } from './coinche-deal.js';
import { BID_VALUES, type BidValue, type Call, type Seat } from './types.js';

/** Apply calls from the eldest (seat 0), in turn; throws on a refused one. */
function run(...calls: Call[]): AuctionState {
  let a = openAuction(0);
  for (const c of calls) {
    const seat = a.turn!;
    const why = callRefusalReason(a, seat, c);
    if (why) throw new Error(`${JSON.stringify(c)}: ${why}`);
    a = afterCall(a, seat, c);
  }
  return a;
}
const pass: Call = { type: 'pass' };
const bid = (value: BidValue, suit: Suit = 'H'): Call => ({ type: 'bid', value, suit });
const coinche: Call = { type: 'coinche' };
const surcoinche: Call = { type: 'surcoinche' };

describe('how the auction ends', () => {
  it('four passes with no bid: redeal', () => {
    expect(run(pass, pass, pass).end).toBe('open');
    const a = run(pass, pass, pass, pass);
    expect(a).toMatchObject({ end: 'redeal', turn: null, high: null });
  });
  it('a bid then three passes: the contract, ×1; the bidder never outbids himself', () => {
    const a = run(pass, bid(80), pass, pass);
    expect(a.end).toBe('open');
    expect(a.turn).toBe(0);
    const b = afterCall(a, 0, pass);
    expect(b).toMatchObject({ end: 'contract', coinche: 1, high: { value: 80, suit: 'H', bidder: 1 }, turn: null });
  });
  it('a coinche then three passes: ×2; a surcoinche ends at once: ×4', () => {
    expect(run(bid(90), coinche, pass, pass)).toMatchObject({ end: 'open', coinchedBy: 1 });
    expect(run(bid(90), coinche, pass, pass, pass)).toMatchObject({ end: 'contract', coinche: 2 });
    expect(run(bid(90), coinche, surcoinche)).toMatchObject({ end: 'contract', coinche: 4, surcoinchedBy: 2, turn: null });
  });
  it('bids restart the count of passes', () => {
    const a = run(bid(80), pass, pass, bid(90, 'S'), pass, pass);
    expect(a.end).toBe('open');
    expect(afterCall(a, 2, pass)).toMatchObject({ end: 'contract', high: { value: 90, suit: 'S', bidder: 3 } });
  });
});

describe('who may call what (docs/rules/COINCHE.md §3)', () => {
  it('bids: strictly higher, any seat, suit does not rank, nothing above capot', () => {
    const a = run(bid(90));
    expect(callRefusalReason(a, 1, bid(90, 'S'))).toBe('must bid higher than 90');
    expect(callRefusalReason(a, 1, bid(100, 'S'))).toBeNull();
    const c = run(bid('capot'));
    expect(callRefusalReason(c, 1, bid('capot', 'S'))).toBe('nothing is higher than capot');
    expect(legalCallsOf(c, 1)).toEqual({ pass: true, bids: [], coinche: true, surcoinche: false });
    expect(legalCallsOf(openAuction(0), 0)).toEqual({ pass: true, bids: [...BID_VALUES], coinche: false, surcoinche: false });
    expect(legalCallsOf(run(bid(150)), 1).bids).toEqual([160, 'capot']);
  });
  it('values other than 80–160 by 10 or capot are refused', () => {
    for (const v of [70, 85, 170, 0, -80, 1000, 80.5]) expect(callRefusalReason(openAuction(0), 0, { type: 'bid', value: v as 80, suit: 'H' })).toMatch(/^not a contract value/);
    expect(callRefusalReason(openAuction(0), 0, { type: 'bid', value: 80, suit: 'X' as 'H' })).toMatch(/^not a suit/);
  });
  it('coinche: only on the other team\'s bid, once; it freezes the contract', () => {
    expect(callRefusalReason(openAuction(0), 0, coinche)).toBe('no bid to coinche');
    const a = run(bid(80), pass);
    expect(callRefusalReason(a, 2, coinche)).toBe("cannot coinche your own team's bid");
    const b = run(bid(80), coinche);
    expect(callRefusalReason(b, 2, bid(90))).toBe('the contract is coinched: no more bids');
    expect(callRefusalReason(run(bid(80), coinche, pass), 3, coinche)).toBe('the contract is already coinched');
    expect(legalCallsOf(b, 2)).toEqual({ pass: true, bids: [], coinche: false, surcoinche: true });
    expect(legalCallsOf(run(bid(80), coinche, pass), 3)).toEqual({ pass: true, bids: [], coinche: false, surcoinche: false });
  });
  it('surcoinche: only after a coinche, by the team of the coinched bid', () => {
    expect(callRefusalReason(run(bid(80)), 1, surcoinche)).toBe('no coinche to answer');
    expect(callRefusalReason(run(bid(80), pass), 2, surcoinche)).toBe('no coinche to answer');
    expect(callRefusalReason(run(bid(80), coinche, pass), 3, surcoinche)).toBe('only the team that made the coinched bid may surcoinche');
    expect(callRefusalReason(run(bid(80), coinche, pass, pass), 0, surcoinche)).toBeNull();
  });
});

/** The readable auction's legal calls as the fast core's CALL_* mask. */
function maskOf(a: AuctionState, seat: Seat): number {
  const l = legalCallsOf(a, seat);
  let m = l.pass ? CALL_PASS : 0;
  for (const v of l.bids) m |= CALL_BID << BID_VALUES.indexOf(v);
  if (l.coinche) m |= CALL_COINCHE;
  if (l.surcoinche) m |= CALL_SURCOINCHE;
  return m;
}

describe('the legal calls agree with the refusals (call-refusal.ts)', () => {
  it('on 5,000 random auctions, for every seat at every step: coinche and surcoinche legal exactly when not refused', () => {
    const rng = seededRng('legal-vs-refusal');
    const seen = { coinche: 0, surcoinche: 0 };
    for (let g = 0; g < 5000; g++) {
      let a = openAuction((g & 3) as Seat);
      while (a.end === 'open') {
        for (const seat of [0, 1, 2, 3] as const) {
          const legal = legalCallsOf(a, seat);
          expect(legal.coinche).toBe(callRefusalReason(a, seat, coinche) === null);
          expect(legal.surcoinche).toBe(callRefusalReason(a, seat, surcoinche) === null);
          if (legal.coinche) seen.coinche++;
          if (legal.surcoinche) seen.surcoinche++;
        }
        const c = randomCall(legalCallsOf(a, a.turn!), a.turn!, rng);
        if (c.type === 'take' || c.type === 'play') throw new Error('not a call');
        a = afterCall(a, a.turn!, callOf(c));
      }
    }
    for (const [k, v] of Object.entries(seen)) expect(v, k).toBeGreaterThan(100);
  });
});

describe('the fast core auction agrees with the readable one', () => {
  it('on 20,000 random auctions: legal calls at every step, the end, contract and multiplier', () => {
    const rng = seededRng('fast-auction');
    const ends = { contract: 0, redeal: 0, coinche: 0, surcoinche: 0, capot: 0 };
    for (let g = 0; g < 20_000; g++) {
      const dealer = (g & 3) as Seat;
      let a = openAuction(((dealer + 1) & 3) as Seat);
      const f = new FastAuction().reset(dealer);
      while (a.end === 'open') {
        const seat = a.turn!;
        expect(f.turn).toBe(seat);
        const m = maskOf(a, seat);
        if (f.legal() !== m) expect(f.legal().toString(2)).toBe(m.toString(2));
        const c = randomCall(legalCallsOf(a, seat), seat, rng);
        if (c.type === 'take' || c.type === 'play') throw new Error('not a call');
        a = afterCall(a, seat, callOf(c));
        if (c.type === 'pass') f.pass();
        else if (c.type === 'bid') f.bid(BID_VALUES.indexOf(c.value), 'SHDC'.indexOf(c.suit));
        else if (c.type === 'coinche') f.coincheCall();
        else f.surcoincheCall();
      }
      expect(f.legal()).toBe(0);
      expect(f.end).toBe(a.end === 'contract' ? AUCTION_CONTRACT : AUCTION_REDEAL);
      if (a.end === 'contract') {
        expect([f.bidder, f.suit, f.coinche, f.contractPoints]).toEqual([a.high!.bidder, 'SHDC'.indexOf(a.high!.suit), a.coinche, BID_POINTS[BID_VALUES.indexOf(a.high!.value)]]);
        ends.contract++;
        if (a.coinche === 2) ends.coinche++;
        if (a.coinche === 4) ends.surcoinche++;
        if (a.high!.value === 'capot') ends.capot++;
      } else ends.redeal++;
    }
    for (const [k, v] of Object.entries(ends)) expect(v, k).toBeGreaterThan(100);
  });

  it('randomCallInto only makes legal calls', () => {
    const rng = seededRng('fast-random-call');
    for (let g = 0; g < 5000; g++) {
      const f = new FastAuction().reset(g & 3);
      let a = openAuction(((g + 1) & 3) as Seat);
      while (f.end === AUCTION_OPEN) {
        const before = { high: f.high, coinche: f.coinche, passes: f.passes, seat: f.turn as Seat };
        randomCallInto(f, rng);
        // the call it made, read back from the fast state
        const c: Call = f.coinche === 4 && before.coinche !== 4 ? surcoinche
          : f.coinche === 2 && before.coinche !== 2 ? coinche
            : f.high !== before.high ? { type: 'bid', value: BID_VALUES[f.high]!, suit: 'SHDC'[f.suit] as 'S' }
              : pass;
        expect(callRefusalReason(a, before.seat, c)).toBeNull();
        a = afterCall(a, before.seat, c);
      }
      expect(a.end).toBe(f.end === AUCTION_CONTRACT ? 'contract' : 'redeal');
    }
  });
});
