/**
 * What a client computes itself from PROTOCOL.md §5.3 (legal cards, card order) and docs/rules/COINCHE.md §3
 * (legal calls), written from those texts alone.
 */
import type { BidValue, Card, DealView, Seat, Suit } from './wire.js';

export const SUITS = ['S', 'H', 'D', 'C'] as const;
const RANKS = ['7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
const TRUMP_ORDER = ['7', '8', 'Q', 'K', '10', 'A', '9', 'J']; // low → high (J 9 A 10 K Q 8 7 high → low)
const PLAIN_ORDER = ['7', '8', '9', 'J', 'Q', 'K', '10', 'A']; // low → high (A 10 K Q J 9 8 7)
export const BID_VALUES: readonly BidValue[] = [80, 90, 100, 110, 120, 130, 140, 150, 160, 'capot'];

export const suitOf = (c: Card): Suit => c.slice(-1) as Suit;
export const rankOf = (c: Card): string => c.slice(0, -1);
export const next = (s: number): Seat => ((s + 1) % 4) as Seat;

/** §5.3 "Card order": by suit S, H, D, C, then rank 7 8 9 10 J Q K A. */
export function cardOrder(cards: readonly Card[]): Card[] {
  const key = (c: Card) => SUITS.indexOf(suitOf(c)) * 8 + RANKS.indexOf(rankOf(c) as (typeof RANKS)[number]);
  return [...cards].sort((a, b) => key(a) - key(b));
}

function strength(c: Card, trump: Suit, led: Suit): number {
  if (suitOf(c) === trump) return 100 + TRUMP_ORDER.indexOf(rankOf(c));
  if (suitOf(c) === led) return PLAIN_ORDER.indexOf(rankOf(c));
  return -1;
}

/** Index (in play order) of the card winning the trick so far. */
export function winningIndex(cards: readonly Card[], trump: Suit): number {
  const led = suitOf(cards[0]!);
  let best = 0;
  cards.forEach((c, i) => {
    if (strength(c, trump, led) > strength(cards[best]!, trump, led)) best = i;
  });
  return best;
}

/** §5.3: the cards `seat` may play on this trick (docs/rules/RULES.md §5 as summarised there), in card order. */
export function legalCards(hand: readonly Card[], trick: { leader: number; cards: readonly Card[] }, trump: Suit): Card[] {
  if (trick.cards.length === 0) return cardOrder(hand);
  const led = suitOf(trick.cards[0]!);
  const trumps = hand.filter((c) => suitOf(c) === trump);
  const highestTrumpInTrick = Math.max(-1, ...trick.cards.filter((c) => suitOf(c) === trump).map((c) => TRUMP_ORDER.indexOf(rankOf(c))));
  const over = trumps.filter((c) => TRUMP_ORDER.indexOf(rankOf(c)) > highestTrumpInTrick);
  if (led === trump) {
    if (!trumps.length) return cardOrder(hand);
    return cardOrder(over.length ? over : trumps);
  }
  const following = hand.filter((c) => suitOf(c) === led);
  if (following.length) return cardOrder(following);
  const me = (trick.leader + trick.cards.length) % 4;
  const winner = (trick.leader + winningIndex(trick.cards, trump)) % 4;
  if (winner === (me + 2) % 4) return cardOrder(hand);
  if (!trumps.length) return cardOrder(hand);
  return cardOrder(over.length ? over : trumps);
}

export interface LegalCalls {
  pass: boolean;
  bids: BidValue[];
  coinche: boolean;
  surcoinche: boolean;
}
export const NO_CALLS: LegalCalls = { pass: false, bids: [], coinche: false, surcoinche: false };

/** docs/rules/COINCHE.md §3: the calls `seat` may make on its turn in this auction. */
export function legalCalls(auction: NonNullable<DealView['auction']>, seat: Seat): LegalCalls {
  const c = auction.contract;
  const higher = c === null ? [...BID_VALUES] : BID_VALUES.slice(BID_VALUES.indexOf(c.value) + 1);
  return {
    pass: true,
    bids: auction.coinche === 1 ? higher : [],
    coinche: c !== null && (c.bidder & 1) !== (seat & 1) && auction.coinche === 1,
    surcoinche: c !== null && auction.coinche === 2 && (c.bidder & 1) === (seat & 1),
  };
}

/**
 * §5.3 "Display order" (`hand`, `private.hand`): the trump suit first, then the other suits so
 * that colours alternate (no trump: S H C D); within a suit from the highest card down.
 */
export function displayOrder(cards: readonly Card[], trump: Suit | null): Card[] {
  const SUIT_ORDER: Record<string, Suit[]> = { none: ['S', 'H', 'C', 'D'], S: ['S', 'H', 'C', 'D'], H: ['H', 'S', 'D', 'C'], D: ['D', 'S', 'H', 'C'], C: ['C', 'H', 'S', 'D'] };
  const suits = SUIT_ORDER[trump ?? 'none']!;
  const strength = (c: Card) => (suitOf(c) === trump ? TRUMP_ORDER : PLAIN_ORDER).indexOf(rankOf(c));
  return [...cards].sort((a, b) => suits.indexOf(suitOf(a)) - suits.indexOf(suitOf(b)) || strength(b) - strength(a));
}
