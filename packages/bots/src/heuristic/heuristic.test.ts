/**
 * The heuristic's rules of thumb, checked on real situations from seeded games: bids follow
 * the jack-or-nine rule, it loads points on a trick the partner surely wins and keeps its
 * trumps there, and the takers draw trumps with the master trump.
 */
import { bit, cardId, maskOf, seededRng, suitId, suitMask, teamOf, type Card, type GameView } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { oneGame } from '../../bench/arena.js';
import { points, winningIndex } from '../cards.js';
import { knowledgeOf } from '../knowledge.js';
import { classicBid, estimateHand, heuristicBid, worthTaking } from './bid.js';
import { TAKE_FEATURES, takeFeatures, takeValue } from './take-value.js';
import { heuristicPlay } from './play.js';

function situations(n: number): GameView[] {
  const out: GameView[] = [];
  for (let g = 0; out.length < n && g < 40; g++) {
    oneGame(`h:${g}`, {
      players: ['normal', 'easy', 'normal', 'easy'],
      rng: seededRng(`h:${g}`),
      onAction: (_s, view) => { if (view.deal!.phase === 'play') out.push(view); },
    }, {}, 15);
  }
  return out;
}

describe('heuristic bidding', () => {
  const hand = (cards: string[]): number => maskOf(cards as Card[]);
  it('takes with the jack plus two trumps and an outside ace, passes without jack or nine', () => {
    expect(worthTaking(estimateHand(hand(['JH', '8H', '7H', 'AS', '8C', '9D']), suitId('H')))).toBe(true);
    expect(worthTaking(estimateHand(hand(['9H', 'AH', '10H', 'AS', '8C', '9D']), suitId('H')))).toBe(true);
    expect(worthTaking(estimateHand(hand(['AH', 'KH', '8H', 'AS', 'AC', '9D']), suitId('H')))).toBe(false);
    expect(worthTaking(estimateHand(hand(['JH', '7S', '8S', '9C', '8C', '9D']), suitId('H')))).toBe(false);
  });
  it('normal takes when the take value is positive (jack with support yes, no honour no), in the best suit in round 2; easy keeps the rule of thumb', () => {
    const H = suitId('H');
    // J 9 A of hearts (the retourne among them) and an outside ace: far above 0.
    expect(takeValue(hand(['JH', '9H', 'AH', 'AS', '8C', '9D']), H, 1, 0)).toBeGreaterThan(30);
    // No jack or nine of trump and fewer than three trumps: not a candidate at all.
    expect(takeValue(hand(['AH', 'KH', '8C', 'AS', 'AC', '9D']), H, 1, 0)).toBe(-Infinity);
    // A bare nine with nothing outside: below 0.
    expect(takeValue(hand(['9H', '7S', '8S', '9C', '8C', '7D']), H, 1, 0)).toBeLessThan(0);
    // The features are those of the hand: the jack adds its weight and nothing else changes.
    const x = takeFeatures(hand(['JH', '7H', '8S', '9C', '8C', '7D']), H, 2, 3);
    expect(x[TAKE_FEATURES.indexOf('trump J')]).toBe(1);
    expect(x[TAKE_FEATURES.indexOf('r2 dealer')]).toBe(1);
    expect(x[TAKE_FEATURES.indexOf('trump 7/8')]).toBe(1);
    expect(x[TAKE_FEATURES.indexOf('voids')]).toBe(0);
    // classicBid takes exactly when the value is above 0, in the best suit in round 2.
    const five = hand(['JS', '9S', 'AS', 'AC', '8H']);
    const retourne = cardId('7D');
    expect(classicBid(2, 1, five, retourne)).toEqual({ type: 'take', suit: 'S' });
    expect(classicBid(1, 1, five, retourne)).toEqual({ type: 'pass' });
    // easy keeps the rule of thumb (loosened).
    expect(classicBid(1, 0, hand(['9D', '8D', 'AS', 'AC', '10C']), cardId('JD'), true)).toEqual({ type: 'take' });
  });
  it('names a suit other than the retourne in round 2, the strongest one', () => {
    const view = situations(1)[0]!;
    const deal = { ...view.deal!, round: 2 as const, retourne: '7D' as Card };
    const bid = heuristicBid(deal, ['JS', '9S', 'AS', 'AC', '8H'] as Card[]);
    expect(bid).toEqual({ type: 'take', suit: 'S' });
    expect(heuristicBid(deal, ['JD', '9D', 'AD', '8C', '8H'] as Card[])).toEqual({ type: 'pass' });
  });
});

describe('heuristic card play', () => {
  const views = situations(2500);
  it('gives points and keeps trumps when last to play on the partner\'s trick', () => {
    let checked = 0;
    for (const v of views) {
      const d = v.deal!;
      if (d.trick.cards.length !== 3) continue;
      const k = knowledgeOf(v);
      const trump = k.trump!;
      const ids = k.trick;
      // The partner played the second card of the trick; it must be the one winning.
      if (winningIndex(ids, trump) !== 1) continue;
      const legal = maskOf(d.legal);
      const plain = legal & ~suitMask(trump);
      if (plain === 0) continue;
      const c = heuristicPlay(k, legal);
      expect(c >> 3).not.toBe(trump);
      const best = Math.max(...d.legal.map(cardId).filter((x) => x >> 3 !== trump).map((x) => points(x, trump)));
      // Tens and aces go first (an ace that is master may be kept when a ten is there).
      expect(points(c, trump)).toBeGreaterThanOrEqual(Math.min(best, 10));
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });
  it('the taker leads the master trump while the opponents may hold trumps', () => {
    let checked = 0;
    for (const v of views) {
      const d = v.deal!;
      if (d.trick.cards.length !== 0 || d.taker !== v.viewer) continue;
      const k = knowledgeOf(v);
      const trump = k.trump!;
      const jack = bit(trump * 8 + 4);
      if ((k.hand & jack) === 0) continue;
      const opps = [(k.seat + 1) & 3, (k.seat + 3) & 3];
      if (!opps.some((o) => (k.unseen & ~k.cannotHold[o]! & suitMask(trump)) !== 0)) continue;
      expect(heuristicPlay(k, k.hand)).toBe(trump * 8 + 4);
      expect(teamOf(k.seat)).toBe(teamOf(d.taker));
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });
});
