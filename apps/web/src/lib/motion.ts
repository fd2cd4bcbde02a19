/**
 * The table's transitions (Svelte's own `in:`/`out:` functions, CSS keyframes run by the
 * browser): dealt cards flying from the dealer, the retourne turning face up and going to the
 * taker, cards into the trick and the trick to its winner. A deal moves only right after the
 * live step that dealt it (`startDeal`): elements created at any other time — a snapshot on
 * (re)connection, a spectator arriving — appear at once. Motion never holds up the state: the
 * cards are in the DOM, playable and named, while they fly. `prefers-reduced-motion` (asked at
 * each transition) turns every movement into a fade.
 */
import type { Card, Seat } from '@belote/rules';
import { cubicOut } from 'svelte/easing';
import type { TransitionConfig } from 'svelte/transition';
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
/** Elements created until this moment (the frame after the step) take part in the deal. */
let openUntil = 0;

const now = (): number => performance.now();
export const reducedMotion = (): boolean => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A live step dealt cards: the elements it creates fly in this frame. */
export function startDeal(plan: DealMotion, hand: ReadonlyMap<Card, number>, me: Seat | null, held: readonly number[]): void {
  active = { plan, hand, me, held };
  openUntil = now() + 250;
  const close = (): void => void (openUntil = Math.min(openUntil, now()));
  globalThis.requestAnimationFrame?.(() => globalThis.requestAnimationFrame?.(close));
  globalThis.performance?.mark?.('belote:deal');
}

/** A snapshot replaced the state: nothing in flight any more. */
export function stopDeal(): void {
  active = null;
  openUntil = 0;
}

const open = (): Active | null => (active && now() <= openUntil ? active : null);

function centreOf(el: Element | null): { x: number; y: number } | null {
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}
const seatPoint = (s: Seat): { x: number; y: number } | null => centreOf(document.querySelector(`[data-seat="${s}"] .plate`) ?? document.querySelector(`[data-seat="${s}"]`));
const tablePoint = (): { x: number; y: number } | null => centreOf(document.querySelector('[data-testid=retourne]') ?? document.querySelector('[data-centre]'));

const fade = (delay: number, duration = 200): TransitionConfig => ({ delay, duration, css: (t) => `opacity: ${t}` });

/** From `from` to where `node` is, keeping the node's own transform (as Svelte's `fly`). */
function flight(node: Element, from: { x: number; y: number } | null, delay: number, duration = FLIGHT_MS, turn = -10): TransitionConfig {
  const to = centreOf(node);
  if (!from || !to) return fade(delay);
  const dx = from.x - to.x;
  const dy = from.y - to.y;
  const own = getComputedStyle(node).transform;
  const base = own === 'none' ? '' : own;
  return {
    delay,
    duration,
    easing: cubicOut,
    css: (t, u) => `transform: ${base} translate(${dx * u}px, ${dy * u}px) rotate(${turn * u}deg) scale(${0.7 + 0.3 * t}); opacity: ${Math.min(1, 0.3 + t * 2)}`,
  };
}

/** A card (back) dealt to `seat` as its `index`-th card: from the dealer (the retourne: from the table). */
export function dealtBack(node: Element, { seat, index }: { seat: Seat; index: number }): TransitionConfig {
  const a = open();
  const delay = a?.plan.delays[seat][index];
  if (!a || delay === undefined) return { duration: 0 };
  if (reducedMotion()) return fade(delay);
  const fromTable = a.plan.retourne !== null && 'taker' in a.plan.retourne && a.plan.retourne.taker === seat && index === a.held[seat];
  return flight(node, fromTable ? tablePoint() : seatPoint(a.plan.dealer), delay);
}

/** A card of the viewer's hand that this step dealt. */
export function dealtCard(node: Element, { card }: { card: Card }): TransitionConfig {
  const a = open();
  const index = a?.hand.get(card);
  if (!a || a.me === null || index === undefined) return { duration: 0 };
  return dealtBack(node, { seat: a.me, index });
}

/** The retourne, face down while the first packets are dealt, then turning face up. */
export function turnUp(_node: Element): TransitionConfig {
  const a = open();
  const r = a?.plan.retourne;
  if (!r || !('flipAt' in r)) return { duration: 0 };
  if (reducedMotion()) return fade(r.flipAt);
  return { delay: r.flipAt, duration: FLIP_MS, easing: cubicOut, css: (t) => `transform: rotateY(${(1 - t) * 180}deg)` };
}

/** The retourne leaving the table for the taker's hand (played at the taking only). */
export function toTaker(node: Element): TransitionConfig {
  const a = open();
  const r = a?.plan.retourne;
  if (!r || !('taker' in r)) return { duration: 0 };
  if (reducedMotion()) return fade(0, 160);
  const to = a.me === r.taker ? centreOf(document.querySelector('[data-hand]')) : seatPoint(r.taker);
  const from = centreOf(node);
  if (!to || !from) return fade(0, 160);
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  return { duration: FLIGHT_MS, easing: cubicOut, css: (t, u) => `transform: translate(${dx * u}px, ${dy * u}px) scale(${1 - 0.4 * u}); opacity: ${t}` };
}

type Offset = { x: number; y: number };

/** A card played into the trick, from its seat's side. */
export function intoTrick(_node: Element, { from }: { from: Offset }): TransitionConfig {
  if (reducedMotion()) return fade(0, 160);
  return { duration: 220, easing: cubicOut, css: (t, u) => `translate: ${from.x * u}px ${from.y * u}px; opacity: ${0.2 + 0.8 * t}` };
}

/** The won trick sliding toward its winner (with reduced motion it leaves at once). */
export function toWinner(_node: Element, { to }: { to: Offset | null }): TransitionConfig {
  if (reducedMotion()) return { duration: 0 };
  if (!to) return fade(0, 200);
  return { duration: 380, easing: cubicOut, css: (t, u) => `translate: ${to.x * u}px ${to.y * u}px; opacity: ${t}` };
}
