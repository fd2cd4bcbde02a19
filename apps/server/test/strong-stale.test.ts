/**
 * A `strong` decision arrives after the table moved on: it is dropped and the autoplay
 * re-plans. The worker pool is replaced by a runner whose answers the test releases by hand.
 */
import { Writable } from 'node:stream';
import type { BotLevel } from '@belote/bots';
import type { GameView, Move } from '@belote/rules';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../src/server.js';
import { seatedTable, sleep, TestClient } from './clients.js';

interface Call {
  view: GameView;
  level: BotLevel;
  answer: (a: Move) => void;
}
const calls: Call[] = [];
let released = 0;
vi.mock('../src/bots/shared.js', () => ({
  acquireBotPool: () => ({
    runner: { decide: (view: GameView, level: BotLevel) => new Promise<Move>((answer) => calls.push({ view, level, answer })) },
    release: () => void released++,
  }),
}));

let server: RunningServer;
/** Every log line's message, to tell a dropped decision from one refused by the rules. */
const logged: { level: number; msg: string }[] = [];
beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line) as { level: number; msg: string });
      done();
    },
  });
  server = await startServer(
    { port: 0, host: '127.0.0.1', botDelayMs: 0, dealPauseMs: 0, webDist: '/nonexistent', rateLimitEvents: 10_000, turnSecondMs: 10 },
    { logger: pino({ level: 'debug' }, sink) },
  );
});
afterAll(async () => {
  await server.close();
});

const waitFor = async (cond: () => boolean) => {
  for (let i = 0; !cond(); i++) {
    if (i > 500) throw new Error('timed out');
    await sleep(5);
  }
};

describe('stale strong decisions', () => {
  it('are dropped when the player acted meanwhile; the next step is planned and applied', async () => {
    const t = await seatedTable(server, { rules: { target: 301 }, options: { turnTimerSeconds: 5, botLevel: 'strong' } });
    expect(await t.host.emit('start', {})).toEqual({ ok: true });
    const u = await t.host.next((x) => x.view?.deal?.phase === 'bidding');
    const seat = u.view!.deal!.turn!;
    // The turn timer (50 ms here) runs out: a strong bot starts thinking for the seat, off the queue.
    await waitFor(() => calls.length === 1);
    expect(calls[0]!.level).toBe('strong');
    expect(calls[0]!.view.viewer).toBe(seat);
    expect(calls[0]!.view.deal!.hand).not.toBeNull();
    // Meanwhile the player acts themselves (their ack is not held up by the thinking bot).
    expect(await t.players[seat]!.emit('action', { version: u.version, action: { type: 'pass' } })).toEqual({ ok: true, version: u.version + 1 });
    // The late answer for the old step is dropped: no second bid for that seat.
    calls[0]!.answer({ type: 'take' });
    // The next seat's timer runs out in turn and asks again (re-planned from the new state).
    await waitFor(() => calls.length === 2);
    const room = server.registry.get(t.table.id)!;
    await room.idle();
    expect(room.state.version).toBe(u.version + 1);
    const next = calls[1]!;
    expect(next.view.viewer).toBe((seat + 1) % 4);
    // A fresh answer for the current step is applied through the same commit path.
    next.answer({ type: 'pass' });
    const after = await t.host.next((x) => x.version === u.version + 2);
    expect(after.events[0]).toMatchObject({ type: 'bid', seat: (seat + 1) % 4 });
    const record = (await (await fetch(`${server.url}/api/tables/${t.table.id}/record`)).json()) as { deals: { bids: unknown[] }[] };
    expect(JSON.stringify(record)).not.toContain('"take"');
    expect(logged.filter((l) => l.msg === 'stale bot decision dropped')).toHaveLength(1);
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
    for (const c of [...t.players, t.host]) c.close();
  });

  it('are dropped when everybody left meanwhile (the table stays paused) and asked again on return', async () => {
    const before = calls.length;
    const t = await seatedTable(server, { rules: { target: 301 }, options: { turnTimerSeconds: 5, botLevel: 'strong' } });
    expect(await t.host.emit('start', {})).toEqual({ ok: true });
    const u = await t.host.next((x) => x.view?.deal?.phase === 'bidding');
    await waitFor(() => calls.length === before + 1);
    for (const c of [...t.players, t.host]) c.close();
    const room = server.registry.get(t.table.id)!;
    await waitFor(() => room.empty);
    calls[before]!.answer({ type: 'pass' });
    await new Promise((r) => setImmediate(r)); // the answer is queued on the table from a promise callback
    await room.idle();
    expect(room.state.version).toBe(u.version);
    expect(calls.length).toBe(before + 1);
    expect(logged.filter((l) => l.msg === 'stale bot decision dropped')).toHaveLength(2);
    // Back: the step is planned again and a fresh answer is applied.
    const back = await TestClient.connect(server, { tableId: t.table.id, token: t.tokens[0]! });
    await waitFor(() => calls.length === before + 2);
    calls[before + 1]!.answer({ type: 'pass' });
    const applied = await back.next((x) => x.version === u.version + 1);
    expect(applied.events[0]).toMatchObject({ type: 'bid', seat: u.view!.deal!.turn });
    back.close();
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
    expect(released).toBe(0);
  });
});
