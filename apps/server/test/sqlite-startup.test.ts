/**
 * The SQLite data directory as a self-hoster meets it, with real server processes (main.ts):
 * a second server on the same DATA_DIR refuses to start (and a kill -9 leaves no stale lock);
 * a database file or a directory the server's user cannot write stops the start with a message
 * naming the file and the uid, instead of a "healthy" server that answers INTERNAL to
 * everything. The unprivileged user: as root (this machine, CI) the server runs as `nobody`;
 * otherwise the files are made read-only for the current user.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTable } from './clients.js';
import { spawnRefusedServer, spawnServer, type RunAs, type ServerProcess } from './restart-harness.js';

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

const isRoot = process.getuid?.() === 0;
/** As root: the unprivileged user the server runs as (like uid 1000 in the image). */
const nobody: RunAs | undefined = isRoot
  ? { uid: Number(execFileSync('id', ['-u', 'nobody']).toString()), gid: Number(execFileSync('id', ['-g', 'nobody']).toString()) }
  : undefined;
const uidOfServer = nobody?.uid ?? process.getuid!();

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'belote-startup-'));
  cleanup.push(() => rmSync(d, { recursive: true, force: true }));
  return d;
}

async function started(dataDir: string, as?: RunAs): Promise<ServerProcess> {
  const p = await spawnServer(dataDir, 0, {}, as);
  cleanup.push(() => p.stop('SIGKILL'));
  return p;
}

/** A data directory the unprivileged server owns, holding a database with one table. */
async function dataDirWithOneTable(): Promise<string> {
  const parent = tempDir();
  const dir = join(parent, 'data');
  mkdirSync(dir);
  if (nobody) for (const d of [parent, dir]) chownSync(d, nobody.uid, nobody.gid);
  const p = await started(dir, nobody);
  await createTable(p);
  expect((await p.stop('SIGTERM')).code).toBe(0);
  return dir;
}

const fatalOf = (r: { logs: { level: number; msg: string }[] }) => r.logs.find((l) => l.level === 60)?.msg ?? '';

describe('SQLite DATA_DIR (real server processes)', () => {
  it('a second server on the same DATA_DIR refuses to start; after a kill -9 of the first, a new one starts at once', { timeout: 60_000 }, async () => {
    const dir = tempDir();
    const first = await started(dir);
    const t = await createTable(first);

    const second = await spawnRefusedServer(dir);
    expect(second.code).toBe(1);
    expect(fatalOf(second)).toBe(
      `could not start: another server process is using DATA_DIR ${dir} (belote.lock is locked): run one server per data directory; stop the other one first, or give this one another DATA_DIR (several processes need DATABASE_URL, PostgreSQL)`,
    );
    // The first one serves on, untouched.
    expect((await fetch(`${first.url}/api/tables/${t.id}`)).status).toBe(200);

    expect((await first.stop('SIGKILL')).signal).toBe('SIGKILL');
    const third = await started(dir);
    expect(third.logs.find((l) => l.msg === 'tables restored')).toMatchObject({ restored: 1, skipped: 0 });
    expect((await fetch(`${third.url}/api/tables/${t.id}`)).status).toBe(200);
  });

  it('a bad variable or an address it cannot listen on stops the start with a JSON line naming it', { timeout: 60_000 }, async () => {
    const bad = await spawnRefusedServer(tempDir(), { PORT: '0x10' });
    expect(bad.code).toBe(1);
    expect(bad.logs.find((l) => l.level === 60)).toMatchObject({ event: 'config-invalid', msg: 'invalid configuration:\n  PORT: must be a whole number in decimal digits' });
    const host = await spawnRefusedServer(tempDir(), { HOST: 'no-such-host.invalid' });
    expect(host.code).toBe(1);
    expect(host.logs.find((l) => l.level === 60)).toMatchObject({ event: 'listen-failed', host: 'no-such-host.invalid', port: 0 });
    expect(fatalOf(host)).toMatch(/^could not start: cannot listen on HOST no-such-host\.invalid, PORT 0: getaddrinfo (ENOTFOUND|EAI_AGAIN) no-such-host\.invalid$/);
  });

  it('a belote.sqlite the server cannot write (a backup restored as root) stops the start, naming the file and the uid', { timeout: 60_000 }, async () => {
    const dir = await dataDirWithOneTable();
    const file = join(dir, 'belote.sqlite');
    if (nobody) chownSync(file, 0, 0);
    else chmodSync(file, 0o444);

    const refused = await spawnRefusedServer(dir, {}, nobody);
    expect(refused.code).toBe(1);
    const msg = fatalOf(refused);
    expect(msg).toMatch(new RegExp(`^could not start: ${file} is not writable by the server, which runs as uid ${uidOfServer}\\b`));
    expect(msg).toContain(`chown ${uidOfServer}:`);
    expect(msg).toContain(isRoot ? 'owned by uid 0' : `owned by uid ${uidOfServer}`);

    // Doing what the message says fixes it.
    if (nobody) chownSync(file, nobody.uid, nobody.gid);
    else chmodSync(file, 0o644);
    const fixed = await started(dir, nobody);
    expect(fixed.logs.find((l) => l.msg === 'tables restored')).toMatchObject({ restored: 1, skipped: 0 });
  });

  it('a damaged belote.sqlite (an overwritten header, a truncated copy) stops the start saying so, not with a permissions hint', { timeout: 60_000 }, async () => {
    const dir = await dataDirWithOneTable();
    const file = join(dir, 'belote.sqlite');
    const good = readFileSync(file);
    const damage: [string, () => void][] = [
      ['an overwritten header', () => writeFileSync(file, Buffer.concat([Buffer.alloc(100, 0x41), good.subarray(100)]))],
      ['a truncated copy', () => writeFileSync(file, good.subarray(0, Math.max(512, Math.floor(good.length / 3))))],
    ];
    for (const [what, hurt] of damage) {
      hurt();
      const refused = await spawnRefusedServer(dir, {}, nobody);
      expect(refused.code, what).toBe(1);
      const msg = fatalOf(refused);
      expect(msg, what).toMatch(new RegExp(`^could not start: ${file} is damaged or is not a SQLite database \\(`));
      expect(msg, what).toContain('restore it from a backup while the server is stopped');
      expect(msg, what).not.toContain('chown');
      writeFileSync(file, good);
    }
    // the file was left as it is: the good copy put back starts with its table
    const fixed = await started(dir, nobody);
    expect(fixed.logs.find((l) => l.msg === 'tables restored')).toMatchObject({ restored: 1, skipped: 0 });
  });

  it('a DATA_DIR the server cannot write (a bind mount owned by root) stops the start, naming the uid', { timeout: 60_000 }, async () => {
    const parent = tempDir();
    const dir = join(parent, 'mount');
    mkdirSync(dir);
    if (nobody) chownSync(parent, nobody.uid, nobody.gid);
    else chmodSync(dir, 0o555);
    cleanup.push(() => chmodSync(dir, 0o755));

    const refused = await spawnRefusedServer(dir, {}, nobody);
    expect(refused.code).toBe(1);
    expect(fatalOf(refused)).toMatch(
      new RegExp(`^could not start: DATA_DIR ${dir} is not writable by the server, which runs as uid ${uidOfServer}\\b.*: chown -R ${uidOfServer}:\\d+ ${dir}, on the host directory for a bind mount$`),
    );
  });
});
