/**
 * The double-dummy solver against the frozen v1 solver (bench/baseline-v1, main 7c210d6) on full
 * random deals: the search's speed-ups (probe steps, trump bounds, the last trick played out) must
 * not change a single value. And the worth-bounded modes the bot uses on full deals: exact written
 * scores with tolerance 0, and the coarse mode's bounds (every breakpoint settled).
 */
import { legalMask, maskCards, seededRng, shuffledDeck, cardId, type CardId, type Seat } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { solveMoves as solveV1 } from '../bench/baseline-v1/strong/solver.js';
import { solveMoves } from '../src/strong/solver.js';

/** A random deal, `played` cards into it (legal, random), the trick in progress included. */
function deal(rng: () => number, played: number): { hands: number[]; trump: number; leader: Seat; trick: CardId[]; moves: CardId[]; seat: number } {
  const deck = shuffledDeck(rng).map(cardId);
  const hands = [0, 1, 2, 3].map((s) => deck.slice(s * 8, s * 8 + 8).reduce((m, c) => m | (1 << c), 0));
  const trump = Math.floor(rng() * 4);
  let leader = Math.floor(rng() * 4) as Seat;
  let trick: CardId[] = [];
  for (let i = 0; i < played; i++) {
    const s = (leader + trick.length) & 3;
    const legal = maskCards(legalMask(hands[s]!, trick, trump));
    const c = legal[Math.floor(rng() * legal.length)]!;
    hands[s] = hands[s]! & ~(1 << c);
    trick.push(c);
    if (trick.length === 4) {
      // Any winner will do for a test position: the next leader is random.
      leader = Math.floor(rng() * 4) as Seat;
      trick = [];
    }
  }
  const seat = (leader + trick.length) & 3;
  return { hands, trump, leader, trick, seat, moves: maskCards(legalMask(hands[seat]!, trick, trump)) };
}

describe('solver against the v1 solver', () => {
  it('gives the same exact card points on full deals, first trick and later', () => {
    const rng = seededRng('solver-v1');
    for (let i = 0; i < 24; i++) {
      const pos = deal(rng, [0, 1, 2, 3, 4, 6, 9, 13][i % 8]!);
      const team = (i & 1) as 0 | 1;
      expect(solveMoves(pos, team, pos.moves)).toEqual(solveV1(pos, team, pos.moves));
    }
  });

  it('with capots, tolerance 0 gives the exact written score; coarse bounds settle every breakpoint', () => {
    const rng = seededRng('solver-worth-full');
    // A classic contract's shape: lost below 82 (flat), 2 per point when made, capots on both ends.
    const worth = (v: number): number => (v === 252 ? 500 : v === -90 ? -500 : v < 82 ? -162 : 2 * v - 162);
    const jumpInside = (lo: number, hi: number): boolean => {
      for (let b = lo + 1; b <= hi; b++) if (worth(b) - worth(b - 1) > 10) return true;
      return false;
    };
    let coarseLoose = 0;
    for (let i = 0; i < 16; i++) {
      const pos = deal(rng, [0, 1, 3, 5][i % 4]!);
      const team = (i & 1) as 0 | 1;
      const tricksWon: [number, number] = [0, 0];
      const exact = solveMoves({ ...pos, tricksWon }, team, pos.moves)!;
      const bounds: number[] = [];
      solveMoves({ ...pos, tricksWon }, team, pos.moves, false, { worth, tolerance: 0, bounds });
      exact.forEach((v, m) => {
        expect(worth(bounds[2 * m]!)).toBe(worth(v));
        expect(worth(bounds[2 * m + 1]!)).toBe(worth(v));
      });
      solveMoves({ ...pos, tricksWon }, team, pos.moves, false, { worth, tolerance: 0, bounds, coarse: true });
      exact.forEach((v, m) => {
        const [lo, hi] = [bounds[2 * m]!, bounds[2 * m + 1]!];
        expect(lo).toBeLessThanOrEqual(v);
        expect(hi).toBeGreaterThanOrEqual(v);
        expect(jumpInside(lo, hi)).toBe(false);
        if (lo < hi) coarseLoose++;
      });
    }
    expect(coarseLoose).toBeGreaterThan(10); // the coarse mode does leave made contracts' points open
  });
});
