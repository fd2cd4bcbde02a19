/**
 * docs/rules/COINCHE.md §5 scoring on the 22 worked examples of §7 (and the pot follow-ups), at the
 * formula level, for both layers: the readable `scoreCoincheDeal` and the fast
 * `scoreCoincheInto`. (The conformance fixtures replay the same examples as whole records.)
 */
import { describe, expect, it } from 'vitest';
import { scoreCoincheDeal } from './coinche-scoring.js';
import { scoreCoincheInto } from './fast/coinche.js';
import { OUTCOME_DEDANS, OUTCOME_LITIGE, OUTCOME_MADE } from './fast/dealing.js';
import type { BidValue, Multiplier, Team } from './types.js';

interface Row {
  n: number;
  value: BidValue;
  m?: Multiplier;
  /** Takers' and defenders' card points (takers = team 0 here). */
  pts: [number, number];
  /** Tricks (default 4/4; 8/0 for a takers' capot, 0/8 for the defenders'). */
  tricks?: [number, number];
  belote?: [number, number];
  ann?: [number, number];
  outcome: 'made' | 'dedans' | 'litige';
  written: [number, number];
  pot?: number;
}

const EXAMPLES: Row[] = [
  { n: 1, value: 90, pts: [92, 70], outcome: 'made', written: [182, 70] },
  { n: 2, value: 100, pts: [92, 70], outcome: 'dedans', written: [0, 260] },
  { n: 3, value: 110, pts: [99, 63], belote: [20, 0], outcome: 'made', written: [229, 63] },
  { n: 4, value: 120, pts: [99, 63], belote: [20, 0], outcome: 'dedans', written: [20, 280] },
  { n: 5, value: 80, pts: [70, 92], belote: [20, 0], outcome: 'dedans', written: [20, 240] },
  { n: 6, value: 90, m: 2, pts: [92, 70], outcome: 'made', written: [500, 0] },
  { n: 7, value: 100, m: 2, pts: [92, 70], belote: [0, 20], outcome: 'dedans', written: [0, 560] },
  { n: 8, value: 80, m: 4, pts: [92, 70], outcome: 'made', written: [960, 0] },
  { n: 9, value: 80, m: 4, pts: [70, 92], belote: [20, 0], outcome: 'dedans', written: [20, 960] },
  { n: 10, value: 'capot', pts: [162, 0], tricks: [8, 0], belote: [20, 0], outcome: 'made', written: [522, 0] },
  { n: 11, value: 'capot', pts: [92, 70], outcome: 'dedans', written: [0, 410] },
  { n: 12, value: 120, pts: [162, 0], tricks: [8, 0], outcome: 'made', written: [372, 0] },
  { n: 13, value: 'capot', m: 2, pts: [162, 0], tricks: [8, 0], outcome: 'made', written: [1000, 0] },
  { n: 14, value: 80, m: 2, pts: [162, 0], tricks: [8, 0], outcome: 'made', written: [660, 0] },
  { n: 15, value: 80, pts: [0, 162], tricks: [0, 8], outcome: 'dedans', written: [0, 240] },
  { n: 16, value: 80, pts: [81, 81], outcome: 'litige', written: [0, 81], pot: 81 },
  { n: 17, value: 90, pts: [81, 81], outcome: 'dedans', written: [0, 250] },
  { n: 18, value: 80, m: 2, pts: [81, 81], outcome: 'dedans', written: [0, 480] },
  { n: 19, value: 90, pts: [71, 91], belote: [20, 0], outcome: 'litige', written: [20, 91], pot: 71 },
  { n: 20, value: 160, pts: [62, 100], ann: [150, 0], outcome: 'made', written: [372, 100] },
  { n: 21, value: 100, pts: [100, 62], ann: [0, 150], outcome: 'dedans', written: [0, 410] },
  { n: 22, value: 100, pts: [162, 0], tricks: [8, 0], ann: [0, 100], outcome: 'made', written: [452, 0] },
];

const FAST_OUTCOME = { made: OUTCOME_MADE, dedans: OUTCOME_DEDANS, litige: OUTCOME_LITIGE } as const;

/** Score a row with the takers as `taker` (the row is written for takers = team 0). */
function both(r: Row, taker: Team, potIn = 0, tie: 'litige' | 'dedans' = 'litige') {
  const flip = <T>(x: [T, T]): [T, T] => (taker === 0 ? x : [x[1], x[0]]);
  const points = flip(r.pts);
  const tricks = flip(r.tricks ?? [4, 4]);
  const belote = flip(r.belote ?? [0, 0]);
  const ann = flip(r.ann ?? [0, 0]);
  const readable = scoreCoincheDeal({ takerTeam: taker, points, tricks, belote, announcements: ann }, { value: r.value, coinche: r.m ?? 1 }, tie, potIn);
  const beloteTeam = belote[0] ? 0 : belote[1] ? 1 : -1;
  const fast = scoreCoincheInto(new Int32Array(5), taker, r.value === 'capot' ? 250 : r.value, r.m ?? 1, points, tricks, beloteTeam, ann[0], ann[1], tie === 'dedans', potIn);
  return { readable, fast, flip };
}

describe('docs/rules/COINCHE.md §7 worked examples (both layers, takers either team)', () => {
  it.each(EXAMPLES.map((r) => [r.n, r] as const))('example %i', (_, r) => {
    for (const taker of [0, 1] as Team[]) {
      const { readable, fast, flip } = both(r, taker);
      expect(readable.outcome).toBe(r.outcome);
      expect(readable.written).toEqual(flip(r.written));
      expect(readable.litigePot).toBe(r.pot ?? 0);
      const capot = r.tricks?.[0] === 8 ? taker : r.tricks?.[1] === 8 ? 1 - taker : null;
      expect(readable.capot).toBe(capot);
      expect([fast[0], fast[1], fast[2], fast[3], fast[4]]).toEqual([...flip(r.written), r.pot ?? 0, FAST_OUTCOME[r.outcome], capot ?? -1]);
    }
  });
});

describe('the litige pot (docs/rules/COINCHE.md §5 and the paragraph under §7)', () => {
  const ex1: Row = EXAMPLES[0]!;
  it('example 16 then a made 90♥ (92/70) by either team: that team writes 182 + 81', () => {
    for (const taker of [0, 1] as Team[]) {
      const { readable, fast, flip } = both(ex1, taker, 81);
      expect(readable.written).toEqual(flip([263, 70]));
      expect(readable.litigePot).toBe(0);
      expect([fast[0], fast[1], fast[2]]).toEqual([...flip([263, 70]), 0]);
    }
  });
  it('or the defenders of a failed next contract write their 160 + … + 81', () => {
    const { readable, fast } = both(EXAMPLES[1]!, 0, 81);
    expect(readable.written).toEqual([0, 160 + 100 + 81]);
    expect([fast[0], fast[1], fast[2]]).toEqual([0, 341, 0]);
  });
  it('is added after multiplication (coinched, surcoinched, made or failed)', () => {
    expect(both(EXAMPLES[5]!, 0, 81).readable.written).toEqual([500 + 81, 0]);
    expect(both(EXAMPLES[6]!, 0, 81).readable.written).toEqual([0, 560 + 81]);
    expect(both(EXAMPLES[7]!, 1, 81).readable.written).toEqual([0, 960 + 81]);
    expect(both(EXAMPLES[8]!, 0, 81).readable.written).toEqual([20, 960 + 81]);
  });
  it('a further litige adds to it; a capot by either side wins it', () => {
    const r = both(EXAMPLES[18]!, 1, 81);
    expect(r.readable.written).toEqual([91, 20]);
    expect(r.readable.litigePot).toBe(81 + 71);
    expect(r.fast[2]).toBe(152);
    expect(both(EXAMPLES[14]!, 0, 152).readable.written).toEqual([0, 240 + 152]);
    expect(both(EXAMPLES[11]!, 1, 152).readable.written).toEqual([0, 372 + 152]);
  });
  it('tie: dedans scores an uncoinched tie as dedans (takers\' contract reached but not beaten)', () => {
    const { readable, fast } = both(EXAMPLES[15]!, 0, 0, 'dedans');
    expect(readable.outcome).toBe('dedans');
    expect(readable.written).toEqual([0, 240]);
    expect([fast[0], fast[1], fast[3]]).toEqual([0, 240, OUTCOME_DEDANS]);
  });
});

describe('rules of §5 not in the table', () => {
  it('a capot bid made coinché keeps the 250 base; surcoinché ×4', () => {
    const r = both({ n: 0, value: 'capot', m: 4, pts: [162, 0], tricks: [8, 0], belote: [20, 0], outcome: 'made', written: [4 * (250 + 20 + 250), 0] }, 0);
    expect(r.readable.written).toEqual([2080, 0]);
  });
  it('a capot bid: 162 card points without all eight tricks is still dedans', () => {
    const r = both({ n: 0, value: 'capot', pts: [162, 0], tricks: [7, 1], outcome: 'dedans', written: [0, 410] }, 0);
    expect(r.readable.outcome).toBe('dedans');
    expect(r.readable.capot).toBeNull();
  });
  it('the defenders\' belote is kept on a made uncoinched contract, not multiplied on a made coinched one', () => {
    expect(both({ n: 0, value: 80, pts: [100, 62], belote: [0, 20], outcome: 'made', written: [180, 82] }, 0).readable.written).toEqual([180, 82]);
    expect(both({ n: 0, value: 80, m: 2, pts: [100, 62], belote: [0, 20], outcome: 'made', written: [480, 20] }, 0).readable.written).toEqual([480, 20]);
  });
  it('announcements go to the team writing the contract, except an uncoinched made contract without capot', () => {
    // takers' tierce wins (20): made, each keeps its own
    expect(both({ n: 0, value: 80, pts: [100, 62], ann: [20, 0], outcome: 'made', written: [200, 62] }, 0).readable.written).toEqual([200, 62]);
    // coinched made: all announcements inside the bracket
    expect(both({ n: 0, value: 80, m: 2, pts: [100, 62], ann: [20, 0], outcome: 'made', written: [520, 0] }, 0).readable.written).toEqual([520, 0]);
    // failed: the defenders write the takers' announcements
    expect(both({ n: 0, value: 130, pts: [100, 62], ann: [20, 0], outcome: 'dedans', written: [0, 310] }, 0).readable.written).toEqual([0, 310]);
  });
  it('made needs ≥ the contract and > the defence: exactly the contract is enough', () => {
    expect(both({ n: 0, value: 100, pts: [100, 62], outcome: 'made', written: [200, 62] }, 0).readable.outcome).toBe('made');
    expect(both({ n: 0, value: 80, pts: [80, 82], outcome: 'dedans', written: [0, 240] }, 0).readable.outcome).toBe('dedans');
  });
});
