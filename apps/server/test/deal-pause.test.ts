/**
 * Between two deals: the players see the last trick and the deal summary, and the next deal
 * starts when every seated player has continued (`ready`) or when the countdown (DEAL_PAUSE_MS)
 * ends; bots, bots playing for absent players and disconnected seats are ready at once. The
 * countdown comes with the step that scores the deal; who is ready is presence. After a redeal
 * there is no summary: a short pause.
 */
import type { Step } from '@belote/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.js';
import { UNATTENDED_PAUSE_MS } from '../src/tables/auto-steps.js';
import { createTable, seatedTable, settled, testServer, TestClient, type TestUpdate } from './clients.js';

let server: RunningServer;
beforeAll(async () => {
  server = await testServer({ dealPauseMs: 60_000, rateLimitEvents: 10_000 });
});
afterAll(async () => {
  await server.close();
});

type Table = { host: TestClient; players: TestClient[]; table: { id: string } };

/** Play the current deal to its end: the first bidder takes (or everyone passes), then the first legal card. */
async function playDeal(t: Table, bid: 'take' | 'pass'): Promise<TestUpdate> {
  for (;;) {
    const u = await t.host.next((x) => x.view?.deal != null && (x.view.deal.phase === 'over' || x.view.deal.turn !== null));
    const d = u.view!.deal!;
    if (d.phase === 'over') return u;
    const p = t.players[d.turn!];
    if (!p) {
      await t.host.next((x) => x.version > u.version); // a bot's turn
      continue;
    }
    const mine = await p.next((x) => x.version === u.version);
    const action = d.phase === 'bidding' ? { type: bid } : { type: 'play', card: mine.view!.deal!.legal[0] };
    expect(await p.emit('action', { version: u.version, action })).toMatchObject({ ok: true });
    await t.host.next((x) => x.version > u.version);
  }
}

describe('after a scored deal', () => {
  it('waits until every player has continued, showing the countdown and who is ready', async () => {
    const t = await seatedTable(server, { rules: { target: 1000 } });
    expect(await t.host.emit('start', {})).toEqual({ ok: true });
    const over = await playDeal(t, 'take');
    expect(over.view!.deal!.result).not.toBeNull();
    expect(over.view!.history).toHaveLength(1);
    const waiting = await t.host.next((x) => x.timers.nextDeal !== null);
    expect(waiting.timers.nextDeal!.ready).toEqual([false, false, false, false]);
    expect(waiting.timers.nextDeal!.msLeft).toBeGreaterThan(55_000);
    expect(waiting.timers.nextDeal!.msLeft).toBeLessThanOrEqual(60_000);
    // spectators do not continue; three players do, and the next deal still waits for the fourth
    expect(await t.host.emit('ready', {})).toMatchObject({ ok: false, error: { code: 'NOT_SEATED' } });
    for (const seat of [0, 1, 2]) expect(await t.players[seat]!.emit('ready', {})).toEqual({ ok: true });
    await t.host.next((x) => x.timers.nextDeal?.ready.join() === 'true,true,true,false');
    await settled(server, t.table.id, [t.host]);
    expect(t.host.last.view!.deal!.number).toBe(0);
    expect(t.host.last.version).toBe(over.version);
    // continuing twice changes nothing
    expect(await t.players[0]!.emit('ready', {})).toEqual({ ok: true });
    // the last one: the next deal starts at once
    expect(await t.players[3]!.emit('ready', {})).toEqual({ ok: true });
    const next = await t.host.next((x) => x.view?.deal?.number === 1);
    expect(next.events.map((e) => e.type)).toEqual(['dealCommitted', 'dealStarted']);
    await t.host.next((x) => x.timers.nextDeal === null);
    // during a deal there is nothing to continue from
    expect(await t.players[1]!.emit('ready', {})).toMatchObject({ ok: false, error: { code: 'WRONG_PHASE' } });
    for (const c of [...t.players, t.host]) c.close();
  });

  it('counts bots, and players who left, as ready at once', async () => {
    const t0 = await createTable(server, { rules: { target: 1000 } });
    const host = await TestClient.connect(server, { tableId: t0.id, hostKey: t0.hostKey });
    const human = await TestClient.connect(server, { tableId: t0.id });
    const gone = await TestClient.connect(server, { tableId: t0.id });
    expect((await human.emit('sit', { seat: 0, name: 'Ann' })).ok).toBe(true);
    expect((await gone.emit('sit', { seat: 2, name: 'Cid' })).ok).toBe(true);
    for (const seat of [1, 3]) expect(await host.emit('addBot', { seat })).toEqual({ ok: true });
    expect(await host.emit('start', {})).toEqual({ ok: true });
    const t = { host, players: [human, undefined, gone, undefined] as TestClient[], table: { id: t0.id } };
    await playDeal(t, 'take');
    gone.close();
    const waiting = await host.next((x) => x.timers.nextDeal !== null && x.table.seats[2].connected === false);
    expect(waiting.timers.nextDeal!.ready).toEqual([false, true, true, true]);
    expect(await human.emit('ready', {})).toEqual({ ok: true });
    await host.next((x) => x.view?.deal?.number === 1);
    for (const c of [human, host]) c.close();
  });

  it('counts down the short pause when every seat was ready without anyone pressing ready', async () => {
    const t0 = await createTable(server, { rules: { target: 1000 } });
    const host = await TestClient.connect(server, { tableId: t0.id, hostKey: t0.hostKey });
    for (const seat of [0, 1, 2, 3]) expect(await host.emit('addBot', { seat })).toEqual({ ok: true });
    expect(await host.emit('start', {})).toEqual({ ok: true });
    const waiting = await host.next((x) => x.timers.nextDeal !== null, 20_000);
    const at = performance.now();
    expect(waiting.timers.nextDeal!.ready).toEqual([true, true, true, true]);
    // The countdown is the wait the table will really have (min(3 s, DEAL_PAUSE_MS)), not DEAL_PAUSE_MS.
    expect(waiting.timers.nextDeal!.msLeft).toBeLessThanOrEqual(UNATTENDED_PAUSE_MS);
    expect(waiting.timers.nextDeal!.msLeft).toBeGreaterThan(UNATTENDED_PAUSE_MS - 1000);
    const number = waiting.view!.deal!.number;
    await host.next((x) => x.view?.deal?.number === number + 1, 10_000);
    expect(performance.now() - at).toBeGreaterThan(waiting.timers.nextDeal!.msLeft - 500);
    host.close();
  });

  it('starts the next deal when the countdown ends, continued or not', async () => {
    const quick = await testServer({ dealPauseMs: 400, rateLimitEvents: 10_000 });
    try {
      const t = await seatedTable(quick, { rules: { target: 1000 } });
      expect(await t.host.emit('start', {})).toEqual({ ok: true });
      await playDeal(t, 'take');
      const t0 = performance.now();
      const waiting = await t.host.next((x) => x.timers.nextDeal !== null);
      expect(waiting.timers.nextDeal!.msLeft).toBeLessThanOrEqual(400);
      await t.host.next((x) => x.view?.deal?.number === 1, 5000);
      expect(performance.now() - t0).toBeGreaterThan(300);
      for (const c of [...t.players, t.host]) c.close();
    } finally {
      await quick.close();
    }
  });
});

describe('after a redeal', () => {
  it('deals again after a short pause, with nothing to continue from', async () => {
    const quick = await testServer({ dealPauseMs: 300, rateLimitEvents: 10_000 });
    try {
      const t = await seatedTable(quick, { rules: { target: 1000 } });
      expect(await t.host.emit('start', {})).toEqual({ ok: true });
      const over = await playDeal(t, 'pass');
      expect(over.view!.deal!.result!.outcome).toBe('redeal');
      expect(over.timers.nextDeal).toBeNull();
      expect(await t.players[0]!.emit('ready', {})).toMatchObject({ ok: false, error: { code: 'WRONG_PHASE' } });
      const next = await t.host.next((x) => x.view?.deal?.number === 1, 5000);
      expect(next.view!.deal!.dealer).toBe((over.view!.deal!.dealer + 1) % 4);
      for (const c of [...t.players, t.host]) c.close();
    } finally {
      await quick.close();
    }
  });
});

describe('presence during a deal', () => {
  it('sends no presence frame during a deal without a turn timer: the countdown comes with the scoring step', async () => {
    const t = await seatedTable(server, { rules: { target: 1000 } });
    expect(await t.host.emit('start', {})).toEqual({ ok: true });
    await t.host.next((x) => x.view?.deal != null);
    await settled(server, t.table.id, [t.host]);
    const from = t.host.raw.length;
    const over = await playDeal(t, 'take');
    await t.host.next((x) => x.timers.nextDeal !== null);
    await settled(server, t.table.id, [t.host]);
    const frames = t.host.raw.slice(from);
    const steps = frames.filter((f) => f.name === 'step');
    expect(steps.length).toBeGreaterThanOrEqual(33); // at least a bid and 32 cards
    // no presence frame in the whole deal: the pause's countdown is in the step that scores it (and only there)
    expect(frames.filter((f) => f.name === 'presence')).toHaveLength(0);
    const timed = steps.filter((f) => (f.frame as Step).timers !== undefined);
    expect(timed).toHaveLength(1);
    expect(timed[0]).toBe(steps.at(-1));
    expect((timed[0]!.frame as Step).events.map((e) => e.type)).toContain('dealScored');
    expect((timed[0]!.frame as Step).timers).toMatchObject({ turnMsLeft: null, nextDeal: { ready: [false, false, false, false] } });
    expect(over.view!.deal!.result).not.toBeNull();
    for (const c of [...t.players, t.host]) c.close();
  });
});
