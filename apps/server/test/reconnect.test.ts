/**
 * Handshake and reconnection: a seat token brings its holder back mid-trick with the full
 * view; others see the connection state; tokens of another table, forged tokens, wrong host
 * keys, unknown tables and other protocol versions are refused at the handshake.
 */
import { PROTOCOL_VERSION } from '@belote/protocol';
import type { Seat } from '@belote/rules';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.js';
import { createTable, seatedTable, settled, testServer, TestClient } from './clients.js';

let server: RunningServer;
beforeAll(async () => {
  server = await testServer({ rateLimitEvents: 10_000 });
});
afterAll(async () => {
  await server.close();
});

describe('reconnection', () => {
  it('gives the seat and its full view back mid-trick; others see connected false then true', async () => {
    const t = await seatedTable(server);
    expect(await t.host.emit('start', {})).toEqual({ ok: true });
    let u = await t.host.next((x) => x.view?.deal?.phase === 'bidding');
    expect((await t.players[u.view!.deal!.turn!]!.emit('action', { version: u.version, action: { type: 'take' } })).ok).toBe(true);
    // Two cards into the first trick.
    for (let i = 0; i < 2; i++) {
      u = await t.host.next((x) => x.view?.deal?.phase === 'play' && x.view.deal.trick.cards.length === i);
      const p = t.players[u.view!.deal!.turn!]!;
      const mine = await p.next((x) => x.version === u.version);
      expect((await p.emit('action', { version: u.version, action: { type: 'play', card: mine.view!.deal!.legal[0]! } })).ok).toBe(true);
    }
    u = await t.host.next((x) => x.view?.deal?.trick.cards.length === 2);
    const seat = u.view!.deal!.turn as Seat;
    // The running deal's deck and salt are not in the record yet.
    const rec = (await (await fetch(`${server.url}/api/tables/${t.table.id}/record`)).json()) as { deals: unknown[] };
    expect(rec.deals).toEqual([]);
    expect(u.table.commitment).toMatchObject({ deal: 0 });
    const leaving = t.players[seat]!;
    const before = await leaving.next((x) => x.version === u.version);
    leaving.close();
    const gone = await t.host.next((x) => x.table.seats[seat].connected === false);
    expect(gone.version).toBe(u.version);
    // Back with the token: the seat, the hand, the legal cards, at once.
    const back = await TestClient.connect(server, { tableId: t.table.id, token: t.tokens[seat]! });
    const first = back.frames[0]!;
    expect(first.you).toEqual({ role: 'player', seat, isHost: false });
    expect(first.version).toBe(u.version);
    expect(first.view!.deal!.hand).toEqual(before.view!.deal!.hand);
    expect(first.view!.deal!.legal).toEqual(before.view!.deal!.legal);
    expect(first.view!.deal!.trick.cards).toHaveLength(2);
    expect(first.table.seats[seat].connected).toBe(true);
    await t.host.next((x) => x.table.seats[seat].connected === true);
    // And plays on.
    const ack = await back.emit('action', { version: first.version, action: { type: 'play', card: first.view!.deal!.legal[0]! } });
    expect(ack).toEqual({ ok: true, version: first.version + 1 });
    // A second socket with the same token sees the same seat.
    const twin = await TestClient.connect(server, { tableId: t.table.id, token: t.tokens[seat]! });
    expect(twin.frames[0]!.you.seat).toBe(seat);
    for (const c of [...t.players, t.host, back, twin]) c.close();
  });

  it('refuses a token of another table, a forged token and a wrong host key', async () => {
    const a = await seatedTable(server);
    const b = await createTable(server);
    await expect(TestClient.connect(server, { tableId: b.id, token: a.tokens[0]! })).rejects.toMatchObject({ data: { code: 'BAD_TOKEN' } });
    await expect(TestClient.connect(server, { tableId: a.table.id, token: 'A'.repeat(32) })).rejects.toMatchObject({ data: { code: 'BAD_TOKEN' } });
    await expect(TestClient.connect(server, { tableId: a.table.id, hostKey: b.hostKey })).rejects.toMatchObject({ data: { code: 'BAD_TOKEN' } });
    // The host key of b does not make anyone host of a, and tokens never appear in summaries.
    const text = await (await fetch(`${server.url}/api/tables/${a.table.id}`)).text();
    for (const tok of a.tokens) expect(text).not.toContain(tok);
    for (const c of [...a.players, a.host]) c.close();
  });
});

describe('a seat token the client chose', () => {
  it('sit with its own token: a lost ack loses nothing, the token it kept holds the seat; a malformed one changes nothing', async () => {
    const t = await createTable(server);
    const c = await TestClient.connect(server, { tableId: t.id });
    const before = c.last.version;
    for (const token of ['short', 'A'.repeat(33), `${'A'.repeat(31)}=`, 5])
      expect(await c.emit('sit', { seat: 2, name: 'Ann', token } as never)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', message: expect.stringContaining('token') } });
    expect(c.last.version).toBe(before);
    const chosen = 'Zz09_-'.repeat(5) + 'ab'; // 32 url-safe base64 characters
    // the socket drops before its ack can be read: the player comes back with the token it kept
    const watcher = await TestClient.connect(server, { tableId: t.id });
    c.socket.emit('sit', { seat: 2, name: 'Ann', token: chosen }, () => undefined);
    await watcher.next((x) => x.table.seats[2].name === 'Ann');
    c.close();
    watcher.close();
    const back = await TestClient.connect(server, { tableId: t.id, token: chosen });
    await back.next((x) => x.you.seat === 2);
    expect(back.last.table.seats[2].name).toBe('Ann');
    // and the token is never shown to others
    const text = await (await fetch(`${server.url}/api/tables/${t.id}`)).text();
    expect(text).not.toContain(chosen);
    back.close();
  });

  it('a token that already holds another seat is refused: two seats never share the way back', async () => {
    const t = await createTable(server);
    const chosen = 'Yy18_-'.repeat(5) + 'cd';
    const a = await TestClient.connect(server, { tableId: t.id });
    expect(await a.emit('sit', { seat: 0, name: 'Ann', token: chosen })).toMatchObject({ ok: true, seat: 0, token: chosen });
    const b = await TestClient.connect(server, { tableId: t.id });
    const before = b.last.version;
    expect(await b.emit('sit', { seat: 1, name: 'Bob', token: chosen })).toEqual({
      ok: false,
      error: { code: 'BAD_REQUEST', message: 'sit.token: this token already holds another seat at this table: draw a new one' },
    });
    expect(b.last.version).toBe(before);
    expect(b.last.table.seats[1].name).toBeNull();
    // the holder itself may sit again with it (a sit retried after a lost ack, a move, a rename)
    expect(await a.emit('sit', { seat: 2, name: 'Ann', token: chosen })).toMatchObject({ ok: true, seat: 2, token: chosen });
    const back = await TestClient.connect(server, { tableId: t.id, token: chosen });
    await back.next((x) => x.you.seat === 2);
    for (const c of [a, b, back]) c.close();
  });

  it('a move with the token the seat already holds takes its other tabs along: a socket holds what its token holds (§7)', async () => {
    const t = await createTable(server);
    const chosen = 'Ww36_-'.repeat(5) + 'gh';
    const a = await TestClient.connect(server, { tableId: t.id });
    expect(await a.emit('sit', { seat: 0, name: 'Ann', token: chosen })).toMatchObject({ ok: true, seat: 0 });
    const tab = await TestClient.connect(server, { tableId: t.id, token: chosen });
    expect(tab.last.you.seat).toBe(0);
    expect(await a.emit('sit', { seat: 2, name: 'Ann', token: chosen })).toMatchObject({ ok: true, seat: 2, token: chosen });
    // the other tab's snapshot: the player of seat 2, as a new connection with the token would be
    await tab.next((x) => x.table.seats[2].name === 'Ann' && x.you.seat !== 0);
    expect(tab.last.you).toEqual({ role: 'player', seat: 2, isHost: false });
    const fresh = await TestClient.connect(server, { tableId: t.id, token: chosen });
    expect(fresh.last.you.seat).toBe(2);
    // a move under a new token leaves the old one's tabs spectators
    expect(await a.emit('sit', { seat: 3, name: 'Ann' })).toMatchObject({ ok: true, seat: 3 });
    await tab.next((x) => x.you.seat === null);
    expect(tab.last.you).toEqual({ role: 'spectator', seat: null, isHost: false });
    for (const c of [a, tab, fresh]) c.close();
  });

  it('a sit retried on a new connection after a lost ack is told the seat is taken (its token is the way back), not that the token holds another seat', async () => {
    const t = await createTable(server);
    const chosen = 'Xx27_-'.repeat(5) + 'ef';
    const a = await TestClient.connect(server, { tableId: t.id });
    expect(await a.emit('sit', { seat: 0, name: 'Ann', token: chosen })).toMatchObject({ ok: true, seat: 0 });
    a.close();
    // the ack was lost: the client connects again without the token and sends the same sit
    const again = await TestClient.connect(server, { tableId: t.id });
    const before = again.last.version;
    expect(await again.emit('sit', { seat: 0, name: 'Ann', token: chosen })).toEqual({ ok: false, error: { code: 'SEAT_TAKEN', message: 'seat 0 is taken' } });
    expect(again.last.version).toBe(before);
    again.close();
    const back = await TestClient.connect(server, { tableId: t.id, token: chosen });
    expect(back.last.you.seat).toBe(0);
    back.close();
  });
});

describe('sync', () => {
  it('answers with a snapshot in its ack, to the asking socket only, at the current seq', async () => {
    const t = await seatedTable(server);
    const p = t.players[1]!;
    await settled(server, t.table.id, [p, t.host]);
    const [mine, others] = [p.raw.length, t.host.raw.length];
    const seq = p.last.seq;
    const ack = await p.emit('sync', {});
    expect(ack).toMatchObject({ ok: true, snapshot: { seq, you: { seat: 1, role: 'player' } } });
    expect(p.raw.length).toBe(mine + 1);
    expect(p.raw.at(-1)!.name).toBe('syncAck');
    await settled(server, t.table.id, [t.host]);
    expect(t.host.raw.length).toBe(others);
    expect((await p.emit('sync', { x: 1 })).ok).toBe(false);
    // the payload is required, even empty: `emit('sync', ack)` alone is refused
    expect(await p.socket.timeout(5000).emitWithAck('sync')).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', message: 'sync: send exactly one payload (none given), e.g. {}' } });
    expect(await p.socket.timeout(5000).emitWithAck('sync', {}, {})).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    for (const c of [...t.players, t.host]) c.close();
  });
});

describe('removal', () => {
  it('removing a table disconnects its sockets and makes it unknown', async () => {
    const t = await createTable(server);
    const c = await TestClient.connect(server, { tableId: t.id });
    const gone = new Promise<string>((r) => c.socket.once('disconnect', r));
    expect(server.registry.remove(t.id)).toBe(true);
    expect(await gone).toBe('io server disconnect');
    expect((await fetch(`${server.url}/api/tables/${t.id}`)).status).toBe(404);
    await expect(TestClient.connect(server, { tableId: t.id })).rejects.toMatchObject({ data: { code: 'NO_SUCH_TABLE' } });
  });
});

describe('handshake', () => {
  it('refuses another protocol version with PROTOCOL_MISMATCH and the server version', async () => {
    const t = await createTable(server);
    await expect(TestClient.connect(server, { tableId: t.id, protocolVersion: PROTOCOL_VERSION + 1 })).rejects.toMatchObject({
      data: { code: 'PROTOCOL_MISMATCH', serverVersion: PROTOCOL_VERSION },
    });
  });

  it('answers a malformed protocolVersion with PROTOCOL_MISMATCH, never INTERNAL, and never echoes it', async () => {
    const t = await createTable(server);
    const connectError = (auth: unknown) =>
      new Promise<{ code?: string; message?: string }>((resolve) => {
        const s = io(server.url, { auth: auth as Record<string, unknown>, transports: ['websocket'], reconnection: false, forceNew: true });
        s.once('connect_error', (e: Error & { data?: { code?: string; message?: string } }) => (s.close(), resolve(e.data ?? {})));
      });
    const odd: unknown[] = [{ toString: 1 }, { valueOf: 1, toString: 1 }, [[{ toString: 1 }]], [1, [2, { toString: 'x' }]], 'x'.repeat(5000), '1', 2.5, null, true];
    for (const protocolVersion of odd) {
      const e = await connectError({ protocolVersion, tableId: t.id });
      expect(e.code, JSON.stringify(protocolVersion).slice(0, 40)).toBe('PROTOCOL_MISMATCH');
      expect(e.message).not.toMatch(/object Object|xxxxxxxxxxxxxxxxxxxxxxxxx/);
      expect(e.message!.length).toBeLessThan(120);
    }
    expect((await connectError({ protocolVersion: { toString: 1 }, tableId: t.id })).message).toBe(`this server speaks protocol ${PROTOCOL_VERSION}, the client sent an object: reload the page`);
    expect((await connectError({ protocolVersion: 'x'.repeat(5000), tableId: t.id })).message).toBe(`this server speaks protocol ${PROTOCOL_VERSION}, the client sent "${'x'.repeat(24)}…": reload the page`);
    // other fields: BAD_REQUEST with at most a short escaped prefix of the value
    const bad = await connectError({ protocolVersion: PROTOCOL_VERSION, tableId: t.id, ['k'.repeat(3000)]: 1, token: { toString: 1 } });
    expect(bad.code).toBe('BAD_REQUEST');
    expect(bad.message!.length).toBeLessThan(300);
    expect(bad.message).toContain(`unknown field "${'k'.repeat(24)}…"`);
  });

  it('answers a CONNECT to another namespace with Socket.IO\'s own "Invalid namespace"', async () => {
    const t = await createTable(server);
    const err = await new Promise<Error & { data?: unknown }>((resolve) => {
      const s = io(`${server.url}/admin`, { auth: { protocolVersion: PROTOCOL_VERSION, tableId: t.id }, transports: ['websocket'], reconnection: false, forceNew: true });
      s.once('connect_error', (e) => (s.close(), resolve(e as Error & { data?: unknown })));
    });
    expect(err.message).toBe('Invalid namespace');
    expect(err.data).toBeUndefined();
  });

  it('refuses unknown tables and malformed auth', async () => {
    await expect(TestClient.connect(server, { tableId: 'A'.repeat(22) })).rejects.toMatchObject({ data: { code: 'NO_SUCH_TABLE' } });
    await expect(TestClient.connect(server, { tableId: 'nope' })).rejects.toMatchObject({ data: { code: 'BAD_REQUEST' } });
    const err = await new Promise<{ data?: { code?: string } }>((resolve) => {
      const s = io(server.url, { transports: ['websocket'], reconnection: false, forceNew: true });
      s.once('connect_error', (e) => (s.close(), resolve(e as never)));
    });
    // No auth at all: a client that does not speak this protocol.
    expect(err.data?.code).toBe('PROTOCOL_MISMATCH');
  });

  it('refuses browsers from a foreign origin: 403 on the handshake request, seen as a transport error', async () => {
    const t = await createTable(server);
    const polling = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: 'https://evil.example' } });
    expect(polling.status).toBe(403);
    expect(await polling.json()).toEqual({ code: 4, message: 'Forbidden' });
    const err = await new Promise<Error>((resolve, reject) => {
      const s = io(server.url, {
        auth: { protocolVersion: PROTOCOL_VERSION, tableId: t.id },
        transports: ['polling'],
        extraHeaders: { origin: 'https://evil.example' },
        reconnection: false,
        forceNew: true,
      });
      s.once('connect', () => reject(new Error('connected')));
      s.once('connect_error', (e) => (s.close(), resolve(e)));
    });
    expect(err.message).toBe('xhr poll error');
    expect((err as Error & { data?: unknown }).data).toBeUndefined();
  });
});
