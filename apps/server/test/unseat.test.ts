/**
 * `unseat` (PROTOCOL.md §4): the host frees, between games, the seat of a player who has left
 * (no socket holds it). The seat is given up as by a `stand` — one `unseated` step, the token
 * void, the player back as a spectator — and every refusal comes in its documented order and
 * changes nothing.
 */
import { UNSEAT_AFTER_MS } from '@belote/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/server.js';
import { MemoryStore } from '../src/store/memory-store.js';
import type { LogEntry } from '../src/store/types.js';
import { createTable, seatedTable, settled, testServer, TestClient } from './clients.js';
import { clockBack, skipAhead } from './clock.js';

let server: RunningServer;
beforeAll(async () => {
  server = await testServer({ rateLimitEvents: 10_000 });
});
afterAll(async () => {
  await server.close();
});
afterEach(clockBack);

const summary = async (id: string) => (await fetch(`${server.url}/api/tables/${id}`)).json();

/** Expect `attempt` to be refused with `code` and `message`, and to leave the table as it was. */
async function refused(tableId: string, watcher: TestClient, attempt: () => Promise<unknown>, code: string, message: string) {
  await settled(server, tableId, [watcher]);
  const frames = watcher.frames.length;
  const before = await summary(tableId);
  const version = watcher.last.version;
  expect(await attempt()).toEqual({ ok: false, error: { code, message } });
  await settled(server, tableId, [watcher]);
  expect(watcher.frames.length).toBe(frames);
  expect(await summary(tableId)).toEqual(before);
  expect(watcher.last.version).toBe(version);
}

/** Seat `seat`'s only socket closes; resolves once `watcher` sees the seat disconnected. */
async function leaves(watcher: TestClient, player: TestClient, seat: number) {
  player.close();
  await watcher.next((u) => u.table.seats[seat]!.connected === false);
}

/** As `leaves`, and the seat held for UNSEAT_AFTER_MS meanwhile (the server's clock moved on). */
async function gone(watcher: TestClient, player: TestClient, seat: number) {
  await leaves(watcher, player, seat);
  skipAhead(UNSEAT_AFTER_MS);
}

const tooSoon = (seat: number) => `the player on seat ${seat} left less than ${UNSEAT_AFTER_MS / 1000} s ago: their seat is held that long in case they come back`;

describe('unseat: the host frees an absent player’s seat between games', () => {
  it('frees the seat in one `unseated` step; the token is void; the player comes back as a spectator', async () => {
    const { table, host, players, tokens } = await seatedTable(server);
    await gone(host, players[1]!, 1);
    const watcher = players[0]!;
    const v = watcher.last.version;
    const from = watcher.frames.length;
    expect(await host.emit('unseat', { seat: 1 })).toEqual({ ok: true });
    const u = await watcher.next((x) => x.table.seats[1].name === null);
    const steps = watcher.frames.slice(from).filter((f) => f.kind === 'step');
    expect(steps.map((s) => [s.version, s.events])).toEqual([[v + 1, [{ type: 'unseated', seat: 1 }]]]);
    expect(u.table.seats[1]).toEqual({ seat: 1, name: null, connected: false, bot: null, botPlaying: false });
    expect(watcher.last.you).toEqual({ role: 'player', seat: 0, isHost: false }); // the others keep their seats
    // the freed seat's token no longer opens it: the handshake is refused, and without it the player is a spectator
    await expect(TestClient.connect(server, { tableId: table.id, token: tokens[1] })).rejects.toMatchObject({
      data: { code: 'BAD_TOKEN', message: 'this seat token is not valid at this table' },
    });
    const back = await TestClient.connect(server, { tableId: table.id });
    expect(back.last.you).toEqual({ role: 'spectator', seat: null, isHost: false });
    expect(back.last.table.seats[1].name).toBeNull();
    expect(await back.emit('sync', {})).toMatchObject({ ok: true, snapshot: { you: { role: 'spectator', seat: null }, table: { seats: [{ name: 'Ann' }, { name: null }, { name: 'Cid' }, { name: 'Dee' }] } } });
    // the seat is free for anyone: the host may put a bot there and start with four
    expect(await host.emit('addBot', { seat: 1 })).toEqual({ ok: true });
    expect(await host.emit('start', {})).toEqual({ ok: true });
    await watcher.next((x) => x.table.status === 'playing');
    for (const c of [...players, host, back]) c.close();
  });

  it('refuses, in order: NOT_HOST, GAME_IN_PROGRESS, BAD_REQUEST (no player there, or the player is here)', async () => {
    const t = await createTable(server);
    const host = await TestClient.connect(server, { tableId: t.id, hostKey: t.hostKey });
    const ann = await TestClient.connect(server, { tableId: t.id });
    const bob = await TestClient.connect(server, { tableId: t.id });
    const spectator = await TestClient.connect(server, { tableId: t.id });
    expect(await ann.emit('sit', { seat: 0, name: 'Ann' })).toMatchObject({ ok: true });
    expect(await bob.emit('sit', { seat: 1, name: 'Bob' })).toMatchObject({ ok: true });
    expect(await host.emit('addBot', { seat: 3 })).toEqual({ ok: true });
    await leaves(spectator, bob, 1);
    const no = (who: TestClient, seat: number, code: string, message: string) => refused(t.id, spectator, () => who.emit('unseat', { seat }), code, message);
    // gone a moment ago: held (a reload, a reconnection after a restart or a table's move)
    await no(host, 1, 'BAD_REQUEST', tooSoon(1));
    skipAhead(UNSEAT_AFTER_MS);
    // not the host: a player, a spectator (even on an absent player's seat)
    await no(ann, 1, 'NOT_HOST', 'only the host may free a seat');
    await no(spectator, 1, 'NOT_HOST', 'only the host may free a seat');
    // nobody there, or a bot (removeBot's)
    await no(host, 2, 'BAD_REQUEST', 'no player on seat 2');
    await no(host, 3, 'BAD_REQUEST', 'no player on seat 3');
    // a player who is here
    await no(host, 0, 'BAD_REQUEST', 'the player on seat 0 is here: only an absent player\'s seat can be freed');
    // the host's own seat is always here (the host has `stand`)
    expect(await host.emit('sit', { seat: 2, name: 'Hal' })).toMatchObject({ ok: true, seat: 2 });
    await no(host, 2, 'BAD_REQUEST', 'the player on seat 2 is here: only an absent player\'s seat can be freed');
    // malformed
    expect(await host.emit('unseat', { seat: 4 })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(await host.emit('unseat', {})).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    // during a game: GAME_IN_PROGRESS after NOT_HOST, before the seat's own checks
    expect(await host.emit('start', {})).toEqual({ ok: true });
    await spectator.next((u) => u.table.status === 'playing' && u.view?.deal != null);
    await no(ann, 1, 'NOT_HOST', 'only the host may free a seat');
    await no(host, 1, 'GAME_IN_PROGRESS', 'seats can change only between games');
    await no(host, 0, 'GAME_IN_PROGRESS', 'seats can change only between games');
    for (const c of [ann, host, spectator]) c.close();
  });

  it(`holds the seat UNSEAT_AFTER_MS (${UNSEAT_AFTER_MS} ms) after its last socket left, counted again after each return`, async () => {
    const { table, host, players, tokens } = await seatedTable(server);
    await leaves(host, players[1]!, 1);
    skipAhead(UNSEAT_AFTER_MS - 1000);
    await refused(table.id, host, () => host.emit('unseat', { seat: 1 }), 'BAD_REQUEST', tooSoon(1));
    // the player reloads: back, then gone again; the wait starts over
    const again = await TestClient.connect(server, { tableId: table.id, token: tokens[1] });
    await host.next((u) => u.table.seats[1]!.connected);
    await leaves(host, again, 1);
    skipAhead(UNSEAT_AFTER_MS - 1000);
    // (a new socket for the host: socket.io-client reads the same moved clock, and an old one's
    // ping would look overdue after more than 15 s of it)
    const host2 = await TestClient.connect(server, { tableId: table.id, hostKey: table.hostKey });
    await refused(table.id, host2, () => host2.emit('unseat', { seat: 1 }), 'BAD_REQUEST', tooSoon(1));
    skipAhead(1000);
    expect(await host2.emit('unseat', { seat: 1 })).toEqual({ ok: true });
    for (const c of [...players, host, host2]) c.close();
  });

  it('a socket that came back with the token while the seat was being freed becomes a spectator, with a snapshot', async () => {
    // the store holds the write back: the player's socket joins between the host's check and the change
    let release!: () => void;
    let held = false;
    class HeldStore extends MemoryStore {
      override async append(tableId: string, version: number, entries: readonly LogEntry[]): Promise<void> {
        if (entries.some((e) => e.type === 'unseat')) {
          held = true;
          await new Promise<void>((r) => (release = r));
        }
        return super.append(tableId, version, entries);
      }
    }
    const slow = await startServer({ port: 0, host: '127.0.0.1', logLevel: 'silent', webDist: '/nonexistent', botDelayMs: 0, rateLimitEvents: 10_000, rateLimitAddressEvents: 100_000 }, { store: new HeldStore() });
    try {
      const { table, host, players, tokens } = await seatedTable(slow);
      await gone(host, players[1]!, 1);
      const sent = host.emit('unseat', { seat: 1 });
      await expect.poll(() => held).toBe(true);
      const back = await TestClient.connect(slow, { tableId: table.id, token: tokens[1] });
      expect(back.last.you).toEqual({ role: 'player', seat: 1, isHost: false });
      release();
      expect(await sent).toEqual({ ok: true });
      const u = await back.next((x) => x.you.seat === null);
      expect(u.kind).toBe('snapshot');
      expect(u.you).toEqual({ role: 'spectator', seat: null, isHost: false });
      expect(u.table.seats[1].name).toBeNull();
      await expect(TestClient.connect(slow, { tableId: table.id, token: tokens[1] })).rejects.toMatchObject({ data: { code: 'BAD_TOKEN' } });
      for (const c of [...players, host, back]) c.close();
    } finally {
      await slow.close();
    }
  });
});
