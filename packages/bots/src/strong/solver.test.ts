/**
 * The double-dummy solver against a plain minimax written straight from the engine's rules
 * (legalMask, winningIndex, trickPoints) on small random positions, mid-trick ones included.
 */
import { legalMask, maskCards, seededRng, shuffledDeck, cardId, trickPoints, winningIndex, type CardId, type Seat } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { solveMoves } from './solver.js';

function minimax(hands: number[], trump: number, leader: number, trick: CardId[], team: number): number {
  const seat = (leader + trick.length) & 3;
  if (trick.length === 4) {
    const w = (leader + winningIndex(trick, trump)) & 3;
    const last = hands.every((h) => h === 0);
    const gain = (w & 1) === team ? trickPoints(trick, trump) + (last ? 10 : 0) : 0;
    return last ? gain : gain + minimax(hands, trump, w, [], team);
  }
  const moves = maskCards(legalMask(hands[seat]!, trick, trump));
  const vals = moves.map((c) => {
    const h = hands.slice();
    h[seat] = h[seat]! & ~(1 << c);
    return minimax(h, trump, leader, [...trick, c], team);
  });
  return (seat & 1) === team ? Math.max(...vals) : Math.min(...vals);
}

describe('double-dummy solver', () => {
  it('matches a plain minimax on small positions', () => {
    const rng = seededRng('solver');
    for (let i = 0; i < 60; i++) {
      const per = 1 + (i % 3); // 2..4 cards per hand after the trick in progress, plus the current trick
      const deck = shuffledDeck(rng).map(cardId);
      const inTrick = i % 4;
      const leader = (i % 4) as Seat;
      const hands = [0, 0, 0, 0];
      let p = 0;
      for (let s = 0; s < 4; s++) {
        const k = per + 1;
        for (let j = 0; j < k; j++) hands[s] = hands[s]! | (1 << deck[p++]!);
      }
      // Build a legal partial trick from the hands.
      const trick: CardId[] = [];
      const trump = i % 4;
      for (let j = 0; j < inTrick; j++) {
        const s = (leader + j) & 3;
        const legal = maskCards(legalMask(hands[s]!, trick, trump));
        const c = legal[Math.floor(rng() * legal.length)]!;
        hands[s] = hands[s]! & ~(1 << c);
        trick.push(c);
      }
      const seat = (leader + inTrick) & 3;
      const moves = maskCards(legalMask(hands[seat]!, trick, trump));
      const team = (i >> 2) & 1;
      const got = solveMoves({ hands, trump, leader, trick }, team as 0 | 1, moves)!;
      const want = moves.map((c) => {
        const h = hands.slice();
        h[seat] = h[seat]! & ~(1 << c);
        return minimax(h, trump, leader, [...trick, c], team);
      });
      expect(got).toEqual(want);
    }
  });
});
