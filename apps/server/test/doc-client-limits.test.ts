/**
 * The protocol audit's limits (PROTOCOL.md §2 step 4, §3 TOO_MANY_SOCKETS, §4 step 1, §11), on a
 * server configured through the documented variables with small values. Every client has its
 * own address (X-Forwarded-For from loopback, which §11 trusts by default).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.js';
import { DocClient } from './doc-client/client.js';
import { createTable, httpError, postJson, request } from './doc-client/http.js';
import { refused } from './doc-client/refuse.js';
import { docServer } from './doc-client/server.js';
import { PROTOCOL } from './doc-client/wire.js';

let server: RunningServer;
beforeAll(async () => {
  server = await docServer({
    RATE_LIMIT_EVENTS: '5',
    RATE_LIMIT_ADDRESS_EVENTS: '12',
    MAX_SOCKETS_PER_TABLE: '3',
    MAX_SOCKETS_PER_ADDRESS: '4',
    CREATE_LIMIT_PER_MINUTE: '3',
  });
});
afterAll(async () => {
  await server.close();
});

const from = (address: string) => ({ 'x-forwarded-for': address });
const join = (tableId: string, address: string, extra: Record<string, unknown> = {}) =>
  DocClient.connect(server.url, { protocolVersion: PROTOCOL, tableId, ...extra }, { address, label: address });
const refusedAt = (tableId: string, address: string, extra: Record<string, unknown> = {}) =>
  DocClient.refused(server.url, { protocolVersion: PROTOCOL, tableId, ...extra }, { address });
/** The per-second event budgets' window (RATE_LIMIT_EVENTS is per second): waiting it out is the behaviour under test. */
const nextSecond = () => new Promise((r) => setTimeout(r, 1100));

describe('§2 CREATE_LIMIT_PER_MINUTE', () => {
  it('the fourth table in a minute from one address is 429 RATE_LIMITED, after the body checks of step 3 and before those of step 5', async () => {
    for (let i = 0; i < 3; i++) expect((await postJson(server.url, '/api/tables', {}, from('10.9.0.1'))).status).toBe(201);
    httpError(await postJson(server.url, '/api/tables', {}, from('10.9.0.1')), 429, 'RATE_LIMITED');
    httpError(await postJson(server.url, '/api/tables', { rules: { target: 5 } }, from('10.9.0.1')), 429, 'RATE_LIMITED');
    httpError(await request(server.url, '/api/tables', { method: 'POST', headers: { 'content-type': 'application/json', ...from('10.9.0.1') }, body: '{' }), 400, 'BAD_REQUEST');
    expect((await postJson(server.url, '/api/tables', {}, from('10.9.0.2'))).status).toBe(201);
  });
});

describe('§3 TOO_MANY_SOCKETS', () => {
  it('MAX_SOCKETS_PER_ADDRESS: the fifth socket of an address is refused, before NO_SUCH_TABLE and BAD_TOKEN, after BAD_REQUEST', async () => {
    const a = await createTable(server.url, {}, from('10.9.1.9'));
    const b = await createTable(server.url, {}, from('10.9.1.9'));
    const held = [await join(a.id, '10.9.1.1'), await join(a.id, '10.9.1.1'), await join(b.id, '10.9.1.1'), await join(b.id, '10.9.1.1')];
    expect((await refusedAt(b.id, '10.9.1.1')).code).toBe('TOO_MANY_SOCKETS');
    expect((await refusedAt('A'.repeat(22), '10.9.1.1')).code).toBe('TOO_MANY_SOCKETS');
    expect((await refusedAt(b.id, '10.9.1.1', { token: 'forged' })).code).toBe('TOO_MANY_SOCKETS');
    expect((await refusedAt('bad', '10.9.1.1')).code).toBe('BAD_REQUEST');
    expect((await DocClient.refused(server.url, { protocolVersion: 1, tableId: b.id }, { address: '10.9.1.1' })).code).toBe('PROTOCOL_MISMATCH');
    held[0]!.close();
    // the server counts a socket out when it disconnects, before its table tells the others
    await held[1]!.waitFor(() => held[1]!.state!.table.spectators === 1, 5000, 'the closed socket gone from its table');
    (await join(b.id, '10.9.1.1')).close();
    for (const c of held) c.close();
  });

  it('MAX_SOCKETS_PER_TABLE: a fourth spectator is refused; players and the host always get in; BAD_TOKEN first', async () => {
    const t = await createTable(server.url, {}, from('10.9.2.9'));
    const first = await join(t.id, '10.9.2.1');
    const sat = await first.send('sit', { seat: 0, name: 'Ann' });
    const others = [await join(t.id, '10.9.2.2'), await join(t.id, '10.9.2.3')];
    expect((await refusedAt(t.id, '10.9.2.4')).code).toBe('TOO_MANY_SOCKETS');
    expect((await refusedAt(t.id, '10.9.2.4', { token: 'forged' })).code).toBe('BAD_TOKEN');
    const tab = await join(t.id, '10.9.2.5', { token: sat.token });
    expect(tab.state!.you.seat).toBe(0);
    const host = await join(t.id, '10.9.2.6', { hostKey: t.hostKey });
    expect(host.state!.you.isHost).toBe(true);
    expect(host.state!.table.spectators).toBe(3);
    for (const c of [first, ...others, tab, host]) c.close();
  });
});

describe('§4 step 1 RATE_LIMITED', () => {
  it('RATE_LIMIT_EVENTS per sender: the sixth event in a second is refused before any other check, changes nothing, survives a reconnection', async () => {
    const t = await createTable(server.url, {}, from('10.9.3.9'));
    const s = await join(t.id, '10.9.3.1');
    await nextSecond();
    // events the protocol does not name are ignored and spend nothing (§4)
    for (let i = 0; i < 20; i++) s.socket.emit('noSuchEvent', {});
    for (let i = 0; i < 5; i++) expect((await s.send('sync', {})).ok).toBe(true);
    expect(await s.send('sync', {})).toEqual({ ok: false, error: { code: 'RATE_LIMITED', message: 'too many messages: slow down' } });
    expect(await s.send('sit', { seat: 9 })).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } }); // before BAD_REQUEST
    s.close();
    const again = await join(t.id, '10.9.3.1');
    expect(await again.send('sync', {})).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    await nextSecond();
    // a refusal changes nothing: the sit refused for the rate did not happen
    const snap = await again.sync();
    expect(snap.table.seats[0].name).toBeNull();
    expect(await again.send('sit', { seat: 0, name: 'Ann' })).toMatchObject({ ok: true });
    again.close();
  });

  it('a seat\'s budget is its token\'s, all tabs together; RATE_LIMIT_ADDRESS_EVENTS counts every socket of the address', async () => {
    const t = await createTable(server.url, {}, from('10.9.4.9'));
    const a = await join(t.id, '10.9.4.1');
    const token = (await a.send('sit', { seat: 1, name: 'Bea' })).token as string;
    const b = await join(t.id, '10.9.4.2', { token });
    await nextSecond();
    for (let i = 0; i < 3; i++) expect((await a.send('sync', {})).ok).toBe(true);
    for (let i = 0; i < 2; i++) expect((await b.send('sync', {})).ok).toBe(true);
    expect(await b.send('sync', {})).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    a.close();
    b.close();
    // three seated sockets of one address: 5 + 5 + 2 events pass, the 13th is refused though its seat has budget left
    const u = await createTable(server.url, {}, from('10.9.5.9'));
    const seats: DocClient[] = [];
    for (let i = 0; i < 3; i++) {
      const c = await join(u.id, '10.9.5.1');
      await c.send('sit', { seat: i, name: `P${i}` });
      seats.push(c);
    }
    await nextSecond();
    const results: boolean[] = [];
    for (const [i, n] of [5, 5, 3].entries()) for (let k = 0; k < n; k++) results.push((await seats[i]!.send('sync', {})).ok);
    expect(results.filter((x) => x)).toHaveLength(12);
    expect(results.at(-1)).toBe(false);
    await nextSecond();
    await refused(seats[2]!, 'stand', { x: 1 }, 'BAD_REQUEST');
    for (const c of seats) c.close();
  });
});

describe('§11 TRUST_PROXY', () => {
  it('X-Forwarded-For is believed only from a trusted proxy: with TRUST_PROXY not naming loopback, every test socket is 127.0.0.1', async () => {
    const s = await docServer({ TRUST_PROXY: '10.0.0.0/8', MAX_SOCKETS_PER_ADDRESS: '2' });
    try {
      const t = await createTable(s.url);
      const a = await DocClient.connect(s.url, { protocolVersion: PROTOCOL, tableId: t.id }, { address: '10.20.0.1' });
      const b = await DocClient.connect(s.url, { protocolVersion: PROTOCOL, tableId: t.id }, { address: '10.20.0.2' });
      expect((await DocClient.refused(s.url, { protocolVersion: PROTOCOL, tableId: t.id }, { address: '10.20.0.3' })).code).toBe('TOO_MANY_SOCKETS');
      a.close();
      b.close();
    } finally {
      await s.close();
    }
  });
});
