import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';

describe('bot worker configuration', () => {
  it('defaults to one worker per spare core, 1 to 4, and the package budget', () => {
    const c = loadConfig({});
    expect(c.botWorkers).toBe(Math.min(4, Math.max(1, availableParallelism() - 1)));
    expect(c.botStrongBudget).toBeNull();
  });

  it('reads BOT_WORKERS (0 = inline) and a BOT_STRONG_BUDGET JSON object', () => {
    const c = loadConfig({ BOT_WORKERS: '0', BOT_STRONG_BUDGET: '{"samples":3,"nodes":300000,"bidSamples":3}' });
    expect(c.botWorkers).toBe(0);
    expect(c.botStrongBudget).toEqual({ samples: 3, nodes: 300_000, bidSamples: 3 });
  });

  it('refuses bad values, naming the variable', () => {
    expect(() => loadConfig({ BOT_WORKERS: '-1' })).toThrow(/BOT_WORKERS/);
    expect(() => loadConfig({ BOT_STRONG_BUDGET: '{samples:3}' })).toThrow(/BOT_STRONG_BUDGET: not JSON/);
    expect(() => loadConfig({ BOT_STRONG_BUDGET: '{"samples":0}' })).toThrow(/BOT_STRONG_BUDGET/);
    expect(() => loadConfig({ BOT_STRONG_BUDGET: '{"depth":3}' })).toThrow(/BOT_STRONG_BUDGET/);
  });
});
