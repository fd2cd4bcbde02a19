/**
 * PostgreSQL restarted under load, with two server processes on it (a PostgreSQL of this test's
 * own, since the run's is shared): while it is down every action is refused — on the owner (the
 * write fails) and on the other process (the command cannot reach the owner) — and none is
 * acknowledged; when it is back the processes reconnect by themselves (heartbeat, /healthz, the
 * adapter's and the bus's listening connection) and the game goes on. Every acknowledged action
 * is in the final record.
 */
import type { TableRecord } from '@belote/protocol';
import type { Seat } from '@belote/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { createTable, sleep, TestClient } from '../clients.js';
import { REQUEST_TIMEOUT_MS } from '../../src/cluster/cluster-directory.js';
import { startEmbeddedPostgres } from '../pg/embedded.js';
import { GameDriver, isSubsequence, recordActions } from '../restart-harness.js';
import { startCluster, type Node } from './harness.js';

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

const health = async (p: Node) => {
  const r = await fetch(`${p.url}/healthz`);
  return { status: r.status, body: (await r.json()) as { ok: boolean; database?: string } };
};

describe('PostgreSQL restarted under load', () => {
  it('refuses every action while it is down, acknowledges none falsely, and the game goes on', { timeout: 120_000 }, async () => {
    const pg = await startEmbeddedPostgres();
    cleanup.push(() => pg.destroy());
    const cluster = await startCluster(2, {}, pg.url);
    cleanup.push(() => cluster.dispose());
    const [p0, p1] = cluster.nodes as [Node, Node];
    const t = await createTable(p0, { rules: { target: 1000 } }); // owned by p0; seats 1 and 3 act through p1
    const host = await TestClient.connect(p1, { tableId: t.id, hostKey: t.hostKey, resyncOnGap: true });
    const players: TestClient[] = [];
    for (const seat of [0, 1, 2, 3] as Seat[]) {
      const c = await TestClient.connect(seat % 2 === 0 ? p0 : p1, { tableId: t.id, resyncOnGap: true });
      expect((await c.emit('sit', { seat, name: `P${seat}` })).ok).toBe(true);
      players.push(c);
    }
    cleanup.push(() => [host, ...players].forEach((c) => c.close()));
    expect((await host.emit('start', {})).ok).toBe(true);
    const driver = new GameDriver(players, 'pg-restart');
    cleanup.push(() => driver.close());
    await driver.playWhile(() => driver.acked.length >= 6);

    // Load: an action every 20 ms until the game ends; PostgreSQL goes down for a while in the middle.
    const refused: { code: string; seat: Seat; down: boolean }[] = [];
    let down = false;
    let stopLoad = false;
    const load = (async () => {
      while (!stopLoad) {
        const next = driver.turn();
        next.catch(() => undefined); // may be given up below
        const turn = await Promise.race([next, sleep(1000).then(() => 'behind' as const)]);
        if (turn === 'behind') {
          // The frame of the last change may have been lost with PostgreSQL (the other process's
          // sockets get it back with a snapshot once it returns), so the seat to play may not know
          // it is its turn: while it is down, a seat on the other process tries anyway.
          if (!down) continue;
          const a = await players[1]!.emit('action', { version: players[1]!.last.version, action: { type: 'pass' } }).catch(() => ({ ok: false as const, error: { code: 'NO_ACK' } }));
          if (!a.ok) refused.push({ code: a.error.code, seat: 1, down });
          continue;
        }
        if (!turn) return;
        const a = await driver.send(turn);
        if (!a.ok) refused.push({ code: a.code!, seat: turn.seat, down });
        await sleep(a.ok ? 20 : 100);
      }
    })();
    await sleep(300);
    const ackedBefore = driver.acked.length;
    await pg.stop();
    down = true;
    const ackedAtStop = driver.acked.length;
    // A command the owner received just before the stop is refused there, but its answer cannot
    // come back: the other process refuses it after REQUEST_TIMEOUT_MS. Wait for refusals, then some more.
    for (let i = 0; i < (REQUEST_TIMEOUT_MS + 3000) / 100 && !refused.some((r) => r.down); i++) await sleep(100);
    await sleep(2000);
    // nothing was acknowledged while it was down
    expect(driver.acked.length).toBe(ackedAtStop);
    const during = refused.filter((r) => r.down);
    expect(during.length).toBeGreaterThan(0);
    expect(new Set(during.map((r) => r.code))).toEqual(new Set(['INTERNAL']));
    expect((await health(p0)).status).toBe(503);
    expect((await health(p1)).body).toMatchObject({ ok: false, database: 'unreachable' });

    await pg.start();
    down = false;
    // both processes are healthy again and the game goes on by itself
    for (const p of [p0, p1]) {
      for (let i = 0; (await health(p)).status !== 200; i++) {
        if (i > 100) throw new Error('not healthy again');
        await sleep(100);
      }
    }
    await load;
    stopLoad = true;
    expect(driver.acked.length).toBeGreaterThan(ackedAtStop);
    const final = await players[0]!.next((u) => u.table.status === 'finished', 30_000);
    expect(final.view!.winner).not.toBeNull();
    const record = (await (await fetch(`${p1.url}/api/tables/${t.id}/record`)).json()) as TableRecord;
    expect(isSubsequence(driver.acked.map((a) => a.key), recordActions(record))).toBe(true);
    console.info(`PostgreSQL restart: ${ackedBefore} acked before, ${during.length} refusals while down (on ${[...new Set(during.map((r) => (r.seat % 2 === 0 ? 'the owner' : 'the other process')))].join(' and ')}), ${driver.acked.length} acked in all`);
  });
});
