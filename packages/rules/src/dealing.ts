/**
 * Dealing (docs/rules/RULES.md §3; coinche: docs/rules/COINCHE.md §2) and completing the classic deal after
 * bidding (docs/rules/RULES.md §4), on card ids.
 */
import { bit, cardId, isCard, type Card, type CardId } from './cards.js';
import { nextSeat, type Seat } from './types.js';

/** Hands after the first two rounds (5 cards each) and the retourne. */
export function dealFive(dealer: Seat, deck: readonly CardId[]): { hands: number[]; retourne: CardId } {
  const hands = [0, 0, 0, 0];
  let pos = 0;
  for (const count of [3, 2]) {
    let seat = nextSeat(dealer);
    for (let k = 0; k < 4; k++) {
      for (let j = 0; j < count; j++) hands[seat]! |= bit(deck[pos++] as CardId);
      seat = nextSeat(seat);
    }
  }
  return { hands, retourne: deck[20] as CardId };
}

/** Coinche: all 32 cards dealt 3-2-3, each round from the eldest (docs/rules/COINCHE.md §2). */
export function dealAll(dealer: Seat, deck: readonly CardId[]): number[] {
  const hands = [0, 0, 0, 0];
  let pos = 0;
  for (const count of [3, 2, 3]) {
    let seat = nextSeat(dealer);
    for (let k = 0; k < 4; k++) {
      for (let j = 0; j < count; j++) hands[seat]! |= bit(deck[pos++] as CardId);
      seat = nextSeat(seat);
    }
  }
  return hands;
}

/** The 8-card hands once `taker` has taken: retourne to the taker, then deck[21..] 3 each (taker 2). */
export function completeHands(dealer: Seat, deck: readonly CardId[], hands: readonly number[], taker: Seat): number[] {
  const out = [...hands];
  out[taker]! |= bit(deck[20] as CardId);
  let pos = 21;
  let seat = nextSeat(dealer);
  for (let k = 0; k < 4; k++) {
    const count = seat === taker ? 2 : 3;
    for (let j = 0; j < count; j++) out[seat]! |= bit(deck[pos++] as CardId);
    seat = nextSeat(seat);
  }
  return out;
}

/** Null when `deck` is 32 distinct cards, else what is wrong with it. */
export function deckProblem(deck: readonly unknown[]): string | null {
  if (deck.length !== 32) return `deck has ${deck.length} cards, expected 32`;
  let seen = 0;
  for (const c of deck) {
    if (!isCard(c)) return `not a card: ${JSON.stringify(c)}`;
    const b = bit(cardId(c));
    if ((seen & b) !== 0) return `card ${c} appears twice`;
    seen |= b;
  }
  return null;
}

export function deckIds(deck: readonly Card[]): CardId[] {
  return deck.map(cardId);
}
