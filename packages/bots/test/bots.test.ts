/**
 * Whole games through the real engine: every decision of every level is legal (checked
 * with checkAction before apply), a table of four bots plays a game to its end, and the
 * same seed gives the same decisions.
 */
import { checkAction, seededRng, viewFor, type GameView, type Rules } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { oneGame, type Player } from '../bench/arena.js';
import { decide, type BotLevel } from '../src/index.js';

const FAST_STRONG = { samples: 4, nodes: 400_000, bidSamples: 4, timeMs: 60_000 };

function checkedGames(players: [Player, Player, Player, Player], games: number, seed: string, maxDeals = 30, rules: Partial<Rules> = {}): number {
  let decisions = 0;
  for (let g = 0; g < games; g++) {
    oneGame(`${seed}:${g}`, {
      players,
      rng: seededRng(`${seed}:bots:${g}`),
      budget: FAST_STRONG,
      onAction: (state, _view, action) => {
        decisions++;
        expect(checkAction(state, action)).toBeNull();
      },
    }, rules, maxDeals);
  }
  return decisions;
}

describe('bots play only legal actions', () => {
  it('easy and normal over thousands of decisions', () => {
    const n = checkedGames(['easy', 'normal', 'easy', 'normal'], 12, 'legal-h');
    expect(n).toBeGreaterThan(3000);
  });
  it('normal against random players, announcements on', () => {
    let n = 0;
    for (let g = 0; g < 8; g++) {
      oneGame(`ann:${g}`, {
        players: ['normal', 'random', 'normal', 'random'],
        rng: seededRng(`ann:${g}`),
        onAction: (state, _v, action) => { n++; expect(checkAction(state, action)).toBeNull(); },
      }, { announcements: true }, 20);
    }
    expect(n).toBeGreaterThan(1000);
  });
  it('strong (small budget) in whole deals', () => {
    const n = checkedGames(['strong', 'normal', 'strong', 'easy'], 1, 'legal-s', 4);
    expect(n).toBeGreaterThan(100);
  }, 180_000);
});

describe('bots play only legal actions in coinche', () => {
  const COINCHE = { variant: 'coinche' } as const;
  it('easy and normal over thousands of decisions, calls of every kind', () => {
    const calls = new Set<string>();
    let n = 0;
    for (let g = 0; g < 10; g++) {
      oneGame(`coinche-h:${g}`, {
        players: ['easy', 'normal', 'easy', 'normal'],
        rng: seededRng(`coinche-h:${g}`),
        onAction: (state, _v, action) => { n++; expect(checkAction(state, action)).toBeNull(); if (action.type !== 'play') calls.add(action.type); },
      }, { ...COINCHE, announcements: g % 2 === 0 }, 30);
    }
    expect(n).toBeGreaterThan(3000);
    expect([...calls].sort()).toEqual(['bid', 'coinche', 'pass']);
  });
  it('normal against random callers (coinches and surcoinches to answer)', () => {
    expect(checkedGames(['normal', 'random', 'normal', 'random'], 6, 'coinche-r', 20, COINCHE)).toBeGreaterThan(1000);
  });
  it('strong (small budget) in whole coinche deals', () => {
    expect(checkedGames(['strong', 'normal', 'strong', 'random'], 1, 'coinche-s', 4, COINCHE)).toBeGreaterThan(100);
  }, 180_000);
  it('a table of four bots plays a coinche game to 2000', () => {
    const r = oneGame('four-coinche', { players: ['normal', 'easy', 'normal', 'easy'], rng: seededRng('four-c') }, COINCHE);
    expect(r.winner).not.toBeNull();
    expect(Math.max(...r.state.totals)).toBeGreaterThanOrEqual(2000);
  });
});

describe('a table of four bots', () => {
  it('plays a whole game to the end', () => {
    const r = oneGame('four-bots', { players: ['normal', 'easy', 'normal', 'easy'], rng: seededRng('four') });
    expect(r.winner).not.toBeNull();
    expect(r.state.winner).toBe(r.winner);
    expect(Math.max(...r.state.totals)).toBeGreaterThanOrEqual(1000);
  });
});

describe('determinism', () => {
  it('the same seed gives the same decision at every level, both variants', () => {
    const views: GameView[] = [];
    for (const rules of [{}, { variant: 'coinche' as const }]) {
      const mine: GameView[] = [];
      oneGame('det', {
        players: ['normal', 'normal', 'normal', 'normal'],
        rng: seededRng('det'),
        onAction: (state, _v, action) => { if (mine.length < 60) mine.push(viewFor(state, action.seat)); },
      }, rules, 10);
      views.push(...mine);
    }
    expect(views.length).toBe(120);
    for (const level of ['easy', 'normal', 'strong'] as BotLevel[]) {
      for (const v of views.filter((_, i) => level !== 'strong' || i % 6 === 0)) {
        const a = decide(v, { level, rng: seededRng('x'), budget: FAST_STRONG });
        const b = decide(structuredClone(v), { level, rng: seededRng('x'), budget: FAST_STRONG });
        expect(b).toEqual(a);
      }
    }
  }, 120_000);
});
