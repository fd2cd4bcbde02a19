/**
 * Trick play (RULES.md §5) on card ids and hand masks: who wins a trick and which
 * cards a seat may play. Pure and allocation-free on the hot path (bots search with it).
 */
import {
  PLAIN_STRENGTH,
  TRUMP_STRENGTH,
  bit,
  cardPoints,
  cardsOfMask,
  rankOf,
  suitMask,
  suitOf,
  type CardId,
  type SuitId,
} from './cards.js';

/** Strength of a card within a trick (trumps above everything, off-suit cards at -1). */
function strength(c: CardId, led: SuitId, trump: SuitId): number {
  const s = suitOf(c);
  if (s === trump) return 16 + (TRUMP_STRENGTH[rankOf(c)] as number);
  if (s === led) return PLAIN_STRENGTH[rankOf(c)] as number;
  return -1;
}

/** Index (0-based position in play order) of the card currently winning the trick. */
export function winningIndex(cards: readonly CardId[], trump: SuitId): number {
  const led = suitOf(cards[0] as CardId);
  let best = 0;
  let bestStrength = strength(cards[0] as CardId, led, trump);
  for (let i = 1; i < cards.length; i++) {
    const st = strength(cards[i] as CardId, led, trump);
    if (st > bestStrength) {
      best = i;
      bestStrength = st;
    }
  }
  return best;
}

/** Trump strength of the highest trump in the trick, or -1 when there is none. */
function highestTrump(cards: readonly CardId[], trump: SuitId): number {
  let h = -1;
  for (const c of cards) if (suitOf(c) === trump) h = Math.max(h, TRUMP_STRENGTH[rankOf(c)] as number);
  return h;
}

/** Trumps of `trumps` (a mask) stronger than trump strength `above`. */
function trumpsAbove(trumps: number, above: number): number {
  let out = 0;
  let m = trumps;
  while (m !== 0) {
    const c = 31 - Math.clz32(m & -m);
    if ((TRUMP_STRENGTH[rankOf(c)] as number) > above) out |= bit(c);
    m &= m - 1;
  }
  return out;
}

/**
 * The mask of legal cards for a seat holding `hand`, given the cards already in the trick
 * (play order) and the trump suit. `trick.length` tells the seat's position: the partner
 * played two cards earlier.
 */
export function legalMask(hand: number, trick: readonly CardId[], trump: SuitId): number {
  const n = trick.length;
  if (n === 0) return hand;
  const led = suitOf(trick[0] as CardId);
  const trumps = hand & suitMask(trump);
  if (led === trump) {
    if (trumps === 0) return hand;
    const higher = trumpsAbove(trumps, highestTrump(trick, trump));
    return higher !== 0 ? higher : trumps;
  }
  const follow = hand & suitMask(led);
  if (follow !== 0) return follow;
  // Partner played two cards before us (positions n-2); winning means free discard.
  if (n >= 2 && winningIndex(trick, trump) === n - 2) return hand;
  if (trumps === 0) return hand;
  const top = highestTrump(trick, trump);
  if (top < 0) return trumps;
  const higher = trumpsAbove(trumps, top);
  return higher !== 0 ? higher : trumps;
}

/** Card points of a set of cards. */
export function trickPoints(cards: readonly CardId[], trump: SuitId): number {
  let p = 0;
  for (const c of cards) p += cardPoints(c, trump);
  return p;
}

/**
 * Why `card` may not be played (null when it may). The message names what the rule
 * demands and, where useful, the cards that satisfy it: "must overtrump: holds JH".
 */
export function refusalReason(hand: number, trick: readonly CardId[], trump: SuitId, card: CardId): string | null {
  const legal = legalMask(hand, trick, trump);
  if ((legal & bit(card)) !== 0) return null;
  const led = suitOf(trick[0] as CardId);
  const holds = cardsOfMask(legal).join(' ');
  const ledName = SUIT_NAMES[led];
  if (led === trump) {
    return suitOf(card) === trump ? `must overtrump: holds ${holds}` : `must follow trumps: holds ${holds}`;
  }
  if ((hand & suitMask(led)) !== 0) return `must follow ${ledName}: holds ${holds}`;
  if (highestTrump(trick, trump) < 0) return `must trump: holds ${holds}`;
  const overtrumps = trumpsAbove(hand & suitMask(trump), highestTrump(trick, trump));
  if (overtrumps !== 0) return `must overtrump: holds ${holds}`;
  return `must undertrump: holds ${holds}`;
}

const SUIT_NAMES = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
