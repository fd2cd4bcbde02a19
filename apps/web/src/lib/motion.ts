/**
 * The table's transitions (Svelte's own `in:`/`out:` functions, keyframes run by the browser's
 * compositor): dealt cards flying from the dealer, the retourne turning face up and going to the
 * taker, cards into the trick and the trick to its winner. A deal moves only right after the
 * live step that dealt it (`startDeal`): elements created at any other time — a snapshot on
 * (re)connection, a spectator arriving — appear at once. Motion never holds up the state: the
 * hand's cards are in the DOM, playable and named, from the step that dealt them.
 * `prefers-reduced-motion` (asked at each transition) turns every movement into a fade.
 *
 * A dealt card is drawn when its packet leaves the dealer (`drawnBack`, `drawnCard`, read by
 * SeatBacks and Hand through a reactive clock, lib/deal-clock.svelte.ts), not all at the step:
 * the browser styles, lays out and paints a packet's two or three cards in a frame, not a whole
 * deal's twenty. The hand's slots are there from the step (named, in their final places; a
 * slot waiting for its face takes no pointer), the other seats' rows of backs keep their
 * final width. A snapshot, or the next deal's step, draws whatever was still waiting at once.
 *
 * Each dealt card (and the retourne turning) is one Web Animation, whose `delay` (its place in
 * its packet) holds the first frame (`fill: backwards`), all of it on the compositor. Cards into
 * the trick and the won trick leaving are Web Animations of two keyframes too: a Svelte `css`
 * transition would compute a keyframe per 16 ms in a callback a frame after the change, on the
 * main thread, in the frame where the next card lands (10–20 ms of a 50–70 ms task at 4× CPU
 * throttling). Where a card flies from and to is read in the next animation frame, before that
 * frame is drawn (`nextFrame`): the step's own task does not stop to lay the page out, the frame
 * lays it out once, and the first frame drawn already shows the cards at the start of their
 * flight. The hand's sliding (`HandSlide`) reads the page the same way.
 */
import type { Card, Seat } from '@belote/rules';
import type { TransitionConfig } from 'svelte/transition';
import { dealClock, dealTicked } from './deal-clock.svelte.js';
import { FLIGHT_MS, FLIP_MS, type DealMotion } from './deal-motion.js';

interface Active {
  plan: DealMotion;
  /** The viewer's new cards and their dealt index. */
  hand: ReadonlyMap<Card, number>;
  me: Seat | null;
  /** Cards each seat held before the step (for the retourne's place in the taker's hand). */
  held: readonly number[];
}

let active: Active | null = null;
/** Elements created until this moment (the frame after the step, or after a packet left) take part in the deal. */
let openUntil = 0;
/** The last packet that left the dealer, ms after the step (its cards are drawn). */
let gone = 0;
/** The packets still to leave. */
let timers: ReturnType<typeof setTimeout>[] = [];

const now = (): number => performance.now();
export const reducedMotion = (): boolean => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The elements created from now until the frame after next take part in the deal. */
function openNow(): void {
  openUntil = now() + 250;
  const close = (): void => void (openUntil = Math.min(openUntil, now()));
  globalThis.requestAnimationFrame?.(() => globalThis.requestAnimationFrame?.(close));
}

/**
 * A live step dealt cards: the elements it creates (the first packet's) fly in this frame; each
 * later packet is drawn when it leaves the dealer.
 */
export function startDeal(plan: DealMotion, hand: ReadonlyMap<Card, number>, me: Seat | null, held: readonly number[]): void {
  clearPackets();
  active = { plan, hand, me, held };
  gone = 0;
  openNow();
  // (flat() skips the cards held before: their places are holes)
  timers = [...new Set(plan.leaves.flat().filter((t) => t > 0))].map((t) =>
    setTimeout(() => {
      gone = t;
      openNow();
      dealTicked();
    }, t),
  );
  dealTicked();
  globalThis.performance?.mark?.('belote:deal');
}

function clearPackets(): void {
  for (const t of timers) clearTimeout(t);
  timers = [];
}

/** A snapshot replaced the state: nothing in flight any more, every card drawn. */
export function stopDeal(): void {
  clearPackets();
  active = null;
  openUntil = 0;
  dealTicked();
}

/** Whether the `index`-th card dealt to `seat` is drawn: its packet left the dealer (or it is not being dealt). Reactive. */
export function drawnBack(seat: Seat, index: number): boolean {
  dealClock();
  const leaves = active?.plan.leaves[seat][index];
  return leaves === undefined || leaves <= gone;
}

/** Whether a card of the viewer's hand is drawn (its packet left the dealer). Reactive. */
export function drawnCard(card: Card): boolean {
  dealClock();
  // (a viewer without a seat has no new cards: an index means a seat)
  const index = active?.hand.get(card);
  return index === undefined || drawnBack(active!.me!, index);
}

const open = (): Active | null => (active && now() <= openUntil ? active : null);

function centreOf(el: Element | null): { x: number; y: number } | null {
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}
const seatPoint = (s: Seat): { x: number; y: number } | null => centreOf(document.querySelector(`[data-seat="${s}"] .plate`) ?? document.querySelector(`[data-seat="${s}"]`));
const tablePoint = (): { x: number; y: number } | null => centreOf(document.querySelector('[data-testid=retourne]') ?? document.querySelector('[data-centre]'));

/** `cubicOut` (Svelte's easing) as the browser's. */
const EASE_OUT = 'cubic-bezier(0.33, 1, 0.68, 1)';
const NONE: TransitionConfig = { duration: 0 };

/** Runs `keyframes` on `node` after the step's measures; Svelte has nothing left to do. */
function play(node: Element, keyframes: Keyframe[], delay: number, duration: number, easing = 'linear'): TransitionConfig {
  queueMicrotask(() => run(node, keyframes, delay, duration, easing));
  return NONE;
}
const run = (node: Element, keyframes: Keyframe[], delay: number, duration: number, easing: string): void =>
  void node.animate?.(keyframes, { delay, duration, easing, fill: 'backwards' });

/** What reads the page in the next frame: each returns what to start once all have read. */
let reads: (() => (() => void) | null)[] = [];
/**
 * Reads the page at the start of the next frame (every read first, then every start: one layout),
 * where the browser lays out the step's changes anyway before drawing them.
 */
export function nextFrame(read: () => (() => void) | null): void {
  if (reads.length === 0)
    requestAnimationFrame(() => {
      const now = reads;
      reads = [];
      for (const start of now.map((r) => r())) start?.();
    });
  reads.push(read);
}

const fadeIn = (node: Element, delay: number): TransitionConfig => play(node, [{ opacity: 0 }, { opacity: 1 }], delay, 200);

/** From `from` (read in the next frame) to where `node` is, keeping the node's own transform (as Svelte's `fly`). */
function flight(node: Element, from: () => { x: number; y: number } | null, delay: number): TransitionConfig {
  nextFrame(() => {
    const start = from();
    const to = centreOf(node);
    if (!start || !to) return () => run(node, [{ opacity: 0 }, { opacity: 1 }], delay, 200, 'linear');
    const own = getComputedStyle(node).transform;
    const base = own === 'none' ? '' : own;
    const at = (x: number, y: number, turn: number, scale: number): string => `${base} translate(${x}px, ${y}px) rotate(${turn}deg) scale(${scale})`;
    // Opacity 0.3 → 1 over the first 35 % of the eased flight, as the card leaves the dealer.
    return () => run(node, [{ transform: at(start.x - to.x, start.y - to.y, -10, 0.7), opacity: 0.3 }, { opacity: 1, offset: 0.35 }, { transform: at(0, 0, 0, 1), opacity: 1 }], delay, FLIGHT_MS, EASE_OUT);
  });
  return NONE;
}

/** A card (back) dealt to `seat` as its `index`-th card: from the dealer (the retourne: from the table). */
export function dealtBack(node: Element, { seat, index }: { seat: Seat; index: number }): TransitionConfig {
  const a = open();
  const planned = a?.plan.delays[seat][index];
  if (!a || planned === undefined) return NONE;
  // drawn when its packet left: it waits for its place in the packet
  const delay = Math.max(0, planned - gone);
  if (reducedMotion()) return fadeIn(node, delay);
  const fromTable = a.plan.retourne !== null && 'taker' in a.plan.retourne && a.plan.retourne.taker === seat && index === a.held[seat];
  const dealer = a.plan.dealer;
  return flight(node, fromTable ? tablePoint : () => seatPoint(dealer), delay);
}

/** A card of the viewer's hand that this step dealt. */
export function dealtCard(node: Element, { card }: { card: Card }): TransitionConfig {
  const a = open();
  const index = a?.hand.get(card);
  if (!a || a.me === null || index === undefined) return NONE;
  return dealtBack(node, { seat: a.me, index });
}

/** The retourne, face down while the first packets are dealt, then turning face up. */
export function turnUp(node: Element): TransitionConfig {
  const a = open();
  const r = a?.plan.retourne;
  if (!r || !('flipAt' in r)) return NONE;
  if (reducedMotion()) return fadeIn(node, r.flipAt);
  return play(node, [{ transform: 'rotateY(180deg)' }, { transform: 'rotateY(0deg)' }], r.flipAt, FLIP_MS, EASE_OUT);
}

/**
 * The retourne leaving the table for the taker's hand (played at the taking only): a Web
 * Animation held at its end (`fill: forwards`) until Svelte removes the card, its places read
 * in the next frame (the step itself lays nothing out). Svelte is only told how long to keep it.
 */
export function toTaker(node: Element): TransitionConfig {
  const a = open();
  const r = a?.plan.retourne;
  if (!r || !('taker' in r)) return NONE;
  const me = a.me;
  nextFrame(() => {
    const to = me === r.taker ? centreOf(document.querySelector('[data-hand]')) : seatPoint(r.taker);
    const from = centreOf(node);
    // with reduced motion (or nowhere to go) it fades where it lies
    if (reducedMotion() || !to || !from) return () => hold(node, [{ opacity: 1 }, { opacity: 0 }], 160);
    return () => hold(node, [{ transform: 'none', opacity: 1 }, { transform: `translate(${to.x - from.x}px, ${to.y - from.y}px) scale(0.6)`, opacity: 0 }], FLIGHT_MS, EASE_OUT);
  });
  return { duration: FLIGHT_MS };
}

type Offset = { x: number; y: number };

/** A card played into the trick, from its seat's side. */
export function intoTrick(node: Element, { from }: { from: Offset }): TransitionConfig {
  // A card back in the trick (a take-back while the trick was leaving) drops the leaving's end
  // state (looked up, not asked of the element: getAnimations() would recalculate style now).
  leaving.get(node)?.cancel();
  if (reducedMotion()) return play(node, [{ opacity: 0 }, { opacity: 1 }], 0, 160);
  return play(node, [{ translate: `${from.x}px ${from.y}px`, opacity: 0.2 }, { translate: '0px 0px', opacity: 1 }], 0, TRICK_IN_MS, EASE_OUT);
}

/**
 * The won trick sliding toward its winner (with reduced motion it leaves at once). The slide is
 * the card's own Web Animation, held at its end (`fill: forwards`) until Svelte removes the card:
 * Svelte is only told how long to keep it, so it computes no keyframes and sets no styles.
 */
export function toWinner(node: Element, { to }: { to: Offset | null }): TransitionConfig {
  if (reducedMotion()) return NONE;
  const keyframes: Keyframe[] = to ? [{ translate: '0px 0px', opacity: 1 }, { translate: `${to.x}px ${to.y}px`, opacity: 0 }] : [{ opacity: 1 }, { opacity: 0 }];
  const duration = to ? TRICK_OUT_MS : 200;
  queueMicrotask(() => hold(node, keyframes, duration, to ? EASE_OUT : 'linear'));
  return { duration };
}
/** The leaving cards' animations (the won trick's slides, the retourne's flight), by card, while they last. */
const leaving = new WeakMap<Element, Animation>();
/** A leaving card's animation, held at its end until Svelte removes the card. */
function hold(node: Element, keyframes: Keyframe[], duration: number, easing = 'linear'): void {
  const a = node.animate?.(keyframes, { duration, easing, fill: 'forwards' });
  if (a) leaving.set(node, a);
}

/** A card's flight into the trick, and the won trick's slide to its winner. */
export const TRICK_IN_MS = 220;
export const TRICK_OUT_MS = 380;

/** How long the hand's cards take to slide to their new places. */
const SLIDE_MS = 240;

/**
 * The hand's cards sliding to their new places when the hand changes (a card played, the rest of
 * the deal dealt, the hand sorted again), as Svelte's `animate:flip` did, without its two layouts
 * in the step: the places are read in the next frame (`nextFrame`) and compared with those read
 * after the last change. They are the layout's places (`offsetLeft`/`offsetTop`), whatever flies.
 */
export class HandSlide {
  #at = new Map<string, { x: number; y: number }>();
  #waiting = false;

  /** The hand changed (after Svelte's update). */
  changed(hand: HTMLElement | undefined): void {
    if (!hand || this.#waiting) return;
    if (reducedMotion()) return this.forget();
    this.#waiting = true;
    nextFrame(() => {
      this.#waiting = false;
      const at = new Map<string, { x: number; y: number }>();
      const moves: (() => void)[] = [];
      for (const el of hand.querySelectorAll<HTMLElement>('[data-card]')) {
        const now = { x: el.offsetLeft, y: el.offsetTop };
        const was = this.#at.get(el.dataset.card!);
        at.set(el.dataset.card!, now);
        if (was && (was.x !== now.x || was.y !== now.y))
          moves.push(() => el.animate?.([{ transform: `translate(${was.x - now.x}px, ${was.y - now.y}px)` }, { transform: 'none' }], { duration: SLIDE_MS, easing: EASE_OUT }));
      }
      this.#at = at;
      return () => moves.forEach((m) => m());
    });
  }

  /** The places are no longer known (the window resized, reduced motion): the next change slides nothing. */
  forget(): void {
    this.#at.clear();
  }
}
