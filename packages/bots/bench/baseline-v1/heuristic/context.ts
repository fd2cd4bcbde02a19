/**
 * Shared reasoning for the heuristic card play: who may still hold what (from the seat's
 * knowledge), whether a card is master, whether a winning card can still be beaten by the
 * seats that play after us. Lead and follow policies are built on these questions.
 */
import { partnerOf, suitMask, suitOf, teamOf, type CardId, type Seat, type SuitId } from '@belote/rules';
import { isMaster, trickStrength, winningIndex } from '../cards.js';
import type { Knowledge } from '../knowledge.js';

export interface PlayContext {
  k: Knowledge;
  trump: SuitId;
  seat: Seat;
  partner: Seat;
  opps: [Seat, Seat];
  /** Our team took the contract. */
  attacking: boolean;
  legal: number;
}

export function contextOf(k: Knowledge, legal: number): PlayContext {
  const seat = k.seat;
  return {
    k,
    trump: k.trump!,
    seat,
    partner: partnerOf(seat),
    opps: [((seat + 1) & 3) as Seat, ((seat + 3) & 3) as Seat],
    attacking: k.taker !== null && teamOf(k.taker) === teamOf(seat),
    legal,
  };
}

/** Cards `s` may hold (unseen and not excluded). */
export const possible = (ctx: PlayContext, s: Seat): number =>
  ctx.k.handCounts[s] === 0 ? 0 : ctx.k.unseen & ~ctx.k.cannotHold[s];

export const trumpMask = (ctx: PlayContext): number => suitMask(ctx.trump);

/** Some opponent may still hold a trump. */
export function oppsMayTrump(ctx: PlayContext): boolean {
  return ctx.opps.some((o) => (possible(ctx, o) & trumpMask(ctx)) !== 0);
}

/** An opponent is known void in `s` and may hold a trump (he would ruff a lead of `s`). */
export function ruffRisk(ctx: PlayContext, s: SuitId): boolean {
  return ctx.opps.some((o) => (possible(ctx, o) & suitMask(s)) === 0 && (possible(ctx, o) & trumpMask(ctx)) !== 0);
}

export const master = (ctx: PlayContext, c: CardId): boolean => isMaster(c, ctx.k.unseen, ctx.trump);

/**
 * Could seat `s`, playing after the trick `cards` (with `winner` our card on top), beat it?
 * Assumes a seat that may still hold the led suit follows it.
 */
export function canBeat(ctx: PlayContext, s: Seat, cards: readonly CardId[]): boolean {
  const led = suitOf(cards[0]!);
  const top = cards[winningIndex(cards, ctx.trump)]!;
  const topS = trickStrength(top, led, ctx.trump);
  const mine = possible(ctx, s);
  const follows = (mine & suitMask(led)) !== 0;
  for (let c = 0; c < 32; c++) {
    if (((mine >>> c) & 1) === 0) continue;
    const cs = suitOf(c);
    if (follows && cs !== led) continue;
    if (trickStrength(c, led, ctx.trump) > topS) return true;
  }
  return false;
}

/** Seats that play after us in the current trick. */
export function seatsAfter(ctx: PlayContext): Seat[] {
  const n = ctx.k.trick.length;
  const out: Seat[] = [];
  for (let i = 1; i < 4 - n; i++) out.push(((ctx.seat + i) & 3) as Seat);
  return out;
}

/** Our card `c` would win the trick now and no opponent after us can beat it. */
export function winsSafely(ctx: PlayContext, c: CardId): boolean {
  const cards = [...ctx.k.trick, c];
  if (winningIndex(cards, ctx.trump) !== cards.length - 1) return false;
  return seatsAfter(ctx).every((s) => s === ctx.partner || !canBeat(ctx, s, cards));
}
