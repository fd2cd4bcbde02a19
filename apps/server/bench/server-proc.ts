/**
 * The server under test, in its own process: BENCH_MODE=memory (full stack, in-memory store),
 * sqlite (full stack, SqliteStore in BENCH_DATA_DIR), pg (full stack, one process of a cluster on
 * the PostgreSQL database BENCH_DATABASE_URL, as main.ts runs with DATABASE_URL) or bare
 * (Socket.IO alone). Reports its own
 * CPU time (`process.cpuUsage()`) and memory over IPC so the load generator's CPU never counts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startServer } from '../src/server.js';
import { randomBytes } from 'node:crypto';
import { PgStore } from '../src/store/pg-store.js';
import { SqliteStore } from '../src/store/sqlite-store.js';
import { startBareServer, type FrameShape } from './bare-server.js';
import { serve } from './ipc.js';

const mode = process.env.BENCH_MODE ?? 'memory';
const gc = (globalThis as { gc?: () => void }).gc;

async function start(): Promise<{ port: number; setShape?: (s: FrameShape) => void; close: () => Promise<void>; statements?: () => number }> {
  if (mode === 'bare') return startBareServer();
  const url = process.env.BENCH_DATABASE_URL ?? '';
  const node = randomBytes(8).toString('hex');
  const store = mode === 'sqlite' ? new SqliteStore({ dataDir: process.env.BENCH_DATA_DIR ?? './bench-data' }) : mode === 'pg' ? await PgStore.open({ url, node }) : undefined;
  const cluster = mode === 'pg' && store instanceof PgStore ? { node, store } : undefined;
  return startServer(
    {
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      botDelayMs: 0,
      dealPauseMs: 0,
      graceMs: 600_000,
      rateLimitEvents: 1_000_000,
      rateLimitAddressEvents: 1_000_000_000,
      maxSocketsPerAddress: 1_000_000,
      createLimitPerMinute: 1_000_000,
      webDist: '/nonexistent',
    },
    { ...(store ? { store } : {}), ...(cluster ? { cluster } : {}) },
  );
}

const server = await start();
const inspector = new Session();
inspector.connect();
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
// event-loop utilization since the last call: 1.00 means the loop never waited for I/O
let eluAt = performance.eventLoopUtilization();
serve({
  port: () => server.port,
  stats: () => {
    const c = process.cpuUsage();
    const m = process.memoryUsage();
    // event-loop delay since the last call: how long this process kept events waiting
    // the delays are sampled by a 5 ms timer, which runs only between two rounds of I/O: few samples mean long rounds
    const lag = { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6, samples: loop.count };
    const elu = performance.eventLoopUtilization(eluAt);
    eluAt = performance.eventLoopUtilization();
    loop.reset();
    return { cpuMs: (c.user + c.system) / 1000, userMs: c.user / 1000, rss: m.rss, heapUsed: m.heapUsed, lag, loopBusy: elu.utilization, statements: server.statements?.() ?? null };
  },
  /** Where the memory is now: the process's figures and V8's heap spaces (MB). */
  memDetail: async () => {
    const { getHeapSpaceStatistics } = await import('node:v8');
    const m = process.memoryUsage();
    const spaces = Object.fromEntries(getHeapSpaceStatistics().map((x) => [x.space_name, Math.round(x.space_size / 1e5) / 10]));
    let anon: number | null = null;
    try {
      anon = Number(/^Anonymous:\s+(\d+) kB/m.exec(readFileSync('/proc/self/smaps_rollup', 'utf8'))?.[1]) * 1024;
    } catch {
      // not Linux
    }
    return { rss: m.rss, anon, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, spaces };
  },
  /** Memory after a full GC (run with --expose-gc). */
  mem: () => {
    gc?.();
    gc?.();
    const m = process.memoryUsage();
    return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, gc: gc !== undefined };
  },
  /** The most file descriptors this process may hold (every connected socket takes one), from /proc/self/limits; null if unknown. */
  fdLimit: () => {
    try {
      const m = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
      return m ? Number(m[1]) : null;
    } catch {
      return null;
    }
  },
  /** HEAP_PROF: sample every allocation site over a window, the collected objects included (what makes the GC work). */
  heapStart: async () => {
    await inspector.post('HeapProfiler.enable');
    await inspector.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    return null;
  },
  heapStop: async (dir) => {
    const { profile } = await inspector.post('HeapProfiler.stopSampling');
    const file = join(String(dir), `${mode}-${process.pid}-${Date.now()}.heapprofile`);
    writeFileSync(file, JSON.stringify(profile));
    return file;
  },
  setShape: (s) => server.setShape?.(s as FrameShape),
  /** A CPU profile of a measured window only (no start-up): `profStart`, then `profStop` writes it. */
  profStart: async () => {
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
  },
  profStop: async (file) => {
    const { profile } = await inspector.post('Profiler.stop');
    writeFileSync(String(file), JSON.stringify(profile));
  },
  close: async () => {
    await server.close();
    setTimeout(() => process.exit(0), 50);
  },
});
