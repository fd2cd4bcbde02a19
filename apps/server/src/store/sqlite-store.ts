/**
 * SQLite TableStore (better-sqlite3, WAL): the embedded default. Each table's settings and
 * ordered log live in two tables; an append is committed before its promise resolves, so an
 * acknowledged action survives a crash. Appends arriving in the same tick share one
 * transaction (group commit): fewer fsyncs under load, same guarantee for every caller.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Logger } from 'pino';
import type { LogEntry, StoredTable, TableSettings, TableStore } from './types.js';

interface PendingAppend {
  tableId: string;
  entries: readonly LogEntry[];
  resolve: () => void;
  reject: (e: unknown) => void;
}

export interface SqliteStoreOptions {
  /** Directory holding `belote.sqlite` (created if missing). */
  dataDir: string;
  log?: Logger;
  /** `full` fsyncs every commit (survives power loss); `normal` survives process crashes. */
  synchronous?: 'full' | 'normal';
}

export class SqliteStore implements TableStore {
  private readonly db: Database.Database;
  private readonly log: Logger | undefined;
  private pending: PendingAppend[] = [];
  private flushScheduled = false;
  private readonly stmt;

  constructor(opts: SqliteStoreOptions) {
    mkdirSync(opts.dataDir, { recursive: true });
    this.db = new Database(join(opts.dataDir, 'belote.sqlite'));
    this.log = opts.log;
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${opts.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
    this.db.pragma('foreign_keys = ON');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        settings TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        finished_at INTEGER
      );
      CREATE TABLE IF NOT EXISTS entries (
        table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (table_id, seq)
      ) WITHOUT ROWID;
    `);
    this.stmt = {
      insertTable: this.db.prepare('INSERT INTO tables (id, settings, created_at, updated_at) VALUES (?, ?, ?, ?)'),
      nextSeq: this.db.prepare<[string], { n: number }>('SELECT COALESCE(MAX(seq) + 1, 0) AS n FROM entries WHERE table_id = ?'),
      insertEntry: this.db.prepare('INSERT INTO entries (table_id, seq, entry) VALUES (?, ?, ?)'),
      touch: this.db.prepare('UPDATE tables SET updated_at = ? WHERE id = ?'),
      tables: this.db.prepare<[], { id: string; settings: string; finished_at: number | null }>(
        'SELECT id, settings, finished_at FROM tables ORDER BY created_at, id',
      ),
      entriesOf: this.db.prepare<[string], { entry: string }>('SELECT entry FROM entries WHERE table_id = ? ORDER BY seq'),
      finish: this.db.prepare('UPDATE tables SET finished_at = ?, updated_at = ? WHERE id = ?'),
      expired: this.db.prepare<[number, number], { id: string }>(
        'SELECT id FROM tables WHERE (finished_at IS NOT NULL AND finished_at < ?) OR (finished_at IS NULL AND updated_at < ?)',
      ),
      remove: this.db.prepare('DELETE FROM tables WHERE id = ?'),
    };
  }

  async createTable(settings: TableSettings): Promise<void> {
    const now = Date.now();
    this.stmt.insertTable.run(settings.id, JSON.stringify(settings), settings.createdAt, now);
  }

  append(tableId: string, entries: readonly LogEntry[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ tableId, entries, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commit every pending append in one transaction; a failing table rejects only its own callers. */
  private flush(): void {
    this.flushScheduled = false;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const failed = new Map<PendingAppend, unknown>();
    const now = Date.now();
    const run = this.db.transaction(() => {
      for (const p of batch) {
        try {
          this.db.exec('SAVEPOINT one');
          let seq = this.stmt.nextSeq.get(p.tableId)?.n ?? 0;
          for (const e of p.entries) this.stmt.insertEntry.run(p.tableId, seq++, JSON.stringify(e));
          const touched = this.stmt.touch.run(now, p.tableId);
          if (touched.changes === 0) throw new Error(`no table ${p.tableId}`);
          this.db.exec('RELEASE one');
        } catch (e) {
          this.db.exec('ROLLBACK TO one');
          this.db.exec('RELEASE one');
          failed.set(p, e);
        }
      }
    });
    try {
      run();
    } catch (e) {
      for (const p of batch) p.reject(e);
      return;
    }
    for (const p of batch) {
      if (failed.has(p)) p.reject(failed.get(p));
      else p.resolve();
    }
  }

  async loadAll(): Promise<StoredTable[]> {
    const out: StoredTable[] = [];
    for (const row of this.stmt.tables.all()) {
      try {
        const settings = JSON.parse(row.settings) as TableSettings;
        const entries = this.stmt.entriesOf.all(row.id).map((r) => JSON.parse(r.entry) as LogEntry);
        out.push({ settings, entries, finishedAt: row.finished_at });
      } catch (e) {
        // A corrupt row must not take the server down: report it and skip the table.
        this.log?.error({ table: row.id, err: e }, 'stored table is unreadable; skipped');
      }
    }
    return out;
  }

  async markFinished(tableId: string, at: number | null): Promise<void> {
    this.stmt.finish.run(at, Date.now(), tableId);
  }

  /**
   * Remove tables finished before `finishedBefore`, and unfinished tables untouched since
   * `idleBefore` (abandoned), except `keep`. Returns the removed ids.
   */
  async expire(finishedBefore: number, idleBefore: number, keep: ReadonlySet<string> = new Set()): Promise<string[]> {
    const ids = this.stmt.expired.all(finishedBefore, idleBefore).map((r) => r.id).filter((id) => !keep.has(id));
    const del = this.db.transaction((list: string[]) => {
      for (const id of list) this.stmt.remove.run(id);
    });
    del(ids);
    return ids;
  }

  async close(): Promise<void> {
    this.flush();
    if (this.db.open) this.db.close();
  }
}
