import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scoreInto } from './fast/dealing.js';
import { gameWinner, scoreDeal, type DealTally } from './scoring.js';
import type { Team } from './types.js';

/** A tally with the takers as team 0 unless said otherwise. */
const tally = (t: Partial<DealTally> & { points: [number, number] }): DealTally => ({
  takerTeam: 0,
  tricks: [4, 4],
  belote: [0, 0],
  announcements: [0, 0],
  ...t,
});

describe('§9 worked examples', () => {
  it('takers 92, defenders 70: made, 92 / 70', () => {
    expect(scoreDeal(tally({ points: [92, 70] }), 'litige', 0)).toEqual({ outcome: 'made', capot: null, written: [92, 70], litigePot: 0 });
  });
  it('same, defenders hold belote: 92 vs 90, made, 92 / 90', () => {
    expect(scoreDeal(tally({ points: [92, 70], belote: [0, 20] }), 'litige', 0).written).toEqual([92, 90]);
  });
  it('takers 70 + belote 20 = 90 vs 92: dedans, takers write 20, defenders 162', () => {
    expect(scoreDeal(tally({ points: [70, 92], belote: [20, 0] }), 'litige', 0)).toEqual({
      outcome: 'dedans',
      capot: null,
      written: [20, 162],
      litigePot: 0,
    });
  });
  it('81 / 81: litige, defenders write 81, pot 81; the next deal\'s winning team adds 81', () => {
    const l = scoreDeal(tally({ points: [81, 81] }), 'litige', 0);
    expect(l).toEqual({ outcome: 'litige', capot: null, written: [0, 81], litigePot: 81 });
    // next deal made by its takers (team 1 this time): they add the pot
    expect(scoreDeal(tally({ takerTeam: 1, points: [60, 102] }), 'litige', 81)).toEqual({
      outcome: 'made',
      capot: null,
      written: [60, 183],
      litigePot: 0,
    });
    // or dedans: the defenders add it
    expect(scoreDeal(tally({ takerTeam: 1, points: [102, 60] }), 'litige', 81).written).toEqual([162 + 81, 0]);
  });
  it('takers take all tricks with belote: capot, 252 + 20 = 272, defenders 0', () => {
    expect(scoreDeal(tally({ points: [162, 0], tricks: [8, 0], belote: [20, 0] }), 'litige', 0)).toEqual({
      outcome: 'made',
      capot: 0,
      written: [272, 0],
      litigePot: 0,
    });
  });
  it('announcements: takers tierce lost, defenders carré of nines 150; 100 vs 62 + 150: dedans, 162 + 150 = 312', () => {
    expect(scoreDeal(tally({ points: [100, 62], announcements: [0, 150] }), 'litige', 0)).toEqual({
      outcome: 'dedans',
      capot: null,
      written: [0, 312],
      litigePot: 0,
    });
  });
});

describe('§7 outcomes', () => {
  it('made needs strictly more', () => {
    expect(scoreDeal(tally({ points: [82, 80] }), 'litige', 0).outcome).toBe('made');
    expect(scoreDeal(tally({ points: [80, 82] }), 'litige', 0).outcome).toBe('dedans');
  });
  it('dedans: the defenders write 162 + all scoring announcements + their belote; the takers only their belote', () => {
    const r = scoreDeal(tally({ takerTeam: 1, points: [120, 42], belote: [20, 20], announcements: [0, 50] }), 'litige', 0);
    // takers (team 1) 42 + 20 + 50 = 112 < defenders 140: takers' announcements go to the defenders
    expect(r).toEqual({ outcome: 'dedans', capot: null, written: [162 + 50 + 20, 20], litigePot: 0 });
  });
  it('litige: takers keep their belote, the pot holds their total minus belote (announcements included)', () => {
    // takers 61 + belote 20 + tierce 20 = 101, defenders 101
    const r = scoreDeal(tally({ points: [61, 101], belote: [20, 0], announcements: [20, 0] }), 'litige', 0);
    expect(r).toEqual({ outcome: 'litige', capot: null, written: [20, 101], litigePot: 81 });
  });
  it('a further litige adds to the pot', () => {
    expect(scoreDeal(tally({ points: [81, 81] }), 'litige', 81)).toMatchObject({ outcome: 'litige', written: [0, 81], litigePot: 162 });
  });
  it('tie: dedans scores a tie as dedans (and awards a carried pot to the defenders)', () => {
    expect(scoreDeal(tally({ points: [81, 81] }), 'dedans', 0)).toEqual({ outcome: 'dedans', capot: null, written: [0, 162], litigePot: 0 });
    expect(scoreDeal(tally({ points: [71, 91], belote: [20, 0] }), 'dedans', 40).written).toEqual([20, 202]);
  });
  it('capot by the takers is made even when the defenders\' belote and announcements exceed 162', () => {
    const r = scoreDeal(tally({ points: [162, 0], tricks: [8, 0], belote: [0, 20], announcements: [0, 200] }), 'litige', 0);
    expect(r).toEqual({ outcome: 'made', capot: 0, written: [252 + 200, 20], litigePot: 0 });
  });
  it('capot by the defenders is a dedans: 252 + their belote + all announcements; takers their belote', () => {
    const r = scoreDeal(tally({ points: [0, 162], tricks: [0, 8], belote: [20, 0], announcements: [50, 0] }), 'litige', 30);
    expect(r).toEqual({ outcome: 'dedans', capot: 1, written: [20, 252 + 50 + 30], litigePot: 0 });
  });
  it('a capot team writes the announcements of either team (here its own)', () => {
    const r = scoreDeal(tally({ takerTeam: 1, points: [0, 162], tricks: [0, 8], announcements: [0, 100] }), 'litige', 0);
    expect(r.written).toEqual([0, 352]);
  });
});

describe('§8 winning the game', () => {
  it('a team at or over the target wins', () => {
    expect(gameWinner([1000, 400], 1000)).toBe(0);
    expect(gameWinner([999, 1001], 1000)).toBe(1);
    expect(gameWinner([999, 0], 1000)).toBe(null);
    expect(gameWinner([301, 0], 301)).toBe(0);
  });
  it('both over: the higher total wins; equal totals: play on', () => {
    expect(gameWinner([1010, 1100], 1000)).toBe(1);
    expect(gameWinner([1200, 1100], 1000)).toBe(0);
    expect(gameWinner([1050, 1050], 1000)).toBe(null);
  });
});

describe('the fast scorer agrees with the readable one', () => {
  it('on arbitrary tallies', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 0, max: 162 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: -1, max: 1 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom(0, 20, 50, 100, 150, 200, 370),
        fc.boolean(),
        fc.integer({ min: 0, max: 400 }),
        (taker, p0, t0, beloteTeam, annWho, annPts, tieDedans, pot) => {
          const points: [number, number] = [p0, 162 - p0];
          const tricks: [number, number] = [t0, 8 - t0];
          const belote: [number, number] = [beloteTeam === 0 ? 20 : 0, beloteTeam === 1 ? 20 : 0];
          const ann: [number, number] = [annWho === 0 ? annPts : 0, annWho === 1 ? annPts : 0];
          const slow = scoreDeal({ takerTeam: taker as Team, points, tricks, belote, announcements: ann }, tieDedans ? 'dedans' : 'litige', pot);
          const out = scoreInto(new Int32Array(5), taker, points, tricks, beloteTeam, ann[0], ann[1], tieDedans, pot);
          const outcome = ['made', 'dedans', 'litige'][out[3]!];
          expect({ outcome, capot: out[4] === -1 ? null : out[4], written: [out[0], out[1]], litigePot: out[2] }).toEqual(slow);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
