/**
 * PIMC card play: legal, deterministic for a seed under a node budget, and falling back to
 * the heuristic's card when the budget allows no complete sample.
 */
import { maskOf, seededRng, type GameView, type Rules } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { oneGame } from '../../bench/arena.js';
import { heuristicPlay } from '../heuristic/play.js';
import { knowledgeOf } from '../knowledge.js';
import { lastSearch, pimcPlay, pimcSamples } from './pimc.js';

/** Card decisions with a choice from a game of normal bots (those with at most `cards` in hand). */
function playViews(n: number, rules: Partial<Rules> = {}, cards = 8): GameView[] {
  const out: GameView[] = [];
  oneGame('pimc', {
    players: ['normal', 'normal', 'normal', 'normal'],
    rng: seededRng('pimc'),
    onAction: (_s, v) => {
      if (v.deal!.phase === 'play' && v.deal!.legal.length > 1 && (v.deal!.hand?.length ?? 8) <= cards && out.length < n) out.push(v);
    },
  }, rules, 12);
  return out;
}

describe('pimc play', () => {
  const views = playViews(40);
  it('returns a legal card, the same one for the same seed', () => {
    for (const v of views) {
      const legal = maskOf(v.deal!.legal);
      const budget = { samples: 6, nodes: 300_000, timeMs: 60_000 };
      const a = pimcPlay(knowledgeOf(v), legal, seededRng('p'), budget);
      expect(legal & (1 << a)).not.toBe(0);
      expect(pimcPlay(knowledgeOf(v), legal, seededRng('p'), budget)).toBe(a);
    }
  }, 180_000);
  it('stops a search at the same node whatever was searched before in the process (same seed, same decision)', () => {
    const v = views[0]!;
    const legal = maskOf(v.deal!.legal);
    const budget = { samples: 30, nodes: 200_000, timeMs: Infinity };
    const first = pimcSamples(knowledgeOf(v), legal, seededRng('n'), budget);
    const spent = lastSearch.nodes;
    for (const other of views.slice(1, 4)) pimcPlay(knowledgeOf(other), maskOf(other.deal!.legal), seededRng('o'), { samples: 3, nodes: 77_777, timeMs: Infinity });
    const again = pimcSamples(knowledgeOf(v), legal, seededRng('n'), budget);
    expect(lastSearch.nodes).toBe(spent);
    expect(again.margins).toEqual(first.margins);
  });
  it('solving each move only as far as its written score needs gives the exact written scores (capots counted)', () => {
    let capots = 0;
    for (const rules of [{}, { variant: 'coinche' as const }]) {
      for (const v of playViews(60, rules, 4)) {
        const k = knowledgeOf(v);
        const legal = maskOf(v.deal!.legal);
        const budget = { samples: 4, nodes: Infinity, timeMs: Infinity };
        const exact = pimcSamples(k, legal, seededRng('w'), budget, undefined, { capot: true });
        const fast = pimcSamples(k, legal, seededRng('w'), budget, undefined, { capot: true, tolerance: 0, guess: true });
        expect(fast.margins).toEqual(exact.margins);
        capots += exact.margins.flat().filter((m) => Math.abs(m) >= 252).length;
      }
    }
    expect(capots).toBeGreaterThan(0); // a capot was on the line in some sampled deal
  }, 180_000);
  it('coarse solves (the first trick by default): deterministic, and each margin within a made contract\'s spread of the exact one', () => {
    let equal = 0;
    for (const v of playViews(30, {}, 5)) {
      const k = knowledgeOf(v);
      const legal = maskOf(v.deal!.legal);
      const budget = { samples: 4, nodes: Infinity, timeMs: Infinity, coarseCards: 32 };
      const a = pimcPlay(k, legal, seededRng('c'), budget);
      expect(legal & (1 << a)).not.toBe(0);
      expect(pimcPlay(knowledgeOf(v), legal, seededRng('c'), budget)).toBe(a);
      const exact = pimcSamples(k, legal, seededRng('w'), budget, undefined, { capot: true, tolerance: 0, guess: true });
      const coarse = pimcSamples(k, legal, seededRng('w'), budget, undefined, { capot: true, tolerance: 0, guess: true, coarse: true });
      exact.margins.forEach((ms, i) =>
        ms.forEach((m, n) => {
          // Between two breakpoints a classic score rises 2 per card point (at most 81 points apart).
          expect(Math.abs(coarse.margins[i]![n]! - m)).toBeLessThanOrEqual(81);
          if (coarse.margins[i]![n] === m) equal++;
        }),
      );
    }
    expect(equal).toBeGreaterThan(0); // a lost contract is exact in one probe
  }, 180_000);
  it('weighs heuristic play-outs: on the solved samples, drawing nothing from the rng, deciding when weighed heavily', () => {
    let decided = 0;
    let leads = 0;
    const views = playViews(60, {}, 7);
    for (const v of views) {
      const k = knowledgeOf(v);
      const legal = maskOf(v.deal!.legal);
      const budget = { samples: 4, nodes: 400_000, timeMs: Infinity };
      const opts = { capot: true, tolerance: 0, guess: true };
      if (k.trick.length === 0) leads++;
      const plain = pimcSamples(k, legal, seededRng('r'), budget, undefined, opts);
      const rolled = pimcSamples(k, legal, seededRng('r'), budget, undefined, { ...opts, rollouts: true });
      expect(plain.rolls).toBeUndefined();
      expect(rolled.margins).toEqual(plain.margins);
      rolled.rolls!.forEach((r, i) => expect(r.length).toBe(plain.margins[i]!.length));
      const sum = (i: number): number => rolled.rolls![i]!.reduce((a, x) => a + x, 0);
      const chosen = rolled.moves.indexOf(pimcPlay(k, legal, seededRng('r'), { ...budget, rollouts: 1e6 }));
      expect(sum(chosen)).toBe(Math.max(...rolled.moves.map((_, i) => sum(i))));
      if (rolled.moves.some((_, i) => sum(i) !== sum(0))) decided++;
    }
    expect(leads).toBeGreaterThan(5);
    expect(leads).toBeLessThan(views.length);
    expect(decided).toBeGreaterThan(5);
  }, 180_000);
  it('values a play-out the same through the worth table as through the written score (classic and coinche, capots included)', () => {
    let capots = 0;
    for (const rules of [{}, { variant: 'coinche' as const }]) {
      for (const v of playViews(30, rules, 5)) {
        const k = knowledgeOf(v);
        const legal = maskOf(v.deal!.legal);
        const budget = { samples: 3, nodes: Infinity, timeMs: Infinity };
        const table = pimcSamples(k, legal, seededRng('t'), budget, undefined, { capot: true, tolerance: 0, guess: true, rollouts: true });
        const direct = pimcSamples(k, legal, seededRng('t'), budget, undefined, { rollouts: true });
        expect(table.rolls).toEqual(direct.rolls);
        capots += table.rolls!.flat().filter((m) => Math.abs(m) >= 252).length;
      }
    }
    expect(capots).toBeGreaterThan(0);
  }, 180_000);
  it("plays the heuristic's card when no sample can be solved in the budget", () => {
    for (const v of views.slice(0, 10)) {
      const k = knowledgeOf(v);
      const legal = maskOf(v.deal!.legal);
      if (k.deal.handCounts[k.seat] < 6) continue;
      expect(pimcPlay(k, legal, seededRng('q'), { samples: 5, nodes: 1, timeMs: 60_000 })).toBe(heuristicPlay(k, legal));
    }
  });
});
