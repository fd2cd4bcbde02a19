/**
 * SQLite TableStore (better-sqlite3, WAL): the embedded default. Each table's settings and
 * ordered log live in two tables; an append is committed before its promise resolves, so an
 * acknowledged action survives a crash. Appends arriving in the same tick share one
 * transaction (group commit): fewer fsyncs under load, same guarantee for every caller. Chat
 * entries (tables `chat`, `chat_settings`) join the same commits with their own fencing.
 * Opening takes DATA_DIR's exclusive lock (data-dir.ts) and refuses a database it cannot write.
 */
import { statSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Logger } from 'pino';
import { checkWritableFiles, damaged, isDamaged, isDiskFull, lockDataDir, notWritable, prepareDataDir, serverUser } from './data-dir.js';
import { CHAT_KEPT, DEFAULT_CHAT_SETTINGS, type ChatEntry, type ChatSettings } from '@belote/protocol';
import {
  ChatConflict,
  NoSuchStoredTable,
  StoreUnusable,
  VersionConflict,
  type LoadedTables,
  type LogEntry,
  type StoredChat,
  type StoredTable,
  type TableSettings,
  type TableStore,
  type WriteProblem,
  type FileProblem,
} from './types.js';

/**
 * A write the storage refused: the disk is full, the file is read-only, or the disk fails (an
 * I/O error, also what a file system remounted read-only after errors gives); null for any
 * other error (a conflict, a missing table).
 */
export function writeProblemOf(e: unknown): WriteProblem | null {
  const code = String((e as { code?: unknown } | null)?.code ?? '');
  if (isDiskFull(e)) return 'full';
  if (code.startsWith('SQLITE_READONLY')) return 'read-only';
  // out of memory is not the disk's fault
  return code.startsWith('SQLITE_IOERR') && code !== 'SQLITE_IOERR_NOMEM' ? 'io-error' : null;
}

/** A write waiting for the next group commit: `write` runs inside it and throws to refuse. */
interface PendingWrite {
  write: (now: number) => void;
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

/** The database file's name in DATA_DIR. */
export const DB_FILE = 'belote.sqlite';

export class SqliteStore implements TableStore {
  readonly kind = 'sqlite';
  /** The database file (absolute). */
  readonly file: string;
  private readonly lock: Database.Database;
  private readonly db: Database.Database;
  private readonly log: Logger | undefined;
  private pending: PendingWrite[] = [];
  private flushScheduled = false;
  private readonly stmt: ReturnType<SqliteStore['prepare']>;
  /** Why the last write failed, until one succeeds (writeProblem). */
  private problem: WriteProblem | null = null;
  private lastProbe = -Infinity;
  /** The open database file's identity, to tell whether the file at its path is still it (fileProblem). */
  private readonly opened: BigIntStats;
  private fileGone: FileProblem | null = null;
  private lastLook = -Infinity;

  /** Throws a `StoreUnusable` (a message for the self-hoster) when DATA_DIR cannot be used. */
  constructor(opts: SqliteStoreOptions) {
    const dir = prepareDataDir(opts.dataDir);
    this.file = join(dir, DB_FILE);
    this.log = opts.log;
    this.lock = lockDataDir(dir);
    try {
      checkWritableFiles([this.file, `${this.file}-wal`, `${this.file}-shm`]);
      this.warnIfEmpty();
      this.db = this.openDatabase(opts.synchronous ?? 'full');
      // opened a moment ago, and the lock keeps other servers away: the file at the path is the open one
      this.opened = statSync(this.file, { bigint: true });
    } catch (e) {
      this.lock.close();
      throw e;
    }
    try {
      this.stmt = this.prepare();
    } catch (e) {
      this.db.close();
      this.lock.close();
      // the schema is the first write of a new database: the disk may fill up there too
      throw isDamaged(e) ? damaged(this.file, e) : isDiskFull(e) ? notWritable(this.file, e) : e;
    }
  }

  /** The schema (created when missing) and the statements. */
  private prepare() {
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
      CREATE TABLE IF NOT EXISTS chat (
        table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        id INTEGER NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (table_id, id)
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS chat_settings (
        table_id TEXT PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
        settings TEXT NOT NULL
      ) WITHOUT ROWID;
    `);
    return {
      insertTable: this.db.prepare('INSERT INTO tables (id, settings, created_at, updated_at) VALUES (?, ?, ?, ?)'),
      nextSeq: this.db.prepare<[string], { n: number }>('SELECT COALESCE(MAX(seq) + 1, 0) AS n FROM entries WHERE table_id = ?'),
      insertEntry: this.db.prepare('INSERT INTO entries (table_id, seq, entry) VALUES (?, ?, ?)'),
      touch: this.db.prepare('UPDATE tables SET updated_at = ? WHERE id = ?'),
      tables: this.db.prepare<[], { id: string; settings: string; finished_at: number | null }>(
        'SELECT id, settings, finished_at FROM tables ORDER BY created_at, id',
      ),
      table: this.db.prepare<[string], { id: string; settings: string; finished_at: number | null }>('SELECT id, settings, finished_at FROM tables WHERE id = ?'),
      entriesOf: this.db.prepare<[string], { entry: string }>('SELECT entry FROM entries WHERE table_id = ? ORDER BY seq'),
      finish: this.db.prepare('UPDATE tables SET finished_at = ?, updated_at = ? WHERE id = ?'),
      expired: this.db.prepare<[number, number], { id: string }>(
        'SELECT id FROM tables WHERE (finished_at IS NOT NULL AND finished_at < ?) OR (finished_at IS NULL AND updated_at < ?) ORDER BY created_at, id',
      ),
      remove: this.db.prepare('DELETE FROM tables WHERE id = ?'),
      newestChat: this.db.prepare<[string], { n: number }>('SELECT COALESCE(MAX(id), 0) AS n FROM chat WHERE table_id = ?'),
      insertChat: this.db.prepare('INSERT INTO chat (table_id, id, entry) VALUES (?, ?, ?)'),
      trimChat: this.db.prepare('DELETE FROM chat WHERE table_id = ? AND id <= ?'),
      saveChatSettings: this.db.prepare('INSERT INTO chat_settings (table_id, settings) VALUES (?, ?) ON CONFLICT (table_id) DO UPDATE SET settings = excluded.settings'),
      chatOf: this.db.prepare<[string], { entry: string }>('SELECT entry FROM chat WHERE table_id = ? ORDER BY id'),
      chatSettingsOf: this.db.prepare<[string], { settings: string }>('SELECT settings FROM chat_settings WHERE table_id = ?'),
    };
  }

  /** A zero-length file (a failed copy, a botched restore) would start silently as an empty server. */
  private warnIfEmpty(): void {
    let size: number;
    try {
      size = statSync(this.file).size;
    } catch {
      return; // no file yet: a new installation
    }
    if (size === 0)
      this.log?.warn(
        { file: this.file },
        `${this.file} is empty (0 bytes): starting with no tables. If you restored a backup, the copy did not work: stop the server and restore it again`,
      );
  }

  /** Open and configure the database, then prove it can be written (a read-only file opens without error). */
  private openDatabase(synchronous: 'full' | 'normal'): Database.Database {
    let db: Database.Database;
    try {
      db = new Database(this.file);
    } catch (e) {
      throw new StoreUnusable(`cannot open ${this.file} (${(e as Error).message}): the server runs as ${serverUser()}`);
    }
    try {
      db.pragma('journal_mode = WAL');
      db.pragma(`synchronous = ${synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
      db.pragma('foreign_keys = ON');
      // A real write: the schema version (1), which also marks the file as this server's.
      db.pragma('user_version = 1');
    } catch (e) {
      db.close();
      throw notWritable(this.file, e);
    }
    return db;
  }

  async createTable(settings: TableSettings): Promise<void> {
    const now = Date.now();
    this.written(() => this.stmt.insertTable.run(settings.id, JSON.stringify(settings), settings.createdAt, now));
  }

  /** Run a write, remembering whether the disk refused it (writeProblem). */
  private written<T>(write: () => T): T {
    try {
      const out = write();
      // an UPDATE that matched no row wrote nothing: it says nothing of the disk
      if ((out as { changes?: number } | undefined)?.changes !== 0) this.problem = null;
      return out;
    } catch (e) {
      this.noteRefused(e);
      throw e;
    }
  }

  /** Remember why the storage refused a write (writeProblem); another error (a conflict) leaves that as it was. */
  private noteRefused(e: unknown): void {
    this.problem = writeProblemOf(e) ?? this.problem;
  }

  writeProblem(): WriteProblem | null {
    const now = performance.now(); // monotonic: a clock set back must not stop the probes
    if (this.problem && this.db.open && now - this.lastProbe >= 1000) {
      this.lastProbe = now;
      // a write that needs a new page, as a move does; nothing of it stays
      try {
        this.written(() => this.db.transaction(() => this.db.exec('CREATE TABLE write_probe (x); DROP TABLE write_probe'))());
      } catch {
        // still refused: remembered by written()
      }
    }
    return this.problem;
  }

  fileProblem(): FileProblem | null {
    const now = performance.now();
    if (!this.db.open || now - this.lastLook < 1000) return this.fileGone;
    this.lastLook = now; // a stat a second at most: a healthy /healthz stays cheap
    let found: BigIntStats | undefined;
    try {
      found = statSync(this.file, { bigint: true, throwIfNoEntry: false });
    } catch {
      return this.fileGone; // the directory cannot be read: nothing learnt
    }
    const gone = !found ? 'deleted' : found.dev !== this.opened.dev || found.ino !== this.opened.ino ? 'replaced' : null;
    if (gone && !this.fileGone)
      this.log?.error(
        { file: this.file },
        `${this.file} was ${gone === 'deleted' ? 'deleted' : 'replaced by another file'} while the server runs: the server goes on writing to the file it opened, which the next start will not open, so what it writes is lost when it stops`,
      );
    else if (!gone && this.fileGone) this.log?.info({ file: this.file }, `${this.file} is the open database file again`);
    this.fileGone = gone;
    return gone;
  }

  append(tableId: string, version: number, entries: readonly LogEntry[]): Promise<void> {
    return this.enqueue((now) => {
      if (this.stmt.touch.run(now, tableId).changes === 0) throw new NoSuchStoredTable(tableId);
      // Fencing: the log must be exactly as long as the writer believes. The primary key
      // (table_id, seq) backs it: no two entries ever share a position.
      const length = this.stmt.nextSeq.get(tableId)?.n ?? 0;
      if (length !== version) throw new VersionConflict(tableId, version, length);
      let seq = version;
      for (const e of entries) this.stmt.insertEntry.run(tableId, seq++, JSON.stringify(e));
    });
  }

  appendChat(tableId: string, entry: ChatEntry, settings?: ChatSettings): Promise<void> {
    return this.enqueue((now) => {
      if (this.stmt.touch.run(now, tableId).changes === 0) throw new NoSuchStoredTable(tableId);
      // The chat's own fencing, backed by its primary key (table_id, id).
      const newest = this.stmt.newestChat.get(tableId)?.n ?? 0;
      if (newest !== entry.id - 1) throw new ChatConflict(tableId, entry.id, newest);
      this.stmt.insertChat.run(tableId, entry.id, JSON.stringify(entry));
      this.stmt.trimChat.run(tableId, entry.id - CHAT_KEPT);
      if (settings) this.stmt.saveChatSettings.run(tableId, JSON.stringify(settings));
    });
  }

  /** Queue a write for this tick's group commit. */
  private enqueue(write: (now: number) => void): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ write, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commit every pending write in one transaction; a failing write rejects only its own caller. */
  private flush(): void {
    this.flushScheduled = false;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const failed = new Map<PendingWrite, unknown>();
    const now = Date.now();
    const run = this.db.transaction(() => {
      for (const p of batch) {
        try {
          this.db.exec('SAVEPOINT one');
          p.write(now);
          this.db.exec('RELEASE one');
        } catch (e) {
          // a full disk or an I/O error rolls the whole transaction back, savepoint included:
          // rethrow the real error rather than 'no such savepoint' from the lines below
          if (!this.db.inTransaction) throw e;
          this.db.exec('ROLLBACK TO one');
          this.db.exec('RELEASE one');
          failed.set(p, e);
        }
      }
    });
    try {
      run();
    } catch (e) {
      this.noteRefused(e);
      for (const p of batch) p.reject(e);
      return;
    }
    // a write refused for want of space (or a read-only file) leaves the problem noted; else a commit clears it
    const refused = [...failed.values()].map(writeProblemOf).find((w) => w !== null);
    if (refused) this.problem = refused;
    else if (failed.size < batch.length) this.problem = null;
    for (const p of batch) {
      if (failed.has(p)) p.reject(failed.get(p));
      else p.resolve();
    }
  }

  async load(tableId: string): Promise<StoredTable | null> {
    const row = this.stmt.table.get(tableId);
    return row ? this.read(row) : null;
  }

  async loadAll(): Promise<LoadedTables> {
    const out: LoadedTables = { tables: [], unreadable: [] };
    let rows: { id: string; settings: string; finished_at: number | null }[];
    try {
      rows = this.stmt.tables.all();
    } catch (e) {
      // the list of tables itself cannot be read: the file is damaged, not one table
      throw isDamaged(e) ? damaged(this.file, e) : e;
    }
    for (const row of rows) {
      try {
        out.tables.push(this.read(row));
      } catch (e) {
        // A corrupt row must not take the server down: the caller reports and skips the table.
        out.unreadable.push({ id: row.id, error: e });
      }
    }
    return out;
  }

  private read(row: { id: string; settings: string; finished_at: number | null }): StoredTable {
    const settings = JSON.parse(row.settings) as TableSettings;
    const entries = this.stmt.entriesOf.all(row.id).map((r) => JSON.parse(r.entry) as LogEntry);
    return { settings, entries, finishedAt: row.finished_at };
  }

  async loadChat(tableId: string): Promise<StoredChat | null> {
    if (!this.stmt.table.get(tableId)) return null;
    const entries = this.stmt.chatOf.all(tableId).map((r) => JSON.parse(r.entry) as ChatEntry);
    const row = this.stmt.chatSettingsOf.get(tableId);
    return { entries, settings: row ? (JSON.parse(row.settings) as ChatSettings) : { ...DEFAULT_CHAT_SETTINGS } };
  }

  async markFinished(tableId: string, at: number | null): Promise<void> {
    this.written(() => this.stmt.finish.run(at, Date.now(), tableId));
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
    if (ids.length > 0) this.written(() => del(ids));
    return ids;
  }

  async close(): Promise<void> {
    this.flush();
    if (this.db.open) this.db.close();
    if (this.lock.open) this.lock.close();
  }
}
