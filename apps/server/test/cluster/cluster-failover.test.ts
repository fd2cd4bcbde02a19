/**
 * Failover through a real reverse proxy (HAProxy and nginx, each with its shipped configuration),
 * three processes:
 *  - kill -9 of the owner mid-trick: its sockets' connections close, the clients reconnect
 *    through the proxy to the next process of the ring, which claims the table from the store;
 *    the game goes on, nothing acknowledged is lost, nothing refused was applied;
 *  - kill -9 between commit and ack: the owner's write commits while the process is frozen,
 *    then it dies; the player never gets the ack, and learns from its next snapshot (after the
 *    reconnection) that its card was played — it is in the log once;
 *  - every process killed at once and started again: the game goes on from the store.
 * The time from the kill to the next accepted action is printed (figures: the bench).
 */
import type { Seat } from '@belote/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { createTable, TestClient } from '../clients.js';
import { checkFrames } from '../leak-check.js';
import { sql } from '../pg/databases.js';
import type { TableRecord } from '@belote/protocol';
import { PROXIES, startCluster, startProxy, until, type Cluster, type Proxy, type ProxyKind } from './harness.js';
import { Players } from './play.js';

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

/** A started classic game through the proxy: the host and four seated players, all reconnecting by themselves. */
async function game(proxy: Proxy, target = 301) {
  const t = await createTable(proxy, { rules: { target } });
  const host = await TestClient.connect(proxy, { tableId: t.id, hostKey: t.hostKey, reconnect: true });
  const clients: TestClient[] = [];
  const tokens: string[] = [];
  for (const seat of [0, 1, 2, 3] as Seat[]) {
    const c = await TestClient.connect(proxy, { tableId: t.id, reconnect: true });
    const a = await c.emit('sit', { seat, name: `P${seat}` });
    if (!a.ok) throw new Error(a.error.message);
    tokens.push(a.token as string);
    clients.push(c);
  }
  cleanup.push(() => [host, ...clients].forEach((c) => c.close()));
  expect(await host.emit('start', {})).toEqual({ ok: true });
  return { t, host, clients, tokens };
}

const midTrick = (c: TestClient) => c.last.view?.deal?.phase === 'play' && c.last.view.deal.trick.cards.length === 2;

async function setup(kind: ProxyKind): Promise<{ cluster: Cluster; proxy: Proxy }> {
  const cluster = await startCluster(3);
  cleanup.push(() => cluster.dispose());
  const proxy = await startProxy(cluster.nodes.map((n) => n.port), kind);
  cleanup.push(() => proxy.stop());
  return { cluster, proxy };
}

describe.each(PROXIES)('failover through %s', (kind, missing) => {
  it.skipIf(missing)('kill -9 of the owner mid-trick: the clients reconnect to the next process, nothing acknowledged is lost, the game finishes', { timeout: 120_000 }, async () => {
    const { cluster, proxy } = await setup(kind);
    const { t, clients, tokens, host } = await game(proxy);
    const players = new Players(clients, 'failover');
    await players.play(() => players.acked.length >= 8 && midTrick(clients[0]!));
    const owner = (await cluster.owner(t.id))!;
    const before = players.acked.length;

    const killedAt = performance.now();
    expect((await owner.stop('SIGKILL')).signal).toBe('SIGKILL');
    await players.play(() => players.acked.length > before);
    const failoverMs = players.acked.at(-1)!.at - killedAt;
    const next = (await cluster.owner(t.id))!;
    expect(next).not.toBeNull();
    expect(next.node).not.toBe(owner.node);
    expect(next.logs.some((l) => l.msg === 'table claimed' && l.table === t.id)).toBe(true);

    await players.play();
    const final = await clients[0]!.next((u) => u.table.status === 'finished', 30_000);
    expect(final.view!.winner).not.toBeNull();
    const audit = await players.audit(cluster.url, t.id);
    expect(audit.lost).toEqual([]);
    expect(audit.refusedButApplied).toEqual([]);
    expect(clients.every((c) => c.reconnects >= 1)).toBe(true);
    const record = (await (await fetch(`${proxy.url}/api/tables/${t.id}/record`)).json()) as TableRecord;
    const secrets = [...tokens, t.hostKey, ...record.deals.map((d) => d.salt!)];
    for (const [seat, c] of clients.entries()) checkFrames(c, seat as Seat, record, secrets);
    checkFrames(host, 'spectator', record, secrets);
    console.info(`kill -9 mid-trick: the next action was accepted ${Math.round(failoverMs)} ms after the kill (${audit.noAck} without an ack)`);
  });

  it.skipIf(missing)('kill -9 between commit and ack: no ack, the next snapshot shows the card played, once', { timeout: 120_000 }, async () => {
    const { cluster, proxy } = await setup(kind);
    const { t, clients } = await game(proxy);
    const players = new Players(clients, 'commit-then-kill');
    await players.play(() => players.acked.length >= 6 && midTrick(clients[0]!));
    const owner = (await cluster.owner(t.id))!;
    const u = clients[0]!.last;
    const seat = u.view!.deal!.turn as Seat;
    const mine = clients[seat]!.last;
    const card = mine.view!.deal!.legal[0]!;
    const v = mine.version;
    // The owner's write of position v sleeps in PostgreSQL; the process is frozen meanwhile, the write commits, the process is killed.
    await sql(
      cluster.url,
      `CREATE FUNCTION belote_hold() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(2); RETURN NEW; END $$;
       CREATE TRIGGER belote_hold BEFORE INSERT ON belote_entries FOR EACH ROW WHEN (NEW.table_id = '${t.id}' AND NEW.seq = ${v}) EXECUTE FUNCTION belote_hold();`,
    );
    const frames = clients[seat]!.frames.length;
    const ack = clients[seat]!.emit('action', { version: v, action: { type: 'play', card } }).then(
      (a) => a,
      (e: unknown) => e as Error,
    );
    await until(async () => (await sql(cluster.url, "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'PgSleep'")).rowCount! > 0, 10_000, 'the write to reach PostgreSQL');
    owner.child.kill('SIGSTOP');
    await until(async () => (await sql<{ version: number }>(cluster.url, 'SELECT version FROM belote_tables WHERE id = $1', [t.id])).rows[0]!.version === v + 1, 10_000, 'the write to commit');
    await owner.stop('SIGKILL');
    await sql(cluster.url, 'DROP TRIGGER belote_hold ON belote_entries; DROP FUNCTION belote_hold();');

    const answer = await ack;
    expect(answer).toBeInstanceOf(Error); // no ack: the connection dropped after the commit
    // the first snapshot since: after the kill (nginx), or already while the owner was frozen (HAProxy's health check)
    const snapshot = await until(() => clients[seat]!.frames.slice(frames).find((f) => f.kind === 'snapshot'), 30_000, 'a snapshot after the reconnection');
    expect(snapshot.version).toBe(v + 1);
    const deal = snapshot.view!.deal!;
    expect([...deal.trick.cards, ...deal.tricks.flatMap((x) => x.cards)]).toContain(card);
    expect(deal.hand).not.toContain(card);
    // Sent again at the old version, it is refused, not applied twice.
    expect(await clients[seat]!.emit('action', { version: v, action: { type: 'play', card } })).toMatchObject({ ok: false, error: { code: 'STALE_VERSION' } });
    await players.play();
    const audit = await players.audit(cluster.url, t.id);
    expect(audit.lost).toEqual([]);
    expect(audit.refusedButApplied).toEqual([]);
    // in the log once: at version v, and nowhere else in that deal
    const log = (await sql<{ entry: { type: string; action?: { card?: string } } }>(cluster.url, 'SELECT entry FROM belote_entries WHERE table_id = $1 ORDER BY seq', [t.id])).rows.map((r) => r.entry);
    expect(log[v]).toMatchObject({ type: 'action', action: { type: 'play', seat, card } });
    const start = log.slice(0, v).findLastIndex((e) => e.type === 'dealStart');
    const end = log.findIndex((e, i) => i > v && e.type === 'dealStart');
    expect(log.slice(start, end === -1 ? undefined : end).filter((e) => e.action?.card === card)).toHaveLength(1);
  });

  it.skipIf(missing)('every process killed at once and started again: the clients reconnect and the game goes on from the store', { timeout: 120_000 }, async () => {
    const { cluster, proxy } = await setup(kind);
    const { t, clients } = await game(proxy);
    const players = new Players(clients, 'restart-all');
    await players.play(() => players.acked.length >= 10);
    await Promise.all(cluster.nodes.map((p) => p.stop('SIGKILL')));
    for (const i of [0, 1, 2]) await cluster.revive(i);
    await players.play();
    const audit = await players.audit(cluster.url, t.id);
    expect(audit.lost).toEqual([]);
    expect(audit.refusedButApplied).toEqual([]);
    expect((await clients[0]!.next((u) => u.table.status === 'finished', 30_000)).view!.winner).not.toBeNull();
  });
});
