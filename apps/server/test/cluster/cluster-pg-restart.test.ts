/**
 * PostgreSQL restarted under load (a PostgreSQL of this test's own, since the run's is shared),
 * two server processes behind HAProxy (whose health check takes a 503 for a live process) and
 * behind nginx, a table playing through the proxy. While it is down every command is refused
 * (INTERNAL: nothing applied; `sync` too, once the process cannot confirm it still runs the table)
 * and none is acknowledged — an action whose write was under way when it went down is answered
 * once PostgreSQL tells whether it landed —, /healthz says 503 on both processes, and no socket is
 * disconnected or told it is not connected; an HTTP read of the table is answered by the process
 * running it, from memory (500 from the other, which reads the store). When it is back, the processes reconnect by themselves
 * and the table accepts actions again (the delay is printed; figures: the bench). Every
 * acknowledged action is in the log, and no refused one.
 */
import type { Seat } from '@belote/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { createTable, TestClient } from '../clients.js';
import { startEmbeddedPostgres } from '../pg/embedded.js';
import { markedDown, PROXIES, startCluster, startProxy, until, type Node } from './harness.js';
import { Players } from './play.js';

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

const health = async (p: Node) => {
  const r = await fetch(`${p.url}/healthz`);
  return { status: r.status, body: (await r.json()) as { ok: boolean; database?: string } };
};

describe.each(PROXIES)('PostgreSQL restarted under load, behind %s', (kind, missing) => {
  it.skipIf(missing)('refuses every action while it is down, acknowledges none, and the table accepts again once it is back', { timeout: 120_000 }, async () => {
    const pg = await startEmbeddedPostgres();
    cleanup.push(() => pg.destroy());
    const cluster = await startCluster(2, {}, pg.url);
    cleanup.push(() => cluster.dispose());
    const proxy = await startProxy(cluster.nodes.map((n) => n.port), kind);
    cleanup.push(() => proxy.stop());
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
    const players = new Players(clients, 'pg-restart', host);
    let stop = false;
    cleanup.push(() => (stop = true));
    const load = players.play(() => stop, 20);
    await until(() => players.acked.length >= 6, 60_000, 'play');

    await pg.stop();
    const downAt = performance.now();
    // While it is down: refusals, no ack, 503 — waited for, not slept. (The players may be waiting
    // for the answer to an action under way when it went down: the host asks for snapshots.)
    const probes: string[] = [];
    const probe = async () => {
      const a = await host.emit('sync', {}).catch(() => null);
      probes.push(a === null ? 'NO_ACK' : a.ok ? 'ok' : a.error.code);
      return a !== null && !a.ok && a.error.code === 'INTERNAL';
    };
    await until(probe, 30_000, 'a refusal while PostgreSQL is down');
    for (const p of cluster.nodes) await until(async () => (await health(p)).status === 503, 30_000, '/healthz to say 503');
    expect((await health(cluster.nodes[1]!)).body).toMatchObject({ ok: false, database: 'unreachable' });
    // HTTP reads: the process running the table answers from memory, the other cannot read the store.
    for (const route of ['', '/record']) {
      const statuses = await Promise.all(cluster.nodes.map(async (n) => (await fetch(`${n.url}/api/tables/${t.id}${route}`)).status));
      expect(statuses.sort(), `GET /api/tables/:id${route} from each process while PostgreSQL is down`).toEqual([200, 500]);
    }
    await until(async () => (await probe()) && probes.filter((x) => x === 'INTERNAL').length >= 3, 30_000, 'more refusals');

    await pg.start();
    const upAt = performance.now();
    await until(() => players.acked.some((s) => s.at > upAt), 30_000, 'an action accepted again');
    const backMs = players.acked.find((s) => s.at > upAt)!.at - upAt;
    for (const p of cluster.nodes) await until(async () => (await health(p)).status === 200, 30_000, '/healthz to say 200');
    const acked = players.acked.length;
    await until(() => players.acked.length >= acked + 6, 60_000, 'play to go on');
    stop = true;
    await load;

    const during = players.sent.filter((s) => s.at > downAt && s.at < upAt);
    expect(during.filter((s) => s.outcome !== 'INTERNAL')).toEqual([]);
    expect(probes.filter((x) => x !== 'INTERNAL' && x !== 'ok')).toEqual([]); // a sync answered before the lease lapsed is a snapshot
    // nobody was told it is not connected, and nobody had to reconnect
    expect(players.sent.filter((s) => s.outcome === 'BAD_REQUEST')).toEqual([]);
    // HAProxy takes a 503 for a live process: a replica is marked down only when it does not answer
    // at all — which a machine overloaded far past its cores can cause, and then its sockets move
    const downs = markedDown(proxy);
    expect(downs.filter((l) => !/reason: Layer[47] timeout/.test(l))).toEqual([]);
    if (downs.length === 0) expect([host, ...clients].map((c) => c.reconnects)).toEqual([0, 0, 0, 0, 0]);
    else console.info(`PostgreSQL restart behind ${kind}: a replica did not answer its health check in time (${downs.join('; ')}): its sockets reconnected`);
    const audit = await players.audit(cluster.url, t.id);
    expect(audit.lost).toEqual([]);
    expect(audit.refusedButApplied).toEqual([]);
    console.info(`PostgreSQL restart: ${during.length} actions and ${probes.length} syncs refused while it was down, the table accepted an action ${Math.round(backMs)} ms after it was back`);
  });
});
