/**
 * The reducer in a coinche game on named deals: settings and defaults (docs/rules/COINCHE.md §1), the
 * 3-2-3 deal with no retourne (§2), the auction's events, refusals and views (§3, §8), the
 * eldest leading whoever took and belote on the dealt hand (§4), and a scored deal (§5).
 */
import { describe, expect, it } from 'vitest';
import {
  summaryOfResult,
  DEFAULT_RULES,
  apply,
  cardsOfMask,
  currentDeal,
  justCompleted,
  legalCalls,
  legalPlays,
  newGame,
  rulesWithDefaults,
  startDeal,
  targetsOf,
  viewFor,
  type Action,
  type Card,
  type GameEvent,
  type GameState,
  type Seat,
} from '../src/index.js';
import { cards, run } from './fixtures.js';

// Hands by seat; dealer 3, so seat 0 is the eldest. Seat 2 holds K and Q of hearts.
const HANDS = [cards('JH 9H AS KS AD KD 7C 8C'), cards('8H 7H 10S QS 10D QD 9C 10C'), cards('KH QH JS 9S JD 9D JC QC'), cards('AH 10H 8S 7S 8D 7D AC KC')];
/** The deck that deals HANDS 3-2-3 from the eldest (docs/rules/COINCHE.md §2 run backwards). */
function deck(dealer: Seat, hands: Card[][] = HANDS): Card[] {
  const order = [1, 2, 3, 4].map((k) => ((dealer + k) & 3) as Seat);
  return [...order.flatMap((s) => hands[s]!.slice(0, 3)), ...order.flatMap((s) => hands[s]!.slice(3, 5)), ...order.flatMap((s) => hands[s]!.slice(5))];
}
function coincheDeal(rules = {}): { state: GameState; events: GameEvent[] } {
  const r = startDeal(newGame({ variant: 'coinche', ...rules }), 3, deck(3));
  if (!r.ok) throw new Error(r.error.message);
  return { state: r.state, events: r.events };
}
const step = (state: GameState, a: Action): { state: GameState; events: GameEvent[] } => {
  const r = apply(state, a);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r;
};
const refusal = (state: GameState, a: Action): string => {
  const r = apply(state, a);
  return r.ok ? 'accepted' : `${r.error.code}: ${r.error.message}`;
};

describe('settings (docs/rules/COINCHE.md §1)', () => {
  it('coinche defaults to target 2000 and offers 501, 1000, 1001, 2000, 3000', () => {
    expect(newGame({ variant: 'coinche' }).rules).toEqual({ variant: 'coinche', target: 2000, announcements: false, tie: 'litige', direction: 'counterclockwise' });
    expect([...targetsOf('coinche')].sort((a, b) => a - b)).toEqual([501, 1000, 1001, 2000, 3000]);
    expect(targetsOf('classic')).not.toContain(2000);
  });
  it('a classic game carries no variant key (its settings, views and records are unchanged)', () => {
    expect(newGame().rules).toEqual(DEFAULT_RULES);
    expect(rulesWithDefaults({ variant: 'classic', target: 501 })).toEqual({ ...DEFAULT_RULES, target: 501 });
    expect('variant' in newGame({ variant: 'classic' }).rules).toBe(false);
  });
});

describe('the deal (docs/rules/COINCHE.md §2)', () => {
  it('all 32 cards 3-2-3 from the eldest, no retourne; the eldest calls first', () => {
    const { state, events } = coincheDeal();
    const d = currentDeal(state)!;
    expect(d.hands.map((h) => cardsOfMask(h).sort())).toEqual(HANDS.map((h) => [...h].sort()));
    expect(d.retourne).toBeNull();
    expect(d.turn).toBe(0);
    expect(events).toEqual([{ type: 'dealStarted', dealer: 3, deal: 0 }]);
    const v = viewFor(state, 0);
    expect(v.deal!.retourne).toBeUndefined();
    expect(v.deal!.hand!.length).toBe(8);
    expect(v.deal!.handCounts).toEqual([8, 8, 8, 8]);
  });
});

describe('the auction (docs/rules/COINCHE.md §3) through the reducer', () => {
  it('calls emit `call` events; three passes fix the contract (`contractSet`) and the eldest leads', () => {
    let { state } = coincheDeal();
    const evs: GameEvent[] = [];
    for (const a of [{ type: 'pass', seat: 0 }, { type: 'bid', seat: 1, value: 90, suit: 'S' }, { type: 'bid', seat: 2, value: 100, suit: 'H' }, { type: 'pass', seat: 3 }, { type: 'pass', seat: 0 }] as Action[]) {
      const r = step(state, a);
      state = r.state;
      evs.push(...r.events);
    }
    expect(evs.map((e) => e.type)).toEqual(['call', 'call', 'call', 'call', 'call']);
    expect(evs[2]).toEqual({ type: 'call', seat: 2, call: { type: 'bid', value: 100, suit: 'H' } });
    const last = step(state, { type: 'pass', seat: 1 });
    expect(last.events).toEqual([
      { type: 'call', seat: 1, call: { type: 'pass' } },
      { type: 'contractSet', taker: 2, trump: 'H', contract: 100, coinche: 1 },
    ]);
    const d = currentDeal(last.state)!;
    expect([d.phase, d.turn, d.taker, d.trump, d.beloteSeat]).toEqual(['play', 0, 2, 1, 2]);
    // every card was dealt before the auction: nothing lands after it
    expect(justCompleted(d)).toBe(false);
    expect(legalPlays(last.state, 0).sort()).toEqual([...HANDS[0]!].sort());
    expect(legalPlays(last.state, 2)).toEqual([]);
  });
  it('refusals: codes and reasons, the state unchanged', () => {
    const { state } = coincheDeal();
    expect(refusal(state, { type: 'pass', seat: 1 })).toMatch(/^NOT_YOUR_TURN/);
    expect(refusal(state, { type: 'play', seat: 0, card: 'JH' })).toBe('WRONG_PHASE: the auction is not over');
    expect(refusal(state, { type: 'coinche', seat: 0 })).toBe('ILLEGAL_BID: no bid to coinche');
    expect(refusal(state, { type: 'bid', seat: 0, value: 85 as 80, suit: 'H' })).toMatch(/^ILLEGAL_BID: not a contract value: 85/);
    expect(refusal(state, { type: 'take', seat: 0 })).toMatch(/^ILLEGAL_BID: coinche calls are/);
    const s = run(state, [{ type: 'bid', seat: 0, value: 80, suit: 'H' }, { type: 'coinche', seat: 1 }]);
    expect(refusal(s, { type: 'bid', seat: 2, value: 90, suit: 'S' })).toBe('ILLEGAL_BID: the contract is coinched: no more bids');
    expect(refusal(s, { type: 'surcoinche', seat: 2 })).toBe('accepted');
    const done = run(s, [{ type: 'surcoinche', seat: 2 }]);
    expect(refusal(done, { type: 'pass', seat: 0 })).toBe('WRONG_PHASE: the auction is over: play a card');
    expect(refusal(done, { type: 'pass', seat: 3 })).toMatch(/^NOT_YOUR_TURN/);
  });
  it('a classic game refuses coinche calls (ILLEGAL_BID while bidding, WRONG_PHASE during play)', () => {
    const s = startDeal(newGame(), 3, deck(3));
    if (!s.ok) throw new Error();
    expect(refusal(s.state, { type: 'bid', seat: 0, value: 80, suit: 'H' })).toMatch(/^ILLEGAL_BID: bid is a coinche call/);
    expect(refusal(s.state, { type: 'surcoinche', seat: 0 })).toMatch(/^ILLEGAL_BID/);
    expect(legalCalls(s.state, 0).pass).toBe(false);
  });
  it('legalCalls: only the seat to call; bids above the highest; coinche / surcoinche when allowed', () => {
    const { state } = coincheDeal();
    expect(legalCalls(state, 0)).toEqual({ pass: true, bids: [80, 90, 100, 110, 120, 130, 140, 150, 160, 'capot'], coinche: false, surcoinche: false });
    expect(legalCalls(state, 1)).toEqual({ pass: false, bids: [], coinche: false, surcoinche: false });
    const s = run(state, [{ type: 'bid', seat: 0, value: 140, suit: 'D' }]);
    expect(legalCalls(s, 1)).toEqual({ pass: true, bids: [150, 160, 'capot'], coinche: true, surcoinche: false });
    const c = run(s, [{ type: 'coinche', seat: 1 }]);
    expect(legalCalls(c, 2)).toEqual({ pass: true, bids: [], coinche: false, surcoinche: true });
  });
  it('four passes: redeal (event), nothing scored, contract null', () => {
    let { state } = coincheDeal();
    state = run(state, [0, 1, 2].map((s) => ({ type: 'pass', seat: s as Seat })));
    const r = step(state, { type: 'pass', seat: 3 });
    expect(r.events.map((e) => e.type)).toEqual(['call', 'redeal']);
    expect(currentDeal(r.state)!.result).toMatchObject({ outcome: 'redeal', contract: null, coinche: 1, taker: null, written: [0, 0] });
  });
});

describe('views of the auction (docs/rules/COINCHE.md §8)', () => {
  it('public: every viewer sees the calls, the contract and its bidder, the multiplier; only the seat to call has legal calls; hands stay private', () => {
    const { state } = coincheDeal();
    const s = run(state, [{ type: 'bid', seat: 0, value: 80, suit: 'H' }, { type: 'coinche', seat: 1 }]);
    for (const viewer of [0, 1, 2, 3, 'spectator'] as const) {
      const v = viewFor(s, viewer).deal!;
      expect(v.auction).toMatchObject({
        calls: [{ seat: 0, call: { type: 'bid', value: 80, suit: 'H' } }, { seat: 1, call: { type: 'coinche' } }],
        contract: { value: 80, suit: 'H', bidder: 0 },
        coinche: 2,
        coinchedBy: 1,
        surcoinchedBy: null,
      });
      expect(v.turn).toBe(2);
      expect(v.bids).toEqual([]);
      expect(v.auction!.legal).toEqual(viewer === 2 ? { pass: true, bids: [], coinche: false, surcoinche: true } : { pass: false, bids: [], coinche: false, surcoinche: false });
      expect(v.hand).toEqual(viewer === 'spectator' ? null : expect.arrayContaining(HANDS[viewer]!));
    }
  });
});

describe('play and scoring in coinche', () => {
  it('belote from the dealt hand; a whole deal scores by docs/rules/COINCHE.md §5 with contract and coinche in the result', () => {
    let { state } = coincheDeal();
    state = run(state, [{ type: 'pass', seat: 0 }, { type: 'pass', seat: 1 }, { type: 'bid', seat: 2, value: 80, suit: 'H' }, { type: 'pass', seat: 3 }, { type: 'pass', seat: 0 }, { type: 'pass', seat: 1 }]);
    const events: GameEvent[] = [];
    for (let d = currentDeal(state)!; d.phase === 'play'; d = currentDeal(state)!) {
      const seat = d.turn!;
      const r = step(state, { type: 'play', seat, card: legalPlays(state, seat)[0]! });
      state = r.state;
      events.push(...r.events);
    }
    expect(events.filter((e) => e.type === 'belote').map((e) => (e as { call: string }).call)).toEqual(['belote', 'rebelote']);
    const r = currentDeal(state)!.result!;
    expect(Object.keys(r)).toEqual(['outcome', 'capot', 'taker', 'trump', 'contract', 'coinche', 'tricks', 'points', 'belote', 'announcements', 'written', 'litigePot', 'totals']);
    expect([r.taker, r.trump, r.contract, r.coinche, r.belote]).toEqual([2, 'H', 80, 1, [20, 0]]);
    const total = r.points[0] + 20;
    if (r.outcome === 'made') expect(r.written).toEqual([total + 80, r.points[1]]);
    else expect(r.written).toEqual([20, 160 + 80]);
    // the event carries the deal's summary: the result without its tricks
    expect(events.at(-1)).toEqual({ type: 'dealScored', result: summaryOfResult(r) });
  });
});
