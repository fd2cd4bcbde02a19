/**
 * Trick play (docs/rules/RULES.md §5) on card ids and hand masks: who wins a trick and which
 * cards a seat may play. Pure and allocation-free on the hot path (bots search with it).
 */
import { TRUMP_STRENGTH, bit, cardPoints, cardsOfMask, rankOf, suitMask, suitOf, type CardId, type SuitId } from './cards.js';
import { CARD_STRENGTH, TRUMPS_ABOVE, legalMaskCore } from './fast/tables.js';

/** Summary of a trick so far: led suit, winning position and its CARD_STRENGTH. */
function summarise(cards: readonly CardId[], trump: SuitId): { led: SuitId; winPos: number; winStrength: number } {
  const t32 = trump * 32;
  const first = cards[0] as CardId;
  const led = suitOf(first);
  let winPos = 0;
  let winStrength = CARD_STRENGTH[t32 + first] as number;
  for (let i = 1; i < cards.length; i++) {
    const c = cards[i] as CardId;
    const s = suitOf(c);
    const st = CARD_STRENGTH[t32 + c] as number;
    if ((s === trump || s === led) && st > winStrength) {
      winPos = i;
      winStrength = st;
    }
  }
  return { led, winPos, winStrength };
}

/** Index (0-based position in play order) of the card currently winning the trick. */
export function winningIndex(cards: readonly CardId[], trump: SuitId): number {
  return summarise(cards, trump).winPos;
}

/** Trump strength (TRUMP_STRENGTH) of the highest trump in the trick, or -1 when there is none. */
function highestTrump(cards: readonly CardId[], trump: SuitId): number {
  let h = -1;
  for (const c of cards) if (suitOf(c) === trump) h = Math.max(h, TRUMP_STRENGTH[rankOf(c)] as number);
  return h;
}

/** Trumps of `trumps` (a mask) stronger than trump strength `above` (-1: all of them). */
function trumpsAbove(trumps: number, above: number, trump: SuitId): number {
  return above < 0 ? trumps : trumps & (TRUMPS_ABOVE[trump * 16 + 8 + above] as number);
}

/**
 * The mask of legal cards for a seat holding `hand`, given the cards already in the trick
 * (play order) and the trump suit (docs/rules/RULES.md §5). `trick.length` tells the seat's position:
 * its partner played two cards earlier.
 */
export function legalMask(hand: number, trick: readonly CardId[], trump: SuitId): number {
  const n = trick.length;
  if (n === 0) return hand;
  const { led, winPos, winStrength } = summarise(trick, trump);
  return legalMaskCore(hand, n, led, winStrength, n >= 2 && winPos === n - 2, trump);
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
  const overtrumps = trumpsAbove(hand & suitMask(trump), highestTrump(trick, trump), trump);
  if (overtrumps !== 0) return `must overtrump: holds ${holds}`;
  return `must undertrump: holds ${holds}`;
}

const SUIT_NAMES = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
