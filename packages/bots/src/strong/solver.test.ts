/**
 * The double-dummy solver against a plain minimax written straight from the engine's rules
 * (legalMask, winningIndex, trickPoints) on small random positions, mid-trick ones included.
 */
import { legalMask, maskCards, seededRng, shuffledDeck, cardId, trickPoints, winningIndex, type CardId, type Seat } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { solveMoves } from './solver.js';

/**
 * `won`: which teams have taken a trick (bit 0: `team`, bit 1: the other), or null when capots
 * are not counted; a capot is worth 90 more to the team that takes every trick.
 */
function minimax(hands: number[], trump: number, leader: number, trick: CardId[], team: number, won: number | null = null): number {
  const seat = (leader + trick.length) & 3;
  if (trick.length === 4) {
    const w = (leader + winningIndex(trick, trump)) & 3;
    const last = hands.every((h) => h === 0);
    const ours = (w & 1) === team;
    const gain = ours ? trickPoints(trick, trump) + (last ? 10 : 0) : 0;
    const nWon = won === null ? null : won | (ours ? 1 : 2);
    if (!last) return gain + minimax(hands, trump, w, [], team, nWon);
    return nWon === 1 ? gain + 90 : nWon === 2 ? gain - 90 : gain;
  }
  const moves = maskCards(legalMask(hands[seat]!, trick, trump));
  const vals = moves.map((c) => {
    const h = hands.slice();
    h[seat] = h[seat]! & ~(1 << c);
    return minimax(h, trump, leader, [...trick, c], team, won);
  });
  return (seat & 1) === team ? Math.max(...vals) : Math.min(...vals);
}

/** A small random position (2–4 cards a hand after the trick in progress), mid-trick ones included. */
function position(rng: () => number, i: number): { hands: number[]; trump: number; leader: Seat; trick: CardId[]; seat: number; moves: CardId[] } {
  const per = 1 + (i % 3);
  const deck = shuffledDeck(rng).map(cardId);
  const inTrick = i % 4;
  const leader = (i % 4) as Seat;
  const hands = [0, 0, 0, 0];
  let p = 0;
  for (let s = 0; s < 4; s++) for (let j = 0; j < per + 1; j++) hands[s] = hands[s]! | (1 << deck[p++]!);
  // A legal partial trick from the hands.
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
  return { hands, trump, leader, trick, seat, moves: maskCards(legalMask(hands[seat]!, trick, trump)) };
}

function want(pos: ReturnType<typeof position>, team: number, won: number | null = null): number[] {
  return pos.moves.map((c) => {
    const h = pos.hands.slice();
    h[pos.seat] = h[pos.seat]! & ~(1 << c);
    return minimax(h, pos.trump, pos.leader, [...pos.trick, c], team, won);
  });
}

describe('double-dummy solver', () => {
  it('matches a plain minimax on small positions', () => {
    const rng = seededRng('solver');
    for (let i = 0; i < 60; i++) {
      const pos = position(rng, i);
      const team = ((i >> 2) & 1) as 0 | 1;
      expect(solveMoves(pos, team, pos.moves)!).toEqual(want(pos, team));
    }
  });

  it('counts a capot when told the tricks taken: 252 for every trick, -90 for none (docs/rules/RULES.md §7)', () => {
    const rng = seededRng('solver-capot');
    // Tricks taken by (team 0, team 1) before the position; a capot is possible in the first three.
    const histories: [number, number][] = [[0, 0], [4, 0], [0, 5], [3, 2]];
    let capots = 0;
    for (let i = 0; i < 80; i++) {
      const pos = position(rng, i);
      const team = ((i >> 2) & 1) as 0 | 1;
      const tricksWon = histories[i % 4]!;
      const won = (tricksWon[team] > 0 ? 1 : 0) | (tricksWon[1 - team]! > 0 ? 2 : 0);
      const w = want(pos, team, won === 3 ? null : won);
      capots += w.filter((v) => v > 162 || v < 0).length;
      expect(solveMoves({ ...pos, tricksWon }, team, pos.moves)!).toEqual(w);
    }
    expect(capots).toBeGreaterThan(10); // the positions do exercise the capot
  });

  it('with a worth function, refines each move only until its worth is known within the tolerance', () => {
    const rng = seededRng('solver-worth');
    // Flat below 20 points (a lost contract), then 2 per point, and a capot on top.
    const worth = (v: number): number => (v < 20 ? -50 : 2 * v + (v > 162 ? 100 : 0));
    let loose = 0;
    for (let i = 0; i < 80; i++) {
      const pos = position(rng, i);
      const team = ((i >> 2) & 1) as 0 | 1;
      const tricksWon: [number, number] = i % 2 === 0 ? [0, 0] : [1, 1];
      const won = i % 2 === 0 ? 0 : null;
      const exact = want(pos, team, won);
      for (const tolerance of [0, 12]) {
        const bounds: number[] = [];
        const guesses = pos.moves.map(() => Math.floor(rng() * 100));
        const got = solveMoves({ ...pos, tricksWon }, team, pos.moves, false, { worth, tolerance, bounds, guesses })!;
        expect(got).toHaveLength(pos.moves.length);
        exact.forEach((v, m) => {
          const [lo, hi] = [bounds[2 * m]!, bounds[2 * m + 1]!];
          expect(lo).toBeLessThanOrEqual(v);
          expect(hi).toBeGreaterThanOrEqual(v);
          expect(worth(hi) - worth(lo)).toBeLessThanOrEqual(tolerance);
          expect(got[m]).toBe((lo + hi) / 2);
          if (lo < hi) loose++;
        });
      }
    }
    expect(loose).toBeGreaterThan(10); // some moves were settled without their exact value
  });
});
