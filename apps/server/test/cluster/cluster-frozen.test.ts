/**
 * A frozen owner cannot hold its table hostage (three processes behind each shipped proxy). The
 * owner is stopped (SIGSTOP, as a long GC pause or a stalled VM would): the proxy closes its
 * connections (HAProxy once its health check marks the process down, nginx after 3 s of silence),
 * the clients reconnect, the proxy sends them to the next process (HAProxy: the frozen one is
 * down; nginx: after its timeout on the frozen one), and that process claims the table once the
 * frozen one's heartbeat expired — nothing of the frozen one holds a lock it would wait for. The
 * game goes on there. Woken (SIGCONT), the
 * frozen process finds its claim overtaken and drops the table; a socket that reaches it then
 * (as through a proxy that still picks it) gets the table as stored, never the stale copy it
 * held. Nothing acknowledged is lost, nothing refused was applied, and no client ever sees the
 * table go back in time.
 */
import type { Seat } from '@belote/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { createTable, TestClient } from '../clients.js';
import type { TableSummary } from '@belote/protocol';
import { PROXIES, startCluster, startProxy, until } from './harness.js';
import { Players } from './play.js';

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

describe.each(PROXIES)('a frozen owner behind %s', (kind, missing) => {
  it.skipIf(missing)('SIGSTOP of the owner: the next process takes the table over, the woken one is fenced and serves nothing stale', { timeout: 120_000 }, async () => {
    const cluster = await startCluster(3);
    cleanup.push(() => cluster.dispose());
    const proxy = await startProxy(cluster.nodes.map((n) => n.port), kind);
    cleanup.push(() => proxy.stop());
    const t = await createTable(proxy, { rules: { target: 301 } });
    const host = await TestClient.connect(proxy, { tableId: t.id, hostKey: t.hostKey, reconnect: true });
    const clients: TestClient[] = [];
    for (const seat of [0, 1, 2, 3] as Seat[]) {
      const c = await TestClient.connect(proxy, { tableId: t.id, reconnect: true });
      expect((await c.emit('sit', { seat, name: `P${seat}` })).ok).toBe(true);
      clients.push(c);
    }
    // A spectator as socket.io-client connects by default, long-polling first (PROTOCOL.md §1): its
    // reconnection's CONNECT packet is a POST, which the proxy must also send on to the next process.
    const watcher = await TestClient.connect(proxy, { tableId: t.id, reconnect: true, transports: ['polling', 'websocket'] });
    cleanup.push(() => [host, watcher, ...clients].forEach((c) => c.close()));
    expect(await host.emit('start', {})).toEqual({ ok: true });
    const players = new Players(clients, 'frozen');
    await players.play(() => players.acked.length >= 8);
    const frozen = (await cluster.owner(t.id))!;
    const before = players.acked.length;

    const frozenAt = performance.now();
    frozen.child.kill('SIGSTOP');
    cleanup.push(() => frozen.child.kill('SIGCONT'));
    await players.play(() => players.acked.length > before);
    const takeoverMs = players.acked.at(-1)!.at - frozenAt;
    const next = (await cluster.owner(t.id))!;
    expect(next.node).not.toBe(frozen.node);
    // the long-polling spectator follows the table to its new process while the old one is still frozen
    await watcher.next((u) => u.version >= players.acked.at(-1)!.version + 1, 20_000);
    await players.play(() => players.acked.length >= before + 4);
    // The summary through the proxy comes from the table's process (routed by the path's id): the seats are connected there.
    await until(async () => ((await (await fetch(`${proxy.url}/api/tables/${t.id}`)).json()) as TableSummary).seats.every((s) => s.connected), 30_000, 'the summary through the proxy to show the seats connected');

    // Woken: its claim was overtaken; it drops the table at its first heartbeat.
    frozen.child.kill('SIGCONT');
    const wokenAt = performance.now();
    await until(() => frozen.logs.some((l) => l.msg === 'table given up: claimed by another process meanwhile' && l.table === t.id), 30_000, 'the woken process to drop the table');
    // A socket that reaches it now gets the table as stored (the table moves there), not the copy it froze with.
    const acked = players.acked.at(-1)!.version + 1;
    const stray = await TestClient.connect(frozen, { tableId: t.id });
    cleanup.push(() => stray.close());
    expect(stray.last.version).toBeGreaterThanOrEqual(acked);

    await players.play();
    const audit = await players.audit(cluster.url, t.id);
    expect(audit.lost).toEqual([]);
    expect(audit.refusedButApplied).toEqual([]);
    // No client ever saw the table go back in time.
    for (const c of [host, watcher, ...clients]) {
      const versions = c.frames.map((f) => f.version);
      expect(versions.every((v, i) => i === 0 || v >= versions[i - 1]!)).toBe(true);
    }
    console.info(`${kind}: SIGSTOP of the owner: the next action was accepted ${Math.round(takeoverMs)} ms after the freeze; the woken process dropped the table ${Math.round(performance.now() - wokenAt)} ms after SIGCONT (or sooner)`);
  });
});
