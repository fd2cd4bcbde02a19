import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_CARDS, cardId, cardsOfMask, maskOf, sortHand, type Card } from './cards.js';
import { completeHands, dealFive, deckIds, deckProblem } from './dealing.js';
import { completeInto, dealFiveInto, shuffleInto } from './fast/dealing.js';
import { seededRng, shuffledDeck } from './rng.js';
import type { Seat } from './types.js';

const ordered = ALL_CARDS as Card[];
const ids = deckIds(ordered);
const hand = (m: number): string => cardsOfMask(m).join(' ');

describe('§2 cards', () => {
  it('32 cards in the notation rank + suit', () => {
    expect(ALL_CARDS.length).toBe(32);
    expect(ALL_CARDS.slice(0, 8)).toEqual(['7S', '8S', '9S', '10S', 'JS', 'QS', 'KS', 'AS']);
    expect(cardId('JH')).toBe(12);
    expect(cardId('10D')).toBe(19);
  });
  it('sortHand puts trump first, strongest first', () => {
    expect(sortHand(['7H', 'JH', 'AS', '9H', '10S'], 'H')).toEqual(['JH', '9H', '7H', 'AS', '10S']);
  });
  it('sortHand without trump: S, H, C, D, each in plain order, and leaves its input alone', () => {
    const hand: Card[] = ['7D', 'JS', 'AC', '10S', 'KH', 'AS', '9D'];
    expect(sortHand(hand, null)).toEqual(['AS', '10S', 'JS', 'KH', 'AC', '9D', '7D']);
    expect(hand).toEqual(['7D', 'JS', 'AC', '10S', 'KH', 'AS', '9D']);
  });
  it('sortHand alternates colours after a black trump (clubs: C, H, S, D)', () => {
    expect(sortHand(['AD', '7S', 'AH', '9C', 'JC', 'AS'], 'C')).toEqual(['JC', '9C', 'AH', 'AS', '7S', 'AD']);
  });
});

describe('§3 dealing', () => {
  it('3 then 2 cards each from the eldest, retourne deck[20]', () => {
    // dealer 3: eldest is seat 0
    const { hands, retourne } = dealFive(3, ids);
    expect(hand(hands[0]!)).toBe(hand(maskOf(['7S', '8S', '9S', 'JH', 'QH'])));
    expect(hand(hands[1]!)).toBe(hand(maskOf(['10S', 'JS', 'QS', 'KH', 'AH'])));
    expect(hand(hands[2]!)).toBe(hand(maskOf(['KS', 'AS', '7H', '7D', '8D'])));
    expect(hand(hands[3]!)).toBe(hand(maskOf(['8H', '9H', '10H', '9D', '10D'])));
    expect(retourne).toBe(cardId('JD'));
  });
  it('the eldest is dealer + 1 (dealer 1 → seat 2 gets deck[0..2])', () => {
    const { hands } = dealFive(1, ids);
    expect(hand(hands[2]!)).toBe(hand(maskOf(['7S', '8S', '9S', 'JH', 'QH'])));
    expect(hand(hands[1]!)).toBe(hand(maskOf(['8H', '9H', '10H', '9D', '10D'])));
  });
});

describe('§4 completing the deal', () => {
  it('the taker gets the retourne and 2 cards, everyone else 3, from deck[21] in seat order from the eldest', () => {
    const { hands } = dealFive(3, ids);
    const full = completeHands(3, ids, hands, 1);
    // deck[21..31]: QD KD AD 7C 8C 9C 10C JC QC KC AC
    expect(hand(full[0]!)).toBe(hand(maskOf(['7S', '8S', '9S', 'JH', 'QH', 'QD', 'KD', 'AD'])));
    expect(hand(full[1]!)).toBe(hand(maskOf(['10S', 'JS', 'QS', 'KH', 'AH', 'JD', '7C', '8C'])));
    expect(hand(full[2]!)).toBe(hand(maskOf(['KS', 'AS', '7H', '7D', '8D', '9C', '10C', 'JC'])));
    expect(hand(full[3]!)).toBe(hand(maskOf(['8H', '9H', '10H', '9D', '10D', 'QC', 'KC', 'AC'])));
  });
  it('the fast dealer agrees with the readable one and every seat ends with 8 distinct cards', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), (seed, dealer, taker) => {
        const deck = shuffledDeck(seededRng(seed));
        const di = deckIds(deck);
        const five = dealFive(dealer as Seat, di);
        const full = completeHands(dealer as Seat, di, five.hands, taker as Seat);
        const fastHands = completeInto(di, dealer, taker, dealFiveInto(di, dealer, new Int32Array(4)));
        expect(Array.from(fastHands)).toEqual(full.map((h) => h | 0));
        expect(full.reduce((a, h) => a | h, 0) | 0).toBe(-1);
        for (const h of full) expect(cardsOfMask(h).length).toBe(8);
      }),
      { numRuns: 500 },
    );
  });
});

describe('decks', () => {
  it('deckProblem reports a short deck, a duplicate and a non-card', () => {
    expect(deckProblem(ordered)).toBeNull();
    expect(deckProblem(ordered.slice(1))).toMatch(/31 cards/);
    expect(deckProblem([...ordered.slice(1), '7H'])).toMatch(/7H appears twice/);
    expect(deckProblem([...ordered.slice(1), '11H'])).toMatch(/not a card/);
  });
  it('shuffles are deterministic per seed and are permutations', () => {
    expect(shuffledDeck(seededRng('a'))).toEqual(shuffledDeck(seededRng('a')));
    expect(shuffledDeck(seededRng('a'))).not.toEqual(shuffledDeck(seededRng('b')));
    const d = shuffleInto(new Int8Array(32), seededRng(7));
    expect([...d].sort((a, b) => a - b)).toEqual(Array.from({ length: 32 }, (_, i) => i));
  });
});
