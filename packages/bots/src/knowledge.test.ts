/**
 * What a play reveals (excludedBy): failing to follow, to trump or to overtrump each rule
 * out exactly the cards that would have made the play illegal.
 */
import { cardId, maskOf, suitMask, suitId, type Card } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { excludedBy, trumpsAbove } from './knowledge.js';

const ids = (cs: string[]): number[] => cs.map((c) => cardId(c as Card));
const H = suitId('H');
const S = suitId('S');

describe('excludedBy', () => {
  it('nothing for the leader or a card of the suit led', () => {
    expect(excludedBy([], cardId('7S'), H)).toBe(0);
    expect(excludedBy(ids(['AS']), cardId('7S'), H)).toBe(0);
  });
  it('trump led, a plain card: no trumps at all', () => {
    expect(excludedBy(ids(['9H']), cardId('AS'), H)).toBe(suitMask(H));
  });
  it('trump led, a lower trump: nothing above the highest trump in the trick', () => {
    expect(excludedBy(ids(['9H']), cardId('7H'), H)).toBe(maskOf(['JH'] as Card[]));
    expect(excludedBy(ids(['AH', 'KH']), cardId('8H'), H)).toBe(trumpsAbove(H, 5));
  });
  it('plain led, opponent winning, a discard: void in the suit and in trumps', () => {
    expect(excludedBy(ids(['AS']), cardId('7D'), H)).toBe(suitMask(S) | suitMask(H));
  });
  it('plain led, partner winning, a discard: only void in the suit led', () => {
    expect(excludedBy(ids(['AS', '7S']), cardId('7D'), H)).toBe(suitMask(S));
  });
  it('plain led and trumped, an undertrump: no higher trump', () => {
    expect(excludedBy(ids(['AS', '9H']), cardId('7H'), H)).toBe(suitMask(S) | maskOf(['JH'] as Card[]));
  });
});
