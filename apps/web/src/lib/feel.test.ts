import { currentDeal, ownCardsAfter, viewFor, type Card, type DealSummary, type Seat } from '@belote/rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { completeMotion, dealMotion, dealingOrder, newCards, CARD_GAP_MS, COMPLETE_WITHIN_MS, DEAL_WITHIN_MS, FLIGHT_MS, FLIP_MS } from './deal-motion.js';
import { MARK_MS, TableFeel } from './feel.svelte.js';
import { dealt, step, updateFor } from '../../test/fixtures.js';
import { startDeal, stopDeal } from './deal-flight.js';
import { dealtBack, dealtCard, drawnBack, drawnCard, HandSlide, intoTrick, REMOVE_GAP_MS, toWinner, turnUp, TRICK_IN_MS, TRICK_OUT_MS } from './motion.js';
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
  // Flights are measured and started in the next animation frame (motion.ts `nextFrame`), fades at once.
  const frame = (): Promise<void> => new Promise((r) => (globalThis.requestAnimationFrame ?? setTimeout)(() => r()));
  return { node, runs: () => frame().then(() => list) };
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
    expect(m.ends).toBeLessThanOrEqual(DEAL_WITHIN_MS);
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
    expect(m.ends).toBeLessThanOrEqual(DEAL_WITHIN_MS);
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
    // whoever deals and takes
    for (const dealer of [0, 1, 2, 3] as const) for (const taker of [0, 1, 2, 3] as const) expect(completeMotion(dealer, taker, [5, 5, 5, 5]).ends).toBeLessThanOrEqual(COMPLETE_WITHIN_MS);
  });

  it("numbers the viewer's new cards: at a deal in hand order, after the taking the retourne first", () => {
    expect([...newCards(null, ['7S', 'AS', 'JH'], 0, null)]).toEqual([['7S', 0], ['AS', 1], ['JH', 2]]);
    const after: Card[] = ['JH', '9H', 'AH', '7S', 'AS', 'KD', 'QD', '8C'];
    const mine = newCards(['AH', '7S', 'AS', 'KD', '8C'], after, 5, '9H');
    expect([...mine]).toEqual([['9H', 5], ['JH', 6], ['QD', 7]]);
  });
});

describe('the deal drawn packet by packet', () => {
  it('draws the cards of a packet when it leaves the dealer, each flying at its place in the packet; a snapshot draws the rest', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    document.body.innerHTML = `<div data-seat="2"><div class="plate"></div></div><div data-centre></div>`;
    // dealer 2: seat 3 (eldest) first, then 0 (the viewer), 1, 2; 3 then 2 cards each
    const m = dealMotion(2, true);
    const hand = new Map<Card, number>([['7S', 0], ['AS', 1], ['JH', 2], ['KD', 3], ['QD', 4]]);
    startDeal(m, hand, 0, [0, 0, 0, 0]);
    // the step draws the first packet only (seat 3's three); the slots of the viewer's hand are
    // the page's at once, their faces wait
    expect([0, 1, 2, 3, 4].map((i) => drawnBack(3, i))).toEqual([true, true, true, false, false]);
    expect(drawnBack(0, 0)).toBe(false);
    expect([...hand.keys()].map(drawnCard)).toEqual([false, false, false, false, false]);
    expect(drawnCard('8C')).toBe(true); // not dealt now: held
    vi.advanceTimersByTime(m.leaves[0][0]!);
    expect([...hand.keys()].map(drawnCard)).toEqual([true, true, true, false, false]);
    vi.advanceTimersByTime(m.leaves[0][3]! - m.leaves[0][0]!);
    expect([...hand.keys()].map(drawnCard)).toEqual([true, true, true, true, true]);
    expect(drawnBack(2, 4)).toBe(false); // the dealer's own last packet is still to come
    stopDeal();
    expect(drawnBack(2, 4)).toBe(true);
    // drawn when its packet leaves, a card waits only for its place in the packet
    startDeal(m, hand, 0, [0, 0, 0, 0]);
    vi.advanceTimersByTime(m.leaves[0][0]!);
    const third = animated();
    dealtCard(third.node, { card: 'JH' });
    vi.useRealTimers();
    const [run] = await third.runs();
    expect(run!.options.delay).toBe(2 * CARD_GAP_MS);
  });
});

describe('TableFeel: only live steps move, mark and sound', () => {
  it('starts the deal motion on a live dealing step, not on a snapshot', async () => {
    // The step's frame is a wall-clock window (250 ms; jsdom draws no frames): a still clock keeps a loaded machine inside it.
    vi.useFakeTimers({ toFake: ['performance'] });
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
    // Every element the step made takes part (they all come before the next frame, as Svelte makes them).
    const fresh = hand.filter((c) => !viewFor(s0, seat).deal!.hand!.includes(c));
    expect(fresh).toHaveLength(3);
    const others = fresh.map((c) => ({ c, a: animated() }));
    for (const { c, a } of others) dealtCard(a.node, { card: c });
    const held = hand.find((c) => !fresh.includes(c))!;
    const h = animated();
    dealtCard(h.node, { card: held });
    const [flight] = await first.runs();
    expect(flight!.options).toMatchObject({ delay: 0, duration: FLIGHT_MS, fill: 'backwards' });
    expect(moves(flight!)).toBe(true);
    // It ends where the card lies, whole.
    expect(flight!.keyframes.at(-1)).toEqual({ transform: ' translate(0px, 0px) rotate(0deg) scale(1)', opacity: 1 });
    for (const { c, a } of others) {
      const [run] = await a.runs();
      expect(moves(run!)).toBe(true);
      // The others after the retourne, in the packets.
      if (c !== retourne) expect(run!.options.delay).toBeGreaterThan(0);
    }
    // A card held before does not move; neither does anything after a snapshot.
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
    const played = animated();
    expect(intoTrick(played.node, { from: { x: 0, y: 160 } })).toEqual({ duration: 0 });
    expect(await played.runs()).toEqual([{ keyframes: [{ opacity: 0 }, { opacity: 1 }], options: { delay: 0, duration: 160, easing: 'linear', fill: 'backwards' } }]);
    // The won trick leaves at once, as before.
    const won = animated();
    expect(toWinner(won.node, { to: { x: 0, y: 160 } })).toEqual({ duration: 0 });
    expect(await won.runs()).toEqual([]);
  });

  it('flies a played card in from its seat and slides the won trick to the winner, on Web Animations alone', async () => {
    const played = animated();
    // Svelte is given nothing to animate (no keyframes of its own, no styles set per frame).
    expect(intoTrick(played.node, { from: { x: -180, y: 0 } })).toEqual({ duration: 0 });
    const [into] = await played.runs();
    expect(into!.keyframes).toEqual([{ translate: '-180px 0px', opacity: 0.2 }, { translate: '0px 0px', opacity: 1 }]);
    expect(into!.options).toMatchObject({ duration: TRICK_IN_MS, delay: 0 });
    // Leaving: Svelte keeps the card for the slide's length; the slide holds its end until then.
    const won = animated();
    expect(toWinner(won.node, { to: { x: 0, y: -160 } })).toEqual({ duration: TRICK_OUT_MS });
    const [out] = await won.runs();
    expect(out!.keyframes).toEqual([{ translate: '0px 0px', opacity: 1 }, { translate: '0px -160px', opacity: 0 }]);
    expect(out!.options).toMatchObject({ duration: TRICK_OUT_MS, fill: 'forwards' });
    // The trick's later cards slide with the first but are removed one after another, once out of sight.
    const fourth = animated();
    expect(toWinner(fourth.node, { to: { x: 0, y: -160 }, index: 3 })).toEqual({ duration: TRICK_OUT_MS + 3 * REMOVE_GAP_MS });
    expect((await fourth.runs())[0]!.options).toMatchObject({ duration: TRICK_OUT_MS, fill: 'forwards' });
    // No winner's side known: a fade.
    const faded = animated();
    expect(toWinner(faded.node, { to: null })).toEqual({ duration: 200 });
    expect((await faded.runs())[0]!.keyframes).toEqual([{ opacity: 1 }, { opacity: 0 }]);
    // A card that comes back while leaving (a take-back) drops the slide's held end before flying in again.
    const cancel = vi.fn();
    const back = animated();
    back.node.animate = (() => ({ cancel })) as unknown as HTMLElement['animate'];
    toWinner(back.node, { to: { x: 0, y: 160 } });
    await back.runs();
    expect(cancel).not.toHaveBeenCalled();
    intoTrick(back.node, { from: { x: 0, y: 160 } });
    expect(cancel).toHaveBeenCalledOnce();
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

describe('the hand sliding (HandSlide)', () => {
  /** A hand of slots whose layout places are `xs` (jsdom lays nothing out), reads counted. */
  function hand(cards: string[], xs: number[]) {
    const row = document.createElement('div');
    const reads = { n: 0 };
    const runs = new Map<string, Run[]>();
    const place = (cs: string[], ps: number[]): void => {
      row.replaceChildren(
        ...cs.map((c, i) => {
          const el = document.createElement('button');
          el.dataset.card = c;
          Object.defineProperty(el, 'offsetLeft', { get: () => (reads.n++, ps[i]) });
          Object.defineProperty(el, 'offsetTop', { get: () => 0 });
          const list: Run[] = [];
          runs.set(c, list);
          el.animate = ((keyframes: Keyframe[], options: KeyframeAnimationOptions) => void list.push({ keyframes, options })) as unknown as HTMLElement['animate'];
          return el;
        }),
      );
    };
    place(cards, xs);
    return { row, reads, runs, place };
  }
  const frame = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => r()));

  it('slides the cards that moved from their last places, read in the next frame, not in the step', async () => {
    const h = hand(['7S', '8S', '9S'], [0, 40, 80]);
    const slide = new HandSlide();
    slide.changed(h.row);
    expect(h.reads.n).toBe(0);
    await frame();
    expect([...h.runs.values()].flat()).toEqual([]); // the first places: nothing to slide from
    // 8S played: the hand closes up around the middle
    h.place(['7S', '9S'], [20, 60]);
    slide.changed(h.row);
    expect(h.reads.n).toBe(3);
    await frame();
    expect(h.runs.get('7S')![0]!.keyframes).toEqual([{ transform: 'translate(-20px, 0px)' }, { transform: 'none' }]);
    expect(h.runs.get('9S')![0]!.keyframes).toEqual([{ transform: 'translate(20px, 0px)' }, { transform: 'none' }]);
    // unchanged places: nothing moves; after a resize the old places are forgotten
    h.place(['7S', '9S'], [20, 60]);
    slide.changed(h.row);
    await frame();
    expect(h.runs.get('7S')).toEqual([]);
    slide.forget();
    h.place(['7S', '9S'], [0, 40]);
    slide.changed(h.row);
    await frame();
    expect(h.runs.get('7S')).toEqual([]);
  });

  it('reads and moves nothing with reduced motion', async () => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {} }));
    const h = hand(['7S', '8S'], [0, 40]);
    const slide = new HandSlide();
    slide.changed(h.row);
    await frame();
    h.place(['7S'], [20]);
    slide.changed(h.row);
    await frame();
    expect(h.reads.n).toBe(0);
    expect(h.runs.get('7S')).toEqual([]);
  });
});

