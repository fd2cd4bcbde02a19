import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, type TestContext } from 'vitest';
import { checkWritableFiles, cannotOpen, lockDataDir, notWritable, prepareDataDir } from './data-dir.js';

const dir = mkdtempSync(join(tmpdir(), 'belote-datadir-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Run `body` on a fresh 1 MB tmpfs mounted at `dir/name`, unmounted whatever happens (root with
 * the right to mount only: the test is skipped elsewhere). Mounted in the test, not while the file
 * is collected, so a filtered-out test leaves nothing mounted under `dir`.
 */
function onTmpfs(ctx: TestContext, name: string, body: (mnt: string) => void, options = 'size=1m'): void {
  const mnt = join(dir, name);
  if (process.getuid?.() !== 0) ctx.skip();
  try {
    mkdirSync(mnt);
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', mnt], { stdio: 'ignore' });
  } catch {
    ctx.skip();
  }
  try {
    body(mnt);
  } finally {
    execFileSync('umount', [mnt]);
  }
}

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

  it('anything else: the user the server runs as and the chown that fits (none as root)', () => {
    const msg = cannotOpen(join(dir, 'belote.lock'), dir, Object.assign(new Error('unable to open database file'), { code: 'SQLITE_CANTOPEN' })).message;
    const head = `cannot open ${join(dir, 'belote.lock')} (unable to open database file): `;
    // root is never told to chown: ownership does not stop it
    if (process.getuid?.() === 0) expect(msg).toBe(`${head}the server runs as root, which ownership does not stop: check the file system is not mounted read-only, and that ${dir} is not immutable (lsattr -d ${dir})`);
    else expect(msg).toMatch(new RegExp(`^${head.replace(/[()]/g, '\\$&')}the server runs as uid ${process.getuid!()}\\b.*chown -R`));
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
  it('a DATA_DIR on a file system with no space left', (ctx) => {
    onTmpfs(ctx, 'tmpfs', (mnt) => {
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

  // no inode left: mkdir fails with ENOSPC (a tmpfs with room for its root directory and one more)
  it('a DATA_DIR that cannot be created for want of space', (ctx) => {
    onTmpfs(
      ctx,
      'inodes',
      (mnt) => {
        writeFileSync(join(mnt, 'fill'), '');
        const d = join(mnt, 'data');
        let msg = 'created';
        try {
          prepareDataDir(d);
        } catch (e) {
          msg = (e as Error).message;
        }
        expect(msg).toBe(`cannot create DATA_DIR ${d} (ENOSPC): the disk is full; free space on its file system`);
      },
      'size=1m,nr_inodes=2',
    );
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

  const ro = 'it is on a read-only file system, which no chown changes: mount it read-write (for Docker, a volume or bind mount without :ro)';

  // A tmpfs with a data directory and its database, remounted read-only (root with the right to mount only)
  it('DATA_DIR, a directory to create in it, and a database file on a read-only mount', (ctx) => {
    onTmpfs(ctx, 'ro', (mnt) => {
      const data = join(mnt, 'data');
      mkdirSync(data);
      writeFileSync(join(data, 'belote.sqlite'), '');
      execFileSync('mount', ['-o', 'remount,ro', mnt]);
      expect(refusal(() => prepareDataDir(data))).toBe(`DATA_DIR ${data} is not writable (EROFS): ${ro}`);
      // Node's recursive mkdir says ENOENT there: the directory it would be made in is asked instead
      expect(refusal(() => prepareDataDir(join(mnt, 'new', 'data')))).toBe(`cannot create DATA_DIR ${join(mnt, 'new', 'data')} in ${mnt} (EROFS): ${ro}`);
      const file = join(data, 'belote.sqlite');
      expect(refusal(() => checkWritableFiles([file, `${file}-wal`]))).toBe(`${file} is not writable (EROFS): ${ro}`);
    });
  });

  // chattr +i needs root and a file system that keeps the flag (tmpfs since Linux 6.0, ext4, …)
  it('an immutable database file', (ctx) => {
    const immutable = join(dir, 'immutable.sqlite');
    writeFileSync(immutable, '');
    if (!asRoot) ctx.skip();
    let flagged = false;
    try {
      execFileSync('chattr', ['+i', immutable], { stdio: 'ignore' });
      flagged = true;
    } catch {
      // no CAP_LINUX_IMMUTABLE, or a file system without the flag: skipped below
    }
    if (!flagged) ctx.skip();
    try {
      expect(refusal(() => checkWritableFiles([immutable]))).toBe(`${immutable} is not writable (EPERM): it is immutable, which no chown changes: chattr -i ${immutable}`);
    } finally {
      execFileSync('chattr', ['-i', immutable]);
    }
  });
});
