import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCombinations, detectCombinations, resolveAnnouncements } from './announcements.js';
import { maskOf, suitId, type Card, type Suit } from './cards.js';
import { announcementsInto, handCombinations } from './fast/announce.js';
import type { Combination } from './types.js';

const hand = (s: string): number => maskOf(s.trim().split(/\s+/) as Card[]);
const combos = (s: string): { kind: string; points: number; cards: string }[] =>
  detectCombinations(hand(s)).map((c) => ({ kind: c.kind, points: c.points, cards: c.cards.join(' ') }));
const best = (s: string): Combination => {
  const all = detectCombinations(hand(s));
  if (all.length !== 1) throw new Error(`expected one combination in ${s}`);
  return all[0]!;
};
const cmp = (a: string, b: string, trump: Suit = 'C'): number => Math.sign(compareCombinations(best(a), best(b), suitId(trump)));
/** Seat hands 0..3 → [team 0 points, team 1 points] and the winner. */
const resolve = (hands: string[], trump: Suit): { points: [number, number]; winner: 0 | 1 | null } => {
  const r = resolveAnnouncements(hands.map(hand), suitId(trump));
  return { points: r.points, winner: r.winner };
};

describe('§6 detection', () => {
  it('sequences in natural order 7 8 9 10 J Q K A', () => {
    expect(combos('7S 8S 9S JD QD AC KH 10H')).toEqual([{ kind: 'tierce', points: 20, cards: '7S 8S 9S' }]);
    expect(combos('10H JH QH KH 7S 9D 8C AC')).toEqual([{ kind: 'quarte', points: 50, cards: '10H JH QH KH' }]);
    expect(combos('9D 10D JD QD KD 7S 9C AH')).toEqual([{ kind: 'quinte', points: 100, cards: '9D 10D JD QD KD' }]);
  });
  it('a run of 6, 7 or 8 is one quinte (100), never split', () => {
    expect(combos('8C 9C 10C JC QC KC 7S 9D')).toEqual([{ kind: 'quinte', points: 100, cards: '8C 9C 10C JC QC KC' }]);
    expect(combos('7C 8C 9C 10C JC QC KC AC')).toEqual([{ kind: 'quinte', points: 100, cards: '7C 8C 9C 10C JC QC KC AC' }]);
  });
  it('two runs in one hand both count', () => {
    expect(combos('7S 8S 9S JH QH KH 10C AD').map((c) => c.kind)).toEqual(['tierce', 'tierce']);
  });
  it('carrés: jacks 200, nines 150, aces/tens/kings/queens 100', () => {
    expect(combos('JS JH JD JC 7S 9H AD KC')).toEqual([{ kind: 'carre', points: 200, cards: 'JS JH JD JC' }]);
    expect(combos('9S 9H 9D 9C 7S JH AD KC')[0]!.points).toBe(150);
    for (const r of ['A', '10', 'K', 'Q']) {
      expect(combos(`${r}S ${r}H ${r}D ${r}C 7S 8H 9D 7C`)[0]).toMatchObject({ kind: 'carre', points: 100 });
    }
  });
  it('four eights or four sevens are no combination and use up no cards', () => {
    expect(combos('8S 8H 8D 8C 7S 10H AD KC')).toEqual([]);
    expect(combos('7S 7H 7D 7C 8S 10H AD KC')).toEqual([]);
    // 8H still serves the run 7H 8H 9H
    expect(combos('8S 8H 8D 8C 7H 9H AD KC')).toEqual([{ kind: 'tierce', points: 20, cards: '7H 8H 9H' }]);
  });
  it('a card serving a carré and a run goes to the carré; the rest of the run may no longer count', () => {
    // 9H 10H JH QH KH would be a quinte; JH goes to the carré of jacks: 9H 10H and QH KH remain
    expect(combos('JS JH JD JC 9H 10H QH KH')).toEqual([{ kind: 'carre', points: 200, cards: 'JS JH JD JC' }]);
    // 7H 8H 9H 10H JH: the jack goes to the carré, 7H 8H 9H 10H remains a quarte
    expect(combos('JS JH JD JC 7H 8H 9H 10H').map((c) => `${c.kind} ${c.cards}`)).toEqual([
      'carre JS JH JD JC',
      'quarte 7H 8H 9H 10H',
    ]);
  });
  it('two carrés in one hand', () => {
    expect(combos('JS JH JD JC 9S 9H 9D 9C').map((c) => c.points)).toEqual([200, 150]);
  });
});

describe('§6 ranking', () => {
  it('higher points first', () => {
    expect(cmp('7S 8S 9S 10S 7H 9D JC AC', '7H 8H 9H JS 9D QD AC KC')).toBe(1); // quarte > tierce
  });
  it('on equal points a carré beats a sequence (carré of aces vs quinte)', () => {
    expect(cmp('AS AH AD AC 7S 9H 8D JC', '9D 10D JD QD KD 7S 9C AH')).toBe(1);
    expect(cmp('9D 10D JD QD KD 7S 9C AH', 'KS KH KD KC 7S 9H 8D JC')).toBe(-1);
  });
  it('two sequences of equal points: the longer first', () => {
    expect(cmp('8C 9C 10C JC QC KC 7S 9D', '9D 10D JD QD KD 7S 9C AH')).toBe(1);
  });
  it('then the higher top card', () => {
    expect(cmp('10S JS QS 7H 9D JC AC 8H', '7H 8H 9H JS 9D QD AC KC')).toBe(1);
    expect(cmp('10S JS QS KS 9D JC AC 8H', '9H 10H JH QH 9D QD AC KC')).toBe(1);
  });
  it('then the one in trump', () => {
    expect(cmp('10S JS QS 7H 9D JC AC 8H', '10H JH QH 7S 9D QD AC KC', 'H')).toBe(-1);
    expect(cmp('10S JS QS 7H 9D JC AC 8H', '10H JH QH 7S 9D QD AC KC', 'S')).toBe(1);
  });
  it('exactly equal sequences outside trump compare equal', () => {
    expect(cmp('10S JS QS 7H 9D JC AC 8H', '10H JH QH 7S 9D QD AC KC', 'D')).toBe(0);
  });
  it('two carrés of equal points: 10 < Q < K < A', () => {
    const c = (r: string): string => `${r}S ${r}H ${r}D ${r}C 7S 8H 7D 8C`;
    expect(cmp(c('Q'), c('10'))).toBe(1);
    expect(cmp(c('K'), c('Q'))).toBe(1);
    expect(cmp(c('A'), c('K'))).toBe(1);
    expect(cmp(c('J'), c('9'))).toBe(1);
  });
});

describe('§6 which team scores', () => {
  const filler = ['7S 9S JS KS 7H 9H JH KH', '8S 10S QS AS 8H 10H QH AH', '7D 9D JD KD 7C 9C JC KC', '8D 10D QD AD 8C 10C QC AC'];
  it('nobody holds a combination: nobody scores', () => {
    expect(resolve(filler, 'H')).toEqual({ points: [0, 0], winner: null });
  });
  it('the team with the best single combination scores all of its combinations (both partners)', () => {
    const hands = [
      '7S 8S 9S QD KC 10C QH 7H', // seat 0: tierce 20
      'JS JH JD JC 7D 9H QC 8H', // seat 1: carré of jacks 200 (8H 9H left of the hearts)
      'AS AH AD AC 10H 10S QS 8D', // seat 2: carré of aces 100
      'KS KH 9D 10D KD 7C 8C 9C', // seat 3: tierce 7C 8C 9C 20
    ];
    expect(new Set(hands.join(' ').split(' ')).size).toBe(32);
    expect(resolve(hands, 'H')).toEqual({ points: [0, 220], winner: 1 });
  });
  it('an exact tie between the two best: no one scores; the trump run breaks the tie', () => {
    const hands = [
      '10S JS QS 7H 9H 7D 7C 9C', // seat 0: tierce 10-Q of spades
      '10D JD QD 8H 10H 8S 8C 10C', // seat 1: tierce 10-Q of diamonds
      '7S 9S JH KH 8D 9D JC AC',
      'KS AS QH AH KD AD QC KC',
    ];
    expect(new Set(hands.join(' ').split(' ')).size).toBe(32);
    expect(resolve(hands, 'H')).toEqual({ points: [0, 0], winner: null });
    expect(resolve(hands, 'C')).toEqual({ points: [0, 0], winner: null });
    expect(resolve(hands, 'S')).toEqual({ points: [20, 0], winner: 0 });
    expect(resolve(hands, 'D')).toEqual({ points: [0, 20], winner: 1 });
  });
  it('§9: a tierce against a carré of nines: the carré wins', () => {
    const hands = [
      '10S JS QS 7H 8D KC 7D AS', // seat 0: tierce
      '8H JH KH 10D QD 10C QC 7S',
      '8S KS 10H QH JD KD JC AC',
      '9S 9H 9D 9C 7C 8C AH AD', // seat 3: carré of nines (7C 8C no longer a run)
    ];
    expect(new Set(hands.join(' ').split(' ')).size).toBe(32);
    expect(resolve(hands, 'H')).toEqual({ points: [0, 150], winner: 1 });
  });
});

describe('fast announcements agree with the readable ones', () => {
  it('on random deals', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 31 }), { minLength: 32, maxLength: 32 }), fc.integer({ min: 0, max: 3 }), (keys, trump) => {
        const deck = Array.from({ length: 32 }, (_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b);
        const hands = [0, 1, 2, 3].map((s) => deck.slice(s * 8, s * 8 + 8).reduce((m, c) => m | (1 << c), 0));
        const slow = resolveAnnouncements(hands, trump);
        const out = announcementsInto(hands, trump, new Int32Array(3));
        expect([out[0], out[1], out[2] === -1 ? null : out[2]]).toEqual([slow.points[0], slow.points[1], slow.winner]);
        for (const h of hands) {
          const sum = detectCombinations(h).reduce((a, c) => a + c.points, 0);
          expect(handCombinations(h, trump)[1]).toBe(sum);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
