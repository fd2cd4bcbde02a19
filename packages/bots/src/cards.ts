/**
 * Card arithmetic on ids and masks that every bot needs: strength orders, points and
 * "master" cards (the highest card of a suit still out). Kept apart from the policies so
 * the heuristic and the search share one definition.
 */
import {
  PLAIN_POINTS,
  PLAIN_STRENGTH,
  TRUMP_POINTS,
  TRUMP_STRENGTH,
  rankOf,
  suitOf,
  type CardId,
  type SuitId,
} from '@belote/rules';

export const FULL_DECK = 0xffffffff | 0;

/** Strength of a card within its own suit (trump or plain order), 0..7. */
export function suitStrength(c: CardId, trump: SuitId | null): number {
  return suitOf(c) === trump ? TRUMP_STRENGTH[rankOf(c)]! : PLAIN_STRENGTH[rankOf(c)]!;
}

/** Card points given the trump suit (plain points when there is no trump yet). */
export function points(c: CardId, trump: SuitId | null): number {
  return suitOf(c) === trump ? TRUMP_POINTS[rankOf(c)]! : PLAIN_POINTS[rankOf(c)]!;
}

/** Strength of a card inside a trick led with `led` (trumps above all, off-suit -1). */
export function trickStrength(c: CardId, led: SuitId, trump: SuitId): number {
  const s = suitOf(c);
  if (s === trump) return 16 + TRUMP_STRENGTH[rankOf(c)]!;
  if (s === led) return PLAIN_STRENGTH[rankOf(c)]!;
  return -1;
}

/** Index of the card winning a (partial) trick. */
export function winningIndex(cards: readonly CardId[], trump: SuitId): number {
  const led = suitOf(cards[0]!);
  let best = 0;
  let bestS = trickStrength(cards[0]!, led, trump);
  for (let i = 1; i < cards.length; i++) {
    const s = trickStrength(cards[i]!, led, trump);
    if (s > bestS) {
      best = i;
      bestS = s;
    }
  }
  return best;
}

/** Cards of `s` stronger than `c` in its suit's order, as a mask. */
export function strongerInSuit(c: CardId, trump: SuitId | null): number {
  const s = suitOf(c);
  const st = suitStrength(c, trump);
  let m = 0;
  for (let r = 0; r < 8; r++) if (suitStrength(s * 8 + r, trump) > st) m |= 1 << (s * 8 + r);
  return m;
}

/** True when no card stronger than `c` in its suit is still out (`out` = cards held by others). */
export function isMaster(c: CardId, out: number, trump: SuitId | null): boolean {
  return (strongerInSuit(c, trump) & out) === 0;
}

/** The card of `mask` minimising `key` (ties: lowest id). -1 for an empty mask. */
export function argmin(mask: number, key: (c: CardId) => number): CardId {
  let best = -1;
  let bestK = Infinity;
  for (let c = 0; c < 32; c++) {
    if (((mask >>> c) & 1) === 0) continue;
    const k = key(c);
    if (k < bestK) {
      bestK = k;
      best = c;
    }
  }
  return best;
}

export const argmax = (mask: number, key: (c: CardId) => number): CardId => argmin(mask, (c) => -key(c));
