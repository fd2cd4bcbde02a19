/**
 * The load generator, in its own process: holds many TableDrivers (5 socket.io clients each)
 * against one server and obeys the benchmark's commands over IPC (setup, run at a pace, stats,
 * drop/reconnect for the storm, idle tables for the memory figures).
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { PROTOCOL_VERSION, type Ack, type CreateTableResponse, type SitAck } from '@belote/protocol/client';
import { io, type Socket } from 'socket.io-client';
import { serve } from './ipc.js';
import { newStats, TableDriver, type DriverStats } from './table-driver.js';

let stats: DriverStats = newStats();
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
const tables: TableDriver[] = [];
const idle: { id: string; sockets: Socket[] }[] = [];

async function createTable(url: string, turnTimerSeconds: number | null = null): Promise<CreateTableResponse> {
  const body = turnTimerSeconds === null ? '{}' : JSON.stringify({ options: { turnTimerSeconds } });
  const res = await fetch(`${url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  if (res.status !== 201) throw new Error(`create table: ${res.status}`);
  return (await res.json()) as CreateTableResponse;
}

async function setupFull(d: TableDriver, url: string, turnTimerSeconds: number | null): Promise<void> {
  const t = await createTable(url, turnTimerSeconds);
  await d.connect(4, { tableId: t.id, hostKey: t.hostKey });
  for (let seat = 0; seat < 4; seat++) {
    await d.connect(seat, { tableId: t.id });
    const s = d.sockets[seat]!;
    const a = (await s.emitWithAck('sit', { seat, name: `P${seat}` })) as Ack<SitAck>;
    if (!a.ok) throw new Error(a.error.message);
    (s.auth as Record<string, unknown>).token = a.token;
  }
  const a = (await d.sockets[4]!.emitWithAck('start', {})) as Ack;
  if (!a.ok) throw new Error(a.error.message);
}

async function setupBare(d: TableDriver): Promise<void> {
  await Promise.all([0, 1, 2, 3, 4].map((idx) => d.connect(idx, { room: d.key, idx })));
}

/** Run `fn` over `items` with at most `n` at once. */
async function pool<T>(items: T[], n: number, fn: (x: T) => Promise<void>): Promise<void> {
  let i = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (i < items.length) await fn(items[i++]!);
    }),
  );
}

serve({
  /** Add `count` tables (full stack or bare) to the ones already held. */
  setup: async (args) => {
    const { url, kind, count, spread = true, turnTimerSeconds = null } = args as { url: string; kind: 'full' | 'bare'; count: number; spread?: boolean; turnTimerSeconds?: number | null };
    const t0 = performance.now();
    // several servers (comma-separated): table k is created on server k, its sockets go round the
    // servers from there (`spread`) or all stay on server k
    const urls = url.split(',');
    const at = (k: number) => urls[k % urls.length]!;
    const added = Array.from({ length: count }, (_, i) => {
      const k = tables.length + i;
      return new TableDriver((idx) => at(spread ? k + idx : k), kind, () => stats, `${process.pid}-t${k}`);
    });
    await pool(
      added.map((d, i) => ({ d, k: tables.length + i })),
      50,
      ({ d, k }) => (kind === 'full' ? setupFull(d, at(k), turnTimerSeconds) : setupBare(d)),
    );
    tables.push(...added);
    return { tables: tables.length, seconds: (performance.now() - t0) / 1000 };
  },
  /** Every table acts every `intervalMs` (0: flat out), phases spread over one interval. */
  run: (args) => {
    const { intervalMs } = args as { intervalMs: number };
    for (const d of tables) d.run(intervalMs, Math.random() * intervalMs);
    return tables.length;
  },
  pause: () => {
    for (const d of tables) d.pause();
    return null;
  },
  /** Counters since the last call (then reset). */
  stats: () => {
    const s = stats;
    stats = newStats();
    const { latencies, ...rest } = s;
    const lag = { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
    loop.reset();
    const c = process.cpuUsage();
    return { ...rest, samples: latencies, lag, cpuMs: (c.user + c.system) / 1000 };
  },
  /** Reconnect storm: every socket drops at once. */
  drop: () => {
    for (const d of tables) {
      d.pause();
      for (const s of d.sockets) s.disconnect();
    }
    return null;
  },
  /** Every socket reconnects (seats with their token, the host with its key); time until all have their view. */
  reconnect: async () => {
    const t0 = performance.now();
    for (const d of tables) {
      d.markStale();
      for (const s of d.sockets) s.connect();
    }
    await Promise.all(tables.flatMap((d) => d.sockets.map((_, i) => d.waitFresh(i, 120_000))));
    const seconds = (performance.now() - t0) / 1000;
    let seatsWithView = 0;
    let seats = 0;
    for (const d of tables)
      for (let seat = 0; seat < 4; seat++) {
        seats++;
        const u = d.last[seat];
        if (u && 'table' in u && u.you.seat === seat && u.view?.deal?.hand) seatsWithView++;
      }
    return { sockets: tables.length * 5, seconds, seats, seatsWithView };
  },
  /** Tables created over HTTP only (lobby, nobody connected). */
  createIdle: async (args) => {
    const { url, count } = args as { url: string; count: number };
    const made: string[] = [];
    await pool(Array.from({ length: count }), 50, async () => void made.push((await createTable(url)).id));
    for (const id of made) idle.push({ id, sockets: [] });
    return made.length;
  },
  /** Connect `perTable` spectators to each idle table that has none yet. */
  connectSpectators: async (args) => {
    const { url, perTable } = args as { url: string; perTable: number };
    const jobs = idle.filter((t) => t.sockets.length === 0).flatMap((t) => Array.from({ length: perTable }, () => t));
    await pool(jobs, 100, async (t) => {
      const s = io(url, { auth: { protocolVersion: PROTOCOL_VERSION, tableId: t.id }, query: { table: t.id }, transports: ['websocket'], reconnection: false, forceNew: true });
      t.sockets.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once('snapshot', () => resolve());
        s.once('connect_error', reject);
      });
    });
    return jobs.length;
  },
  close: () => {
    for (const d of tables) d.close();
    for (const t of idle) for (const s of t.sockets) s.disconnect();
    setTimeout(() => process.exit(0), 100);
    return null;
  },
});
