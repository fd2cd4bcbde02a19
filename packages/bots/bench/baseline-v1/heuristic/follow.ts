/**
 * Heuristic choice when following: load points (tens, aces) on a trick the partner wins for
 * sure and keep trumps; take a trick ourselves only when the card holds (master, or last to
 * play), as cheaply as possible; otherwise play low and keep masters and guards.
 */
import { bit, suitOf, type CardId, type Seat } from '@belote/rules';
import { argmax, argmin, points, suitStrength, winningIndex } from '../cards.js';
import { canBeat, master, trumpMask, winsSafely, type PlayContext } from './context.js';

const RANK_A = 7;
const RANK_10 = 3;

/** How much we'd rather keep `c` than throw it away (higher = keep). */
function keepValue(ctx: PlayContext, c: CardId): number {
  const { trump, k } = ctx;
  const s = suitOf(c);
  if (s === trump) return 40 + suitStrength(c, trump) * 3;
  let v = points(c, trump);
  if (master(ctx, c)) v += 15;
  // A card guarding our ten (the ace is still out) is worth keeping.
  const ten = s * 8 + RANK_10;
  if (c !== ten && (ctx.legal & bit(ten)) !== 0 && (k.unseen & bit(s * 8 + RANK_A)) !== 0) v += 4;
  return v;
}

/** Points to give the partner: unguarded tens first, keep master aces when a ten will do, never trumps. */
function loadValue(ctx: PlayContext, c: CardId): number {
  const { trump } = ctx;
  if (suitOf(c) === trump) return -50 - suitStrength(c, trump);
  let v = points(c, trump);
  if (master(ctx, c) && v >= 10) v -= 3; // an ace (or master ten) may win its own trick later: a loose ten goes first
  return v;
}

export function chooseFollow(ctx: PlayContext): CardId {
  const { k, trump, legal } = ctx;
  const trick = k.trick;
  const n = trick.length;
  const winSeat = (k.leader + winningIndex(trick, trump)) & 3;
  const last = n === 3;
  const partnerWins = winSeat === ctx.partner;
  const partnerSafe = partnerWins && (last || !canBeat(ctx, ((ctx.seat + 1) & 3) as Seat, trick));

  if (partnerSafe) {
    const onlyTrumps = (legal & ~trumpMask(ctx)) === 0;
    if (onlyTrumps) return argmin(legal, (c) => suitStrength(c, trump) * 4 + points(c, trump));
    return argmax(legal & ~trumpMask(ctx), (c) => loadValue(ctx, c));
  }

  // Cards that would win the trick now.
  let winners = 0;
  for (let c = 0; c < 32; c++) {
    if (((legal >>> c) & 1) === 0) continue;
    const cards = [...trick, c];
    if (winningIndex(cards, trump) === n) winners |= bit(c);
  }
  const trickPts = trick.reduce((p, c) => p + points(c, trump), 0);

  if (winners !== 0 && !partnerWins) {
    if (last) {
      // Take it as profitably as possible: the richest plain winner unless it is a master ace a ten could replace.
      const plainW = winners & ~trumpMask(ctx);
      if (plainW !== 0) return argmax(plainW, (c) => loadValue(ctx, c));
      return argmin(winners, (c) => suitStrength(c, trump) * 3 + (points(c, trump) >= 10 ? 6 : 0));
    }
    let safe = 0;
    for (let c = 0; c < 32; c++) if (((winners >>> c) & 1) !== 0 && winsSafely(ctx, c)) safe |= bit(c);
    if (safe !== 0) {
      // Cheapest sure winner in strength; among plain winners it is the master anyway.
      return argmin(safe, (c) => (suitOf(c) === trump ? 20 : 0) + suitStrength(c, trump));
    }
    if (trickPts >= 10 && (winners & trumpMask(ctx)) !== 0 && (winners & ~trumpMask(ctx)) === 0) {
      // Ruff a rich trick even when it may be overruffed: make them pay with a high trump.
      return argmin(winners, (c) => suitStrength(c, trump));
    }
  }

  // Partner wins but might be beaten, or we can't / won't win: play low, keep what matters.
  if (partnerWins) {
    // The partner may be beaten: overtake with a sure plain winner on a rich trick.
    for (let c = 0; c < 32; c++) {
      if (((winners >>> c) & 1) === 0 || suitOf(c) === trump) continue;
      if (trickPts + points(c, trump) >= 10 && winsSafely(ctx, c)) return c;
    }
    // Don't overtake the partner with a trump when a plain card is allowed.
    const plain = legal & ~trumpMask(ctx);
    if (plain !== 0) return argmin(plain, (c) => keepValue(ctx, c));
  }
  const nonWinners = legal & ~winners;
  const pool = nonWinners !== 0 ? nonWinners : legal;
  return argmin(pool, (c) => keepValue(ctx, c));
}
