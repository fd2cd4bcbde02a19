import { currentDeal, ownCardsAfter, viewFor, type Card, type DealSummary, type Seat } from '@belote/rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { completeMotion, dealMotion, dealingOrder, newCards, CARD_GAP_MS, FLIGHT_MS, FLIP_MS } from './deal-motion.js';
import { MARK_MS, TableFeel } from './feel.svelte.js';
import { dealt, step, updateFor } from '../../test/fixtures.js';
import { dealtBack, dealtCard, intoTrick, stopDeal, toWinner, turnUp } from './motion.js';
import { connected } from '../../test/transport.js';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  stopDeal();
  document.body.innerHTML = '';
});

type Run = { keyframes: Keyframe[]; options: KeyframeAnimationOptions };
/** An element whose Web Animations are recorded (jsdom has none), once the step's measures are done. */
function animated(): { node: HTMLElement; runs: () => Promise<Run[]> } {
  const node = document.createElement('div');
  const list: Run[] = [];
  node.animate = ((keyframes: Keyframe[], options: KeyframeAnimationOptions) => void list.push({ keyframes, options })) as unknown as HTMLElement['animate'];
  return { node, runs: () => Promise.resolve().then(() => list) };
}
const moves = (r: Run): boolean => r.keyframes.some((k) => 'transform' in k);

describe('the deal in packets', () => {
  it('deals classic 3 then 2 to each seat from the eldest, then turns the retourne', () => {
    const m = dealMotion(2, true);
    expect(dealingOrder(2)).toEqual([3, 0, 1, 2]);
    // Seat 3 (eldest) gets the first packet of three, seat 2 (the dealer) the fourth.
    expect(m.delays[3].slice(0, 3)).toEqual([0, CARD_GAP_MS, 2 * CARD_GAP_MS]);
    expect(m.delays[0][0]).toBeGreaterThan(m.delays[3][2]!);
    expect(m.delays[2][0]).toBeGreaterThan(m.delays[1][2]!);
    // The second round (two each) comes after every seat's first three.
    const firstRoundEnd = Math.max(...[0, 1, 2, 3].map((s) => m.delays[s as Seat][2]!));
    for (const s of [0, 1, 2, 3] as const) {
      expect(m.delays[s]).toHaveLength(5);
      expect(m.delays[s][3]).toBeGreaterThan(firstRoundEnd);
    }
    const last = Math.max(...m.delays.flat());
    expect(m.retourne).toEqual({ flipAt: last + FLIGHT_MS });
    expect(m.ends).toBe(last + FLIGHT_MS + FLIP_MS);
    expect(m.ends).toBeLessThanOrEqual(1200);
  });

  it('deals coinche 3-2-3, all eight cards, no retourne, within 1.2 s', () => {
    const m = dealMotion(0, false);
    for (const s of [0, 1, 2, 3] as const) expect(m.delays[s]).toHaveLength(8);
    expect(m.retourne).toBeNull();
    // Rounds: cards 0-2, 3-4, 5-7 of each seat in three passes round the table.
    const round = (i: number): number => (i < 3 ? 0 : i < 5 ? 1 : 2);
    for (const s of [0, 1, 2, 3] as const) for (let i = 1; i < 8; i++) expect(m.delays[s][i]).toBeGreaterThan(m.delays[s][i - 1]!);
    expect(round(7)).toBe(2);
    expect(m.delays[0][5]).toBeGreaterThan(m.delays[3][4]!); // seat 0's third packet after seat 3's second
    expect(m.ends).toBeLessThanOrEqual(1200);
  });

  it('after the taking: the retourne to the taker first, then 3 to each and 2 to the taker', () => {
    const m = completeMotion(3, 1, [5, 5, 5, 5]);
    expect(m.retourne).toEqual({ taker: 1 });
    expect(m.delays[1][5]).toBe(0); // the retourne, first
    expect(m.delays[1].filter((d) => d !== undefined)).toHaveLength(3); // retourne + 2
    for (const s of [0, 2, 3] as const) expect(m.delays[s].filter((d) => d !== undefined)).toHaveLength(3);
    expect(m.delays[0][5]).toBeGreaterThan(0);
    // From the eldest (seat 0): seat 0 before seat 1's two, then 2, then 3.
    expect(m.delays[0][5]).toBeLessThan(m.delays[1][6]!);
    expect(m.delays[2][5]).toBeLessThan(m.delays[3][5]!);
    expect(m.ends).toBeLessThanOrEqual(1200);
  });

  it("numbers the viewer's new cards: at a deal in hand order, after the taking the retourne first", () => {
    expect([...newCards(null, ['7S', 'AS', 'JH'], 0, null)]).toEqual([['7S', 0], ['AS', 1], ['JH', 2]]);
    const after: Card[] = ['JH', '9H', 'AH', '7S', 'AS', 'KD', 'QD', '8C'];
    const mine = newCards(['AH', '7S', 'AS', 'KD', '8C'], after, 5, '9H');
    expect([...mine]).toEqual([['9H', 5], ['JH', 6], ['QD', 7]]);
  });
});

describe('TableFeel: only live steps move, mark and sound', () => {
  it('starts the deal motion on a live dealing step, not on a snapshot', async () => {
    // The step's frame is a wall-clock window (250 ms, two animation frames): a still clock keeps a loaded machine inside it.
    vi.useFakeTimers({ toFake: ['performance', 'requestAnimationFrame'] });
    const s0 = dealt(1);
    const seat = currentDeal(s0)!.turn!;
    const { client, t } = connected(updateFor(s0, seat, 5));
    // The dealer's and the table's places, for the flights to start from.
    document.body.innerHTML = `<div data-seat="${s0.deals[0]!.dealer}"><div class="plate"></div></div><div data-centre></div>`;
    // A snapshot: nothing in flight, a new card appears at once.
    const still = animated();
    expect(dealtBack(still.node, { seat: 0, index: 0 })).toEqual({ duration: 0 });
    expect(await still.runs()).toEqual([]);
    // A live take completes the hands: the three new cards fly in, the retourne first.
    const { state, events } = step(s0, { type: 'take', seat });
    t.on().step({ seq: 6, version: 6, events, private: ownCardsAfter(state, seat, events)! });
    const hand = client.live.deal!.hand!;
    const retourne = viewFor(s0, seat).deal!.retourne!;
    expect(hand).toContain(retourne);
    const first = animated();
    // Svelte is given nothing to run: the browser runs the one animation, its wait included.
    expect(dealtCard(first.node, { card: retourne })).toEqual({ duration: 0 });
    const [flight] = await first.runs();
    expect(flight!.options).toMatchObject({ delay: 0, duration: FLIGHT_MS, fill: 'backwards' });
    expect(moves(flight!)).toBe(true);
    // It ends where the card lies, whole.
    expect(flight!.keyframes.at(-1)).toEqual({ transform: ' translate(0px, 0px) rotate(0deg) scale(1)', opacity: 1 });
    const fresh = hand.filter((c) => !viewFor(s0, seat).deal!.hand!.includes(c));
    expect(fresh).toHaveLength(3);
    for (const c of fresh) {
      const a = animated();
      dealtCard(a.node, { card: c });
      const [run] = await a.runs();
      expect(moves(run!)).toBe(true);
      // The others after the retourne, in the packets.
      if (c !== retourne) expect(run!.options.delay).toBeGreaterThan(0);
    }
    // A card held before does not move; neither does anything after a snapshot.
    const held = hand.find((c) => !fresh.includes(c))!;
    const h = animated();
    dealtCard(h.node, { card: held });
    expect(await h.runs()).toEqual([]);
    client.receive(updateFor(state, seat, 7));
    const late = animated();
    dealtCard(late.node, { card: fresh[0]! });
    expect(await late.runs()).toEqual([]);
  });

  it('turns motion into fades with reduced motion', async () => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {} }));
    const s0 = dealt(1);
    const seat = currentDeal(s0)!.turn!;
    const { t } = connected(updateFor(s0, seat, 5));
    document.body.innerHTML = `<div data-seat="${s0.deals[0]!.dealer}"><div class="plate"></div></div><div data-centre></div>`;
    const { state, events } = step(s0, { type: 'take', seat });
    t.on().step({ seq: 6, version: 6, events, private: ownCardsAfter(state, seat, events)! });
    const a = animated();
    const retourne = viewFor(s0, seat).deal!.retourne!;
    dealtCard(a.node, { card: retourne });
    expect(await a.runs()).toEqual([{ keyframes: [{ opacity: 0 }, { opacity: 1 }], options: { delay: 0, duration: 200, easing: 'linear', fill: 'backwards' } }]);
    expect(intoTrick(a.node, { from: { x: 0, y: 160 } }).css!(0.5, 0.5)).toBe('opacity: 0.5');
    // The won trick leaves at once, as before.
    expect(toWinner(a.node, { to: { x: 0, y: 160 } })).toEqual({ duration: 0 });
  });

  it('turns the retourne face up after the first packets, only at a live deal', async () => {
    const feel = new TableFeel();
    const s = dealt(3);
    const after = viewFor(s, 0).deal!;
    const before = animated();
    expect(turnUp(before.node)).toEqual({ duration: 0 });
    expect(await before.runs()).toEqual([]);
    feel.onStep([{ type: 'dealStarted', dealer: s.deals[0]!.dealer, deal: 0, retourne: after.retourne! }], null, after, 0);
    const flip = animated();
    turnUp(flip.node);
    const [run] = await flip.runs();
    expect(run!.options.delay).toBe((dealMotion(s.deals[0]!.dealer, true).retourne as { flipAt: number }).flipAt);
    expect(run!.options.duration).toBe(FLIP_MS);
    expect(run!.keyframes[0]).toEqual({ transform: 'rotateY(180deg)' });
  });

  it('marks a belote card and a capot for a moment, and a snapshot clears them', () => {
    vi.useFakeTimers();
    const feel = new TableFeel();
    feel.onStep([{ type: 'belote', seat: 1, card: 'KH', call: 'belote' }], null, null, 0);
    expect(feel.marks).toEqual({ KH: 'belote' });
    feel.onStep([{ type: 'belote', seat: 1, card: 'QH', call: 'rebelote' }], null, null, 0);
    expect(feel.marks).toEqual({ KH: 'belote', QH: 'rebelote' });
    const result = { capot: 1 } as DealSummary;
    feel.onStep([{ type: 'dealScored', result }], null, null, 0);
    expect(feel.capot?.team).toBe(1);
    vi.advanceTimersByTime(MARK_MS + 1);
    expect(feel.marks).toEqual({});
    expect(feel.capot).toBeNull();
    feel.onStep([{ type: 'belote', seat: 1, card: 'KH', call: 'belote' }, { type: 'dealScored', result }], null, null, 0);
    feel.reset();
    expect(feel.marks).toEqual({});
    expect(feel.capot).toBeNull();
    feel.dispose();
  });
});
