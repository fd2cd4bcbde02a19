/**
 * The live deal's motion (lib/motion.ts describes it): the packets leaving the dealer, the dealt
 * cards' flights, the retourne turning up and leaving for the taker. Only a live step that dealt
 * starts it (`startDeal`, from the step's feel: lib/feel.svelte.ts), so it comes with the table's
 * later parts, not with its first screen: until a deal has started here there is nothing in
 * flight, every card is drawn and every element appears at once (motion.ts's stand-ins).
 */
import type { Card, Seat } from '@belote/rules';
import type { TransitionConfig } from 'svelte/transition';
import { dealTicked } from './deal-clock.svelte.js';
import { FLIGHT_MS, FLIP_MS, type DealMotion } from './deal-motion.js';
import { EASE_OUT, NONE, centreOf, hold, nextFrame, play, reducedMotion, run, useDealing, type Dealing } from './motion.js';

interface Active {
  plan: DealMotion;
  /** The viewer's new cards and their dealt index. */
  hand: ReadonlyMap<Card, number>;
  me: Seat | null;
  /** Cards each seat held before the step (for the retourne's place in the taker's hand). */
  held: readonly number[];
}

let active: Active | null = null;
/** When the active deal's step came (`performance.now()`). */
let startedAt = 0;
/** Elements created until this moment (the frame after the step, or after a packet left) take part in the deal. */
let openUntil = 0;
/** The last packet that left the dealer, ms after the step (its cards are drawn). */
let gone = 0;
/** The packets still to leave. */
let timers: ReturnType<typeof setTimeout>[] = [];

const now = (): number => performance.now();

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
  useDealing(DEALING);
  clearPackets();
  active = { plan, hand, me, held };
  startedAt = now();
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
  // (traces tell the taking's frame from a deal's: bench/frame-kinds.ts)
  if (plan.kind === 'complete') globalThis.performance?.mark?.('belote:taking');
}

/** The copies flying onto plates (`toPlate`), each removed when its flight ends. */
const copies = new Set<Animation>();

function clearPackets(): void {
  for (const t of timers) clearTimeout(t);
  timers = [];
}

/** A snapshot replaced the state: nothing in flight any more, every card drawn. */
export function stopDeal(): void {
  clearPackets();
  for (const f of copies) f.cancel();
  active = null;
  openUntil = 0;
  dealTicked();
}

/**
 * How long until the live deal's cards have landed and its retourne turned, in ms (0: nothing in
 * flight): the bidding waits for it, so one bids on the cards and the retourne one sees.
 */
export function settling(): number {
  return active ? Math.max(0, Math.ceil(startedAt + active.plan.ends - now())) : 0;
}

/** Whether the `index`-th card dealt to `seat` is drawn: its packet left the dealer (or it is not being dealt). */
function drawnBack(seat: Seat, index: number): boolean {
  const leaves = active?.plan.leaves[seat][index];
  return leaves === undefined || leaves <= gone;
}

/** Whether a card of the viewer's hand is drawn (its packet left the dealer). */
function drawnCard(card: Card): boolean {
  // (a viewer without a seat has no new cards: an index means a seat)
  const index = active?.hand.get(card);
  return index === undefined || drawnBack(active!.me!, index);
}

const open = (): Active | null => (active && now() <= openUntil ? active : null);

const seatPoint = (s: Seat): { x: number; y: number } | null => centreOf(document.querySelector(`[data-seat="${s}"] .plate`) ?? document.querySelector(`[data-seat="${s}"]`));
const tablePoint = (): { x: number; y: number } | null => centreOf(document.querySelector('[data-testid=retourne]') ?? document.querySelector('[data-centre]'));

const fadeIn = (node: Element, delay: number): TransitionConfig => play(node, [{ opacity: 0 }, { opacity: 1 }], delay, 200);

/** A card's transform at an offset from where it ends, turned and scaled, after its own (`base`). */
const place =
  (base: string) =>
  (x: number, y: number, turn: number, scale: number): string =>
    `${base} translate(${x}px, ${y}px) rotate(${turn}deg) scale(${scale})`;

/**
 * From `from` (read in the next frame) to where `node` is, keeping the node's own transform (as
 * Svelte's `fly`); a node that is not drawn (no box) is left to `hidden`, if given and it can.
 */
function flight(node: Element, from: () => { x: number; y: number } | null, delay: number, hidden?: (start: { x: number; y: number } | null) => (() => void) | null): TransitionConfig {
  nextFrame(() => {
    const start = from();
    const instead = hidden && node.getClientRects().length === 0 ? hidden(start) : null;
    if (instead) return instead;
    const to = centreOf(node);
    if (!start || !to) return () => run(node, [{ opacity: 0 }, { opacity: 1 }], delay, 200, 'linear');
    const own = getComputedStyle(node).transform;
    const base = own === 'none' ? '' : own;
    const at = place(base);
    // Opacity 0.3 → 1 over the first 35 % of the eased flight, as the card leaves the dealer.
    return () => run(node, [{ transform: at(start.x - to.x, start.y - to.y, -10, 0.7), opacity: 0.3 }, { opacity: 1, offset: 0.35 }, { transform: at(0, 0, 0, 1), opacity: 1 }], delay, FLIGHT_MS, EASE_OUT);
  });
  return NONE;
}

/**
 * A back dealt to a seat whose backs are hidden (a coinche auction on a short portrait phone,
 * Felt): a copy of it flies from the dealer to the avatar on the seat's plate and fades there, as
 * the retourne into a taker's plate, so that the deal is still seen reaching every seat. The copy
 * is there for the flight only (removed when it ends; held at its end, out of sight, should that
 * come late).
 */
function toPlate(node: Element, seat: Seat, start: { x: number; y: number } | null, delay: number, dealers: boolean): (() => void) | null {
  // (onto the avatar: the name stays readable)
  const plate = document.querySelector(`[data-seat="${seat}"] .plate`);
  const into = plate?.querySelector('.avatar') ?? plate;
  const to = centreOf(into);
  if (!into || !start || !to || !node.animate) return null;
  // The dealer's own cards: from a little toward the middle of the table, not from its own plate.
  const mid = dealers ? tablePoint() : null;
  const from = mid ? { x: to.x + (mid.x - to.x) * 0.35, y: to.y + (mid.y - to.y) * 0.35 } : start;
  return () => {
    const copy = node.cloneNode(true) as HTMLElement;
    copy.setAttribute('aria-hidden', 'true');
    copy.style.cssText = 'position:absolute;left:50%;top:50%;margin:0;translate:-50% -50%;z-index:1;pointer-events:none';
    into.append(copy);
    const at = place('');
    // The flight (eased out) in the first 70 %, then the fade into the plate.
    const frames: Keyframe[] = [
      { transform: at(from.x - to.x, from.y - to.y, -10, 0.7), opacity: 0.3, easing: EASE_OUT },
      { opacity: 1, offset: 0.25 },
      { transform: at(0, 0, 0, 1), opacity: 1, offset: 0.7 },
      { transform: at(0, 0, 0, 0.6), opacity: 0 },
    ];
    const flying = copy.animate(frames, { delay, duration: FLIGHT_MS, fill: 'both' });
    copies.add(flying);
    flying.onfinish = flying.oncancel = () => {
      copies.delete(flying);
      copy.remove();
    };
  };
}

/** A card (back) dealt to `seat` as its `index`-th card: from the dealer (the retourne: from the table). */
const dealtBack = (node: Element, { seat, index }: { seat: Seat; index: number }): TransitionConfig => dealt(node, seat, index, true);

/** A dealt card's flight; a back (`back`) with no box flies to its seat's plate (`toPlate`). */
function dealt(node: Element, seat: Seat, index: number, back: boolean): TransitionConfig {
  const a = open();
  const planned = a?.plan.delays[seat][index];
  if (!a || planned === undefined) return NONE;
  // drawn when its packet left: it waits for its place in the packet
  const delay = Math.max(0, planned - gone);
  if (reducedMotion()) return fadeIn(node, delay);
  const fromTable = a.plan.retourne !== null && 'taker' in a.plan.retourne && a.plan.retourne.taker === seat && index === a.held[seat];
  const dealer = a.plan.dealer;
  const from = fromTable ? tablePoint : () => seatPoint(dealer);
  return flight(node, from, delay, back ? (start) => toPlate(node, seat, start, delay, !fromTable && seat === dealer) : undefined);
}

/** A card of the viewer's hand that this step dealt. */
function dealtCard(node: Element, { card }: { card: Card }): TransitionConfig {
  const a = open();
  const index = a?.hand.get(card);
  if (!a || a.me === null || index === undefined) return NONE;
  return dealt(node, a.me, index, false);
}

/** The retourne, face down while the first packets are dealt, then turning face up. */
function turnUp(node: Element): TransitionConfig {
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
function toTaker(node: Element): TransitionConfig {
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

const DEALING: Dealing = { live: () => open() !== null, drawnBack, drawnCard, dealtBack, dealtCard, turnUp, toTaker };
