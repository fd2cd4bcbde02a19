/**
 * The connection limits hold when handshakes wait on the store together (PostgreSQL: every
 * handshake awaits the table's admission): a socket's places are taken before the await, so
 * twelve spectators arriving at once cannot all pass a limit of two, and every place is given
 * back — on a refusal, on a handshake answered too late, and when the connection closes.
 */
import { EventEmitter } from 'node:events';
import { PROTOCOL_VERSION } from '@belote/protocol';
import type { Socket } from 'socket.io';
import { describe, expect, it } from 'vitest';
import { checkHandshake, handshakeMiddleware, type SocketIdentity } from '../src/socket/handshake.js';
import { SocketLimits } from '../src/socket/limits.js';
import type { Admission, TableDirectory } from '../src/tables/directory.js';

const TABLE = 'AAAAAAAAAAAAAAAAAAAAAA';
const limits = (maxSocketsPerAddress: number, maxSocketsPerTable: number) =>
  new SocketLimits({ maxSocketsPerAddress, maxSocketsPerTable, rateLimitEvents: 100, rateLimitAddressEvents: 100, trustProxy: [] });

/** A directory whose admissions wait until `open()`: the handshakes all await the store at once. */
function slowTables(answer: Admission = { ok: true, seat: null, isHost: false, variant: 'classic' }) {
  const waiting: (() => void)[] = [];
  const tables = {
    routed: false,
    admit: () => new Promise<Admission>((resolve) => waiting.push(() => resolve(answer))),
  } as unknown as TableDirectory;
  return { tables, waiting: () => waiting.length, open: () => waiting.splice(0).forEach((f) => f()) };
}

const spectator = { protocolVersion: PROTOCOL_VERSION, tableId: TABLE };
const accepted = (rs: (SocketIdentity | Error)[]) => rs.filter((r): r is SocketIdentity => !(r instanceof Error));
const codes = (rs: (SocketIdentity | Error)[]) => rs.filter((r) => r instanceof Error).map((r) => (r as Error & { data: { code: string } }).data.code);

describe('connection limits with a slow store', () => {
  it('lets at most MAX_SOCKETS_PER_TABLE spectators in when twelve handshakes await the table together', async () => {
    const l = limits(100, 2);
    const slow = slowTables();
    const pending = Array.from({ length: 12 }, (_, i) => checkHandshake(spectator, `10.0.0.${i}`, slow.tables, l));
    await expect.poll(slow.waiting).toBe(12);
    slow.open();
    const rs = await Promise.all(pending);
    expect(accepted(rs)).toHaveLength(2);
    expect(codes(rs)).toEqual(Array(10).fill('TOO_MANY_SOCKETS'));
    // the refused gave their places back: when the two leave, two more get in
    for (const r of accepted(rs)) r.release();
    const again = Array.from({ length: 3 }, () => checkHandshake(spectator, '10.0.1.1', slow.tables, l));
    await expect.poll(slow.waiting).toBe(3);
    slow.open();
    expect(accepted(await Promise.all(again))).toHaveLength(2);
  });

  it('lets at most MAX_SOCKETS_PER_ADDRESS sockets of one address in, counted before the store answers', async () => {
    const l = limits(3, 100);
    const slow = slowTables();
    const pending = Array.from({ length: 8 }, () => checkHandshake(spectator, '10.0.0.1', slow.tables, l));
    // five are refused at once, without waiting for the store
    await expect.poll(slow.waiting).toBe(3);
    slow.open();
    const rs = await Promise.all(pending);
    expect(accepted(rs)).toHaveLength(3);
    expect(codes(rs)).toEqual(Array(5).fill('TOO_MANY_SOCKETS'));
  });

  it('gives the address its place back when the table refuses the socket', async () => {
    const l = limits(1, 100);
    const slow = slowTables({ ok: false, code: 'NO_SUCH_TABLE', message: 'no such table' });
    const first = checkHandshake(spectator, '10.0.0.1', slow.tables, l);
    await expect.poll(slow.waiting).toBe(1);
    slow.open();
    expect(codes([await first])).toEqual(['NO_SUCH_TABLE']);
    const second = checkHandshake(spectator, '10.0.0.1', slow.tables, l);
    await expect.poll(slow.waiting).toBe(1); // not refused TOO_MANY_SOCKETS: the place was given back
    slow.open();
    expect(codes([await second])).toEqual(['NO_SUCH_TABLE']);
  });

  /** The middleware's view of a socket: its handshake and its engine connection. */
  function fakeSocket() {
    const conn = new EventEmitter();
    const socket = { handshake: { auth: spectator, query: {} }, request: { headers: {}, socket: { remoteAddress: '10.0.0.9' } }, conn, data: undefined } as unknown as Socket;
    return { socket, conn };
  }
  const run = (mw: ReturnType<typeof handshakeMiddleware>, socket: Socket) => new Promise<Error | undefined>((resolve) => mw(socket, resolve));

  it('gives the places back when the handshake was answered too late, and when an accepted connection closes', async () => {
    const l = limits(1, 100);
    const slow = slowTables();
    // answered INTERNAL after 10 ms, the table answers later: the place must not stay taken
    const late = fakeSocket();
    const refused = await run(handshakeMiddleware(slow.tables, l, 10), late.socket);
    expect((refused as Error & { data: { code: string } }).data.code).toBe('INTERNAL');
    slow.open();
    await new Promise(setImmediate); // the late answer's promise chain runs (microtasks only)
    // an accepted socket holds the address's one place until its connection closes
    const ok = fakeSocket();
    const answer = run(handshakeMiddleware(slow.tables, l, 60_000), ok.socket);
    await expect.poll(slow.waiting).toBe(1); // reached the store: the late one's place was given back
    slow.open();
    expect(await answer).toBeUndefined();
    const third = fakeSocket();
    expect(((await run(handshakeMiddleware(slow.tables, l, 60_000), third.socket)) as Error & { data: { code: string } }).data.code).toBe('TOO_MANY_SOCKETS');
    ok.conn.emit('close');
    const fourth = fakeSocket();
    const after = run(handshakeMiddleware(slow.tables, l, 60_000), fourth.socket);
    await expect.poll(slow.waiting).toBe(1);
    slow.open();
    expect(await after).toBeUndefined();
  });
});
