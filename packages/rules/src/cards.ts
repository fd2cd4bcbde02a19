/**
 * Cards, suits, ranks and the notation of docs/rules/RULES.md §2.
 *
 * Internally a card is an integer id `suit * 8 + rank` (0..31) so that a hand is a
 * 32-bit mask and every rule is a table lookup; the public API speaks card strings
 * (`"JH"`, `"10D"`). Ranks are indexed in natural order 7 8 9 10 J Q K A, the order
 * sequences use (§6).
 */

export const SUITS = ['S', 'H', 'D', 'C'] as const;
export type Suit = (typeof SUITS)[number];
export const RANKS = ['7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
export type Rank = (typeof RANKS)[number];
export type Card = `${Rank}${Suit}`;

/** 0..3 in the order S H D C. */
export type SuitId = number;
/** 0..31: suit * 8 + rank index (natural order). */
export type CardId = number;

export const ALL_CARDS: readonly Card[] = SUITS.flatMap((s) => RANKS.map((r) => `${r}${s}` as Card));

const CARD_INDEX = new Map<string, CardId>(ALL_CARDS.map((c, i) => [c, i]));

export const RANK_J = 4;
export const RANK_9 = 2;
export const RANK_Q = 5;
export const RANK_K = 6;

/** Trump strength per rank index (higher wins): J 9 A 10 K Q 8 7. */
export const TRUMP_STRENGTH: readonly number[] = [0, 1, 6, 4, 7, 2, 3, 5];
/** Plain strength per rank index: A 10 K Q J 9 8 7. */
export const PLAIN_STRENGTH: readonly number[] = [0, 1, 2, 6, 3, 4, 5, 7];
export const TRUMP_POINTS: readonly number[] = [0, 0, 14, 10, 20, 3, 4, 11];
export const PLAIN_POINTS: readonly number[] = [0, 0, 0, 10, 2, 3, 4, 11];

export const suitOf = (c: CardId): SuitId => c >> 3;
export const rankOf = (c: CardId): number => c & 7;
export const bit = (c: CardId): number => 1 << c;
export const suitMask = (s: SuitId): number => 0xff << (s * 8);

/** True when the string is one of the 32 cards. */
export function isCard(s: unknown): s is Card {
  return typeof s === 'string' && CARD_INDEX.has(s);
}

export function isSuit(s: unknown): s is Suit {
  return typeof s === 'string' && (SUITS as readonly string[]).includes(s);
}

/** Card string → id. Throws on a non-card: callers validate input first (a bug otherwise). */
export function cardId(card: Card | string): CardId {
  const id = CARD_INDEX.get(card);
  if (id === undefined) throw new Error(`not a card: ${String(card)}`);
  return id;
}

export function cardOf(id: CardId): Card {
  const c = ALL_CARDS[id];
  if (c === undefined) throw new Error(`not a card id: ${id}`);
  return c;
}

export const suitId = (s: Suit): SuitId => SUITS.indexOf(s);

export function cardSuit(card: Card): Suit {
  return card.slice(-1) as Suit;
}

export function cardRank(card: Card): Rank {
  return card.slice(0, -1) as Rank;
}

/** Card points of one card given the trump suit. */
export function cardPoints(c: CardId, trump: SuitId): number {
  return suitOf(c) === trump ? (TRUMP_POINTS[rankOf(c)] as number) : (PLAIN_POINTS[rankOf(c)] as number);
}

/** Number of set bits in a 32-bit mask. */
export function popcount(m: number): number {
  m = m - ((m >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return (((m + (m >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Lowest card id in a non-empty mask. */
export function lowestCard(m: number): CardId {
  return 31 - Math.clz32(m & -m);
}

/** Card ids of a mask, ascending. */
export function maskCards(m: number): CardId[] {
  const out: CardId[] = [];
  while (m !== 0) {
    const c = lowestCard(m);
    out.push(c);
    m &= m - 1;
  }
  return out;
}

export function maskOf(cards: readonly Card[]): number {
  let m = 0;
  for (const c of cards) m |= bit(cardId(c));
  return m;
}

export function cardsOfMask(m: number): Card[] {
  return maskCards(m).map(cardOf);
}

/**
 * Sort a hand for display: trump suit first, then the other suits alternating colours,
 * each suit from strongest to weakest in its own order.
 */
export function sortHand(cards: readonly Card[], trump: Suit | null): Card[] {
  const keys = SORT_KEYS[trump === null ? 4 : SUITS.indexOf(trump)]!;
  return [...cards].sort((a, b) => keys[cardId(a)]! - keys[cardId(b)]!);
}

const isRed = (s: Suit): boolean => s === 'H' || s === 'D';

/** Order the remaining three suits so colours alternate after the trump suit. */
function alternate(rest: Suit[], trump: Suit): Suit[] {
  const other = rest.filter((s) => isRed(s) !== isRed(trump));
  const same = rest.filter((s) => isRed(s) === isRed(trump));
  // trump, other colour, same colour, other colour
  return [other[0], same[0], other[1]].filter((s): s is Suit => s !== undefined);
}

/** Display sort keys per card id, one table per trump (index 4: no trump); hands are sorted on every view. */
const SORT_KEYS: readonly Int8Array[] = [...SUITS, null].map((trump) => {
  const colourOrder: Suit[] = ['S', 'H', 'C', 'D'];
  const suitOrder = trump ? [trump, ...alternate(colourOrder.filter((s) => s !== trump), trump)] : colourOrder;
  return Int8Array.from(ALL_CARDS, (c) => {
    const id = cardId(c);
    const s = suitOrder.indexOf(cardSuit(c));
    const strength = cardSuit(c) === trump ? TRUMP_STRENGTH[rankOf(id)]! : PLAIN_STRENGTH[rankOf(id)]!;
    return s * 8 + (7 - strength);
  });
});
