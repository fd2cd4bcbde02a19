/**
 * Expiry and fairness on the SQLite store: a sweep removes exactly the tables past their
 * retention and never one in use (records stay downloadable until then, and removal survives a
 * restart); a finished table's record carries commitments that match its revealed decks, which
 * `pnpm verify` checks.
 */
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TableRecord } from '@belote/protocol';
import { commitmentPreimage, replayRecord } from '@belote/rules';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../src/server.js';
import { SqliteStore } from '../src/store/sqlite-store.js';
import { sweepExpired } from '../src/tables/expiry.js';
import { createTable, TestClient } from './clients.js';

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
    const gone = (id: string) => vi.waitFor(() => expect(server.registry.get(id)!.empty).toBe(true), { timeout: 10_000 }); // the server has seen the close
    await gone(finished.id);

    const recordOf = async (id: string) => fetch(`${server.url}/api/tables/${id}/record`);
    const sweep = (hoursAhead: number) => sweepExpired({ ...deps, now: () => Date.now() + hoursAhead * HOUR });

    expect(await sweep(71)).toEqual([]);
    const rec = await recordOf(finished.id);
    expect(rec.status).toBe(200);
    const record = (await rec.json()) as TableRecord;
    // Provably fair: every deal's published commitment is sha256(deck + ' ' + salt) of its revealed deck.
    expect(record.deals.length).toBeGreaterThan(0);
    for (const d of record.deals) expect(d.commitment).toBe(sha256(commitmentPreimage(d.deck, d.salt as string)));
    expect(replayRecord(record, (deck, salt, c) => sha256(commitmentPreimage(deck, salt)) === c).result.error).toBeNull();
    const tampered = structuredClone(record);
    [tampered.deals[0]!.deck[0], tampered.deals[0]!.deck[1]] = [tampered.deals[0]!.deck[1]!, tampered.deals[0]!.deck[0]!];
    expect(replayRecord(tampered, (deck, salt, c) => sha256(commitmentPreimage(deck, salt)) === c).result.error?.code).toBe('BAD_DECK');
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
    await gone(watched.id);
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
