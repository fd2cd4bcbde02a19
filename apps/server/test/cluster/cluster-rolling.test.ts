/**
 * A rolling restart of three replicas under load, through HAProxy and through nginx: each process
 * in turn gets SIGTERM (it stops taking tables, lets queued commands finish, releases its tables,
 * then closes their sockets, which reconnect through the proxy to a process that claims them at
 * once) and is started again on its port. Two tables play on throughout; nothing acknowledged is
 * lost, nothing refused was applied. The longest pause between two accepted actions of a table
 * during the restart is printed (figures: the bench).
 */
import type { Seat } from '@belote/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { createTable, TestClient } from '../clients.js';
import { PROXIES, startCluster, startProxy, until, type Proxy } from './harness.js';
import { Players } from './play.js';

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function table(proxy: Proxy, seed: string) {
  const t = await createTable(proxy, { rules: { target: 1001 } });
  const host = await TestClient.connect(proxy, { tableId: t.id, hostKey: t.hostKey, reconnect: true });
  const clients: TestClient[] = [];
  for (const seat of [0, 1, 2, 3] as Seat[]) {
    const c = await TestClient.connect(proxy, { tableId: t.id, reconnect: true });
    expect((await c.emit('sit', { seat, name: `P${seat}` })).ok).toBe(true);
    clients.push(c);
  }
  cleanup.push(() => [host, ...clients].forEach((c) => c.close()));
  expect(await host.emit('start', {})).toEqual({ ok: true });
  return { t, host, players: new Players(clients, seed, host) };
}

/** The longest time between two accepted actions in [from, to]. */
function longestGap(players: Players, from: number, to: number): number {
  const times = [from, ...players.acked.map((s) => s.at).filter((x) => x > from && x < to), to];
  return Math.max(...times.slice(1).map((x, i) => x - times[i]!));
}

describe.each(PROXIES)('rolling restart behind %s', (kind, missing) => {
  it.skipIf(missing)('every replica restarted in turn (SIGTERM) under load: the tables move on, nothing acknowledged is lost', { timeout: 180_000 }, async () => {
    const cluster = await startCluster(3);
    cleanup.push(() => cluster.dispose());
    const proxy = await startProxy(cluster.nodes.map((n) => n.port), kind);
    cleanup.push(() => proxy.stop());
    const tables = [await table(proxy, 'rolling-a'), await table(proxy, 'rolling-b')];
    let stop = false;
    const load = tables.map((x) => x.players.play(() => stop, 40));
    cleanup.push(() => (stop = true));
    await until(() => tables.every((x) => x.players.acked.length >= 6), 60_000, 'both tables to play');

    const from = performance.now();
    for (const i of [0, 1, 2]) {
      const old = cluster.nodes[i]!;
      const fresh = await cluster.restart(i, 'SIGTERM');
      const exit = await old.exited;
      expect(exit.code, JSON.stringify(old.logs.slice(-3))).toBe(0);
      expect(old.logs.some((l) => l.msg === 'shutdown complete')).toBe(true);
      expect(fresh.port).toBe(old.port);
    }
    const to = performance.now();
    const acked = tables.map((x) => x.players.acked.length);
    await until(() => tables.every((x, k) => x.players.acked.length >= acked[k]! + 6), 60_000, 'both tables to play on');
    stop = true;
    await Promise.all(load);

    for (const { t, players } of tables) {
      const audit = await players.audit(cluster.url, t.id);
      expect(audit.lost).toEqual([]);
      expect(audit.refusedButApplied, JSON.stringify(players.sent.filter((e) => audit.refusedButApplied.some((r) => r.version === e.version)))).toEqual([]);
    }
    const gaps = tables.map((x) => Math.round(longestGap(x.players, from, to)));
    if (process.env.DEBUG_GAPS) for (const x of tables) console.info(x.players.sent.filter((e) => e.at > from - 200 && e.at < to + 500).map((e) => `${Math.round(e.at - from)}:${e.outcome}`).join(' '));
    if (process.env.DEBUG_GAPS) console.info(`from ${Date.now() - Math.round(performance.now() - from)}`);
    if (process.env.DEBUG_GAPS) for (const [i, n] of cluster.nodes.entries()) console.info(i, n.logs.filter((l) => /claimed|given up|shutting|shutdown|asked|listening/.test(l.msg)).map((l) => `${String(l.time).slice(-5)} ${l.msg} ${String(l.table ?? '').slice(0, 4)}`).join(' | '));
    console.info(`rolling restart of 3 replicas in ${Math.round(to - from)} ms: longest pause between two accepted actions per table ${gaps.join(', ')} ms`);
  });
});
