/**
 * What only the SQLite store does (the shared behaviour is test/store/contract.ts): it reports
 * a corrupt table without failing the others, holds DATA_DIR's lock, and warns about a
 * zero-length database file. Permission problems are tested with real processes
 * (test/sqlite-startup.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { seat, settings } from '../../test/store/contract.js';
import { DB_FILE, SqliteStore, writeProblemOf } from './sqlite-store.js';
import { StoreUnusable } from './types.js';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'belote-store-'));
  cleanup.push(() => rmSync(d, { recursive: true, force: true }));
  return d;
}
function open(dataDir: string, log?: pino.Logger): SqliteStore {
  const s = new SqliteStore({ dataDir, ...(log ? { log } : {}) });
  cleanup.push(() => s.close());
  return s;
}

/** A logger whose lines the test can read. */
function capture(): { log: pino.Logger; lines: { level: number; msg: string; file?: string }[] } {
  const lines: { level: number; msg: string; file?: string }[] = [];
  const log = pino({ level: 'info' }, { write: (s: string) => void lines.push(JSON.parse(s) as (typeof lines)[number]) });
  return { log, lines };
}

describe('SqliteStore', () => {
  it('lists a corrupt table as unreadable and still loads the others', async () => {
    const dir = tempDir();
    const store = new SqliteStore({ dataDir: dir });
    await store.createTable(settings('good'));
    await store.createTable(settings('bad', 2));
    await store.append('good', 0, [seat(0, 'A')]);
    await store.append('bad', 0, [seat(0, 'A')]);
    await store.close();
    const raw = new Database(join(dir, DB_FILE));
    raw.prepare("UPDATE entries SET entry = '{not json' WHERE table_id = 'bad'").run();
    raw.close();
    const reopened = open(dir);
    const { tables, unreadable } = await reopened.loadAll();
    expect(tables.map((t) => t.settings.id)).toEqual(['good']);
    expect(unreadable.map((u) => u.id)).toEqual(['bad']);
    expect(unreadable[0]!.error).toBeInstanceOf(SyntaxError);
    await expect(reopened.load('bad')).rejects.toThrow(SyntaxError);
  });

  it('holds DATA_DIR: a second store on the same directory is refused until the first closes', async () => {
    const dir = tempDir();
    const first = new SqliteStore({ dataDir: dir });
    let error: unknown = null;
    try {
      open(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StoreUnusable);
    expect((error as Error).message).toMatch(/^another server process is using DATA_DIR .*belote-store-\w+ \(belote\.lock is locked\): run one server per data directory/);
    await first.createTable(settings('t'));
    await first.close();
    const second = open(dir);
    expect((await second.loadAll()).tables).toHaveLength(1);
  });

  it('warns that a zero-length database file starts an empty server, then works', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, DB_FILE), '');
    const { log, lines } = capture();
    const store = open(dir, log);
    const warning = lines.find((l) => l.level === 40);
    expect(warning?.msg).toMatch(/belote\.sqlite is empty \(0 bytes\): starting with no tables\. If you restored a backup, the copy did not work/);
    expect(warning?.file).toBe(join(dir, DB_FILE));
    await store.createTable(settings('t'));
    expect((await store.loadAll()).tables).toHaveLength(1);
    // A new data directory (no file yet) gives no warning.
    const quiet = capture();
    open(tempDir(), quiet.log);
    expect(quiet.lines.filter((l) => l.level >= 40)).toEqual([]);
  });
});

describe('writeProblemOf: the writes that make /healthz answer 503', () => {
  it('a full disk, a read-only file, an I/O error; not a conflict or anything else', () => {
    const err = (code: string) => Object.assign(new Error(code), { code });
    expect(writeProblemOf(err('SQLITE_FULL'))).toBe('full');
    expect(writeProblemOf(err('SQLITE_IOERR_SHMSIZE'))).toBe('full'); // WAL's index could not grow
    expect(writeProblemOf(err('SQLITE_READONLY'))).toBe('read-only');
    expect(writeProblemOf(err('SQLITE_READONLY_DBMOVED'))).toBe('read-only');
    // a write on a file system remounted read-only after errors (EROFS), a failing disk
    expect(writeProblemOf(err('SQLITE_IOERR_WRITE'))).toBe('io-error');
    expect(writeProblemOf(err('SQLITE_IOERR_FSYNC'))).toBe('io-error');
    expect(writeProblemOf(err('SQLITE_IOERR_NOMEM'))).toBeNull(); // out of memory: not the disk
    for (const other of [err('SQLITE_CONSTRAINT_PRIMARYKEY'), err('SQLITE_BUSY'), new Error('no table x'), null]) expect(writeProblemOf(other)).toBeNull();
  });
});

// A real full disk at every point of opening (the lock, the WAL's files, the schema): a 1 MB tmpfs
// filled but for 0, 1, 2, … blocks until the store opens. Root with the right to mount only; skipped elsewhere.
const tmpfs = (() => {
  if (process.getuid?.() !== 0) return null;
  const mnt = mkdtempSync(join(tmpdir(), 'belote-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mnt], { stdio: 'ignore' });
    execFileSync('umount', [mnt]);
    return mnt;
  } catch {
    rmSync(mnt, { recursive: true, force: true });
    return null;
  }
})();
describe.skipIf(!tmpfs)('opening on a nearly full disk', () => {
  it('opens, or refuses saying the disk is full — never another cause, never a raw error', () => {
    const mnt = tmpfs!;
    cleanup.push(() => rmSync(mnt, { recursive: true, force: true }));
    const outcomes = new Set<string>();
    for (let free = 0; free < 64 && !outcomes.has('opened'); free++) {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mnt], { stdio: 'ignore' });
      try {
        // free blocks and their size (4 KB, or 64 KB on a kernel with 64 KB pages)
        const [blocks, size] = execFileSync('stat', ['-f', '-c', '%a %S', mnt]).toString().trim().split(' ').map(Number);
        execFileSync('dd', ['if=/dev/zero', `of=${join(mnt, 'fill')}`, `bs=${size}`, `count=${blocks! - free}`], { stdio: 'ignore' });
        const dir = join(mnt, 'data');
        let outcome: string;
        try {
          new SqliteStore({ dataDir: dir }).close();
          outcome = 'opened';
        } catch (e) {
          expect(e, `${free} pages free`).toBeInstanceOf(StoreUnusable);
          expect((e as Error).message, `${free} pages free`).toMatch(/: the disk is full; free space on its file system$/);
          outcome = (e as Error).message.startsWith('cannot lock') ? 'lock' : 'database';
        }
        outcomes.add(outcome);
      } finally {
        execFileSync('umount', [mnt]);
      }
    }
    // the sweep went from a full disk to enough room
    expect(outcomes).toContain('lock');
    expect(outcomes).toContain('opened');
  });
});
