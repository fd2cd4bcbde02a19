/**
 * `pnpm bench:bots` — duplicate matches between bot levels through the real engine.
 * Every deck is played twice with the teams swapped (same dealer, same cards), so the luck of
 * the deal cancels out; the dealer rotates with the deck index. Reports the average written
 * points difference per deal and whole games to the target won, each with a 95% interval,
 * and the decision time per move (median, p95, p99).
 *
 * Matches named `coinche-…` are played with the coinche rules (COINCHE.md), the others classic.
 *
 * Flags (or env): --pairs=heuristic-random,strong-heuristic,coinche-strong-heuristic (BENCH_PAIRS), --deals=N
 * (BENCH_DEALS), --games=N (BENCH_GAMES), --samples=N, --bid-samples=N, --time-ms=N (strong
 * budget), --nodes=N (strong search nodes per move), --workers=N (BENCH_WORKERS, default 2), --seed=S. Defaults finish in about six
 * minutes on a 2-core machine (the strong matches take most of it). Timings are per move on one core (each worker is one thread).
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { PAIRS, rulesOf, runTask, type Task, type TaskResult } from './duplicate.js';

function arg(name: string, env: string): string | undefined {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : process.env[env];
}

const DEFAULT_DEALS: Record<string, number> = {
  'heuristic-random': 2000, 'easy-random': 500, 'normal-easy': 1000, 'strong-heuristic': 120,
  'coinche-heuristic-random': 1000, 'coinche-easy-random': 500, 'coinche-normal-easy': 1000, 'coinche-strong-heuristic': 200,
};
const DEFAULT_GAMES: Record<string, number> = {
  'heuristic-random': 100, 'easy-random': 0, 'normal-easy': 50, 'strong-heuristic': 0,
  'coinche-heuristic-random': 50, 'coinche-easy-random': 0, 'coinche-normal-easy': 30, 'coinche-strong-heuristic': 0,
};

function meanCi(xs: number[]): { mean: number; half: number } {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const v = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, n - 1);
  return { mean, half: 1.96 * Math.sqrt(v / n) };
}

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const fmt = (x: number, d = 1): string => x.toFixed(d);

/** Run tasks on `workers` threads (inline when 1), results in task order. */
async function runAll(tasks: Task[], workers: number): Promise<TaskResult[]> {
  if (workers <= 1) return tasks.map(runTask);
  const out: TaskResult[] = new Array<TaskResult>(tasks.length);
  const chunks: { i: number; t: Task }[][] = Array.from({ length: workers }, () => []);
  tasks.forEach((t, i) => chunks[i % workers]!.push({ i, t }));
  await Promise.all(
    chunks.map(
      (chunk) =>
        new Promise<void>((resolve, reject) => {
          const w = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: chunk.map((c) => c.t), execArgv: ['--conditions=source'] });
          w.on('message', (rs: TaskResult[]) => rs.forEach((r, k) => (out[chunk[k]!.i] = r)));
          w.on('error', reject);
          w.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker exited ${code}`))));
        }),
    ),
  );
  return out;
}

async function run(pair: string, seed: string, workers: number, budget: Task['budget']): Promise<void> {
  if (!PAIRS[pair]) throw new Error(`unknown pair ${pair}; known: ${Object.keys(PAIRS).join(', ')}`);
  const [a, b] = PAIRS[pair];
  const deals = Number(arg('deals', 'BENCH_DEALS') ?? DEFAULT_DEALS[pair]);
  const games = Number(arg('games', 'BENCH_GAMES') ?? DEFAULT_GAMES[pair]);
  const t0 = performance.now();
  const tasks: Task[] = [];
  for (let i = 0; i < deals; i++) tasks.push({ pair, kind: 'deal', index: i, seed, budget });
  for (let g = 0; g < games; g++) tasks.push({ pair, kind: 'game', index: g, seed, budget });
  const results = await runAll(tasks, workers);

  const lines = [`${pair}: ${a} vs ${b}`];
  const d = meanCi(results.filter((r) => r.diff !== undefined).map((r) => r.diff!));
  lines.push(`  ${deals} decks × 2 seatings: written points per deal, ${a} minus ${b}: ${fmt(d.mean)} ± ${fmt(d.half)} (95% CI ${fmt(d.mean - d.half)} .. ${fmt(d.mean + d.half)})`);
  if (games > 0) {
    let won = 0;
    let finished = 0;
    for (const r of results) {
      if (r.finished === undefined) continue;
      won += r.won!;
      finished += r.finished;
    }
    const p = won / finished;
    const half = 1.96 * Math.sqrt((p * (1 - p)) / finished);
    const target = rulesOf(pair).variant === 'coinche' ? 2000 : 1000;
    lines.push(`  games to ${target} won by ${a}: ${won}/${finished} = ${fmt(p * 100)}% ± ${fmt(half * 100)}% (${games} seeds × 2 seatings)`);
  }
  const times: Record<string, number[]> = {};
  for (const r of results) for (const [k, v] of Object.entries(r.times)) (times[k] ??= []).push(...v);
  for (const k of Object.keys(times).sort()) {
    const s = times[k]!.sort((x, y) => x - y);
    lines.push(`  decision time ${k}: median ${fmt(quantile(s, 0.5), 3)} ms, p95 ${fmt(quantile(s, 0.95), 3)} ms, p99 ${fmt(quantile(s, 0.99), 3)} ms, max ${fmt(s[s.length - 1]!, 1)} ms (${s.length} moves)`);
  }
  lines.push(`  wall time ${fmt((performance.now() - t0) / 1000)} s`);
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  const seed = arg('seed', 'BENCH_SEED') ?? 'bench';
  const pairs = (arg('pairs', 'BENCH_PAIRS') ?? 'heuristic-random,normal-easy,strong-heuristic,coinche-heuristic-random,coinche-normal-easy,coinche-strong-heuristic')
    .split(',')
    .map((p) => p.trim());
  const workers = Number(arg('workers', 'BENCH_WORKERS') ?? 2);
  const num = (name: string, env: string): number | undefined => (arg(name, env) ? Number(arg(name, env)) : undefined);
  const budget = Object.fromEntries(
    Object.entries({ samples: num('samples', 'BENCH_SAMPLES'), nodes: num('nodes', 'BENCH_NODES'), bidSamples: num('bid-samples', 'BENCH_BID_SAMPLES'), timeMs: num('time-ms', 'BENCH_TIME_MS') }).filter(([, v]) => v !== undefined),
  );
  console.log(`bench:bots seed=${seed} workers=${workers} strong budget=${JSON.stringify(budget)} (defaults otherwise) node ${process.version}`);
  for (const p of pairs) await run(p, seed, workers, budget);
}

if (isMainThread) await main();
else parentPort!.postMessage((workerData as Task[]).map(runTask));
