/**
 * Durability beyond crashes: a graceful SIGTERM of the real server process finishes the writes
 * in flight (exit 0, a structured log line, nothing acknowledged lost, nothing refused kept);
 * expiry removes exactly the tables past their retention (records downloadable until then);
 * a finished table's record carries commitments that match its revealed decks.
 */
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TableRecord } from '@belote/protocol';
import { commitmentFor, replayRecord } from '@belote/rules';
import Database from 'better-sqlite3';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/server.js';
import { SqliteStore } from '../src/store/sqlite-store.js';
import { sweepExpired } from '../src/tables/expiry.js';
import { createTable, TestClient } from './clients.js';
import { freePort, GameDriver, spawnServer, type ServerProcess } from './restart-harness.js';

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const HOUR = 3_600_000;
const RETENTION = { finishedRetentionHours: 72, idleRetentionHours: 168, expirySweepMinutes: 60 };

const VERIFY_CLI = fileURLToPath(new URL('../../../packages/rules/src/record/verify-cli.ts', import.meta.url));

/** What `pnpm verify FILE` runs; resolves with its exit code and standard output. */
function verify(file: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', VERIFY_CLI, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out }));
  });
}

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'belote-durable-'));
  cleanup.push(() => rmSync(d, { recursive: true, force: true }));
  return d;
}

/** A table with four seated clients and a started game; returns the driver and the tokens. */
async function startedTable(url: string, seed: string) {
  const t = await createTable({ url }, { rules: { target: 301 } });
  const host = await TestClient.connect({ url }, { tableId: t.id, hostKey: t.hostKey });
  const players: TestClient[] = [];
  const tokens: string[] = [];
  for (let seat = 0; seat < 4; seat++) {
    const c = await TestClient.connect({ url }, { tableId: t.id });
    const a = await c.emit('sit', { seat, name: `P${seat}` });
    if (!a.ok) throw new Error(a.error.message);
    tokens.push(a.token as string);
    players.push(c);
  }
  expect((await host.emit('start', {})).ok).toBe(true);
  host.close();
  const driver = new GameDriver(players, seed);
  cleanup.push(() => driver.close());
  return { id: t.id, driver, tokens };
}

describe('graceful shutdown (real server process, SIGTERM)', () => {
  it('finishes in-flight writes, logs, exits 0, and keeps exactly what it acknowledged', { timeout: 60_000 }, async () => {
    const dataDir = tempDir();
    const port = await freePort();
    let proc: ServerProcess = await spawnServer(dataDir, port);
    cleanup.push(async () => void (await proc.stop('SIGKILL')));
    const tables = [];
    for (let i = 0; i < 3; i++) tables.push(await startedTable(proc.url, `term-${i}`));
    for (const t of tables) await t.driver.playWhile(() => t.driver.acked.length >= 5);

    // One action in flight at every table, then SIGTERM at once.
    const before = tables.map((t) => t.driver.lastVersion);
    const turns = await Promise.all(tables.map((t) => t.driver.turn()));
    const acks = tables.map((t, i) => t.driver.send(turns[i]!));
    const exit = await proc.stop('SIGTERM');
    const results = await Promise.all(acks);

    expect(exit).toEqual({ code: 0, signal: null });
    const done = proc.logs.find((l) => l.msg === 'shutdown complete');
    expect(done).toMatchObject({ event: 'shutdown', signal: 'SIGTERM', exitCode: 0, tables: 3 });
    expect(typeof done!.ms).toBe('number');

    proc = await spawnServer(dataDir, port);
    for (const [i, t] of tables.entries()) {
      const c = await TestClient.connect(proc, { tableId: t.id, token: t.tokens[0]! });
      const version = c.last.version;
      const r = results[i]!;
      if (r.ok) expect(version).toBe(before[i]! + 1);
      else if (r.code === 'NO_ACK') expect([before[i], before[i]! + 1]).toContain(version);
      else expect(version).toBe(before[i]);
      c.close();
    }
    console.info(`SIGTERM: acks ${results.map((r) => (r.ok ? 'ok' : r.code)).join(', ')}; shutdown ${String(done!.ms)} ms`);
  });
});

describe('corrupt tables (real server process)', () => {
  it('reports and skips an unreadable or non-replaying table and serves the others', { timeout: 60_000 }, async () => {
    const dataDir = tempDir();
    const port = await freePort();
    let proc: ServerProcess = await spawnServer(dataDir, port);
    cleanup.push(async () => void (await proc.stop('SIGKILL')));
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const t = await createTable(proc, {});
      const c = await TestClient.connect(proc, { tableId: t.id });
      expect((await c.emit('sit', { seat: 0, name: 'Solo' })).ok).toBe(true);
      c.close();
      ids.push(t.id);
    }
    expect((await proc.stop('SIGTERM')).code).toBe(0);
    const [good, unreadable, illegal] = ids as [string, string, string];
    const db = new Database(join(dataDir, 'belote.sqlite'));
    db.prepare("UPDATE entries SET entry = '{not json' WHERE table_id = ?").run(unreadable);
    db.prepare('UPDATE entries SET entry = ? WHERE table_id = ?').run(JSON.stringify({ type: 'unseat', seat: 3 }), illegal);
    db.close();

    proc = await spawnServer(dataDir, port);
    const errors = proc.logs.filter((l) => l.level >= 50);
    expect(errors.map((l) => l.table).sort()).toEqual([unreadable, illegal].sort());
    expect(proc.logs.find((l) => l.msg === 'tables restored')).toMatchObject({ restored: 1, skipped: 1 });
    const status = async (id: string) => (await fetch(`${proc.url}/api/tables/${id}`)).status;
    expect([await status(good), await status(unreadable), await status(illegal)]).toEqual([200, 404, 404]);
  });
});

describe('expiry and fairness (SQLite store, in process)', () => {
  const silent = pino({ level: 'silent' });

  async function start(dataDir: string): Promise<{ server: RunningServer; store: SqliteStore }> {
    const store = new SqliteStore({ dataDir, log: silent });
    const server = await startServer(
      { port: 0, host: '127.0.0.1', logLevel: 'silent', botDelayMs: 0, dealPauseMs: 0, webDist: '/nonexistent', finishedRetentionHours: 72, idleRetentionHours: 168 },
      { store, logger: silent },
    );
    cleanup.push(() => server.close());
    return { server, store };
  }

  it('removes only tables past their retention, never one in use; records stay downloadable until then', { timeout: 60_000 }, async () => {
    const dataDir = tempDir();
    const { server, store } = await start(dataDir);
    const deps = { store, registry: server.registry, config: RETENTION, log: silent };

    // A finished game (four bots), a lobby nobody is at, and a lobby with a spectator connected.
    const finished = await createTable(server, { rules: { target: 301 }, options: { fillWithBots: true, botLevel: 'easy' } });
    const host = await TestClient.connect(server, { tableId: finished.id, hostKey: finished.hostKey });
    expect((await host.emit('start', {})).ok).toBe(true);
    await host.next((u) => u.table.status === 'finished', 30_000);
    host.close();
    const idle = await createTable(server);
    const watched = await createTable(server);
    const watcher = await TestClient.connect(server, { tableId: watched.id });
    await server.registry.idle();
    await new Promise((r) => setTimeout(r, 50));

    const recordOf = async (id: string) => fetch(`${server.url}/api/tables/${id}/record`);
    const sweep = (hoursAhead: number) => sweepExpired({ ...deps, now: () => Date.now() + hoursAhead * HOUR });

    expect(await sweep(71)).toEqual([]);
    const rec = await recordOf(finished.id);
    expect(rec.status).toBe(200);
    const record = (await rec.json()) as TableRecord;
    // Provably fair: every deal's published commitment is sha256(deck + ' ' + salt) of its revealed deck.
    expect(record.deals.length).toBeGreaterThan(0);
    for (const d of record.deals) expect(d.commitment).toBe(sha256(commitmentFor(d.deck, d.salt as string)));
    expect(replayRecord(record, (deck, salt, c) => sha256(commitmentFor(deck, salt)) === c).result.error).toBeNull();
    const tampered = structuredClone(record);
    [tampered.deals[0]!.deck[0], tampered.deals[0]!.deck[1]] = [tampered.deals[0]!.deck[1]!, tampered.deals[0]!.deck[0]!];
    expect(replayRecord(tampered, (deck, salt, c) => sha256(commitmentFor(deck, salt)) === c).result.error?.code).toBe('BAD_DECK');
    // `pnpm verify` of the downloaded record checks every commitment: it passes, the tampered one fails.
    const file = join(dataDir, 'record.json');
    writeFileSync(file, JSON.stringify(record));
    const ok = await verify(file);
    expect(ok.code).toBe(0);
    expect((JSON.parse(ok.out) as { winner: number | null; error: unknown }).error).toBeNull();
    writeFileSync(file, JSON.stringify(tampered));
    const bad = await verify(file);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('BAD_DECK');

    expect(await sweep(73)).toEqual([finished.id]);
    expect((await recordOf(finished.id)).status).toBe(404);
    expect(server.registry.get(idle.id)).toBeDefined();

    expect(await sweep(169)).toEqual([idle.id]);
    expect(server.registry.get(watched.id)).toBeDefined();
    watcher.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(await sweep(169)).toEqual([watched.id]);

    // Removed for good: a restart on the same directory restores nothing.
    await server.close();
    const again = await start(dataDir);
    expect(again.server.registry.size).toBe(0);
  });

  it('keeps finished and unfinished tables across a restart until they expire', { timeout: 30_000 }, async () => {
    const dataDir = tempDir();
    const first = await start(dataDir);
    const a = await createTable(first.server);
    await first.server.close();
    const { server, store } = await start(dataDir);
    expect(server.registry.ids()).toEqual([a.id]);
    expect(await sweepExpired({ store, registry: server.registry, config: RETENTION, log: silent, now: () => Date.now() + 167 * HOUR })).toEqual([]);
  });
});
