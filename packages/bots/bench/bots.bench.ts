/**
 * `pnpm bench:bots` — the bots measured through the real engine, two kinds of runs:
 *
 * - **Matches** (`--pairs`): duplicate deals between two players. Every deck is played twice with
 *   the teams swapped (same dealer, same cards), so the luck of the deal cancels out; the dealer
 *   rotates with the deck index, and every match of a run plays the same decks. Reports the
 *   written points difference per deal and whole games to the target won, each with a 95%
 *   interval. A match is a name of `PAIRS` (duplicate.ts) or `[coinche-]A-vs-B` with A, B among
 *   random, easy, normal, strong, the frozen baselines normal-v1, strong-v1 (bench/baseline-v1/:
 *   the bots before issue 23) and the hybrids strong-bids, strong-v1-bids, strong-cards (arena.ts), e.g.
 *   `strong-vs-normal-v1`, `coinche-strong-vs-strong-v1`.
 * - **Tables** (`--tables=normal,coinche-normal,…`): four bots of one level deal after deal:
 *   the all-pass rate and the takers' success (made, dedans, litige), with 95% intervals.
 *
 * Both report each level's decision cost per move (median, p95, p99, max) in CPU time of the
 * thread that decided (what one core spends, whatever else the machine runs).
 *
 * The strong bot's search is bounded by sample and node counts; its wall-clock cap (`timeMs`) is
 * lifted here unless `--time-ms` is given, so a run's results are the same on any machine and
 * under any load (the server keeps the cap as a safety net).
 *
 * Flags (or env): --pairs=… (BENCH_PAIRS), --tables=… (BENCH_TABLES), --deals=N (BENCH_DEALS),
 * --games=N (BENCH_GAMES), --samples=N, --nodes=N, --bid-samples=N, --coarse-cards=N, --take-margin=N, --rollouts=X, --time-ms=N (strong budget),
 * --workers=N (BENCH_WORKERS, default 2), --seed=S, --first=N (start at deck N: a run in parts),
 * --out=FILE (per-deck results as JSON, to compare two runs deck by deck). Matches named `coinche-…` use the coinche rules (docs/rules/COINCHE.md).
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { playersOf, rulesOf, runTask, tableLevel, type Task, type TaskResult } from './duplicate.js';

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

function meanCi(xs: readonly number[]): { mean: number; half: number } {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const v = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, n - 1);
  return { mean, half: 1.96 * Math.sqrt(v / n) };
}

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const fmt = (x: number, d = 1): string => x.toFixed(d);
const pct = (k: number, n: number): string => {
  const p = k / n;
  return `${fmt(p * 100)}% ± ${fmt(196 * Math.sqrt((p * (1 - p)) / n))}%`;
};

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

function timeLines(results: readonly TaskResult[]): string[] {
  const times: Record<string, number[]> = {};
  const cpu: Record<string, number[]> = {};
  for (const r of results) for (const [k, v] of Object.entries(r.times)) (times[k] ??= []).push(...v);
  for (const r of results) for (const [k, v] of Object.entries(r.cpu)) (cpu[k] ??= []).push(...v);
  return Object.keys(times).sort().map((k) => {
    const s = times[k]!.sort((x, y) => x - y);
    const c = cpu[k]!.sort((x, y) => x - y);
    return `  decision time ${k}: median ${fmt(quantile(s, 0.5), 3)} ms, p95 ${fmt(quantile(s, 0.95), 3)} ms, p99 ${fmt(quantile(s, 0.99), 3)} ms, max ${fmt(s[s.length - 1]!, 1)} ms (${s.length} moves); CPU time p50 ${fmt(quantile(c, 0.5), 0)}, p95 ${fmt(quantile(c, 0.95), 0)}, p99 ${fmt(quantile(c, 0.99), 0)} ms`;
  });
}

const dump: Record<string, unknown> = {};

async function runMatch(pair: string, seed: string, workers: number, budget: Task['budget']): Promise<void> {
  const [a, b] = playersOf(pair);
  const deals = Number(arg('deals', 'BENCH_DEALS') ?? DEFAULT_DEALS[pair] ?? 200);
  const games = Number(arg('games', 'BENCH_GAMES') ?? DEFAULT_GAMES[pair] ?? 0);
  const t0 = performance.now();
  const first = Number(arg('first', 'BENCH_FIRST') ?? 0);
  const tasks: Task[] = [];
  for (let i = first; i < first + deals; i++) tasks.push({ pair, kind: 'deal', index: i, seed, budget });
  for (let g = 0; g < games; g++) tasks.push({ pair, kind: 'game', index: g, seed, budget });
  const results = await runAll(tasks, workers);

  const lines = [`${pair}: ${a} vs ${b}`];
  const diffs = results.filter((r) => r.diff !== undefined).map((r) => r.diff!);
  dump[pair] = results.filter((r) => r.seatings !== undefined).map((r) => r.seatings);
  const d = meanCi(diffs);
  lines.push(`  ${deals} decks × 2 seatings: written points per deal, ${a} minus ${b}: ${fmt(d.mean)} ± ${fmt(d.half)} (95% CI ${fmt(d.mean - d.half)} .. ${fmt(d.mean + d.half)})`);
  if (games > 0) {
    let won = 0;
    let finished = 0;
    for (const r of results) {
      if (r.finished === undefined) continue;
      won += r.won!;
      finished += r.finished;
    }
    const target = rulesOf(pair).variant === 'coinche' ? 2000 : 1000;
    lines.push(`  games to ${target} won by ${a}: ${won}/${finished} = ${pct(won, finished)} (${games} seeds × 2 seatings)`);
  }
  lines.push(...timeLines(results));
  lines.push(`  (${fmt((performance.now() - t0) / 1000)} s)`);
  console.log(lines.join('\n'));
}

async function runTable(table: string, seed: string, workers: number, budget: Task['budget']): Promise<void> {
  const level = tableLevel(table);
  const deals = Number(arg('deals', 'BENCH_DEALS') ?? 2000);
  const t0 = performance.now();
  const tasks: Task[] = [];
  for (let i = 0; i < deals; i++) tasks.push({ pair: table, kind: 'table', index: i, seed, budget });
  const results = await runAll(tasks, workers);
  const rs = results.map((r) => r.table!);
  dump[`table:${table}`] = rs;
  const played = rs.filter((r) => r.outcome !== 'redeal');
  const count = (o: string): number => played.filter((r) => r.outcome === o).length;
  const lines = [`table ${table}: four ${level} bots, ${deals} deals (${rulesOf(table).variant ?? 'classic'})`];
  lines.push(`  all-pass (redeal): ${rs.length - played.length}/${rs.length} = ${pct(rs.length - played.length, rs.length)}`);
  lines.push(`  takers made ${count('made')}/${played.length} = ${pct(count('made'), played.length)}, dedans ${count('dedans')} (${fmt((count('dedans') / played.length) * 100)}%), litige ${count('litige')}; capots ${played.filter((r) => r.capot).length}`);
  const w = meanCi(played.map((r) => r.takerWritten));
  lines.push(`  written points per played deal, takers minus defenders: ${fmt(w.mean)} ± ${fmt(w.half)}`);
  if (rs.some((r) => r.round !== null)) lines.push(`  takes in round 1: ${played.filter((r) => r.round === 1).length}, in round 2: ${played.filter((r) => r.round === 2).length}`);
  if (rs.some((r) => r.contract !== null)) {
    lines.push(`  average contract ${fmt(played.reduce((a, r) => a + r.contract!, 0) / played.length)}; coinched ${played.filter((r) => r.coinche >= 2).length}, surcoinched ${played.filter((r) => r.coinche === 4).length}`);
  }
  lines.push(...timeLines(results));
  lines.push(`  (${fmt((performance.now() - t0) / 1000)} s)`);
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  const seed = arg('seed', 'BENCH_SEED') ?? 'bench';
  const tables = arg('tables', 'BENCH_TABLES');
  const pairsArg = arg('pairs', 'BENCH_PAIRS') ?? (tables ? '' : 'heuristic-random,normal-easy,strong-heuristic,coinche-heuristic-random,coinche-normal-easy,coinche-strong-heuristic');
  const list = (s: string | undefined): string[] => (s ?? '').split(',').map((p) => p.trim()).filter((p) => p !== '');
  const workers = Number(arg('workers', 'BENCH_WORKERS') ?? 2);
  const num = (name: string, env: string): number | undefined => (arg(name, env) ? Number(arg(name, env)) : undefined);
  // Without --time-ms the clock never cuts a search: results depend on the seed only.
  const budget = Object.fromEntries(
    Object.entries({ samples: num('samples', 'BENCH_SAMPLES'), nodes: num('nodes', 'BENCH_NODES'), bidSamples: num('bid-samples', 'BENCH_BID_SAMPLES'), coarseCards: num('coarse-cards', 'BENCH_COARSE_CARDS'), takeMargin: num('take-margin', 'BENCH_TAKE_MARGIN'), rollouts: num('rollouts', 'BENCH_ROLLOUTS'), timeMs: num('time-ms', 'BENCH_TIME_MS') ?? Infinity }).filter(([, v]) => v !== undefined),
  );
  const load0 = loadavg();
  console.log(`bench:bots seed=${seed} workers=${workers} strong budget=${JSON.stringify({ ...budget, timeMs: budget.timeMs === Infinity ? 'no cap' : budget.timeMs })} (defaults otherwise) node ${process.version}`);
  for (const p of list(pairsArg)) await runMatch(p, seed, workers, budget);
  for (const t of list(tables)) await runTable(t, seed, workers, budget);
  console.log(`load average at start ${load0.map((x) => x.toFixed(2)).join(' ')}, at end ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  const out = arg('out', 'BENCH_OUT');
  if (out) writeFileSync(out, JSON.stringify(dump));
}

if (isMainThread) await main();
else parentPort!.postMessage((workerData as Task[]).map(runTask));

