/**
 * `pnpm bench:server`: the load benchmark (a benchmark, not a test). The server runs in one
 * child process and the load generator in another (socket.io-client, loopback); both share
 * this machine's cores, so the load generator competes with the server for CPU. Phases:
 *   sat    saturation, full stack (in-memory store) vs bare Socket.IO sending the same frames
 *          (number and sizes measured in the full-stack run), A/B/A/B, per server-CPU-second
 *   rate   the same A/B at one offered rate (SAT_RATE actions/s), so both servers batch writes alike
 *   sqlite saturation with the durable SqliteStore
 *   pace   tables at 1 action/s each, ramped until p99 (action → all five views) exceeds 50 ms
 *   storm  (after pace) every socket drops and reconnects with its token
 *   pace-sqlite  the human-pace ramp again with the durable SqliteStore
 *   mem    memory per idle table and per connected socket
 *   hostile   HOSTILE_PAYLOADS hostile payloads (the fuzz tests' generator) at one table: the
 *          server's RSS before, its peak (sampled every 20 ms) and after a full GC
 *   cluster   one and two processes on PostgreSQL, one and two on SQLite, every socket of a table on
 *             one process (cluster-phases.ts)
 *   failover  through each proxy of FAILOVER_PROXIES (haproxy,nginx): kill -9 and SIGSTOP of a
 *             table's owner, time to its next accepted action
 *   rolling   through BENCH_PROXY (nginx unless set): each of three replicas restarted in turn under
 *             load, the longest pause
 *   pgrestart through BENCH_PROXY: PostgreSQL restarted under load, the time until every table accepts again
 * Select with BENCH_PHASES=sat,pace,… ; sizes with the env variables read below.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FrameShape } from './bare-server.js';
import { phaseCluster, phaseFailover, phasePgRestart, phaseRolling } from './cluster-phases.js';
import { Child } from './ipc.js';
import { LoadGens, type Lag } from './load-gens.js';
import { mb, median, sleep } from './stats.js';

const env = (k: string, d: string) => process.env[k] ?? d;
const PHASES = new Set(env('BENCH_PHASES', 'sat,rate,sqlite,pace,storm,pace-sqlite,mem,hostile,cluster,failover,rolling,pgrestart').split(','));
/** Tables of the full-stack phases with a turn timer (seconds; unset: none), as a timed table's frames cost more. */
const TURN_TIMER = process.env.BENCH_TURN_TIMER ? Number(process.env.BENCH_TURN_TIMER) : null;
const HOSTILE_PAYLOADS = Number(env('HOSTILE_PAYLOADS', '100000'));
const SAT_TABLES = Number(env('SAT_TABLES', '64'));
const SAT_SECONDS = Number(env('SAT_SECONDS', '8'));
/** Seconds of load before a saturation window opens: the JIT's warm-up (tiering up the hot path) stays out of it. */
const SAT_WARMUP = Number(env('SAT_WARMUP', '2'));
/** Second A/B comparison at one offered rate (actions/s in all), so both servers batch alike. */
const SAT_RATE = Number(env('SAT_RATE', '1000'));
/** Flat out, also run the bare server at the rate the full stack reached in the same round (SAT_MATCHED=0: not). */
const SAT_MATCHED = env('SAT_MATCHED', '1') !== '0';
const ROUNDS = Number(env('ROUNDS', '3'));
const PACE_STEPS = env('PACE_STEPS', '1000,2000,3000,4000').split(',').map(Number);
const PACE_SECONDS = Number(env('PACE_SECONDS', '12'));
const PACE_SQLITE_STEPS = env('PACE_SQLITE_STEPS', '1000,2000').split(',').map(Number);
const IDLE_TABLES = Number(env('IDLE_TABLES', '2000'));
const CPU_PROF = process.env.CPU_PROF;
/** A directory: the server's allocation sites over each measured window (a .heapprofile, collected objects included). */
const HEAP_PROF = process.env.HEAP_PROF;
/** Load-generator processes (the client side needs more than one core to keep up). */
const GEN_PROCS = Number(env('GEN_PROCS', '2')); // a directory: profile the full-stack server there

const here = (f: string) => fileURLToPath(new URL(f, import.meta.url));
type Mode = 'memory' | 'sqlite' | 'bare';
interface ServerStats {
  cpuMs: number;
  /** Of cpuMs, the time in user space (the rest is the kernel's: socket reads and writes). */
  userMs: number;
  /** Event-loop utilization over the window (1: it never waited for I/O). */
  loopBusy: number;
  rss: number;
  heapUsed: number;
  lag: Lag;
}

async function startPair(mode: Mode, extra: string[] = []): Promise<{ server: Child; gen: LoadGens; url: string; dir: string | null; stop: () => Promise<void> }> {
  const dir = mode === 'sqlite' ? mkdtempSync(join(tmpdir(), 'belote-bench-')) : null;
  const prof = CPU_PROF && (mode !== 'bare' || process.env.CPU_PROF_BARE) ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [];
  const flags = (process.env.SERVER_FLAGS ?? '').split(' ').filter(Boolean); // e.g. SERVER_FLAGS=--trace-gc
  const server = new Child(here('./server-proc.ts'), { BENCH_MODE: mode, ...(dir ? { BENCH_DATA_DIR: dir } : {}) }, [...prof, ...extra, ...flags]);
  const port = await server.call<number>('port');
  const gen = new LoadGens(GEN_PROCS);
  return {
    server,
    gen,
    url: `http://127.0.0.1:${port}`,
    dir,
    stop: async () => {
      await gen.stop();
      await server.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Measure a window: server CPU and the generator's counters over `seconds`. */
async function window(server: Child, gen: LoadGens, seconds: number) {
  const g0 = await gen.stats();
  if (HEAP_PROF) await server.call('heapStart');
  const a = await server.call<ServerStats>('stats');
  const t0 = performance.now();
  await sleep(seconds * 1000);
  const b = await server.call<ServerStats>('stats');
  if (HEAP_PROF) line(`allocation profile of the window: ${await server.call<string>('heapStop', HEAP_PROF)}`);
  const g = await gen.stats();
  const wall = (performance.now() - t0) / 1000;
  const cpu = (b.cpuMs - a.cpuMs) / 1000;
  const user = (b.userMs - a.userMs) / 1000;
  return { ...g, wall, cpu, user, genCores: (g.cpuMs - g0.cpuMs) / 1000 / wall, rss: b.rss, loopBusy: b.loopBusy, serverLag: b.lag, genLag: g.lag, perCpuSecond: g.actions / cpu, perSecond: g.actions / wall, cpuShare: cpu / wall };
}

/** The bare server's frames, from what the full stack sent: the same number and sizes per action. */
function shapeOf(full: Awaited<ReturnType<typeof window>>): FrameShape {
  const perAction = (n: number) => n / full.actions;
  // private frames replace the room frame for the four seats of one step; frames beyond one per
  // socket and action (presence, deal starts) come as extra room frames
  const privateSteps = perAction(full.privateFrames) / 4;
  const extra = perAction(full.frames) / 5 - 1;
  return {
    roomBytes: Math.round(full.roomFrameBytes),
    privateBytes: Math.round(full.privateFrameBytes),
    privateEvery: privateSteps > 0 ? Math.round(1 / privateSteps) : 0,
    extraEvery: extra > 0 ? Math.round(1 / extra) : 0,
  };
}

async function saturation(mode: Mode, shape: FrameShape | null, intervalMs = 0) {
  const p = await startPair(mode);
  try {
    if (shape !== null) await p.server.call('setShape', shape);
    await p.gen.setup(p.url, mode === 'bare' ? 'bare' : 'full', SAT_TABLES, true, TURN_TIMER);
    await p.gen.run(intervalMs);
    await sleep(SAT_WARMUP * 1000);
    return await window(p.server, p.gen, SAT_SECONDS);
  } finally {
    await p.stop();
  }
}

const line = (s: string) => console.log(s);
const f0 = (x: number) => x.toFixed(0);
const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);

async function phaseSaturation(intervalMs: number): Promise<number> {
  line(
    intervalMs === 0
      ? `\n## Saturation: ${SAT_TABLES} tables flat out${TURN_TIMER === null ? '' : ` with a ${TURN_TIMER} s turn timer`}, ${SAT_SECONDS} s windows, ${ROUNDS} A/B rounds`
      : `\n## Same offered load: ${SAT_TABLES} tables × 1 action per ${f0(intervalMs)} ms = ${f0((SAT_TABLES * 1000) / intervalMs)} actions/s, ${SAT_SECONDS} s windows, ${ROUNDS} A/B rounds`,
  );
  const ratios: number[] = [];
  const matchedRatios: number[] = [];
  let bytes = 0;
  // server CPU per action, split into user space (JavaScript, GC) and the kernel (socket I/O)
  const us = (w: Awaited<ReturnType<typeof window>>) => `${f0((w.cpu * 1e6) / w.actions)} µs/action = user ${f0((w.user * 1e6) / w.actions)} + kernel ${f0(((w.cpu - w.user) * 1e6) / w.actions)}`;
  const frames = (w: Awaited<ReturnType<typeof window>>) =>
    `${f2(w.frames / w.actions / 5)} frames/socket/action (room ${f0(w.roomFrameBytes)} B, private ${f0(w.privateFrameBytes)} B × ${f2(w.privateFrames / w.actions)}/action, presence ${f2(w.presenceFrames / w.actions)}/action)`;
  for (let r = 0; r < ROUNDS; r++) {
    const full = await saturation('memory', null, intervalMs);
    bytes = full.bytesPerSocketAction;
    const shape = shapeOf(full);
    const bare = await saturation('bare', shape, intervalMs);
    ratios.push(full.perCpuSecond / bare.perCpuSecond);
    // Flat out, the bare side runs faster (its load generators fold no views), and a server's
    // CPU per action falls as its rate rises (more events per read, write and loop turn): the
    // bare server again at the full stack's own rate compares the two at one rate.
    const matched = intervalMs === 0 && SAT_MATCHED ? await saturation('bare', shape, (SAT_TABLES * 1000) / full.perSecond) : null;
    if (matched) matchedRatios.push(full.perCpuSecond / matched.perCpuSecond);
    line(
      `round ${r + 1}: full ${f0(full.perCpuSecond)} actions/CPU-s (${f0(full.perSecond)}/s, server CPU ${f2(full.cpuShare)} cores, ${us(full)}, ${f0(full.bytesPerSocketAction)} B/socket/action)` +
        ` | bare ${f0(bare.perCpuSecond)} actions/CPU-s (${f0(bare.perSecond)}/s, CPU ${f2(bare.cpuShare)}, ${us(bare)}, ${f0(bare.bytesPerSocketAction)} B/socket/action) | ratio ${f2(ratios[r]!)}` +
        ` | action→5 sockets p50 full ${f1(full.latency.p50)} bare ${f1(bare.latency.p50)} ms` +
        ` | full ${frames(full)} | bare ${frames(bare)} | refused full ${JSON.stringify(full.refused)} bare ${JSON.stringify(bare.refused)}` +
        (matched ? ` | bare at the full stack's rate: ${f0(matched.perCpuSecond)} actions/CPU-s (${f0(matched.perSecond)}/s, ${us(matched)}), ratio ${f2(matchedRatios.at(-1)!)}` : ''),
    );
  }
  const m = median(ratios);
  line(`median ratio full/bare: ${f2(m)} (target ≥ 0.85); bytes per socket per action (whole games): ${f0(bytes)} B (target ≤ 300)`);
  if (matchedRatios.length) line(`median ratio full/bare with the bare server at the full stack's rate: ${f2(median(matchedRatios))}`);
  return bytes;
}

async function phaseSqlite(): Promise<void> {
  line(`\n## Saturation with the SQLite store (synchronous=FULL, group commit)`);
  const s = await saturation('sqlite', null);
  line(
    `sqlite: ${f0(s.perCpuSecond)} actions/CPU-s (${f0(s.perSecond)}/s, server CPU ${f2(s.cpuShare)} cores), action→5 views p50 ${f1(s.latency.p50)} ms p99 ${f1(s.latency.p99)} ms` +
      ` | server event-loop lag p99/max ${f1(s.serverLag.p99)}/${f0(s.serverLag.max)} ms`,
  );
}

async function phasePace(storm: boolean, mode: Mode, steps: number[]): Promise<void> {
  line(`\n## Human pace (${mode} store): every table 1 action/s, ${PACE_SECONDS} s windows`);
  const p = await startPair(mode);
  try {
    let best = 0;
    let held = 0;
    // the server's RSS before any table: what each socket adds is measured above it
    const rss0 = (await p.server.call<ServerStats>('stats')).rss;
    const fdLimit = await p.server.call<number | null>('fdLimit');
    // every step runs (noise from other processes can fail one and pass the next); a p99 above 1 s ends the ramp
    for (const n of steps) {
      // every socket is a file descriptor of the server process, beside a few dozen of its own
      if (fdLimit !== null && n * 5 + 64 > fdLimit) {
        line(`${n} tables: ${n * 5} sockets need more file descriptors than the server process may open here (limit ${fdLimit}: \`ulimit -n\`); the ramp stops here`);
        break;
      }
      await p.gen.pause();
      let added: { tables: number; seconds: number };
      try {
        added = await p.gen.setup(p.url, 'full', n - held, true, TURN_TIMER);
      } catch (e) {
        // on a machine this busy the load generators cannot even connect the next step's sockets
        line(`${n} tables: setup failed (${e instanceof Error ? e.message.split('\n')[0] : String(e)}); the ramp stops here`);
        break;
      }
      held = added.tables;
      await p.gen.run(1000);
      await sleep(3000);
      const w = await window(p.server, p.gen, PACE_SECONDS);
      const ok = w.latency.p99 <= 50;
      if (ok) best = n;
      line(
        `${n} tables (${n * 5} sockets, setup ${f1(added.seconds)} s): ${f0(w.perSecond)} actions/s, action→5 sockets p50 ${f1(w.latency.p50)} ms p99 ${f1(w.latency.p99)} ms max ${f0(w.latency.max)} ms,` +
          ` server CPU ${f2(w.cpuShare)} cores, RSS ${mb(w.rss)} (${f1((w.rss - rss0) / (n * 5) / 1024)} KB per socket above the empty server's ${mb(rss0)}), ${f0(w.bytesPerSocketAction)} B/socket/action ${ok ? '✓' : '✗ p99 > 50 ms'}` +
          ` | load generators' CPU ${f2(w.genCores)} cores | event-loop lag p99/max: server ${f1(w.serverLag.p99)}/${f0(w.serverLag.max)} ms (${w.serverLag.samples ?? '?'} samples), loop busy ${f2(w.loopBusy)}, load generator ${f1(w.genLag.p99)}/${f0(w.genLag.max)} ms`,
      );
      if (!ok && w.latency.p99 > 1000) break;
    }
    line(`largest table count with p99 ≤ 50 ms: ${best} (target ≥ 3000)`);
    if (storm) {
      await p.gen.drop();
      await sleep(3000);
      const r = await p.gen.reconnect();
      line(`\n## Reconnect storm: ${r.sockets} sockets dropped at once and reconnected: every socket had its update after ${f2(r.seconds)} s; seats with their own hand back: ${r.seatsWithView}/${r.seats}`);
    }
  } finally {
    await p.stop();
  }
}

async function phaseMemory(): Promise<void> {
  line(`\n## Memory (after full GC)`);
  const p = await startPair('memory', ['--expose-gc']);
  try {
    const m0 = await p.server.call<{ rss: number; heapUsed: number }>('mem');
    await p.gen.createIdle(p.url, IDLE_TABLES);
    const m1 = await p.server.call<{ rss: number; heapUsed: number }>('mem');
    const sockets = await p.gen.connectSpectators(p.url, 2);
    await sleep(1000);
    const m2 = await p.server.call<{ rss: number; heapUsed: number }>('mem');
    const kb = (x: number) => `${(x / 1024).toFixed(1)} KB`;
    line(`per idle table (lobby, nobody connected; ${IDLE_TABLES} tables): heap ${kb((m1.heapUsed - m0.heapUsed) / IDLE_TABLES)}, RSS ${kb((m1.rss - m0.rss) / IDLE_TABLES)}`);
    line(`per connected socket (${sockets} spectators): heap ${kb((m2.heapUsed - m1.heapUsed) / sockets)}, RSS ${kb((m2.rss - m1.rss) / sockets)}`);
  } finally {
    await p.stop();
  }
}

async function phaseHostile(): Promise<void> {
  line(`\n## Hostile payloads: ${HOSTILE_PAYLOADS} at one table in play (3 senders, batches of 60 awaiting their acks); server RSS sampled every 20 ms`);
  const flags = (process.env.SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const server = new Child(here('./server-proc.ts'), { BENCH_MODE: 'memory' }, ['--expose-gc', ...flags]);
  const gen = new Child(here('./hostile-gen.ts'));
  try {
    const port = await server.call<number>('port');
    await gen.call('setup', { url: `http://127.0.0.1:${port}` });
    await sleep(1000);
    const before = await server.call<ServerStats>('stats');
    let peak = before.rss;
    let detail: unknown = null;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const d = await server.call<{ rss: number }>('memDetail');
        if (d.rss > peak) [peak, detail] = [d.rss, d];
        await sleep(20);
      }
    })();
    if (HEAP_PROF) await server.call('heapStart');
    const r = await gen.call<{ seconds: number; acks: Record<string, number> }>('storm', { payloads: HOSTILE_PAYLOADS, batch: 60, seed: 'bench-hostile' });
    if (HEAP_PROF) line(`allocation profile of the storm: ${await server.call<string>('heapStop', HEAP_PROF)}`);
    sampling = false;
    await sampler;
    const after = await server.call<ServerStats>('stats');
    const gc = await server.call<{ rss: number; heapUsed: number }>('mem');
    if (process.env.HOSTILE_DETAIL) line(`after a full GC: ${JSON.stringify(await server.call('memDetail'))}`);
    line(
      (process.env.HOSTILE_DETAIL ? `at the peak: ${JSON.stringify(detail)}\n` : '') +
      `${HOSTILE_PAYLOADS} payloads in ${f1(r.seconds)} s (${f0(HOSTILE_PAYLOADS / r.seconds)}/s; acks ${JSON.stringify(r.acks)}): server RSS before ${mb(before.rss)}, peak ${mb(peak)} (growth ${mb(peak - before.rss)}), after ${mb(after.rss)}, after a full GC ${mb(gc.rss)} (heap ${mb(gc.heapUsed)})`,
    );
  } finally {
    await gen.stop();
    await server.stop();
  }
}

const started = Date.now();
const os = await import('node:os');
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');
line(`# bench:server — ${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} cores (load generator and server share them), load average ${load()}`);
if (PHASES.has('sat')) await phaseSaturation(0);
if (PHASES.has('rate')) await phaseSaturation((SAT_TABLES * 1000) / SAT_RATE);
if (PHASES.has('sqlite')) await phaseSqlite();
if (PHASES.has('pace')) await phasePace(PHASES.has('storm'), 'memory', PACE_STEPS);
if (PHASES.has('pace-sqlite')) await phasePace(false, 'sqlite', PACE_SQLITE_STEPS);
if (PHASES.has('mem')) await phaseMemory();
if (PHASES.has('hostile')) await phaseHostile();
if (PHASES.has('cluster')) await phaseCluster(line);
if (PHASES.has('failover')) await phaseFailover(line);
if (PHASES.has('rolling')) await phaseRolling(line);
if (PHASES.has('pgrestart')) await phasePgRestart(line);
line(`\ntotal ${f0((Date.now() - started) / 1000)} s, load average ${load()} (anything above ~2 means other processes competed for the cores)`);
