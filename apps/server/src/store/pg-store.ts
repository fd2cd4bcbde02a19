/**
 * PostgreSQL TableStore (node-postgres), chosen by DATABASE_URL. Same model as SQLite: a row per
 * table and one row per log entry, keyed (table_id, seq). Fencing is a compare-and-set on the
 * table's `version` column in the same statement that inserts the entries, so of two writers
 * extending the same version exactly one succeeds (the other waits for the row lock, then finds
 * the version moved on); the primary key backs it. Appends queued while a commit is in flight
 * share the next transaction (group commit); each resolves only after COMMIT returned.
 * A lost connection rejects the appends of its batch; the pool reconnects on the next write.
 * The chat (belote_chat, belote_chat_settings) has its own positions and check, in the same
 * group commit, and never touches the log or `version`.
 * In a cluster (`node` set) every table row names its owning process, and an append or a
 * finished mark by any other process is refused with NotOwner (cluster/ownership.ts claims).
 */
import pg from 'pg';
import type { Logger } from 'pino';
import { CHAT_KEPT, DEFAULT_CHAT_SETTINGS, type ChatEntry, type ChatSettings } from '@belote/protocol';
import {
  ChatConflict,
  NoSuchStoredTable,
  NotOwner,
  StoreUnusable,
  VersionConflict,
  type LoadedTables,
  type LogEntry,
  type StoredChat,
  type StoredTable,
  type TableSettings,
  type TableStore,
} from './types.js';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS belote_tables (
    id text PRIMARY KEY,
    settings jsonb NOT NULL,
    created_at bigint NOT NULL,
    updated_at bigint NOT NULL,
    finished_at bigint,
    version integer NOT NULL DEFAULT 0
  );
  CREATE TABLE IF NOT EXISTS belote_entries (
    table_id text NOT NULL REFERENCES belote_tables(id) ON DELETE CASCADE,
    seq integer NOT NULL,
    entry jsonb NOT NULL,
    PRIMARY KEY (table_id, seq)
  );
  CREATE TABLE IF NOT EXISTS belote_chat (
    table_id text NOT NULL REFERENCES belote_tables(id) ON DELETE CASCADE,
    id integer NOT NULL,
    entry jsonb NOT NULL,
    PRIMARY KEY (table_id, id)
  );
  CREATE TABLE IF NOT EXISTS belote_chat_settings (
    table_id text PRIMARY KEY REFERENCES belote_tables(id) ON DELETE CASCADE,
    settings jsonb NOT NULL
  );
  ALTER TABLE belote_tables ADD COLUMN IF NOT EXISTS owner text;
  ALTER TABLE belote_tables ADD COLUMN IF NOT EXISTS owner_epoch integer NOT NULL DEFAULT 0;
  CREATE TABLE IF NOT EXISTS belote_nodes (
    id text PRIMARY KEY,
    expires_at timestamptz NOT NULL
  );
  CREATE TABLE IF NOT EXISTS socket_io_attachments (
    id bigserial UNIQUE,
    created_at timestamptz DEFAULT now(),
    payload bytea
  );
`;

/**
 * A process (node) is alive while its heartbeat is fresh and a connection of its own (named
 * `belote:<id>`) is open: a killed process's connections close at once, so it is dead at once.
 */
export const NODE_ALIVE = `n.expires_at > now() AND EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.application_name = 'belote:' || n.id)`;

/** Advisory lock held while creating the schema, so processes starting together do not race. */
const SCHEMA_LOCK = 0x62656c6f; // "belo"

/** Compare-and-set the version, then insert the entries at the positions it covered. Row count = entries written. */
const APPEND = `
  WITH bumped AS (
    UPDATE belote_tables SET version = version + $3::int, updated_at = $4::bigint
    WHERE id = $1 AND version = $2::int AND ($6::text IS NULL OR owner = $6::text)
    RETURNING id
  )
  INSERT INTO belote_entries (table_id, seq, entry)
  SELECT bumped.id, $2::int + e.ord::int - 1, e.entry
  FROM bumped, jsonb_array_elements($5::jsonb) WITH ORDINALITY AS e(entry, ord)`;

/**
 * A chat entry at position $2 if the chat's newest id is $2 - 1. Touching the table's row
 * takes its lock, so two writers of one table's chat run one after the other (the log's
 * `version` is not touched); the primary key backs the check. Row count = entries written.
 */
const APPEND_CHAT = `
  WITH t AS (UPDATE belote_tables SET updated_at = $4::bigint WHERE id = $1 RETURNING id),
       n AS (SELECT COALESCE(MAX(c.id), 0) AS newest FROM belote_chat c WHERE c.table_id = $1)
  INSERT INTO belote_chat (table_id, id, entry)
  SELECT t.id, $2::int, $3::jsonb FROM t, n WHERE n.newest = $2::int - 1
  ON CONFLICT DO NOTHING`;

const SAVE_CHAT_SETTINGS = `
  INSERT INTO belote_chat_settings (table_id, settings) VALUES ($1, $2::jsonb)
  ON CONFLICT (table_id) DO UPDATE SET settings = EXCLUDED.settings`;

/** A table's chat in one statement: its entries in order and its settings (null row: no such table). */
const SELECT_CHAT = `
  SELECT (SELECT COALESCE(jsonb_agg(c.entry ORDER BY c.id), '[]'::jsonb) FROM belote_chat c WHERE c.table_id = t.id) AS entries,
         (SELECT s.settings FROM belote_chat_settings s WHERE s.table_id = t.id) AS settings
  FROM belote_tables t WHERE t.id = $1`;

/** A table with its whole log in one statement (one snapshot). */
const SELECT_TABLES = `
  SELECT t.id, t.settings, t.finished_at,
    (SELECT COALESCE(jsonb_agg(e.entry ORDER BY e.seq), '[]'::jsonb) FROM belote_entries e WHERE e.table_id = t.id) AS entries
  FROM belote_tables t`;

interface TableRow {
  id: string;
  settings: TableSettings;
  finished_at: number | null;
  entries: LogEntry[];
}

/** A write waiting for the next group commit: `run` does it on the batch's connection and returns its refusal. */
interface PendingWrite {
  tableId: string;
  run: (c: pg.PoolClient, now: number) => Promise<Error | null>;
  resolve: () => void;
  reject: (e: unknown) => void;
}

export interface PgStoreOptions {
  /** postgres://user:password@host:port/database (libpq-style parameters such as sslmode work). */
  url: string;
  log?: Logger;
  /** How long to wait for a connection before a write fails (ms). */
  connectTimeoutMs?: number;
  /** Cluster: this process's id; its writes are fenced by table ownership too. */
  node?: string;
  /** Connections in the pool (DATABASE_POOL_SIZE). */
  poolSize?: number;
}

/** The URL without its password, for logs and messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

/** bigint (int8) columns hold ms timestamps: read them as numbers. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export class PgStore implements TableStore {
  readonly kind = 'pg';
  /** Also used by the cluster's ownership queries. */
  readonly pool: pg.Pool;
  private readonly node: string | null;
  private pending: PendingWrite[] = [];
  private flushing: Promise<void> | null = null;

  private constructor(private readonly opts: PgStoreOptions) {
    this.node = opts.node ?? null;
    this.pool = new pg.Pool({
      connectionString: opts.url,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
      keepAlive: true,
      max: opts.poolSize ?? 4,
      types,
      ...(opts.node ? { application_name: `belote:${opts.node}` } : {}),
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process.
    this.pool.on('error', (e) => opts.log?.warn({ err: e }, 'idle PostgreSQL connection lost; reconnecting on the next query'));
  }

  /** Connect, create the schema if needed; throws `StoreUnusable` naming the (redacted) URL. */
  static async open(opts: PgStoreOptions): Promise<PgStore> {
    const store = new PgStore(opts);
    try {
      await store.transaction(async (c) => {
        await c.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
        await c.query(SCHEMA);
      });
    } catch (e) {
      await store.pool.end().catch(() => undefined);
      throw new StoreUnusable(`cannot use PostgreSQL at ${redactUrl(opts.url)}: ${(e as Error).message}`);
    }
    return store;
  }

  async createTable(settings: TableSettings): Promise<void> {
    await this.pool.query('INSERT INTO belote_tables (id, settings, created_at, updated_at, owner) VALUES ($1, $2, $3, $4, $5)', [
      settings.id,
      JSON.stringify(settings),
      settings.createdAt,
      Date.now(),
      this.node,
    ]);
  }

  append(tableId: string, version: number, entries: readonly LogEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.reject(new Error('append: no entries'));
    return this.enqueue(tableId, async (c, now) => {
      const r = await c.query(APPEND, [tableId, version, entries.length, now, JSON.stringify(entries), this.node]);
      if (r.rowCount === entries.length) return null;
      const v = await c.query<{ version: number; owner: string | null }>('SELECT version, owner FROM belote_tables WHERE id = $1', [tableId]);
      const row = v.rows[0];
      if (!row) return new NoSuchStoredTable(tableId);
      if (this.node !== null && row.owner !== this.node) return new NotOwner(tableId, row.owner);
      return new VersionConflict(tableId, version, row.version);
    });
  }

  appendChat(tableId: string, entry: ChatEntry, settings?: ChatSettings): Promise<void> {
    return this.enqueue(tableId, async (c, now) => {
      const r = await c.query(APPEND_CHAT, [tableId, entry.id, JSON.stringify(entry), now]);
      if (r.rowCount === 1) {
        await c.query('DELETE FROM belote_chat WHERE table_id = $1 AND id <= $2', [tableId, entry.id - CHAT_KEPT]);
        if (settings) await c.query(SAVE_CHAT_SETTINGS, [tableId, JSON.stringify(settings)]);
        return null;
      }
      const n = await c.query<{ newest: number }>(
        'SELECT (SELECT COALESCE(MAX(id), 0) FROM belote_chat WHERE table_id = t.id) AS newest FROM belote_tables t WHERE t.id = $1',
        [tableId],
      );
      return n.rows[0] ? new ChatConflict(tableId, entry.id, n.rows[0].newest) : new NoSuchStoredTable(tableId);
    });
  }

  private enqueue(tableId: string, run: PendingWrite['run']): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ tableId, run, resolve, reject });
      this.flushing ??= this.flushLoop();
    });
  }

  /** Commit batches until nothing is pending; appends made meanwhile join the next batch. */
  private async flushLoop(): Promise<void> {
    await new Promise((r) => setImmediate(r)); // let this tick's appends join the first batch
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      await this.commitBatch(batch);
    }
    this.flushing = null;
  }

  private async commitBatch(batch: PendingWrite[]): Promise<void> {
    // Row locks in table order, so two processes committing overlapping batches cannot deadlock
    // (a stable sort keeps one table's appends in call order).
    const ordered = batch.toSorted((a, b) => (a.tableId < b.tableId ? -1 : a.tableId > b.tableId ? 1 : 0));
    const now = Date.now();
    let outcomes: (Error | null)[];
    try {
      outcomes = await this.transaction(async (c) => {
        const out: (Error | null)[] = [];
        for (const p of ordered) out.push(await p.run(c, now));
        return out;
      });
    } catch (e) {
      for (const p of ordered) p.reject(e);
      return;
    }
    ordered.forEach((p, i) => (outcomes[i] ? p.reject(outcomes[i]) : p.resolve()));
  }

  /**
   * Run `fn` in a transaction on one connection. On any error the connection is discarded
   * (it may be dead or mid-transaction) and the error rethrown: nothing of `fn` is committed,
   * except when the connection died during COMMIT itself, whose outcome nobody can know.
   */
  private async transaction<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const c = await this.pool.connect();
    // A checked-out client that loses its connection emits 'error' besides failing its query.
    const onError = (e: Error) => this.opts.log?.warn({ err: e }, 'PostgreSQL connection lost during a transaction');
    c.on('error', onError);
    let failed = false;
    try {
      await c.query('BEGIN');
      const result = await fn(c);
      await c.query('COMMIT');
      return result;
    } catch (e) {
      failed = true;
      throw e;
    } finally {
      c.off('error', onError);
      c.release(failed);
    }
  }

  async load(tableId: string): Promise<StoredTable | null> {
    const r = await this.pool.query<TableRow>(`${SELECT_TABLES} WHERE t.id = $1`, [tableId]);
    return r.rows[0] ? stored(r.rows[0]) : null;
  }

  async loadAll(): Promise<LoadedTables> {
    const r = await this.pool.query<TableRow>(`${SELECT_TABLES} ORDER BY t.created_at, t.id`);
    // jsonb is always well-formed: a row of the wrong shape fails at replay, where it is skipped.
    return { tables: r.rows.map(stored), unreadable: [] };
  }

  async loadChat(tableId: string): Promise<StoredChat | null> {
    const r = await this.pool.query<{ entries: ChatEntry[]; settings: ChatSettings | null }>(SELECT_CHAT, [tableId]);
    const row = r.rows[0];
    return row ? { entries: row.entries, settings: row.settings ?? { ...DEFAULT_CHAT_SETTINGS } } : null;
  }

  async markFinished(tableId: string, at: number | null): Promise<void> {
    // In a cluster only the owner marks (a process taken for dead must not undo its successor's mark).
    await this.pool.query('UPDATE belote_tables SET finished_at = $2, updated_at = $3 WHERE id = $1 AND ($4::text IS NULL OR owner = $4::text)', [tableId, at, Date.now(), this.node]);
  }

  async expire(finishedBefore: number, idleBefore: number, keep: ReadonlySet<string> = new Set()): Promise<string[]> {
    const r = await this.pool.query<{ id: string }>(
      `WITH gone AS (
         DELETE FROM belote_tables
         WHERE ((finished_at IS NOT NULL AND finished_at < $1) OR (finished_at IS NULL AND updated_at < $2)) AND NOT (id = ANY($3::text[]))
           -- a table owned by a live process is in use there (cluster)
           AND NOT EXISTS (SELECT 1 FROM belote_nodes n WHERE n.id = belote_tables.owner AND ${NODE_ALIVE})
         RETURNING id, created_at)
       SELECT id FROM gone ORDER BY created_at, id`,
      [finishedBefore, idleBefore, [...keep]],
    );
    return r.rows.map((row) => row.id);
  }

  async close(): Promise<void> {
    await this.flushing;
    await this.pool.end();
  }
}

const stored = (row: TableRow): StoredTable => ({ settings: row.settings, entries: row.entries, finishedAt: row.finished_at });
