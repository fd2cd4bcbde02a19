/**
 * The dealing procedures of the rule books, written from them: docs/rules/RULES.md §3–4 (classic: 3 then 2
 * cards from the eldest, the retourne `deck[20]`, the rest after the take) and docs/rules/COINCHE.md §2
 * (3-2-3, all 32 cards at once). The leak audit uses them to know who held what.
 */
import { next } from './rules.js';
import type { Card, Seat } from './wire.js';

const seatsFrom = (first: Seat): Seat[] => [first, next(first), next(next(first)), next(next(next(first)))];

function rounds(dealer: Seat, deck: readonly Card[], sizes: number[]): Card[][] {
  const hands: Card[][] = [[], [], [], []];
  let i = 0;
  for (const n of sizes)
    for (const s of seatsFrom(next(dealer))) {
      hands[s]!.push(...deck.slice(i, i + n));
      i += n;
    }
  return hands;
}

/** Classic: the five cards each seat holds before the take. */
export const classicFirst = (dealer: Seat, deck: readonly Card[]): Card[][] => rounds(dealer, deck, [3, 2]);

/** Classic: the eight cards each seat holds once `taker` took (the retourne to the taker, then 3 each, 2 to the taker, from deck[21]). */
export function classicComplete(dealer: Seat, deck: readonly Card[], taker: Seat): Card[][] {
  const hands = classicFirst(dealer, deck);
  hands[taker]!.push(deck[20]!);
  let i = 21;
  for (const s of seatsFrom(next(dealer))) {
    const n = s === taker ? 2 : 3;
    hands[s]!.push(...deck.slice(i, i + n));
    i += n;
  }
  return hands;
}

/** Coinche: 3-2-3 from the eldest. */
export const coincheHands = (dealer: Seat, deck: readonly Card[]): Card[][] => rounds(dealer, deck, [3, 2, 3]);
