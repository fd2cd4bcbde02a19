/**
 * The database file deleted or replaced while the server runs (a mistaken `rm`, a backup
 * copied over it): SQLite keeps writing to the file it opened, which no longer has the path,
 * so everything written is lost at the next start. /healthz must say so (PROTOCOL.md §2).
 */
import { copyFileSync, mkdtempSync, renameSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../src/server.js';
import { DB_FILE, SqliteStore } from '../src/store/sqlite-store.js';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

/** A server on SQLite in a new directory, and the lines it logs. */
async function serve() {
  const dir = mkdtempSync(join(tmpdir(), 'belote-gone-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const lines: { level: number; msg: string; file?: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (s: string) => void lines.push(JSON.parse(s) as (typeof lines)[number]) });
  const store = new SqliteStore({ dataDir: dir, synchronous: 'normal', log: logger });
  const server = await startServer({ port: 0, host: '127.0.0.1', logLevel: 'silent', webDist: '/nonexistent' }, { store, logger });
  cleanup.push(() => server.close());
  const health = async () => {
    const r = await fetch(`${server.url}/healthz`);
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  };
  return { file: join(dir, DB_FILE), server, lines, health };
}

/** /healthz looks at the file at most once a second. */
const aSecond = () => new Promise((res) => setTimeout(res, 1100));

describe('the database file is no longer the one open', () => {
  it('deleted: /healthz 200 before, then 503 "deleted", logged once at error level', async () => {
    const { file, server, lines, health } = await serve();
    expect((await fetch(`${server.url}/api/tables`, { method: 'POST' })).status).toBe(201);
    expect(await health()).toMatchObject({ status: 200, body: { ok: true } });
    expect((await health()).body).not.toHaveProperty('database');

    unlinkSync(file);
    await aSecond();
    // writes still succeed (into the unlinked file): only the check can tell
    expect((await fetch(`${server.url}/api/tables`, { method: 'POST' })).status).toBe(201);
    expect(await health()).toEqual({ status: 503, body: { ok: false, tables: 2, uptime: expect.any(Number), database: 'deleted' } });
    await aSecond();
    expect(await health()).toMatchObject({ status: 503, body: { database: 'deleted' } });
    const errors = lines.filter((l) => l.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file });
    expect(errors[0]!.msg).toMatch(/belote\.sqlite was deleted while the server runs: .* what it writes is lost when it stops$/);
  });

  it('replaced by another file (a backup copied over it): 503 "replaced"; moved back, 200 again', async () => {
    const { file, lines, health } = await serve();
    expect((await health()).status).toBe(200);
    renameSync(file, `${file}.aside`);
    copyFileSync(`${file}.aside`, file);
    await aSecond();
    expect(await health()).toMatchObject({ status: 503, body: { ok: false, database: 'replaced' } });
    expect(lines.filter((l) => l.level === 50)).toHaveLength(1);
    // the open file back at its path (a rename keeps it the same file)
    renameSync(`${file}.aside`, file);
    await aSecond();
    expect(await health()).toMatchObject({ status: 200, body: { ok: true } });
  });
});
