/**
 * Ownership in a cluster, with in-process servers on one PostgreSQL database: the store refuses
 * the writes and finished marks of a process that is not the table's owner (NotOwner), expiry
 * never removes a table whose owner is alive, and a process that was taken for dead and whose
 * table was claimed by another hands it over on its next write — the command is answered by the
 * new owner and its sockets follow the table, without reconnecting.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Ownership } from '../../src/cluster/ownership.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { PgStore } from '../../src/store/pg-store.js';
import { NotOwner } from '../../src/store/types.js';
import { createTable, TestClient } from '../clients.js';
import { createTestDatabase, sql } from '../pg/databases.js';
import { seat, settings } from '../store/contract.js';

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
    { store: s, cluster: { url, node: id, pool: s.pool, ...(idleReleaseMs === undefined ? {} : { idleReleaseMs }) } },
  );
  cleanup.push(() => server.close());
  return Object.assign(server, { node: id });
}

describe('table ownership (PostgreSQL)', () => {
  it('the store refuses the writes and finished marks of a process that does not own the table', async () => {
    const url = await database();
    const a = await store(url, 'node-a');
    const b = await store(url, 'node-b');
    await a.createTable(settings('t')); // created by a: a owns it
    await a.append('t', 0, [seat(0, 'A')]);
    const refused = await b.append('t', 1, [seat(1, 'B')]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NotOwner);
    expect((refused as NotOwner).owner).toBe('node-a');
    await b.markFinished('t', 1);
    expect((await a.load('t'))!).toMatchObject({ finishedAt: null, entries: [seat(0, 'A')] });
    // b claims it once a is gone: now a is refused
    await sql(url, "UPDATE belote_tables SET owner = 'node-b' WHERE id = 't'");
    await b.append('t', 1, [seat(1, 'B')]);
    await expect(a.append('t', 2, [seat(2, 'C')])).rejects.toBeInstanceOf(NotOwner);
  });

  it('expiry keeps a table whose owner is alive, and removes it once the owner is gone', async () => {
    const url = await database();
    const a = await store(url, 'node-a');
    await a.createTable(settings('t'));
    await a.append('t', 0, [seat(0, 'A')]); // a pool connection named belote:node-a is open
    const ownership = new Ownership(a.pool, 'node-a');
    await ownership.heartbeat();
    expect(await ownership.alive()).toEqual(new Set(['node-a']));
    const future = Date.now() + 1_000_000;
    expect(await a.expire(future, future)).toEqual([]);
    await ownership.leave(); // released, and no heartbeat
    expect(await a.expire(future, future)).toEqual(['t']);
  });

  it('a claim goes to one process; a table with a live owner is not claimed by another', async () => {
    const url = await database();
    const a = await store(url, 'node-a');
    const b = await store(url, 'node-b');
    await a.createTable(settings('t'));
    await sql(url, "UPDATE belote_tables SET owner = NULL WHERE id = 't'");
    const [oa, ob] = [new Ownership(a.pool, 'node-a'), new Ownership(b.pool, 'node-b')];
    await Promise.all([oa.heartbeat(), ob.heartbeat()]);
    const claims = await Promise.all([oa.claim('t'), ob.claim('t'), oa.claim('t'), ob.claim('t')]);
    const owner = claims[0]!.owner;
    expect(claims.every((c) => c!.owner === owner)).toBe(true);
    expect(claims.filter((c) => c!.mine).length).toBe(2); // the same process's two calls
    expect(await oa.claim('nope')).toBeNull();
  });

  it('a process taken for dead hands the table over on its next write: the new owner answers, the sockets follow', { timeout: 30_000 }, async () => {
    const url = await database();
    const a = await node(url);
    const b = await node(url);
    const t = await createTable(a);
    const onA = await TestClient.connect(a, { tableId: t.id });
    const onB = await TestClient.connect(b, { tableId: t.id });
    cleanup.push(() => (onA.close(), onB.close()));
    expect(await onA.emit('sit', { seat: 0, name: 'Ann' })).toMatchObject({ ok: true });
    // b takes the table while a still holds it in memory (as if a had been taken for dead)
    await sql(url, 'UPDATE belote_tables SET owner = $1 WHERE id = $2', [b.node, t.id]);
    expect(a.registry.get(t.id)).toBeDefined();
    // a's socket acts: a's write is refused by the store, a hands over, the command runs on b
    expect(await onA.emit('sit', { seat: 1, name: 'Ann2' })).toMatchObject({ ok: true, seat: 1 });
    expect(a.registry.get(t.id)).toBeUndefined();
    expect(b.registry.get(t.id)!.state.version).toBe(3);
    expect(onA.socket.connected).toBe(true);
    // both sockets see the change from the new owner
    await onB.next((u) => u.table.seats[1]!.name === 'Ann2');
    const last = await onA.next((u) => u.version === 3 && u.you.seat === 1);
    expect(last.table.seats.map((s) => s.name)).toEqual([null, 'Ann2', null, null]);
  });

  it('a table nobody uses is given up, and the next process that needs it claims it', { timeout: 30_000 }, async () => {
    const url = await database();
    const a = await node(url, 1500);
    const b = await node(url, 1500);
    const t = await createTable(a);
    const first = await TestClient.connect(a, { tableId: t.id });
    expect(await first.emit('sit', { seat: 0, name: 'Ann' })).toMatchObject({ ok: true });
    first.close();
    const owner = async () => (await sql<{ owner: string | null }>(url, 'SELECT owner FROM belote_tables WHERE id = $1', [t.id])).rows[0]!.owner;
    expect(await owner()).toBe(a.node);
    for (let i = 0; (await owner()) !== null; i++) {
      if (i > 100) throw new Error('never released');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(a.registry.get(t.id)).toBeUndefined();
    // B needs it now: B claims it and serves it from the store
    const again = await TestClient.connect(b, { tableId: t.id });
    cleanup.push(() => again.close());
    expect(again.last.table.seats[0]!.name).toBe('Ann');
    expect(await owner()).toBe(b.node);
    expect(b.registry.get(t.id)!.state.version).toBe(1);
  });
});
