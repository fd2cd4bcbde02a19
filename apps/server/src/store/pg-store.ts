/**
 * PostgreSQL TableStore (node-postgres), chosen by DATABASE_URL. Same model as SQLite: a row per
 * table and one row per log entry, keyed (table_id, seq). Fencing is a compare-and-set on the
 * table's `version` column in the same statement that inserts the entries, so of two writers
 * extending the same version exactly one succeeds; the primary key backs it. Appends queued
 * while a write is in flight share the next statement (group commit); each resolves only after
 * that statement committed.
 *
 * Every write is one statement in autocommit: no transaction stays open across a round trip,
 * so a process that freezes or is cut off mid-write holds no lock (its statement runs to its
 * end on the server). A connection lost after a write was sent rejects with `OutcomeUnknown`
 * (it may have committed); a write that never left, or that PostgreSQL refused, rejects with
 * the error: nothing of it was written. The pool reconnects on the next write.
 *
 * In a cluster (`node` set) every table row names its owning process and the epoch of its
 * claim (cluster/ownership.ts); this store writes a table only under the epoch it was given
 * (`fence`), so a process whose claim was overtaken is refused with NotOwner.
 */
import pg from 'pg';
import type { Logger } from 'pino';
import { CHAT_KEPT, DEFAULT_CHAT_SETTINGS, type ChatEntry, type ChatSettings } from '@belote/protocol';
import {
  ChatConflict,
  NoSuchStoredTable,
  NotOwner,
  OutcomeUnknown,
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
  ALTER TABLE belote_tables ADD COLUMN IF NOT EXISTS wanted_by text;
  CREATE TABLE IF NOT EXISTS belote_nodes (
    id text PRIMARY KEY,
    expires_at timestamptz NOT NULL
  );
`;

/**
 * A process (node) is alive while its heartbeat is fresh and a connection of its own (named
 * `belote:<id>`) is open: a killed process's connections close at once, so it is dead at once.
 */
export const NODE_ALIVE = `n.expires_at > now() AND EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.application_name = 'belote:' || n.id)`;

/** Advisory lock held while creating the schema, so processes starting together do not race. */
const SCHEMA_LOCK = 0x62656c6f; // "belo"

/**
 * Belts for what the statements' shape already rules out: no session sits in a transaction, and
 * no statement waits for a lock, longer than this (ms).
 */
const SESSION_BOUNDS_MS = 5000;

/**
 * A batch of appends, one per table, in one statement: compare-and-set each table's version
 * (and, in a cluster, its owner and claim epoch), then insert the entries of those that passed
 * at the positions they covered. Returns the ids written. Rows are locked in id order, so two
 * processes' batches cannot deadlock.
 */
const APPEND_BATCH = `
  WITH w AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS w(id text, version int, epoch int, entries jsonb)
  ),
  locked AS MATERIALIZED (
    SELECT t.id FROM belote_tables t JOIN w ON w.id = t.id ORDER BY t.id FOR UPDATE OF t
  ),
  bumped AS (
    UPDATE belote_tables t SET version = t.version + jsonb_array_length(w.entries), updated_at = $2::bigint
    FROM w, locked l
    WHERE t.id = w.id AND l.id = t.id AND t.version = w.version AND ($3::text IS NULL OR (t.owner = $3::text AND t.owner_epoch = w.epoch))
    RETURNING t.id, w.version, w.entries
  ),
  inserted AS (
    INSERT INTO belote_entries (table_id, seq, entry)
    SELECT b.id, b.version + e.ord::int - 1, e.entry
    FROM bumped b, jsonb_array_elements(b.entries) WITH ORDINALITY AS e(entry, ord)
  )
  SELECT id FROM bumped`;

/** Why appends of a batch were not written: each table's row as it is now. */
const WHY_NOT = 'SELECT id, version, owner, owner_epoch FROM belote_tables WHERE id = ANY($1::text[])';

/**
 * A chat entry at position $2 if the chat's newest id is $2 - 1, with the entries older than
 * the newest $6 dropped and the settings $5 saved, in one statement. Touching the table's row
 * takes its lock (and, in a cluster, checks the claim), so two writers of one table's chat run
 * one after the other; the log's `version` is not touched; the primary key backs the check.
 */
const APPEND_CHAT = `
  WITH t AS (
    UPDATE belote_tables SET updated_at = $4::bigint
    WHERE id = $1 AND ($7::text IS NULL OR (owner = $7::text AND owner_epoch = $8::int)) RETURNING id
  ),
  n AS (SELECT COALESCE(MAX(c.id), 0) AS newest FROM belote_chat c WHERE c.table_id = $1),
  ins AS (
    INSERT INTO belote_chat (table_id, id, entry)
    SELECT t.id, $2::int, $3::jsonb FROM t, n WHERE n.newest = $2::int - 1
    ON CONFLICT DO NOTHING RETURNING id
  ),
  old AS (DELETE FROM belote_chat c USING ins WHERE c.table_id = $1 AND c.id <= $2::int - $6::int),
  s AS (
    INSERT INTO belote_chat_settings (table_id, settings) SELECT $1, $5::jsonb FROM ins WHERE $5::jsonb IS NOT NULL
    ON CONFLICT (table_id) DO UPDATE SET settings = EXCLUDED.settings
  )
  SELECT (SELECT count(*) FROM ins)::int AS written, (SELECT count(*) FROM t)::int AS touched, (SELECT newest FROM n) AS newest`;

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

interface PendingAppend {
  kind: 'append';
  tableId: string;
  version: number;
  entries: readonly LogEntry[];
  resolve: () => void;
  reject: (e: unknown) => void;
}

interface PendingChat {
  kind: 'chat';
  tableId: string;
  entry: ChatEntry;
  settings: ChatSettings | undefined;
  resolve: () => void;
  reject: (e: unknown) => void;
}

type PendingWrite = PendingAppend | PendingChat;

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

/**
 * Did a statement that was sent fail for sure (PostgreSQL answered with an error: nothing was
 * committed), or was its answer lost with the connection (it may have committed)? SQLSTATE
 * classes 08 (connection) and 57 (operator intervention: a shutdown) and internal errors are
 * taken as lost, to be safe.
 */
function answerLost(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  if (!(e instanceof pg.DatabaseError) || typeof code !== 'string') return true;
  return code.startsWith('08') || code.startsWith('57') || code.startsWith('XX');
}

export class PgStore implements TableStore {
  readonly kind = 'pg';
  /** Also used by the cluster's ownership queries. */
  readonly pool: pg.Pool;
  private readonly node: string | null;
  /** Cluster: the claim epoch under which this process writes each table it owns. */
  private readonly epochs = new Map<string, number>();
  private pending: PendingWrite[] = [];
  private flushing: Promise<void> | null = null;
  /** Statements sent by this store (benchmarks). */
  statements = 0;

  private constructor(private readonly opts: PgStoreOptions) {
    this.node = opts.node ?? null;
    this.pool = new pg.Pool({
      connectionString: opts.url,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
      keepAlive: true,
      max: opts.poolSize ?? 4,
      types,
      // synchronous_commit: an ack follows a COMMIT that is on disk, whatever the database's default.
      options: `-c idle_in_transaction_session_timeout=${SESSION_BOUNDS_MS} -c lock_timeout=${SESSION_BOUNDS_MS} -c synchronous_commit=on`,
      ...(opts.node ? { application_name: `belote:${opts.node}` } : {}),
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process.
    // Its message and code only: the error can carry the connection (its backend pid, cancel key).
    this.pool.on('error', (e) => opts.log?.warn({ reason: e.message, code: (e as { code?: string }).code }, 'idle PostgreSQL connection lost; reconnecting on the next query'));
  }

  /** Connect, create the schema if needed; throws `StoreUnusable` naming the (redacted) URL. */
  static async open(opts: PgStoreOptions): Promise<PgStore> {
    const store = new PgStore(opts);
    try {
      const c = await store.pool.connect();
      try {
        await c.query('BEGIN');
        await c.query('SET LOCAL lock_timeout = 0'); // other processes may be creating it: wait for them
        await c.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
        await c.query(SCHEMA);
        await c.query('COMMIT');
        c.release();
      } catch (e) {
        c.release(true);
        throw e;
      }
    } catch (e) {
      await store.pool.end().catch(() => undefined);
      throw new StoreUnusable(`cannot use PostgreSQL at ${redactUrl(opts.url)}: ${(e as Error).message}`);
    }
    return store;
  }

  /** Cluster: write `tableId` under claim `epoch` from now on (null: this process no longer owns it). */
  fence(tableId: string, epoch: number | null): void {
    if (epoch === null) this.epochs.delete(tableId);
    else this.epochs.set(tableId, epoch);
  }

  /** A new table, owned by nobody (in a cluster, the first process a socket of it reaches claims it). */
  async createTable(settings: TableSettings): Promise<void> {
    this.statements++;
    await this.pool.query('INSERT INTO belote_tables (id, settings, created_at, updated_at) VALUES ($1, $2, $3, $4)', [settings.id, JSON.stringify(settings), settings.createdAt, Date.now()]);
  }

  append(tableId: string, version: number, entries: readonly LogEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.reject(new Error('append: no entries'));
    if (this.node !== null && !this.epochs.has(tableId)) return Promise.reject(new NotOwner(tableId, null));
    return new Promise((resolve, reject) => this.enqueue({ kind: 'append', tableId, version, entries, resolve, reject }));
  }

  appendChat(tableId: string, entry: ChatEntry, settings?: ChatSettings): Promise<void> {
    if (this.node !== null && !this.epochs.has(tableId)) return Promise.reject(new NotOwner(tableId, null));
    return new Promise((resolve, reject) => this.enqueue({ kind: 'chat', tableId, entry, settings, resolve, reject }));
  }

  private enqueue(w: PendingWrite): void {
    this.pending.push(w);
    this.flushing ??= this.flushLoop();
  }

  /** Write batches until nothing is pending; writes made meanwhile join the next batch. */
  private async flushLoop(): Promise<void> {
    await new Promise((r) => setImmediate(r)); // let this tick's writes join the first batch
    while (this.pending.length > 0) {
      // one append per table per statement; a table's later writes wait for the next batch
      const batch: PendingWrite[] = [];
      const later: PendingWrite[] = [];
      const seen = new Set<string>();
      for (const w of this.pending) {
        if (seen.has(w.tableId)) later.push(w);
        else {
          seen.add(w.tableId);
          batch.push(w);
        }
      }
      this.pending = later;
      await this.writeBatch(batch);
    }
    this.flushing = null;
  }

  private async writeBatch(batch: PendingWrite[]): Promise<void> {
    let c: pg.PoolClient;
    try {
      c = await this.pool.connect();
    } catch (e) {
      for (const w of batch) w.reject(e); // nothing was sent
      return;
    }
    // A checked-out client that loses its connection emits 'error' besides failing its query.
    const onError = (e: Error) => this.opts.log?.warn({ err: e }, 'PostgreSQL connection lost during a write');
    c.on('error', onError);
    let broken = false;
    try {
      const appends = batch.filter((w): w is PendingAppend => w.kind === 'append');
      if (appends.length > 0) broken = await this.writeAppends(c, appends);
      for (const w of batch) if (w.kind === 'chat' && !broken) broken = await this.writeChat(c, w);
      for (const w of batch) if (w.kind === 'chat' && broken) w.reject(new Error('not written: the connection was lost'));
    } finally {
      c.off('error', onError);
      c.release(broken);
    }
  }

  /** One statement for every append of the batch; true when the connection is to be discarded. */
  private async writeAppends(c: pg.PoolClient, appends: PendingAppend[]): Promise<boolean> {
    const rows = appends.map((w) => ({ id: w.tableId, version: w.version, epoch: this.epochs.get(w.tableId) ?? 0, entries: w.entries }));
    let written: Set<string>;
    try {
      this.statements++;
      const r = await c.query<{ id: string }>(APPEND_BATCH, [JSON.stringify(rows), Date.now(), this.node]);
      written = new Set(r.rows.map((row) => row.id));
    } catch (e) {
      const lost = answerLost(e);
      for (const w of appends) w.reject(lost ? new OutcomeUnknown(w.tableId, e) : e);
      return true;
    }
    const refused = appends.filter((w) => !written.has(w.tableId));
    for (const w of appends) if (written.has(w.tableId)) w.resolve();
    if (refused.length === 0) return false;
    try {
      this.statements++;
      const r = await c.query<{ id: string; version: number; owner: string | null; owner_epoch: number }>(WHY_NOT, [refused.map((w) => w.tableId)]);
      const rows = new Map(r.rows.map((row) => [row.id, row]));
      for (const w of refused) {
        const row = rows.get(w.tableId);
        if (!row) w.reject(new NoSuchStoredTable(w.tableId));
        else if (this.node !== null && (row.owner !== this.node || row.owner_epoch !== this.epochs.get(w.tableId))) w.reject(new NotOwner(w.tableId, row.owner));
        else w.reject(new VersionConflict(w.tableId, w.version, row.version));
      }
      return false;
    } catch (e) {
      // refused for sure; only why is unknown: the room reloads the table either way
      for (const w of refused) w.reject(new VersionConflict(w.tableId, w.version, null));
      return answerLost(e);
    }
  }

  /** One statement for a chat entry; true when the connection is to be discarded. */
  private async writeChat(c: pg.PoolClient, w: PendingChat): Promise<boolean> {
    let row: { written: number; touched: number; newest: number };
    try {
      this.statements++;
      const epoch = this.epochs.get(w.tableId) ?? 0;
      const r = await c.query<{ written: number; touched: number; newest: number }>(APPEND_CHAT, [
        w.tableId,
        w.entry.id,
        JSON.stringify(w.entry),
        Date.now(),
        w.settings ? JSON.stringify(w.settings) : null,
        CHAT_KEPT,
        this.node,
        epoch,
      ]);
      row = r.rows[0]!;
    } catch (e) {
      const lost = answerLost(e);
      w.reject(lost ? new OutcomeUnknown(w.tableId, e) : e);
      return lost;
    }
    if (row.written === 1) {
      w.resolve();
      return false;
    }
    if (row.touched === 1) {
      w.reject(new ChatConflict(w.tableId, w.entry.id, row.newest));
      return false;
    }
    try {
      this.statements++;
      const r = await c.query<{ owner: string | null }>('SELECT owner FROM belote_tables WHERE id = $1', [w.tableId]);
      w.reject(r.rows[0] ? new NotOwner(w.tableId, r.rows[0].owner) : new NoSuchStoredTable(w.tableId));
      return false;
    } catch (e) {
      w.reject(new NotOwner(w.tableId, null));
      return answerLost(e);
    }
  }

  async load(tableId: string): Promise<StoredTable | null> {
    this.statements++;
    const r = await this.pool.query<TableRow>(`${SELECT_TABLES} WHERE t.id = $1`, [tableId]);
    return r.rows[0] ? stored(r.rows[0]) : null;
  }

  async loadAll(): Promise<LoadedTables> {
    this.statements++;
    const r = await this.pool.query<TableRow>(`${SELECT_TABLES} ORDER BY t.created_at, t.id`);
    // jsonb is always well-formed: a row of the wrong shape fails at replay, where it is skipped.
    return { tables: r.rows.map(stored), unreadable: [] };
  }

  async loadChat(tableId: string): Promise<StoredChat | null> {
    this.statements++;
    const r = await this.pool.query<{ entries: ChatEntry[]; settings: ChatSettings | null }>(SELECT_CHAT, [tableId]);
    const row = r.rows[0];
    return row ? { entries: row.entries, settings: row.settings ?? { ...DEFAULT_CHAT_SETTINGS } } : null;
  }

  async markFinished(tableId: string, at: number | null): Promise<void> {
    // In a cluster only the owner marks (a process whose claim was overtaken must not undo its successor's mark).
    this.statements++;
    await this.pool.query('UPDATE belote_tables SET finished_at = $2, updated_at = $3 WHERE id = $1 AND ($4::text IS NULL OR (owner = $4::text AND owner_epoch = $5::int))', [
      tableId,
      at,
      Date.now(),
      this.node,
      this.epochs.get(tableId) ?? 0,
    ]);
  }

  async expire(finishedBefore: number, idleBefore: number, keep: ReadonlySet<string> = new Set()): Promise<string[]> {
    this.statements++;
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
