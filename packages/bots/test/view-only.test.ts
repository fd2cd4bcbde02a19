/**
 * A bot sees one seat's view and nothing else (classic and coinche): decide() reads no property a GameView does
 * not have (a strict deep Proxy throws on any other read and forbids writes), gives the same
 * answer on a JSON copy of the view (so nothing hidden rides along), and refuses a GameState
 * both at the type level and at run time.
 */
import { seededRng, viewFor, type GameState, type GameView, type Rules } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { oneGame } from '../bench/arena.js';
import { decide, type BotLevel } from '../src/index.js';
import { strict } from './strict-view.js';

function sampleViews(n: number, rules: Partial<Rules> = {}): { state: GameState; view: GameView }[] {
  const out: { state: GameState; view: GameView }[] = [];
  oneGame('view-only', {
    players: ['normal', 'easy', 'normal', 'easy'],
    rng: seededRng('view-only'),
    onAction: (state, _v, a) => { if (out.length < n) out.push({ state, view: viewFor(state, a.seat) }); },
  }, rules, 4);
  return out;
}

describe('bots see only a seat view', () => {
  // classic and coinche views (the coinche ones include the auction's calls)
  const samples = [...sampleViews(120), ...sampleViews(120, { variant: 'coinche' })];
  it('decide() reads only GameView fields and never writes', () => {
    for (const level of ['easy', 'normal', 'strong'] as BotLevel[]) {
      for (const { view } of samples.filter((_, i) => level !== 'strong' || i % 8 === 0)) {
        const reads = new Set<string>();
        expect(() => decide(strict(view, 'view', reads), { level, rng: seededRng(1), budget: { samples: 3, nodes: 300_000, bidSamples: 3, timeMs: 60_000 } })).not.toThrow();
        expect([...reads].some((r) => /deals|deck|hands|seed/.test(r))).toBe(false);
      }
    }
  }, 120_000);

  it('a JSON copy of the view gives the same decision (strong: its inference included)', () => {
    const budget = { samples: 3, nodes: 300_000, bidSamples: 3, timeMs: 60_000 };
    for (const [i, { view }] of samples.entries()) {
      const copy = JSON.parse(JSON.stringify(view)) as GameView;
      expect(decide(copy, { level: 'normal', rng: seededRng(2) })).toEqual(decide(view, { level: 'normal', rng: seededRng(2) }));
      if (i % 16 === 0) expect(decide(copy, { level: 'strong', rng: seededRng(2), budget })).toEqual(decide(view, { level: 'strong', rng: seededRng(2), budget }));
    }
  }, 120_000);

  it('passing a GameState throws at run time', () => {
    const { state } = samples[10]!;
    expect(() => decide(state as unknown as GameView, { level: 'normal', rng: seededRng(3) })).toThrow(TypeError);
    expect(() => decide({ ...viewFor(state, 'spectator') }, { level: 'normal', rng: seededRng(3) })).toThrow(TypeError);
  });

  it('does not type-check with a GameState', () => {
    const { state } = samples[0]!;
    // @ts-expect-error a GameState is not a GameView: the server-facing API takes views only
    const call = (): unknown => decide(state, { level: 'normal', rng: seededRng(4) });
    expect(call).toThrow(TypeError);
  });
});
