/**
 * The SQLite store's data directory: it must exist and be writable by the user the server runs
 * as, and only one server process may use it at a time. Failures are `StoreUnusable`, whose
 * message tells a self-hoster what is wrong and which uid needs access (a bind mount owned by
 * root, a backup restored as root into a volume the container's uid 1000 cannot write).
 */
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { StoreUnusable } from './types.js';

/** "uid 1000 (node)": who the server runs as, for messages about permissions. */
export function serverUser(): string {
  const uid = process.getuid?.();
  if (uid === undefined) return 'the current user';
  let name = '';
  try {
    name = userInfo().username;
  } catch {
    // a uid with no passwd entry (common in containers)
  }
  return name ? `uid ${uid} (${name})` : `uid ${uid}`;
}

/** `chown 1000:1000 PATH`, the fix for the server's own uid and gid. */
function chownHint(path: string, recursive = false): string {
  const uid = process.getuid?.();
  if (uid === undefined) return `make ${path} writable`;
  return `chown ${recursive ? '-R ' : ''}${uid}:${process.getgid?.() ?? uid} ${path}`;
}

const ownerOf = (path: string): string => {
  try {
    return `uid ${statSync(path).uid}`;
  } catch {
    return 'another user';
  }
};

/** Why `path` cannot be written (EACCES, EROFS: a read-only file system, EPERM: an immutable file), or null if it can. */
const notWritableBecause = (path: string): string | null => {
  try {
    accessSync(path, constants.W_OK);
    return null;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code ?? 'EACCES';
  }
};

/** The nearest existing directory of `dir`'s path (itself included). */
function existingAncestor(dir: string): string {
  for (let p = dir; ; p = dirname(p)) {
    try {
      statSync(p);
      return p;
    } catch {
      if (dirname(p) === p) return p;
    }
  }
}

/**
 * The advice when ownership cannot be the cause, or null when a chown fits: a read-only file
 * system stops every user, an immutable file and root's own refusals are not about ownership.
 */
function notOwnershipAdvice(path: string, code: string): string | null {
  if (code === 'EROFS')
    return `it is on a read-only file system, which no chown changes: mount it read-write (for Docker, a volume or bind mount without :ro)`;
  if (code === 'EPERM') return `it is immutable, which no chown changes: chattr -i ${path}`;
  if (process.getuid?.() === 0)
    return `the server runs as root, which ownership does not stop: check the file system is not mounted read-only, and that ${path} is not immutable (lsattr -d ${path})`;
  return null;
}

/** The first existing part of `dir`'s path that is not a directory, if any. */
function fileInPath(dir: string): string | null {
  for (let p = dir; ; p = dirname(p)) {
    try {
      return statSync(p).isDirectory() ? null : p;
    } catch {
      if (dirname(p) === p) return null;
    }
  }
}

/** Create DATA_DIR if needed and check that the server can create and write files in it. */
export function prepareDataDir(dataDir: string): string {
  const dir = resolve(dataDir);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // a file in the way: no chown helps, the file must go (or DATA_DIR point elsewhere)
    const blocker = code === 'EEXIST' || code === 'ENOTDIR' ? fileInPath(dir) : null;
    if (blocker) throw new StoreUnusable(`DATA_DIR ${dir} is not a directory: ${blocker} is a file; move it away, or set DATA_DIR to a directory`);
    if (code === 'ENOSPC' || code === 'EDQUOT') throw new StoreUnusable(`cannot create DATA_DIR ${dir} (${code}): the disk is full; free space on its file system`);
    // Node's recursive mkdir reports ENOENT on a read-only file system: ask the directory it would be made in
    const parent = existingAncestor(dir);
    const why = notWritableBecause(parent) ?? code ?? String(e);
    const advice = notOwnershipAdvice(parent, why);
    if (advice) throw new StoreUnusable(`cannot create DATA_DIR ${dir} in ${parent} (${why}): ${advice}`);
    throw new StoreUnusable(
      `cannot create DATA_DIR ${dir} (${(e as NodeJS.ErrnoException).code ?? String(e)}): the server runs as ${serverUser()}; create it and let that user write it (${chownHint(dir, true)})`,
    );
  }
  const why = notWritableBecause(dir);
  if (why === null) return dir;
  const advice = notOwnershipAdvice(dir, why);
  if (advice) throw new StoreUnusable(`DATA_DIR ${dir} is not writable (${why}): ${advice}`);
  throw new StoreUnusable(
    `DATA_DIR ${dir} is not writable by the server, which runs as ${serverUser()} (the directory belongs to ${ownerOf(dir)}): ${chownHint(dir, true)}, on the host directory for a bind mount`,
  );
}

/** Files that exist must be writable too (a backup restored as root is not); all are named at once. */
export function checkWritableFiles(files: readonly string[]): void {
  const why = new Map<string, string>();
  for (const f of files) {
    try {
      statSync(f);
    } catch {
      continue; // not there yet: created by the server in its writable directory
    }
    const code = notWritableBecause(f);
    if (code !== null) why.set(f, code);
  }
  const bad = [...why.keys()];
  if (bad.length === 0) return;
  // the first that no chown fixes, if any (a read-only file system holds them all)
  for (const [f, code] of why) {
    const advice = notOwnershipAdvice(f, code);
    if (advice) throw new StoreUnusable(`${bad.join(', ')} ${bad.length > 1 ? 'are' : 'is'} not writable (${code}): ${advice}`);
  }
  const owners = [...new Set(bad.map(ownerOf))].join(', ');
  throw new StoreUnusable(
    `${bad.join(', ')} ${bad.length > 1 ? 'are' : 'is'} not writable by the server, which runs as ${serverUser()} (owned by ${owners}, e.g. restored as root): ${chownHint(bad.join(' '))}`,
  );
}

/** SQLite's codes for a file that is not a database or is damaged (an overwritten header, a truncated copy). */
export const isDamaged = (e: unknown): boolean => /^SQLITE_(NOTADB|CORRUPT)/.test(String((e as { code?: unknown } | null)?.code ?? ''));

/** A database file SQLite cannot read: a damaged copy, not a permissions problem. */
export function damaged(file: string, e: unknown): StoreUnusable {
  return new StoreUnusable(
    `${file} is damaged or is not a SQLite database (${(e as Error).message}): restore it from a backup while the server is stopped, or move it (and ${file}-wal, ${file}-shm) away to start with no tables; it was left as it is`,
  );
}

/**
 * SQLite's codes for a write refused for want of space: SQLITE_FULL, and the shared-memory file
 * (`-shm`, WAL's index) that could not grow, which SQLite calls a "disk I/O error".
 */
export const isDiskFull = (e: unknown): boolean => /^SQLITE_(FULL|IOERR_SHMSIZE)$/.test(String((e as { code?: unknown } | null)?.code ?? ''));

/** A database that opened but refuses writes (read-only file or file system): name it, unless the file itself is damaged. */
export function notWritable(file: string, e: unknown): StoreUnusable {
  if (isDamaged(e)) return damaged(file, e);
  const why = (e as Error).message;
  if (isDiskFull(e)) return new StoreUnusable(`${file} cannot be written (${why}): the disk is full; free space on its file system`);
  const uid = process.getuid?.();
  let owner: number | undefined;
  try {
    owner = statSync(file).uid;
  } catch {
    // gone meanwhile: the generic advice
  }
  // root, or the file's own user: ownership is not the problem, a read-only mount or the file's mode is
  if (uid !== undefined && (uid === 0 || owner === uid))
    return new StoreUnusable(`${file} cannot be written (${why}): the server runs as ${serverUser()}, which may write it; check the file system is not mounted read-only, and the file's mode (chmod u+w ${file})`);
  return new StoreUnusable(`${file} cannot be written (${why}): the server runs as ${serverUser()}; ${chownHint(file)} and check the file system is not read-only`);
}

/**
 * Why the lock database could not be opened. It is the first SQLite file the server opens, so a
 * native module built for another Node.js (an install made with another version) fails here, and
 * ownership is not the problem then.
 */
export function cannotOpen(path: string, dir: string, e: unknown): StoreUnusable {
  const why = (e as Error).message;
  if (why.includes('NODE_MODULE_VERSION'))
    return new StoreUnusable(`cannot load SQLite (${why.split('\n')[0]}): better-sqlite3 was built for another Node.js version than this one (${process.version}); run pnpm install again with this Node.js (or pnpm rebuild better-sqlite3)`);
  const advice = notOwnershipAdvice(dir, notWritableBecause(dir) ?? '');
  return new StoreUnusable(`cannot open ${path} (${why}): ${advice ?? `the server runs as ${serverUser()}; ${chownHint(dir, true)}`}`);
}

/** The file holding DATA_DIR's lock. */
export const LOCK_FILE = 'belote.lock';

/**
 * Take DATA_DIR's exclusive lock for the life of the process (or until the returned handle is
 * closed). The lock is SQLite's own exclusive lock on a small side database, an OS lock that
 * the kernel drops when the process dies (even on kill -9), so there is never a stale lock to
 * clean up. `belote.sqlite` itself stays readable by other processes (online backups).
 */
export function lockDataDir(dir: string): Database.Database {
  const path = join(dir, LOCK_FILE);
  checkWritableFiles([path]);
  let lock: Database.Database;
  try {
    lock = new Database(path, { timeout: 0 });
  } catch (e) {
    throw cannotOpen(path, dir, e);
  }
  try {
    lock.pragma('journal_mode = OFF');
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (e) {
    lock.close();
    throw cannotLock(path, dir, e);
  }
  return lock;
}

/** Why the lock could not be taken: another server holds it, or the lock file cannot be written. */
export function cannotLock(path: string, dir: string, e: unknown): StoreUnusable {
  const code = (e as { code?: unknown }).code;
  if (code === 'SQLITE_BUSY')
    return new StoreUnusable(
      `another server process is using DATA_DIR ${dir} (${LOCK_FILE} is locked): run one server per data directory; stop the other one first, or give this one another DATA_DIR (several processes need DATABASE_URL, PostgreSQL)`,
    );
  // taking the lock writes to its file: on a full disk that fails before the database is opened
  if (isDiskFull(e)) return new StoreUnusable(`cannot lock ${path} (${(e as Error).message}): the disk is full; free space on its file system`);
  return new StoreUnusable(`cannot lock ${path} (${(e as Error).message}): the server runs as ${serverUser()}`);
}
