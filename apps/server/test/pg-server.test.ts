/**
 * The real server process (main.ts) on PostgreSQL, chosen by DATABASE_URL: it says which store
 * it uses (password hidden) and leaves DATA_DIR alone; a kill -9 with an action in flight loses
 * nothing acknowledged (the next process loads the table on demand); and two processes on one
 * database both start (no DATA_DIR lock there), each running the tables whose sockets reach it
 * (test/cluster/ for the proxy in front).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTable, seatedTable, TestClient } from './clients.js';
import { createTestDatabase } from './pg/databases.js';
import { GameDriver, spawnServer, type ServerProcess } from './restart-harness.js';

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function setup(): Promise<{ url: string; dataDir: string; start(): Promise<ServerProcess> }> {
  const db = await createTestDatabase();
  cleanup.push(() => db.drop());
  const dataDir = join(mkdtempSync(join(tmpdir(), 'belote-pgsrv-')), 'data');
  cleanup.push(() => rmSync(join(dataDir, '..'), { recursive: true, force: true }));
  return {
    url: db.url,
    dataDir,
    start: async () => {
      const p = await spawnServer(dataDir, 0, { DATABASE_URL: db.url });
      cleanup.push(() => p.stop('SIGKILL'));
      return p;
    },
  };
}

describe('main.ts on PostgreSQL (DATABASE_URL)', () => {
  it('uses PostgreSQL, keeps acknowledged actions through a kill -9, and restores the table', { timeout: 60_000 }, async () => {
    const env = await setup();
    let proc = await env.start();
    const line = proc.logs.find((l) => l.msg === 'store: PostgreSQL');
    expect(line).toMatchObject({ store: 'pg' });
    expect(line!.database).toBe(env.url.replace(':belote@', ':***@'));
    expect(existsSync(env.dataDir)).toBe(false);

    const { table, host, players, tokens } = await seatedTable(proc, { rules: { target: 301 } });
    expect((await host.emit('start', {})).ok).toBe(true);
    host.close();
    const driver = new GameDriver(players, 'pg-kill');
    cleanup.push(() => driver.close());
    const turn = await driver.playWhile(() => driver.acked.length >= 12);
    const lastAcked = driver.lastVersion;
    const inFlight = driver.send(turn!);
    expect((await proc.stop('SIGKILL')).signal).toBe('SIGKILL');
    const ackedInFlight = (await inFlight).ok;
    driver.close();

    proc = await env.start();
    // nothing is loaded at start: the table is claimed from the dead process when its players come back
    expect(proc.logs.find((l) => l.msg === 'tables restored')).toBeUndefined();
    const again = await Promise.all(tokens.map((token) => TestClient.connect(proc, { tableId: table.id, token })));
    expect(proc.logs.filter((l) => l.msg === 'table claimed' && l.table === table.id)).toHaveLength(1);
    again.forEach((c, seat) => expect(c.last.you.seat).toBe(seat));
    driver.replace(again);
    const resumed = again[0]!.last.version;
    expect(resumed === lastAcked || resumed === lastAcked + 1).toBe(true);
    if (ackedInFlight) expect(resumed).toBe(lastAcked + 1);
    // And the game goes on from there.
    await driver.playWhile(() => driver.acked.length >= 16);
    expect(again[0]!.last.version).toBeGreaterThan(resumed);
  });

  it('two processes on one database both start; a table runs where its sockets connect, and moves with them', { timeout: 60_000 }, async () => {
    const env = await setup();
    const first = await env.start();
    const t = await createTable(first);
    const second = await env.start();
    const onFirst = await TestClient.connect(first, { tableId: t.id });
    cleanup.push(() => onFirst.close());
    expect((await onFirst.emit('sit', { seat: 0, name: 'Ann' })).ok).toBe(true);
    expect(first.logs.filter((l) => l.msg === 'table claimed' && l.table === t.id)).toHaveLength(1);
    // a socket of the table reaching the second process (as after a change of the proxy's replicas): the table moves there
    const closed = new Promise((resolve) => onFirst.socket.once('disconnect', resolve));
    const onSecond = await TestClient.connect(second, { tableId: t.id });
    cleanup.push(() => onSecond.close());
    expect(onSecond.last.table.seats[0]!.name).toBe('Ann');
    expect(await closed).toBe('transport close');
    expect(await onSecond.emit('sit', { seat: 0, name: 'Bob' })).toMatchObject({ ok: false, error: { code: 'SEAT_TAKEN' } });
    expect(await onSecond.emit('sit', { seat: 1, name: 'Bob' })).toMatchObject({ ok: true, seat: 1 });
    expect(second.logs.filter((l) => l.msg === 'table claimed' && l.table === t.id)).toHaveLength(1);
    expect(first.logs.some((l) => l.msg === 'table given up: asked for by another process' && l.table === t.id)).toBe(true);
    expect([first, second].flatMap((p) => p.logs).some((l) => l.msg === 'the stored table moved on without this copy; reloading it')).toBe(false);
  });
});
