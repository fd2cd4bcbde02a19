import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkWritableFiles, cannotOpen, lockDataDir, notWritable, prepareDataDir } from './data-dir.js';

const dir = mkdtempSync(join(tmpdir(), 'belote-datadir-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('notWritable: the advice fits the cause', () => {
  const file = join(dir, 'belote.sqlite');
  writeFileSync(file, '');

  it('a full disk says so, with no chown', () => {
    const msg = notWritable(file, Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })).message;
    expect(msg).toBe(`${file} cannot be written (database or disk is full): the disk is full; free space on its file system`);
    // WAL's shared-memory file that cannot grow: SQLite's "disk I/O error" for a full disk
    const shm = notWritable(file, Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_SHMSIZE' })).message;
    expect(shm).toBe(`${file} cannot be written (disk I/O error): the disk is full; free space on its file system`);
  });

  it('a file the server already owns (or a server run as root): the mount or the mode, not chown', () => {
    const msg = notWritable(file, Object.assign(new Error('attempt to write a readonly database'), { code: 'SQLITE_READONLY' })).message;
    expect(msg).toMatch(new RegExp(`^${file} cannot be written \\(attempt to write a readonly database\\): the server runs as uid ${process.getuid!()}\\b.*, which may write it; check the file system is not mounted read-only, and the file's mode \\(chmod u\\+w ${file}\\)$`));
    expect(msg).not.toContain('chown');
  });

  it('a damaged file is reported as damaged', () => {
    expect(notWritable(file, Object.assign(new Error('file is not a database'), { code: 'SQLITE_NOTADB' })).message).toMatch(/is damaged or is not a SQLite database/);
  });
});

describe('cannotOpen: the lock database, the first SQLite file opened', () => {
  it('a native module built for another Node.js says so, with no chown', () => {
    const e = new Error(`The module '/x/better_sqlite3.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 115. This version of Node.js requires\nNODE_MODULE_VERSION 147.`);
    const msg = cannotOpen(join(dir, 'belote.lock'), dir, e).message;
    expect(msg).toBe(`cannot load SQLite (The module '/x/better_sqlite3.node'): better-sqlite3 was built for another Node.js version than this one (${process.version}); run pnpm install again with this Node.js (or pnpm rebuild better-sqlite3)`);
  });

  it('anything else: the user the server runs as and the chown that fits', () => {
    const msg = cannotOpen(join(dir, 'belote.lock'), dir, Object.assign(new Error('unable to open database file'), { code: 'SQLITE_CANTOPEN' })).message;
    expect(msg).toMatch(new RegExp(`^cannot open ${join(dir, 'belote.lock')} \\(unable to open database file\\): the server runs as uid ${process.getuid!()}\\b`));
  });
});

describe('prepareDataDir: a DATA_DIR that cannot be a directory', () => {
  it('a file where the directory should be (or in its path) is named as such, with no chown', () => {
    const file = join(dir, 'not-a-dir');
    writeFileSync(file, '');
    for (const d of [file, join(file, 'data')]) {
      const e = (() => {
        try {
          prepareDataDir(d);
        } catch (err) {
          return err as Error;
        }
        return null;
      })();
      expect(e?.message, d).toBe(`DATA_DIR ${d} is not a directory: ${file} is a file; move it away, or set DATA_DIR to a directory`);
    }
  });
});

describe('lockDataDir on a full disk: the lock is the first write, and its refusal says what to do', () => {
  const refusal = (d: string) => {
    try {
      lockDataDir(d).close();
    } catch (e) {
      return (e as Error).message;
    }
    return 'locked';
  };
  const full = (d: string) => `cannot lock ${join(d, 'belote.lock')} (database or disk is full): the disk is full; free space on its file system`;

  // Linux's /dev/full fails every write with ENOSPC, as a full disk does: no root needed
  it.skipIf(!existsSync('/dev/full'))('a lock file whose writes fail with ENOSPC', () => {
    const d = join(dir, 'dev-full');
    mkdirSync(d);
    symlinkSync('/dev/full', join(d, 'belote.lock'));
    expect(refusal(d)).toBe(full(d));
  });

  // A real full file system: a 1 MB tmpfs, filled (root with the right to mount only; skipped elsewhere)
  const mnt = join(dir, 'tmpfs');
  const mounted = (() => {
    if (process.getuid?.() !== 0) return false;
    try {
      mkdirSync(mnt);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mnt], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  afterAll(() => {
    if (mounted) execFileSync('umount', [mnt]);
  });
  it.skipIf(!mounted)('a DATA_DIR on a file system with no space left', () => {
    try {
      execFileSync('dd', ['if=/dev/zero', `of=${join(mnt, 'fill')}`, 'bs=64k'], { stdio: 'ignore' });
    } catch {
      // dd stops with ENOSPC: the file system is full
    }
    const d = join(mnt, 'data');
    mkdirSync(d);
    expect(refusal(d)).toBe(full(d));
  });
});

describe('a read-only file system or an immutable file: no chown, whoever the server runs as', () => {
  const refusal = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return (e as Error).message;
    }
    return 'accepted';
  };
  const asRoot = process.getuid?.() === 0;

  // A tmpfs with a data directory and its database, remounted read-only (root with the right to mount only)
  const mnt = join(dir, 'ro');
  const mounted = (() => {
    if (!asRoot) return false;
    try {
      mkdirSync(mnt);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mnt], { stdio: 'ignore' });
    } catch {
      return false;
    }
    mkdirSync(join(mnt, 'data'));
    writeFileSync(join(mnt, 'data', 'belote.sqlite'), '');
    execFileSync('mount', ['-o', 'remount,ro', mnt]);
    return true;
  })();
  afterAll(() => {
    if (mounted) execFileSync('umount', [mnt]);
  });
  const ro = 'it is on a read-only file system, which no chown changes: mount it read-write (for Docker, a volume or bind mount without :ro)';

  it.skipIf(!mounted)('DATA_DIR, a directory to create in it, and a database file on a read-only mount', () => {
    const data = join(mnt, 'data');
    expect(refusal(() => prepareDataDir(data))).toBe(`DATA_DIR ${data} is not writable (EROFS): ${ro}`);
    // Node's recursive mkdir says ENOENT there: the directory it would be made in is asked instead
    expect(refusal(() => prepareDataDir(join(mnt, 'new', 'data')))).toBe(`cannot create DATA_DIR ${join(mnt, 'new', 'data')} in ${mnt} (EROFS): ${ro}`);
    const file = join(data, 'belote.sqlite');
    expect(refusal(() => checkWritableFiles([file, `${file}-wal`]))).toBe(`${file} is not writable (EROFS): ${ro}`);
  });

  // chattr +i needs root and a file system that keeps the flag (tmpfs since Linux 6.0, ext4, …)
  const immutable = join(dir, 'immutable.sqlite');
  const flagged = (() => {
    if (!asRoot) return false;
    writeFileSync(immutable, '');
    try {
      execFileSync('chattr', ['+i', immutable], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  afterAll(() => {
    if (flagged) execFileSync('chattr', ['-i', immutable]);
  });
  it.skipIf(!flagged)('an immutable database file', () => {
    expect(refusal(() => checkWritableFiles([immutable]))).toBe(`${immutable} is not writable (EPERM): it is immutable, which no chown changes: chattr -i ${immutable}`);
  });
});
