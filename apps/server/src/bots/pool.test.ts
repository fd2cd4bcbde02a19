import { decide } from '@belote/bots';
import { apply, currentDeal, newGame, seededRng, shuffledDeck, startDeal, viewFor, type GameState, type GameView, type Seat } from '@belote/rules';
import { afterAll, describe, expect, it } from 'vitest';
import { BotPool } from './pool.js';
import { acquireBotPool } from './shared.js';

const SMALL = { samples: 3, nodes: 300_000, bidSamples: 3 };

/** A game after one deal start and `passes` passes, and the view of the seat to act. */
function viewAt(seed: string, passes = 0): { state: GameState; view: GameView } {
  const started = startDeal(newGame({ target: 301 }), 0, shuffledDeck(seededRng(seed)));
  if (!started.ok) throw new Error(started.error.message);
  let state = started.state;
  for (let i = 0; i < passes; i++) {
    const r = apply(state, { type: 'pass', seat: currentDeal(state)!.turn as Seat });
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
  return { state, view: viewFor(state, currentDeal(state)!.turn as Seat) };
}

const pool = new BotPool(2);
afterAll(() => pool.close());

describe('bot pool', () => {
  it('decides in a worker exactly what decide() returns on the main thread for the same seed', async () => {
    for (const [i, seed] of ['a', 'b', 'c'].entries()) {
      const { view } = viewAt(seed, i);
      const inWorker = await pool.decide(view, 'strong', 42, SMALL);
      expect(inWorker).toEqual(decide(view, { level: 'strong', rng: seededRng(42), budget: SMALL }));
    }
    expect(pool.started).toBeGreaterThanOrEqual(1);
    expect(pool.started).toBeLessThanOrEqual(2);
  });

  it('queues requests beyond its size and answers each one', async () => {
    const views = ['d', 'e', 'f', 'g', 'h'].map((s) => viewAt(s).view);
    const answers = await Promise.all(views.map((v) => pool.decide(v, 'normal', 1, null)));
    expect(answers).toEqual(views.map((v) => decide(v, { level: 'normal', rng: seededRng(1) })));
    expect(pool.started).toBeLessThanOrEqual(2);
  });

  it("returns decide()'s error (not this seat's turn) and keeps working", async () => {
    const { state, view } = viewAt('i');
    const other = viewFor(state, ((view.viewer as number) + 1) % 4 as Seat);
    await expect(pool.decide(other, 'strong', 1, SMALL)).rejects.toThrow(/not this seat's turn/);
    expect((await pool.decide(view, 'normal', 1, null)).type).toMatch(/pass|take/);
  });

  it('fails a decision past its deadline and replaces the worker', async () => {
    // 1 s: far below the slow search (a million sampled decks, cut at 10 s: a fast CI machine went
    // through 1000 in under a second), far above a normal decision even on a busy machine (50 ms
    // failed the replaced worker's first decision at load 10)
    const slow = new BotPool(1, 1000);
    try {
      const { view } = viewAt('j');
      await expect(slow.decide(view, 'strong', 1, { bidSamples: 1_000_000, timeMs: 10_000 })).rejects.toThrow(/timed out after 1000 ms/);
      expect((await slow.decide(view, 'normal', 1, null)).type).toMatch(/pass|take/);
    } finally {
      await slow.close();
    }
  });

  it('close() fails pending work and refuses more', async () => {
    const p = new BotPool(1);
    const { view } = viewAt('k');
    const pending = p.decide(view, 'strong', 1, SMALL).catch((e: Error) => e.message);
    const waiting = p.decide(view, 'strong', 2, SMALL).catch((e: Error) => e.message);
    await p.close();
    expect(await pending).toMatch(/closed/);
    expect(await waiting).toMatch(/closed/);
    await expect(p.decide(view, 'normal', 1, null)).rejects.toThrow(/closed/);
    expect(p.started).toBe(0);
  });

  it('the shared pool lives while someone uses it', async () => {
    const a = acquireBotPool(1);
    const b = acquireBotPool(1);
    expect(b.runner).toBe(a.runner);
    a.release();
    a.release();
    const { view } = viewAt('l');
    expect((await b.runner.decide(view, 'normal', 1, null)).type).toMatch(/pass|take/);
    b.release();
    await expect(b.runner.decide(view, 'normal', 1, null)).rejects.toThrow(/closed/);
    const c = acquireBotPool(1);
    expect(c.runner).not.toBe(a.runner);
    c.release();
  });
});
