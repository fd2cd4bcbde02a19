import { describe, expect, it } from 'vitest';
import { cardId, cardsOfMask, maskOf, suitId, type Card, type Suit } from './cards.js';
import { legalMask, refusalReason, trickPoints, winningIndex } from './play.js';

const cs = (s: string): Card[] => (s.trim() === '' ? [] : (s.trim().split(/\s+/) as Card[]));
/** Legal cards of `hand` after `trick` (play order) with `trump`, sorted by id. */
const legal = (hand: string, trick: string, trump: Suit): Card[] =>
  cardsOfMask(legalMask(maskOf(cs(hand)), cs(trick).map(cardId), suitId(trump)));
const why = (hand: string, trick: string, trump: Suit, card: Card): string | null =>
  refusalReason(maskOf(cs(hand)), cs(trick).map(cardId), suitId(trump), cardId(card));
const sorted = (s: string): Card[] => cardsOfMask(maskOf(cs(s)));

describe('§5 trick winner', () => {
  it('highest card of the led suit wins without trump; other suits never win', () => {
    expect(winningIndex(cs('KS AS 10S AD').map(cardId), suitId('H'))).toBe(1);
    expect(winningIndex(cs('9S 8S AD AC').map(cardId), suitId('H'))).toBe(0);
    // plain order A 10 K Q J 9 8 7: the ten beats the king
    expect(winningIndex(cs('KD 10D QD JD').map(cardId), suitId('H'))).toBe(1);
  });
  it('the highest trump wins; trump order J 9 A 10 K Q 8 7', () => {
    expect(winningIndex(cs('AS 7H KS 8H').map(cardId), suitId('H'))).toBe(3);
    expect(winningIndex(cs('AH 9H 10H JH').map(cardId), suitId('H'))).toBe(3);
    expect(winningIndex(cs('AH 9H 10H KH').map(cardId), suitId('H'))).toBe(1);
    expect(winningIndex(cs('7S 7C 7D 7H').map(cardId), suitId('C'))).toBe(1);
  });
  it('counts card points with trump and plain values', () => {
    expect(trickPoints(cs('JH 9H AH 10H').map(cardId), suitId('H'))).toBe(20 + 14 + 11 + 10);
    expect(trickPoints(cs('JS 9S AS 10S').map(cardId), suitId('H'))).toBe(2 + 0 + 11 + 10);
  });
});

describe('§5.1 plain suit led, holding it', () => {
  it('must follow with any card of the suit, even a low one', () => {
    expect(legal('7S AS JH 8D', 'KS', 'H')).toEqual(sorted('7S AS'));
    expect(why('7S AS JH 8D', 'KS', 'H', 'JH')).toBe('must follow spades: holds 7S AS');
    expect(why('7S AS JH 8D', 'KS', 'H', '8D')).toBe('must follow spades: holds 7S AS');
  });
  it('must follow even when the partner is winning', () => {
    expect(legal('7S JH', 'AS 8S', 'H')).toEqual(['7S']);
  });
  it('must follow even when the trick is already trumped', () => {
    expect(legal('7S JH', 'AS 7H', 'H')).toEqual(['7S']);
  });
});

describe('§5.2 trump led', () => {
  it('must overtrump even when the partner is winning: "must overtrump: holds JH"', () => {
    // partner led 9H (position 0), opponent discarded, we are position 2
    expect(legal('JH 8H AS', '9H 7S', 'H')).toEqual(['JH']);
    expect(why('JH 8H AS', '9H 7S', 'H', '8H')).toBe('must overtrump: holds JH');
    expect(why('JH 8H AS', '9H 7S', 'H', 'AS')).toBe('must follow trumps: holds JH');
  });
  it('holding only lower trumps: any trump', () => {
    expect(legal('7H 8H AS', 'JH', 'H')).toEqual(sorted('7H 8H'));
    expect(why('7H 8H AS', 'JH', 'H', 'AS')).toBe('must follow trumps: holds 7H 8H');
  });
  it('must beat the highest trump in the trick, not the led one', () => {
    expect(legal('AH 10H KS', '8H 9H', 'H')).toEqual(sorted('AH 10H'));
    expect(legal('JH AH KS', '8H 9H', 'H')).toEqual(['JH']);
  });
  it('holding no trump: any card', () => {
    expect(legal('7S AD KC', 'JH', 'H')).toEqual(sorted('7S AD KC'));
  });
});

describe('§5.3 plain suit led, holding none of it', () => {
  it('partner winning: any card (no obligation to trump)', () => {
    expect(legal('JH 8D', 'AS 7S', 'H')).toEqual(sorted('JH 8D'));
  });
  it('partner winning with a trump: any card, no obligation to overtrump', () => {
    // opponent led AD, partner trumped 9H, opponent discarded 7D; we are position 3
    expect(legal('JH 8C', 'AD 9H 7D', 'H')).toEqual(sorted('JH 8C'));
  });
  it('opponent winning, no trump in the trick: must trump', () => {
    expect(legal('7H 10D', 'AS', 'H')).toEqual(['7H']);
    expect(why('7H 10D', 'AS', 'H', '10D')).toBe('must trump: holds 7H');
  });
  it('second to play: the partner has not played, so it cannot be winning', () => {
    expect(legal('7H 10D', '7S', 'H')).toEqual(['7H']);
  });
  it('partner led but an opponent has taken the lead: must trump', () => {
    // partner led KS (position 0), the opponent's AS wins; we are position 2
    expect(legal('7H 10D', 'KS AS', 'H')).toEqual(['7H']);
    // position 3: the partner's AS (position 1) wins, so any card
    expect(legal('8H 10D', 'KS AS 7S', 'H')).toEqual(sorted('8H 10D'));
  });
  it('trick already trumped by an opponent: must overtrump if possible', () => {
    expect(legal('JH 7H 10D', 'AS 9H', 'H')).toEqual(['JH']);
    expect(why('JH 7H 10D', 'AS 9H', 'H', '7H')).toBe('must overtrump: holds JH');
    expect(why('JH 7H 10D', 'AS 9H', 'H', '10D')).toBe('must overtrump: holds JH');
  });
  it('cannot overtrump: must still play a trump (undertrump)', () => {
    expect(legal('7H 8H 10D', 'AS JH', 'H')).toEqual(sorted('7H 8H'));
    expect(why('7H 8H 10D', 'AS JH', 'H', '10D')).toBe('must undertrump: holds 7H 8H');
  });
  it('holding no trump: any card', () => {
    expect(legal('10D 8C', 'AS', 'H')).toEqual(sorted('10D 8C'));
    expect(legal('10D 8C', 'AS 9H', 'H')).toEqual(sorted('10D 8C'));
  });
});

describe('leading', () => {
  it('the leader may play any card', () => {
    expect(legal('7S JH 8D', '', 'H')).toEqual(sorted('7S JH 8D'));
  });
});
