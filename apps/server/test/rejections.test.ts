/**
 * Everything a client may get wrong is refused with the right code and changes nothing:
 * out-of-turn, illegal (with the reason), stale, duplicate, other-seat, spectator, malformed
 * actions, lobby commands by the wrong people, floods, oversized and unknown messages.
 */
import type { Seat } from '@belote/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.js';
import { createTable, seatedTable, settled, testServer, TestClient, type TestUpdate } from './clients.js';

let server: RunningServer;
beforeAll(async () => {
  server = await testServer({ rateLimitEvents: 10_000 });
});
afterAll(async () => {
  await server.close();
});

const summary = async (id: string) => (await fetch(`${server.url}/api/tables/${id}`)).json();

async function startedTable() {
  const t = await seatedTable(server);
  expect(await t.host.emit('start', {})).toEqual({ ok: true });
  const first = await t.host.next((u) => u.view?.deal?.phase === 'bidding');
  return { ...t, first };
}

/** Expect `attempt` to be refused with `code` and to leave the table as it was. */
async function refused(t: { table: { id: string }; host: TestClient }, attempt: () => Promise<unknown>, code: string, message?: RegExp) {
  await settled(server, t.table.id, [t.host]);
  const before = t.host.last;
  const frames = t.host.frames.length;
  const sum = await summary(t.table.id);
  const ack = (await attempt()) as { ok: boolean; error?: { code: string; message: string } };
  expect(ack.ok).toBe(false);
  expect(ack.error!.code).toBe(code);
  if (message) expect(ack.error!.message).toMatch(message);
  await settled(server, t.table.id, [t.host]);
  expect(t.host.frames.length).toBe(frames);
  expect(await summary(t.table.id)).toEqual(sum);
  expect(t.host.last.version).toBe(before.version);
}

const tokenOf = (a: unknown): string => (a as { token: string }).token;
const at = (t: { players: TestClient[] }, u: TestUpdate) => t.players[u.view!.deal!.turn as Seat]!;

describe('game actions', () => {
  it('refuses out-of-turn, spectator, stale, duplicate, other-seat, malformed and illegal actions', async () => {
    const t = await startedTable();
    let u = t.first;
    const turn = u.view!.deal!.turn as Seat;
    const other = t.players[(turn + 1) % 4]!;
    const v = u.version;
    await refused(t, () => other.emit('action', { version: v, action: { type: 'pass' } }), 'NOT_YOUR_TURN');
    await refused(t, () => t.host.emit('action', { version: v, action: { type: 'pass' } }), 'NOT_SEATED');
    await refused(t, () => at(t, u).emit('action', { version: v - 1, action: { type: 'pass' } }), 'STALE_VERSION');
    await refused(t, () => at(t, u).emit('action', { version: v + 1, action: { type: 'pass' } }), 'STALE_VERSION');
    await refused(t, () => at(t, u).emit('action', { version: v, action: { type: 'pass', seat: (turn + 1) % 4 } }), 'BAD_REQUEST');
    await refused(t, () => other.emit('action', { version: v, action: { type: 'pass' }, seat: turn }), 'BAD_REQUEST');
    for (const bad of [null, 'pass', 42, [], { version: 'x', action: { type: 'pass' } }, { version: v, action: { type: 'fold' } }, { version: v, action: { type: 'play', card: 'ZZ' } }, { version: -1, action: { type: 'pass' } }])
      await refused(t, () => at(t, u).emit('action', bad), 'BAD_REQUEST');
    await refused(t, () => at(t, u).emit('action', { version: v, action: { type: 'take', suit: 'H' } }), 'ILLEGAL_BID', /round 1/);
    await refused(t, () => at(t, u).emit('action', { version: v, action: { type: 'play', card: '7S' } }), 'WRONG_PHASE');
    // Duplicate: the same action twice is applied once.
    const ok = await at(t, u).emit('action', { version: v, action: { type: 'pass' } });
    expect(ok).toEqual({ ok: true, version: v + 1 });
    u = await t.host.next((x) => x.version === v + 1);
    expect(u.events).toEqual([{ type: 'bid', seat: turn, bid: 'pass', suit: null, round: 1 }]);
    await refused(t, () => t.players[turn]!.emit('action', { version: v, action: { type: 'pass' } }), 'STALE_VERSION');
    // The next seat takes; then play until a seat holds a card it may not play.
    expect((await at(t, u).emit('action', { version: u.version, action: { type: 'take' } })).ok).toBe(true);
    let illegalSeen = false;
    let notInHandSeen = false;
    for (let i = 0; i < 200 && !illegalSeen; i++) {
      u = await t.host.next((x) => x.version > u.version && x.view?.deal?.phase === 'play');
      const p = at(t, u);
      const mine = await p.next((x) => x.version === u.version);
      const d = mine.view!.deal!;
      if (!notInHandSeen) {
        const notMine = ['7S', '8S', '9S', '10S', 'JS', 'QS', 'KS', 'AS', '7H', 'AH'].find((c) => !d.hand!.includes(c as never) && !d.trick.cards.includes(c as never) && !d.tricks.some((tr) => tr.cards.includes(c as never)));
        if (notMine) {
          await refused(t, () => p.emit('action', { version: u.version, action: { type: 'play', card: notMine } }), 'CARD_NOT_IN_HAND');
          notInHandSeen = true;
        }
      }
      const illegal = d.hand!.find((c) => !d.legal.includes(c));
      if (illegal) {
        await refused(t, () => p.emit('action', { version: u.version, action: { type: 'play', card: illegal } }), 'ILLEGAL_CARD', /must|follow|trump|partner/i);
        illegalSeen = true;
        break;
      }
      expect((await p.emit('action', { version: u.version, action: { type: 'play', card: d.legal[0]! } })).ok).toBe(true);
      if (u.view!.deal!.tricks.length === 7 && u.view!.deal!.trick.cards.length === 3) {
        // Deal ends: bid through the next deal quickly (first seat takes).
        const nd = await t.host.next((x) => x.view?.deal?.phase === 'bidding');
        expect((await at(t, nd).emit('action', { version: nd.version, action: { type: 'take' } })).ok).toBe(true);
        u = nd;
      }
    }
    expect(illegalSeen).toBe(true);
    expect(notInHandSeen).toBe(true);
    for (const c of [...t.players, t.host]) c.close();
  });

  it('refuses actions before the game starts and lobby commands during it', async () => {
    const t = await seatedTable(server);
    await refused(t, () => t.players[0]!.emit('action', { version: t.host.last.version, action: { type: 'pass' } }), 'GAME_NOT_STARTED');
    await refused(t, () => t.players[0]!.emit('rematch', {}), 'NOT_HOST');
    await refused(t, () => t.host.emit('rematch', {}), 'GAME_NOT_STARTED');
    expect(await t.host.emit('start', {})).toEqual({ ok: true });
    await t.host.next((u) => u.view?.deal?.phase === 'bidding');
    await refused(t, () => t.players[0]!.emit('sit', { seat: 1, name: 'Zed' }), 'GAME_IN_PROGRESS');
    await refused(t, () => t.players[0]!.emit('stand', {}), 'GAME_IN_PROGRESS');
    await refused(t, () => t.host.emit('start', {}), 'GAME_IN_PROGRESS');
    await refused(t, () => t.host.emit('addBot', { seat: 1 }), 'GAME_IN_PROGRESS');
    await refused(t, () => t.host.emit('rematch', {}), 'GAME_IN_PROGRESS');
    for (const c of [...t.players, t.host]) c.close();
  });
});

describe('lobby', () => {
  it('seats, moves, renames and stands; refuses taken seats, bad names and non-hosts', async () => {
    const t = await createTable(server);
    const host = await TestClient.connect(server, { tableId: t.id, hostKey: t.hostKey });
    const a = await TestClient.connect(server, { tableId: t.id });
    const b = await TestClient.connect(server, { tableId: t.id });
    const ctx = { table: t, host };
    const sat = await a.emit('sit', { seat: 0, name: '  Ann  ' });
    expect(sat).toMatchObject({ ok: true, seat: 0 });
    expect(tokenOf(sat)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    let u = await host.next((x) => x.table.seats[0].name === 'Ann');
    expect(u.table.seats[0]).toEqual({ seat: 0, name: 'Ann', connected: true, bot: null, botPlaying: false });
    expect(u.you).toEqual({ role: 'spectator', seat: null, isHost: true });
    expect(a.last.you).toEqual({ role: 'player', seat: 0, isHost: false });
    await refused(ctx, () => b.emit('sit', { seat: 0, name: 'Bob' }), 'SEAT_TAKEN');
    await refused(ctx, () => b.emit('sit', { seat: 1, name: '<b>Bob</b>' }), 'BAD_REQUEST', /name/);
    await refused(ctx, () => b.emit('sit', { seat: 1, name: 'x'.repeat(25) }), 'BAD_REQUEST');
    await refused(ctx, () => b.emit('sit', { seat: 1, name: '   ' }), 'BAD_REQUEST');
    await refused(ctx, () => b.emit('sit', { seat: 4, name: 'Bob' }), 'BAD_REQUEST');
    await refused(ctx, () => b.emit('stand', {}), 'NOT_SEATED');
    await refused(ctx, () => b.emit('start', {}), 'NOT_HOST');
    await refused(ctx, () => b.emit('addBot', { seat: 1 }), 'NOT_HOST');
    await refused(ctx, () => host.emit('start', {}), 'NOT_ENOUGH_PLAYERS');
    await refused(ctx, () => host.emit('removeBot', { seat: 0 }), 'BAD_REQUEST', /no bot/);
    await refused(ctx, () => host.emit('addBot', { seat: 0 }), 'SEAT_TAKEN');
    // Move to seat 2: a new token, seat 0 is free again.
    const moved = await a.emit('sit', { seat: 2, name: 'Ann' });
    expect(moved).toMatchObject({ ok: true, seat: 2 });
    expect(tokenOf(moved)).not.toBe(tokenOf(sat));
    u = await host.next((x) => x.table.seats[2].name === 'Ann');
    expect(u.table.seats[0].name).toBeNull();
    // The old token is dead.
    await expect(TestClient.connect(server, { tableId: t.id, token: tokenOf(sat) })).rejects.toMatchObject({ data: { code: 'BAD_TOKEN' } });
    expect(await a.emit('stand', {})).toEqual({ ok: true });
    await host.next((x) => x.table.seats[2].name === null);
    u = await host.next((x) => x.table.spectators === 3);
    expect(u.kind).toBe('presence');
    expect(a.last.you.role).toBe('spectator');
    // Bots by the host.
    expect(await host.emit('addBot', { seat: 3, level: 'easy' })).toEqual({ ok: true });
    u = await host.next((x) => x.table.seats[3].bot === 'easy');
    expect(u.table.seats[3]).toMatchObject({ name: 'Bot 4', connected: true });
    expect(await host.emit('removeBot', { seat: 3 })).toEqual({ ok: true });
    await host.next((x) => x.table.seats[3].name === null);
    for (const c of [a, b, host]) c.close();
  });
});

describe('abuse', () => {
  it('ignores unknown events and events without ack, survives oversized messages', async () => {
    const t = await seatedTable(server);
    const p = t.players[0]!;
    await expect(p.socket.timeout(200).emitWithAck('hack', { x: 1 })).rejects.toThrow();
    p.socket.emit('sit', { seat: 9 });
    p.socket.emit('action');
    const big = await TestClient.connect(server, { tableId: t.table.id });
    const gone = new Promise<string>((r) => big.socket.once('disconnect', r));
    big.socket.emit('sit', { seat: 1, name: 'x'.repeat(20_000) });
    expect(await gone).toBeTruthy();
    // Still fine.
    expect(await t.host.emit('start', {})).toEqual({ ok: true });
    for (const c of [...t.players, t.host]) c.close();
  });

  it('binary data as a payload, or where an object belongs, is BAD_REQUEST naming it (not a field per byte and Buffer method)', async () => {
    const t = await seatedTable(server);
    const bytes = new Uint8Array(100); // socket.io-client sends it as a binary attachment; the server gets a Buffer
    await refused(t, () => t.host.emit('stand', bytes), 'BAD_REQUEST', /^stand: must be an object, got binary data$/);
    await refused(t, () => t.host.emit('sit', bytes), 'BAD_REQUEST', /^sit: must be an object, got binary data$/);
    await refused(t, () => t.host.emit('settings', { rules: bytes }), 'BAD_REQUEST', /^settings\.rules: must be an object, got binary data$/);
    for (const c of [...t.players, t.host]) c.close();
  });

  it('ignores an event named by a number; closes the connection on a reserved or undecodable event (PROTOCOL.md §3)', async () => {
    const t = await seatedTable(server);
    // what socket.io-client will not send: write the Socket.IO packet (type 2, an event) itself
    const write = (c: TestClient, packet: string) => (c.socket.io.engine as unknown as { write(d: string): void }).write(packet);
    const numbered = await TestClient.connect(server, { tableId: t.table.id });
    write(numbered, '2[5,{}]');
    expect((await numbered.emit('sync', {})).ok).toBe(true);
    for (const packet of ['2["disconnect",{}]', '2["newListener",{}]', '2[null,{}]', '2["sync",{}']) {
      const c = await TestClient.connect(server, { tableId: t.table.id });
      const gone = new Promise<string>((r) => c.socket.once('disconnect', r));
      write(c, packet);
      expect(await gone).toBe('transport close');
      c.close();
    }
    expect(await t.host.emit('start', {})).toEqual({ ok: true });
    for (const c of [...t.players, t.host, numbered]) c.close();
  });

  it('rate-limits a flooding socket with RATE_LIMITED', async () => {
    const s = await testServer({ rateLimitEvents: 5 });
    try {
      const t = await createTable(s);
      const c = await TestClient.connect(s, { tableId: t.id });
      const acks = await Promise.all(Array.from({ length: 12 }, () => c.emit('stand', {})));
      const codes = acks.map((a) => (a.ok ? 'ok' : a.error.code));
      expect(codes.filter((x) => x === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(6);
      expect(codes.filter((x) => x === 'NOT_SEATED').length).toBeGreaterThanOrEqual(1);
      c.close();
    } finally {
      await s.close();
    }
  });
});
