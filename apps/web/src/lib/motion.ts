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
 *
 * The live deal's own motion (the packets, the flights, the retourne) is in deal-flight.ts, which
 * comes with the table's later parts: only a live step that dealt starts it, and until then
 * the stand-ins below draw every card at once and move nothing.
 */
import type { Card, Seat } from '@belote/rules';
import type { TransitionConfig } from 'svelte/transition';
import { dealClock } from './deal-clock.svelte.js';

export const reducedMotion = (): boolean => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export function centreOf(el: Element | null): { x: number; y: number } | null {
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/** `cubicOut` (Svelte's easing) as the browser's. */
export const EASE_OUT = 'cubic-bezier(0.33, 1, 0.68, 1)';
export const NONE: TransitionConfig = { duration: 0 };

/** Runs `keyframes` on `node` after the step's measures; Svelte has nothing left to do. */
export function play(node: Element, keyframes: Keyframe[], delay: number, duration: number, easing = 'linear'): TransitionConfig {
  queueMicrotask(() => run(node, keyframes, delay, duration, easing));
  return NONE;
}
export const run = (node: Element, keyframes: Keyframe[], delay: number, duration: number, easing: string): void =>
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

/** The live deal's motion (lib/deal-flight.ts), which comes with the table's later parts. */
export interface Dealing {
  /** Whether a live step is dealing now (what is created now takes part in it). */
  live(): boolean;
  drawnBack(seat: Seat, index: number): boolean;
  drawnCard(card: Card): boolean;
  dealtBack(node: Element, at: { seat: Seat; index: number }): TransitionConfig;
  dealtCard(node: Element, at: { card: Card }): TransitionConfig;
  turnUp(node: Element): TransitionConfig;
  toTaker(node: Element): TransitionConfig;
}
/** Set by the first live deal (deal-flight.ts `startDeal`): until then nothing is being dealt. */
let dealing: Dealing | null = null;
export const useDealing = (d: Dealing): void => void (dealing = d);

/** Whether a live step is dealing now: the cards created now fly in (not a snapshot's, drawn where they lie). */
export const dealingNow = (): boolean => dealing?.live() ?? false;

/** Whether the `index`-th card dealt to `seat` is drawn: its packet left the dealer (or it is not being dealt). Reactive. */
export function drawnBack(seat: Seat, index: number): boolean {
  dealClock();
  return dealing?.drawnBack(seat, index) ?? true;
}

/** Whether a card of the viewer's hand is drawn (its packet left the dealer). Reactive. */
export function drawnCard(card: Card): boolean {
  dealClock();
  return dealing?.drawnCard(card) ?? true;
}

/** A card (back) dealt to `seat` as its `index`-th card: from the dealer (the retourne: from the table). */
export const dealtBack = (node: Element, at: { seat: Seat; index: number }): TransitionConfig => dealing?.dealtBack(node, at) ?? NONE;
/** A card of the viewer's hand that this step dealt. */
export const dealtCard = (node: Element, at: { card: Card }): TransitionConfig => dealing?.dealtCard(node, at) ?? NONE;
/** The retourne, face down while the first packets are dealt, then turning face up. */
export const turnUp = (node: Element): TransitionConfig => dealing?.turnUp(node) ?? NONE;
/** The retourne leaving the table for the taker's hand (played at the taking only). */
export const toTaker = (node: Element): TransitionConfig => dealing?.toTaker(node) ?? NONE;

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
 * the card's own Web Animation, held at its end (`fill: forwards`: out of sight) until Svelte
 * removes the card: Svelte is only told how long to keep it, so it computes no keyframes and sets
 * no styles. The four cards slide together, but Svelte removes them one at a time, `REMOVE_GAP_MS`
 * apart (`index`: the card's place in the trick), each in a frame of its own: removing the four
 * at once, with the layout, paint and layers that follow, made one of the longest frames of a
 * game at 4× CPU throttling (perf-log 2026-12-02-practice, sessions f and g).
 */
export function toWinner(node: Element, { to, index = 0 }: { to: Offset | null; index?: number }): TransitionConfig {
  if (reducedMotion()) return NONE;
  const keyframes: Keyframe[] = to ? [{ translate: '0px 0px', opacity: 1 }, { translate: `${to.x}px ${to.y}px`, opacity: 0 }] : [{ opacity: 1 }, { opacity: 0 }];
  const duration = to ? TRICK_OUT_MS : 200;
  queueMicrotask(() => hold(node, keyframes, duration, to ? EASE_OUT : 'linear'));
  return { duration: duration + index * REMOVE_GAP_MS };
}
/** Between the removals of a won trick's cards, once out of sight (a frame or two at 4× throttling). */
export const REMOVE_GAP_MS = 40;
/** The leaving cards' animations (the won trick's slides, the retourne's flight), by card, while they last. */
const leaving = new WeakMap<Element, Animation>();
/** A leaving card's animation, held at its end until Svelte removes the card. */
export function hold(node: Element, keyframes: Keyframe[], duration: number, easing = 'linear'): void {
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
