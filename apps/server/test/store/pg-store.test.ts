/**
 * What only the PostgreSQL store meets (the shared behaviour is contract.ts): its connection
 * dropped in the middle of an append, the server restarted (writes during the outage are
 * refused, never acknowledged, and the store reconnects by itself), processes creating the
 * schema at the same time, and an unreachable server at start (the message hides the password).
 */
import type { Logger } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { PgStore } from '../../src/store/pg-store.js';
import { StoreUnusable, VersionConflict, type TableStore } from '../../src/store/types.js';
import { createTestDatabase, sql, type TestDatabase } from '../pg/databases.js';
import { startEmbeddedPostgres } from '../pg/embedded.js';
import { seat, settings } from './contract.js';

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function database(serverUrl?: string): Promise<TestDatabase> {
  const db = await createTestDatabase(serverUrl);
  cleanup.push(() => db.drop());
  return db;
}
async function open(url: string): Promise<PgStore> {
  const s = await PgStore.open({ url, connectTimeoutMs: 1000 });
  cleanup.push(() => s.close().catch(() => undefined));
  return s;
}
const names = async (s: TableStore, id: string) => (await s.load(id))!.entries.map((e) => (e.type === 'seat' ? e.name : e.type));

/** Make inserts into `tableId`'s log wait (pg_sleep) so a test can act while an append is inside its transaction. */
async function slowInserts(url: string, tableId: string): Promise<() => Promise<void>> {
  await sql(
    url,
    `CREATE FUNCTION belote_slow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(5); RETURN NEW; END $$;
     CREATE TRIGGER belote_slow BEFORE INSERT ON belote_entries FOR EACH ROW WHEN (NEW.table_id = '${tableId}') EXECUTE FUNCTION belote_slow();`,
  );
  return async () => void (await sql(url, 'DROP TRIGGER belote_slow ON belote_entries; DROP FUNCTION belote_slow();'));
}

/** Wait until a backend of this database sleeps inside the trigger; returns its pid. */
async function sleepingBackend(url: string): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const r = await sql<{ pid: number }>(url, "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'PgSleep'");
    if (r.rows[0]) return r.rows[0].pid;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error('no append reached the trigger');
}

describe('PgStore', () => {
  it('connection dropped mid-append: the append rejects, nothing is half-written, the next write reconnects', async () => {
    const db = await database();
    const store = await open(db.url);
    await store.createTable(settings('t'));
    await store.append('t', 0, [seat(0, 'A')]);
    const fast = await slowInserts(db.url, 't');
    const append = store.append('t', 1, [seat(1, 'B'), seat(2, 'C')]);
    const outcome = append.then(
      () => 'resolved',
      (e: unknown) => e,
    );
    const pid = await sleepingBackend(db.url);
    await sql(db.url, 'SELECT pg_terminate_backend($1)', [pid]);
    const error = await outcome;
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(VersionConflict);
    await fast();
    expect(await names(store, 't')).toEqual(['A']);
    await store.append('t', 1, [seat(1, 'B'), seat(2, 'C')]);
    expect(await names(store, 't')).toEqual(['A', 'B', 'C']);
  });

  it('an idle connection dropped by the server: a warning with its reason, not the connection (its backend pid and cancel key)', async () => {
    const db = await database();
    const warnings: unknown[][] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as Logger;
    const store = await PgStore.open({ url: db.url, connectTimeoutMs: 1000, log });
    cleanup.push(() => store.close().catch(() => undefined));
    await store.createTable(settings('t')); // a connection of the pool, idle afterwards
    await sql(db.url, 'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    for (let i = 0; i < 200 && warnings.length === 0; i++) await new Promise((res) => setTimeout(res, 25));
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    const [fields, msg] = warnings[0]!;
    expect(msg).toBe('idle PostgreSQL connection lost; reconnecting on the next query');
    expect(Object.keys(fields as object).sort()).toEqual(['code', 'reason']);
    expect((fields as { reason: string }).reason).toMatch(/terminat/i);
    expect(JSON.stringify(fields)).not.toMatch(/secretKey|processID/);
    await store.append('t', 0, [seat(0, 'A')]); // and the next query reconnects
    expect(await names(store, 't')).toEqual(['A']);
  });

  it('PostgreSQL restarted: writes during the outage are refused, never acknowledged; the store reconnects', { timeout: 60_000 }, async () => {
    const server = await startEmbeddedPostgres();
    cleanup.push(() => server.destroy());
    const db = await database(server.url);
    const store = await open(db.url);
    await store.createTable(settings('t'));
    await store.append('t', 0, [seat(0, 'A')]);

    // One append inside its transaction when the server stops, one while it is down.
    const fast = await slowInserts(db.url, 't');
    const inFlight = store.append('t', 1, [seat(1, 'in-flight')]).then(
      () => 'acknowledged',
      () => 'refused',
    );
    await sleepingBackend(db.url);
    await server.stop();
    expect(await inFlight).toBe('refused');
    await expect(store.append('t', 1, [seat(1, 'during')])).rejects.toThrow();
    await expect(store.load('t')).rejects.toThrow();

    await server.start();
    await fast();
    // Nothing refused was kept; the store writes again on its own.
    expect(await names(store, 't')).toEqual(['A']);
    await store.append('t', 1, [seat(1, 'after')]);
    expect(await names(store, 't')).toEqual(['A', 'after']);
  });

  it('acknowledges only durable commits, even where the database defaults to synchronous_commit = off', async () => {
    const db = await database();
    await sql(db.url, 'ALTER DATABASE "' + new URL(db.url).pathname.slice(1) + '" SET synchronous_commit = off');
    expect((await sql<{ synchronous_commit: string }>(db.url, 'SHOW synchronous_commit')).rows[0]!.synchronous_commit).toBe('off');
    const s = await open(db.url);
    const pool = (s as unknown as { pool: { query: (q: string) => Promise<{ rows: { synchronous_commit: string }[] }> } }).pool;
    expect((await pool.query('SHOW synchronous_commit')).rows[0]!.synchronous_commit).toBe('on');
  });

  it('several processes creating the schema at once all start', async () => {
    const db = await database();
    const stores = await Promise.all([open(db.url), open(db.url), open(db.url)]);
    await stores[0]!.createTable(settings('t'));
    expect((await stores[2]!.loadAll()).tables.map((t) => t.settings.id)).toEqual(['t']);
  });

  it('an unreachable server stops the start with a message naming it, password hidden', async () => {
    const error = await PgStore.open({ url: 'postgres://belote:s3cret@127.0.0.1:1/belote', connectTimeoutMs: 1000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnusable);
    expect((error as Error).message).toMatch(/^cannot use PostgreSQL at postgres:\/\/belote:\*\*\*@127\.0\.0\.1:1\/belote: /);
    expect((error as Error).message).not.toContain('s3cret');
  });
});
