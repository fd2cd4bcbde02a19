/**
 * Ownership in a cluster, with in-process servers on one PostgreSQL database (no proxy: sockets
 * connect to the process the test picks, as a proxy would route them):
 *  - the store writes a table only under the claim epoch it was given (NotOwner otherwise), and
 *    expiry never removes a table whose owner is alive;
 *  - a claim goes to one process; a process that finds a live owner asks it for the table, and
 *    the heartbeat tells the owner (and tells a process whose claim was overtaken);
 *  - a socket landing on a process that does not run its table (a proxy with an older replica
 *    list): the table moves there — the owner lets its queued commands finish, releases it and
 *    closes its sockets' connections (they reconnect, to where the proxy now sends them);
 *    nothing is forwarded between the processes;
 *  - a process whose claim was overtaken (taken for dead) is refused its next write: nothing is
 *    applied, and its sockets' connections close;
 *  - a table nobody is connected to is given up, and the next process a socket reaches claims it;
 *  - with several processes a socket must name its table in the URL as well.
 */
import { randomBytes } from 'node:crypto';
import { PROTOCOL_VERSION } from '@belote/protocol';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { Ownership } from '../../src/cluster/ownership.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { PgStore } from '../../src/store/pg-store.js';
import { NotOwner } from '../../src/store/types.js';
import { createTable, TestClient } from '../clients.js';
import { createTestDatabase, sql } from '../pg/databases.js';
import { chatLine, seat, settings } from '../store/contract.js';
import { until } from './harness.js';

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function database(): Promise<string> {
  const db = await createTestDatabase();
  cleanup.push(() => db.drop());
  return db.url;
}

async function store(url: string, node: string): Promise<PgStore> {
  const s = await PgStore.open({ url, node });
  cleanup.push(() => s.close().catch(() => undefined));
  return s;
}

async function node(url: string, idleReleaseMs?: number): Promise<RunningServer & { node: string }> {
  const id = randomBytes(8).toString('hex');
  const s = await store(url, id);
  const server = await startServer(
    { port: 0, host: '127.0.0.1', logLevel: 'silent', botDelayMs: 0, dealPauseMs: 0, webDist: '/nonexistent', rateLimitEvents: 10_000, rateLimitAddressEvents: 1_000_000, maxSocketsPerAddress: 100_000 },
    { store: s, cluster: { node: id, store: s, ...(idleReleaseMs === undefined ? {} : { idleReleaseMs }) } },
  );
  cleanup.push(() => server.close());
  return Object.assign(server, { node: id });
}

const ownerOf = async (url: string, table: string) => (await sql<{ owner: string | null; owner_epoch: number }>(url, 'SELECT owner, owner_epoch FROM belote_tables WHERE id = $1', [table])).rows[0]!;

/** The reason a client's socket was disconnected (resolves when it is). */
const disconnected = (c: TestClient) => new Promise<string>((resolve) => (c.socket.connected ? c.socket.once('disconnect', resolve) : resolve('already')));

describe('table ownership (PostgreSQL)', () => {
  it('the store writes a table only under its claim epoch: an overtaken claim is refused (log, chat, finished mark)', async () => {
    const url = await database();
    const a = await store(url, 'node-a');
    const b = await store(url, 'node-b');
    await a.createTable(settings('t'));
    expect(await ownerOf(url, 't')).toEqual({ owner: null, owner_epoch: 0 }); // nobody owns a new table
    await expect(a.append('t', 0, [seat(0, 'A')])).rejects.toBeInstanceOf(NotOwner); // not claimed: nothing sent
    const [oa, ob] = [new Ownership(a.pool, 'node-a'), new Ownership(b.pool, 'node-b')];
    await Promise.all([oa.heartbeat(new Map()), ob.heartbeat(new Map())]);
    const claim = await oa.claim('t');
    expect(claim).toEqual({ epoch: 1 });
    a.fence('t', 1);
    await a.append('t', 0, [seat(0, 'A')]);
    await a.appendChat('t', chatLine(1));
    // b takes it over (a was taken for dead): a's writes are refused, nothing written
    await sql(url, "UPDATE belote_tables SET owner = 'node-b', owner_epoch = 2 WHERE id = 't'");
    b.fence('t', 2);
    const refused = await a.append('t', 1, [seat(1, 'late')]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NotOwner);
    expect((refused as NotOwner).owner).toBe('node-b');
    await expect(a.appendChat('t', chatLine(2))).rejects.toBeInstanceOf(NotOwner);
    await a.markFinished('t', 1);
    await b.append('t', 1, [seat(1, 'B')]);
    expect((await b.load('t'))!).toMatchObject({ finishedAt: null, entries: [seat(0, 'A'), seat(1, 'B')] });
    expect((await b.loadChat('t'))!.entries).toEqual([chatLine(1)]);
    // the same process, a claim later, is refused under its older epoch
    await sql(url, "UPDATE belote_tables SET owner_epoch = 3 WHERE id = 't'");
    await expect(b.append('t', 2, [seat(2, 'C')])).rejects.toBeInstanceOf(NotOwner);
  });

  it('expiry keeps a table whose owner is alive, and removes it once the owner is gone', async () => {
    const url = await database();
    const a = await store(url, 'node-a');
    await a.createTable(settings('t'));
    const ownership = new Ownership(a.pool, 'node-a');
    await ownership.heartbeat(new Map());
    expect(await ownership.claim('t')).toEqual({ epoch: 1 });
    const future = Date.now() + 1_000_000;
    expect(await a.expire(future, future)).toEqual([]);
    await ownership.leave(); // released, and no heartbeat
    expect(await a.expire(future, future)).toEqual(['t']);
  });

  it('a claim goes to one process; the others ask the owner, and its heartbeat says so; an overtaken claim shows as lost', async () => {
    const url = await database();
    const stores = await Promise.all(['n0', 'n1', 'n2', 'n3'].map((n) => store(url, n)));
    await stores[0]!.createTable(settings('t'));
    const owners = stores.map((s, i) => new Ownership(s.pool, `n${i}`));
    await Promise.all(owners.map((o) => o.heartbeat(new Map())));
    const claims = await Promise.all(owners.map((o) => o.claim('t')));
    const won = claims.flatMap((c, i) => (c && 'epoch' in c ? [i] : []));
    expect(won).toHaveLength(1);
    const winner = won[0]!;
    for (const [i, c] of claims.entries()) if (i !== winner) expect(c).toEqual({ owner: `n${winner}` });
    expect(await owners[winner]!.heartbeat(new Map([['t', 1]]))).toEqual({ lost: [], wanted: ['t'] });
    // the owner gives it up; the next claim takes it
    await owners[winner]!.release(new Map([['t', 1]]));
    const other = (winner + 1) % 4;
    expect(await owners[other]!.claim('t')).toEqual({ epoch: 2 });
    expect(await owners[winner]!.heartbeat(new Map([['t', 1]]))).toEqual({ lost: ['t'], wanted: [] });
    expect(await owners[other]!.claim('nope')).toBeNull();
    // a live owner keeps its table: a claim of a process that is alive is not taken
    expect(await owners[winner]!.claim('t')).toEqual({ owner: `n${other}` });
  });

  it('a socket landing on a process that does not run its table: the table moves there, the owner’s sockets reconnect, nothing is forwarded', { timeout: 30_000 }, async () => {
    const url = await database();
    const a = await node(url);
    const b = await node(url);
    const t = await createTable(a);
    const onA = await TestClient.connect(a, { tableId: t.id });
    const watcher = await TestClient.connect(a, { tableId: t.id });
    cleanup.push(() => [onA, watcher].forEach((c) => c.close()));
    expect(await onA.emit('sit', { seat: 0, name: 'Ann' })).toMatchObject({ ok: true });
    expect((await ownerOf(url, t.id)).owner).toBe(a.node);
    const closed = [disconnected(onA), disconnected(watcher)];
    // b gets a socket of the table: it asks a, which gives the table up at its next heartbeat
    const onB = await TestClient.connect(b, { tableId: t.id });
    cleanup.push(() => onB.close());
    expect(onB.last.table.seats[0]!.name).toBe('Ann');
    expect((await ownerOf(url, t.id)).owner).toBe(b.node);
    // a's sockets are told to reconnect (the transport closes; not a server-side disconnect, which would stop them)
    expect(await Promise.all(closed)).toEqual(['transport close', 'transport close']);
    expect(a.registry.get(t.id)).toBeUndefined();
    // the socket on b acts there, and a socket reconnecting to b with the seat's token holds the seat
    expect(await onB.emit('sit', { seat: 1, name: 'Bob' })).toMatchObject({ ok: true, seat: 1 });
    const token = (onA.socket.auth as Record<string, unknown>).token as string;
    const again = await TestClient.connect(b, { tableId: t.id, token });
    cleanup.push(() => again.close());
    expect(again.last.you.seat).toBe(0);
    expect(b.registry.get(t.id)!.state.version).toBe(2);
  });

  it('a process taken for dead is refused its next write: nothing applied, its sockets reconnect', { timeout: 30_000 }, async () => {
    const url = await database();
    const a = await node(url);
    const t = await createTable(a);
    const onA = await TestClient.connect(a, { tableId: t.id });
    cleanup.push(() => onA.close());
    expect(await onA.emit('sit', { seat: 0, name: 'Ann' })).toMatchObject({ ok: true });
    // another process claimed it meanwhile (a's heartbeat had expired)
    await sql(url, "UPDATE belote_tables SET owner = 'someone-else', owner_epoch = owner_epoch + 1 WHERE id = $1", [t.id]);
    const closed = disconnected(onA);
    // PROTOCOL.md §4 step 5: the write that finds the table taken is refused, and the refusal
    // reaches the client before its connection closes
    const ack = await onA.emit('sit', { seat: 1, name: 'Ann' }).catch((e: unknown) => `no answer (${String(e)})`);
    expect(ack).toEqual({ ok: false, error: { code: 'INTERNAL', message: 'the table moved to another server process; nothing was applied (reconnect: the connection is being closed)' } });
    expect(await closed).toBe('transport close');
    expect((await sql<{ n: number }>(url, 'SELECT count(*)::int AS n FROM belote_entries WHERE table_id = $1', [t.id])).rows[0]!.n).toBe(1);
    expect(a.registry.get(t.id)).toBeUndefined();
  });

  it('a table nobody uses is given up, and the next process a socket reaches claims it', { timeout: 30_000 }, async () => {
    const url = await database();
    const a = await node(url, 1500);
    const b = await node(url, 1500);
    const t = await createTable(a);
    const first = await TestClient.connect(a, { tableId: t.id });
    expect(await first.emit('sit', { seat: 0, name: 'Ann' })).toMatchObject({ ok: true });
    first.close();
    expect((await ownerOf(url, t.id)).owner).toBe(a.node);
    await until(async () => (await ownerOf(url, t.id)).owner === null, 30_000, 'the table to be released');
    expect(a.registry.get(t.id)).toBeUndefined();
    const again = await TestClient.connect(b, { tableId: t.id });
    cleanup.push(() => again.close());
    expect(again.last.table.seats[0]!.name).toBe('Ann');
    expect(await ownerOf(url, t.id)).toEqual({ owner: b.node, owner_epoch: 2 });
  });

  it('a table whose log this version cannot replay (a newer version wrote it): refused as INTERNAL, connect again, not as an unknown table; the claim released; its HTTP reads 503, not 404', async () => {
    const url = await database();
    const a = await node(url);
    const t = await createTable(a);
    const first = await TestClient.connect(a, { tableId: t.id });
    expect(await first.emit('sit', { seat: 0, name: 'Ann' })).toMatchObject({ ok: true });
    first.close();
    await a.close(); // the table is in the store only; the next socket's claim loads it
    // an entry of a kind this version does not know, as the next version would write it
    await sql(url, `INSERT INTO belote_entries (table_id, seq, entry) SELECT $1, COALESCE(MAX(seq), 0) + 1, $2::jsonb FROM belote_entries WHERE table_id = $1`, [t.id, JSON.stringify({ type: 'fromANewerVersion' })]);
    const b = await node(url);
    const refusal = await new Promise<unknown>((resolve) => {
      const s = io(b.url, { auth: { protocolVersion: PROTOCOL_VERSION, tableId: t.id }, query: { table: t.id }, transports: ['websocket'], reconnection: false, forceNew: true });
      s.once('connect_error', (e: Error & { data?: unknown }) => (s.close(), resolve(e.data)));
      s.once('snapshot', () => (s.close(), resolve('connected')));
    });
    expect(refusal).toMatchObject({ code: 'INTERNAL', message: expect.stringContaining('newer version') });
    expect(b.registry.get(t.id)).toBeUndefined();
    await until(async () => (await ownerOf(url, t.id)).owner === null, 10_000, 'the claim to be released');
    // its HTTP reads say the same, not 404 "no such table" (PROTOCOL.md §2): 503, try again later
    for (const path of [`/api/tables/${t.id}`, `/api/tables/${t.id}/record`, `/api/tables/${t.id}/record?game=0`]) {
      const res = await fetch(`${b.url}${path}`);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after'), path).toBe('10');
      expect(await res.json(), path).toEqual({ error: { code: 'INTERNAL', message: 'this server process cannot read the table (written by a newer version): try again later' } });
    }
    // a table that does not exist is still one
    expect((await fetch(`${b.url}/api/tables/${'A'.repeat(22)}`)).status).toBe(404);
    expect((await fetch(`${b.url}/api/tables/${'A'.repeat(22)}/record`)).status).toBe(404);
  });

  it('with several processes a socket names its table in the URL too; a different one is refused anywhere', async () => {
    const url = await database();
    const a = await node(url);
    const t = await createTable(a);
    const refusal = (query: Record<string, string>) =>
      new Promise<unknown>((resolve) => {
        const s = io(a.url, { auth: { protocolVersion: PROTOCOL_VERSION, tableId: t.id }, query, transports: ['websocket'], reconnection: false, forceNew: true });
        s.once('connect_error', (e: Error & { data?: unknown }) => (s.close(), resolve(e.data)));
        s.once('snapshot', () => (s.close(), resolve('connected')));
      });
    expect(await refusal({})).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('?table=') });
    expect(await refusal({ table: 'A'.repeat(22) })).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('not auth.tableId') });
    expect(await refusal({ table: t.id })).toBe('connected');
  });
});
