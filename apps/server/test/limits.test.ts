/**
 * Abuse limits of the socket surface: sockets per address and per table (a seat's player and
 * the host always get in), rate limits keyed by seat token and by address that survive a
 * reconnection, and joins and leaves as small presence frames rather than whole states.
 */
import { PROTOCOL_VERSION } from '@belote/protocol';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.js';
import { createTable, seatedTable, settled, testServer, TestClient } from './clients.js';

const servers: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});
async function server(overrides: Parameters<typeof testServer>[0]) {
  const s = await testServer(overrides);
  servers.push(s);
  return s;
}

/** The connect_error of a refused socket. */
function refusedWith(s: RunningServer, auth: Record<string, unknown>): Promise<{ code?: string; message?: string }> {
  return new Promise((resolve, reject) => {
    const c = io(s.url, { auth: { protocolVersion: PROTOCOL_VERSION, ...auth }, transports: ['websocket'], reconnection: false, forceNew: true });
    c.once('snapshot', () => (c.close(), reject(new Error('accepted'))));
    c.once('connect_error', (e: Error & { data?: { code?: string; message?: string } }) => (c.close(), resolve(e.data ?? {})));
  });
}

describe('sockets per table', () => {
  it('refuses spectators beyond MAX_SOCKETS_PER_TABLE but always lets a seat and the host in', async () => {
    const s = await server({ maxSocketsPerTable: 6 });
    const t = await seatedTable(s); // host + 4 players = 5 sockets
    const sixth = await TestClient.connect(s, { tableId: t.table.id });
    expect(await refusedWith(s, { tableId: t.table.id })).toEqual({ code: 'TOO_MANY_SOCKETS', message: expect.stringMatching(/table has too many connections \(at most 6\)/) });
    // a second tab of a seated player and of the host still get in
    const twin = await TestClient.connect(s, { tableId: t.table.id, token: t.tokens[0]! });
    expect(twin.last.you.seat).toBe(0);
    const host2 = await TestClient.connect(s, { tableId: t.table.id, hostKey: t.table.hostKey });
    expect(host2.last.you.isHost).toBe(true);
    // everyone counts: a spectator gets in again once the table is back under the cap
    expect(await refusedWith(s, { tableId: t.table.id })).toMatchObject({ code: 'TOO_MANY_SOCKETS' });
    for (const c of [sixth, twin, host2]) c.close();
    await t.host.next((u) => u.table.spectators === 1);
    const again = await TestClient.connect(s, { tableId: t.table.id });
    expect(again.last.you.role).toBe('spectator');
    for (const c of [...t.players, t.host, again]) c.close();
  });
});

describe('sockets per address', () => {
  it('refuses an address beyond MAX_SOCKETS_PER_ADDRESS, whatever the table', async () => {
    const s = await server({ maxSocketsPerAddress: 3 });
    const a = await createTable(s);
    const b = await createTable(s);
    const open = [await TestClient.connect(s, { tableId: a.id }), await TestClient.connect(s, { tableId: a.id }), await TestClient.connect(s, { tableId: b.id, hostKey: b.hostKey })];
    expect(await refusedWith(s, { tableId: b.id, hostKey: b.hostKey })).toMatchObject({ code: 'TOO_MANY_SOCKETS', message: expect.stringMatching(/from your address \(at most 3\)/) });
    open[0]!.close();
    await open[1]!.next((u) => u.table.spectators === 1);
    open.push(await TestClient.connect(s, { tableId: b.id }));
    for (const c of open) c.close();
  });

  it('believes X-Forwarded-For only from a proxy on this host', async () => {
    const s = await server({ maxSocketsPerAddress: 1 });
    const t = await createTable(s);
    const viaProxy = (ip: string) => TestClient.connect(s, { tableId: t.id, extraHeaders: { 'x-forwarded-for': ip } });
    // the test runs on loopback: a loopback peer is a trusted proxy, so each forwarded address counts on its own
    const one = await viaProxy('203.0.113.1');
    const two = await viaProxy('203.0.113.2');
    await expect(viaProxy('203.0.113.1')).rejects.toMatchObject({ data: { code: 'TOO_MANY_SOCKETS' } });
    for (const c of [one, two]) c.close();
  });
});

describe('rate limits', () => {
  it('key a player by seat token: reconnecting does not reset the budget; the address has its own', async () => {
    const s = await server({ rateLimitEvents: 5, rateLimitAddressEvents: 1_000 });
    const t = await seatedTable(s);
    const p = t.players[1]!;
    const spent = await Promise.all(Array.from({ length: 5 }, () => p.emit('ready', {})));
    expect(spent.every((a) => !a.ok && a.error.code !== 'RATE_LIMITED')).toBe(true);
    // a new socket with the same token shares the spent budget
    const twin = await TestClient.connect(s, { tableId: t.table.id, token: t.tokens[1]! });
    expect(await twin.emit('ready', {})).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    // another seat is not affected
    expect(await t.players[2]!.emit('ready', {})).toMatchObject({ ok: false, error: { code: 'GAME_NOT_STARTED' } });
    for (const c of [...t.players, t.host, twin]) c.close();
  });

  it('cap all the sockets of one address together', async () => {
    const s = await server({ rateLimitEvents: 1_000, rateLimitAddressEvents: 8 });
    const t = await createTable(s);
    const a = await TestClient.connect(s, { tableId: t.id });
    const b = await TestClient.connect(s, { tableId: t.id });
    const acks = await Promise.all([...Array.from({ length: 6 }, () => a.emit('stand', {})), ...Array.from({ length: 6 }, () => b.emit('stand', {}))]);
    const codes = acks.map((x) => (x.ok ? 'ok' : x.error.code));
    expect(codes.filter((c) => c === 'NOT_SEATED')).toHaveLength(8);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(4);
    for (const c of [a, b]) c.close();
  });
});

describe('joins and leaves', () => {
  it('reach the others as one small presence frame per tick, not a state each', async () => {
    const s = await server({});
    const t = await seatedTable(s);
    await settled(s, t.table.id, [t.host]);
    const before = t.host.raw.length;
    const watchers = await Promise.all(Array.from({ length: 20 }, () => TestClient.connect(s, { tableId: t.table.id })));
    await t.host.next((u) => u.table.spectators === 21);
    await settled(s, t.table.id, [t.host]);
    const frames = t.host.raw.slice(before);
    expect(frames.every((f) => f.name === 'presence')).toBe(true);
    expect(frames.length).toBeLessThanOrEqual(20);
    for (const f of frames) expect(JSON.stringify(f.frame).length).toBeLessThan(300);
    for (const w of watchers) w.close();
    await t.host.next((u) => u.table.spectators === 1);
    for (const c of [...t.players, t.host]) c.close();
  });
});
