/**
 * `explainCoincheDeal`: the worked examples of docs/rules/COINCHE.md §7 read back into their formulas, and
 * over random coinche games every scored summary's terms give exactly what each team wrote.
 */
import { describe, expect, it } from 'vitest';
import { explainCoincheDeal, playGame, seededRng, type DealSummary, type Rules } from '../src/index.js';

/** A summary of a deal taken by seat 0 (team 0) in hearts. */
function summary(p: Partial<DealSummary> & Pick<DealSummary, 'outcome' | 'contract' | 'points' | 'written'>): DealSummary {
  return { capot: null, taker: 0, trump: 'H', coinche: 1, belote: [0, 0], announcements: [0, 0], litigePot: 0, totals: p.written, ...p };
}
const terms = (e: ReturnType<typeof explainCoincheDeal>, team: 0 | 1) => e!.lines[team].terms.map((t) => `${t.kind}:${t.value}`);

describe('explainCoincheDeal on the worked examples', () => {
  it('1: 90 made, each team writes its points, the takers the contract too', () => {
    const e = explainCoincheDeal(summary({ outcome: 'made', contract: 90, points: [92, 70], written: [182, 70] }), 0)!;
    expect(e).toMatchObject({ outcome: 'made', reason: 'reached', contractPoints: 90, multiplier: 1, totals: [92, 70] });
    expect(terms(e, 0)).toEqual(['points:92', 'contract:90']);
    expect(terms(e, 1)).toEqual(['points:70']);
    expect(e.lines.map((l) => l.written)).toEqual([182, 70]);
  });
  it('5: 80 with belote is reached but outscored: dedans, the takers keep their belote', () => {
    const e = explainCoincheDeal(summary({ outcome: 'dedans', contract: 80, points: [70, 92], belote: [20, 0], written: [20, 240] }), 0)!;
    expect(e.reason).toBe('outscored');
    expect(terms(e, 0)).toEqual(['belote:20']);
    expect(terms(e, 1)).toEqual(['all160:160', 'contract:80']);
  });
  it('7: 100 coinché fails: (160 + belote + 100) × 2 to the defence', () => {
    const e = explainCoincheDeal(summary({ outcome: 'dedans', contract: 100, coinche: 2, points: [92, 70], belote: [0, 20], written: [0, 560] }), 0)!;
    expect(e.reason).toBe('short');
    expect(e.lines[0]).toEqual({ terms: [], multiplier: 1, pot: 0, written: 0 });
    expect(e.lines[1]).toEqual({ terms: [{ kind: 'all160', value: 160 }, { kind: 'belote', value: 20 }, { kind: 'contract', value: 100 }], multiplier: 2, pot: 0, written: 560 });
  });
  it('10, 11, 13: capot bids', () => {
    const made = explainCoincheDeal(summary({ outcome: 'made', contract: 'capot', capot: 0, points: [162, 0], belote: [20, 0], written: [522, 0] }), 0)!;
    expect(made).toMatchObject({ reason: 'takersCapot', contractPoints: 250 });
    expect(terms(made, 0)).toEqual(['capot252:252', 'belote:20', 'contract:250']);
    const failed = explainCoincheDeal(summary({ outcome: 'dedans', contract: 'capot', points: [92, 70], written: [0, 410] }), 0)!;
    expect(failed.reason).toBe('capotFailed');
    const coinched = explainCoincheDeal(summary({ outcome: 'made', contract: 'capot', coinche: 2, capot: 0, points: [162, 0], written: [1000, 0] }), 0)!;
    expect(coinched.lines[0]).toMatchObject({ terms: [{ kind: 'capot250', value: 250 }, { kind: 'contract', value: 250 }], multiplier: 2, written: 1000 });
  });
  it('15: a defenders\' capot is an ordinary dedans', () => {
    const e = explainCoincheDeal(summary({ outcome: 'dedans', contract: 80, capot: 1, points: [0, 162], written: [0, 240] }), 0)!;
    expect(e.reason).toBe('defendersCapot');
  });
  it('16 then a made 90 by the defenders: the pot held back, then won after the contract', () => {
    const tie = explainCoincheDeal(summary({ outcome: 'litige', contract: 80, points: [81, 81], written: [0, 81], litigePot: 81 }), 0)!;
    expect(tie).toMatchObject({ reason: 'tieLitige', potIn: 0, potOut: 81 });
    expect(terms(tie, 0)).toEqual([]);
    const next = explainCoincheDeal(summary({ outcome: 'made', taker: 1, contract: 90, points: [70, 92], written: [70, 263] }), 81)!;
    expect(next.takers).toBe(1);
    expect(next.lines[1]).toMatchObject({ pot: 81, written: 263 });
    expect(next.lines[0]).toMatchObject({ pot: 0, written: 70 });
  });
  it('18: a coinched tie is dedans; 19: a tie with belote is a litige of the points without it', () => {
    expect(explainCoincheDeal(summary({ outcome: 'dedans', contract: 80, coinche: 2, points: [81, 81], written: [0, 480] }), 0)!.reason).toBe('tie');
    const e = explainCoincheDeal(summary({ outcome: 'litige', contract: 90, points: [71, 91], belote: [20, 0], written: [20, 91], litigePot: 71 }), 0)!;
    expect(e).toMatchObject({ reason: 'tieLitige', totals: [91, 91] });
    expect(terms(e, 0)).toEqual(['belote:20']);
  });
  it('21: the takers\' failure gives the defence every announcement', () => {
    const e = explainCoincheDeal(summary({ outcome: 'dedans', contract: 100, points: [100, 62], announcements: [0, 150], written: [0, 410] }), 0)!;
    expect(e.reason).toBe('outscored');
    expect(terms(e, 1)).toEqual(['all160:160', 'announcements:150', 'contract:100']);
  });
  it('is null for a redeal and a classic deal', () => {
    expect(explainCoincheDeal({ ...summary({ outcome: 'redeal', contract: null, points: [0, 0], written: [0, 0] }), taker: null, trump: null }, 0)).toBeNull();
    const { contract: _c, coinche: _m, ...classic } = summary({ outcome: 'made', contract: 90, points: [92, 70], written: [92, 70] });
    expect(explainCoincheDeal(classic, 0)).toBeNull();
  });
});

describe('explainCoincheDeal over random games', () => {
  it.each([
    [{ announcements: false, tie: 'litige' }],
    [{ announcements: true, tie: 'litige' }],
    [{ announcements: true, tie: 'dedans' }],
  ] as const)('gives exactly what each team wrote (%o)', (rules) => {
    const rng = seededRng(`explain-${rules.announcements}-${rules.tie}`);
    const reasons = new Set<string>();
    let deals = 0;
    for (let g = 0; g < 60; g++) {
      const { state } = playGame({ variant: 'coinche', target: 3000, ...(rules as Partial<Rules>) }, rng);
      const history = state.deals.map((d) => d.result).filter((r) => r !== null);
      let pot = 0;
      for (const r of history) {
        const e = explainCoincheDeal(r, pot);
        if (r.outcome === 'redeal') expect(e).toBeNull();
        else {
          expect(e).not.toBeNull();
          expect(e!.lines.map((l) => l.written)).toEqual(r.written);
          expect(e!.outcome).toBe(r.outcome);
          expect(e!.potOut).toBe(r.litigePot);
          expect(e!.lines.every((l) => l.terms.every((t) => t.value !== 0))).toBe(true);
          expect(['takersCapot', 'reached'].includes(e!.reason)).toBe(r.outcome === 'made');
          reasons.add(e!.reason);
          deals++;
        }
        pot = r.litigePot;
      }
    }
    expect(deals).toBeGreaterThan(500);
    expect(reasons.size).toBeGreaterThanOrEqual(5);
  });
});
