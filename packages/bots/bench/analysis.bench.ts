/**
 * `pnpm bench:analysis` — how long the analysis of a finished deal takes on one core (the
 * browser runs it in one Web Worker), and what it finds. Plays whole games with bots (seeded),
 * then analyses every finished deal of their records with the default budget and reports the
 * time per deal (median, p95, max: the process's CPU time, which is what one core spends even
 * on a busy machine, and the wall time) and per decision, with the marks given per player level.
 *
 * Flags (or env): --games=N (BENCH_GAMES, default 6), --variant=classic|coinche (default classic),
 * --target=N (a target of the variant; default 1000 classic, 2000 coinche),
 * --players=normal,strong,normal,strong (the seats), --samples=N, --min-samples=N, --nodes=N,
 * --mark-samples=N, --bid-samples=N, --bid-first=N,
 * --seed=S. Sequential, one thread: run it on an idle machine for the figures.
 *
 * `--stability` (with --variant, --marks=N (300), --factor=N (8), --seed, the budget flags,
 * --out=FILE for every judged pair as JSON, rewritten after every game; --report=FILE[,FILE…]
 * prints the report of such files merged, with --regrade their pairs graded again with this
 * code's MARK_Z, those still marked kept): whether the marks hold when judged again on N
 * times the sampled deals (bench/analysis-stability.ts).
 */
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { recordOf, replayTimeline, seededRng, type Rules } from '@belote/rules';
import { ANALYSIS_BUDGET, analyseDeal, type DealAnalysis } from '../src/analysis/index.js';
import { resetNodes, searchedNodes } from '../src/strong/solver.js';
import { regraded, report, runStability, type Checked } from './analysis-stability.js';
import { oneGame, type Player } from './arena.js';

function arg(name: string, env?: string): string | undefined {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : env ? process.env[env] : undefined;
}

const games = Number(arg('games', 'BENCH_GAMES') ?? 6);
const variant = (arg('variant') ?? 'classic') as Rules['variant'];
const target = Number(arg('target') ?? (variant === 'coinche' ? 2000 : 1000)) as Rules['target'];
const players = (arg('players') ?? 'normal,strong,normal,strong').split(',') as [Player, Player, Player, Player];
const seed = arg('seed') ?? 'analysis';
const budget = {
  samples: Number(arg('samples') ?? ANALYSIS_BUDGET.samples),
  minSamples: Number(arg('min-samples') ?? ANALYSIS_BUDGET.minSamples),
  nodes: Number(arg('nodes') ?? ANALYSIS_BUDGET.nodes),
  markSamples: Number(arg('mark-samples') ?? ANALYSIS_BUDGET.markSamples),
  bidSamples: Number(arg('bid-samples') ?? ANALYSIS_BUDGET.bidSamples),
  bidFirst: Number(arg('bid-first') ?? ANALYSIS_BUDGET.bidFirst ?? ANALYSIS_BUDGET.bidSamples),
};

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const commit = ((): string => {
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();

const load0 = loadavg();
const loadNow = (l: number[]): string => l.map((x) => x.toFixed(2)).join(' ');
const reportOf = arg('report');
if (reportOf) {
  // The report of saved --out files, merged (runs stopped early included); --regrade: both
  // verdicts of every pair read again with this code's mark rule (MARK_Z) from their loss and
  // standard error — the marks a stricter rule keeps are among the pairs judged again.
  const rows = reportOf.split(',').flatMap((f) => JSON.parse(readFileSync(f, 'utf8')) as Checked[]);
  for (const l of report(process.argv.includes('--regrade') ? regraded(rows) : rows)) console.log(l);
  process.exit(0);
}
if (process.argv.includes('--stability')) {
  const marks = Number(arg('marks') ?? 300);
  const factor = Number(arg('factor') ?? 8);
  console.log(`analysis stability — commit ${commit}, node ${process.version}, one thread`);
  console.log(`  ${variant} games to ${target}; marks judged again on ${factor}× the sampled deals; at least ${marks} marks`);
  const c0 = performance.now();
  const out = arg('out');
  // The rows so far after every game, so a run stopped early still leaves its judged pairs.
  const save = (rows: readonly unknown[]): void => {
    if (out) writeFileSync(out, JSON.stringify(rows));
  };
  const rows = runStability({ variant: variant ?? 'classic', target, marks, factor, seed, budget }, (l) => console.error(l), save);
  for (const l of report(rows)) console.log(l);
  save(rows);
  console.log(`  ${((performance.now() - c0) / 60_000).toFixed(1)} min; load average at start ${loadNow(load0)}, at end ${loadNow(loadavg())}`);
  process.exit(0);
}
const dealMs: number[] = [];
/** CPU time of this process per deal: what one core spends, whatever else the machine runs. */
const dealCpuMs: number[] = [];
/** Double-dummy search nodes per deal: the machine-independent cost (same on every machine). */
const dealNodes: number[] = [];
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const decisionMs: number[] = [];
/** CPU time per deal spent judging bids or calls, and cards (the exact values included). */
const dealBidCpu: number[] = [];
const dealCardCpu: number[] = [];
const marks: Record<string, Record<string, number>> = {};
const judged: Record<string, number> = {};
let played = 0;
let redeals = 0;
for (let g = 0; g < games; g++) {
  const { state } = oneGame(`${seed}-${g}`, { players, rng: seededRng(`${seed}-${g}`), budget: { timeMs: 1e9 } }, { variant, target });
  for (const deal of replayTimeline(recordOf(state)).deals) {
    let last = performance.now();
    const t0 = last;
    const c0 = cpuMs();
    let lastCpu = c0;
    let bidCpu = 0;
    resetNodes();
    const a: DealAnalysis = analyseDeal(deal, {
      budget,
      onProgress: (done) => {
        const now = performance.now();
        decisionMs.push(now - last);
        last = now;
        const c = cpuMs();
        if (deal.frames[done]!.action!.type !== 'play') bidCpu += c - lastCpu;
        lastCpu = c;
      },
    });
    dealMs.push(performance.now() - t0);
    dealCpuMs.push(cpuMs() - c0);
    dealBidCpu.push(bidCpu);
    dealCardCpu.push(cpuMs() - c0 - bidCpu);
    dealNodes.push(searchedNodes());
    if (deal.result.outcome === 'redeal') redeals++;
    else played++;
    for (const d of a.decisions) {
      if (d.verdict === 'forced') continue;
      const who = `${players[d.seat]} ${d.kind}`;
      judged[who] = (judged[who] ?? 0) + 1;
      marks[who] ??= {};
      marks[who][d.verdict] = (marks[who][d.verdict] ?? 0) + 1;
    }
  }
}
dealMs.sort((a, b) => a - b);
dealCpuMs.sort((a, b) => a - b);
dealNodes.sort((a, b) => a - b);
decisionMs.sort((a, b) => a - b);
dealBidCpu.sort((a, b) => a - b);
dealCardCpu.sort((a, b) => a - b);
const fmt = (x: number): string => x.toFixed(0);
const load1 = loadavg();
console.log(`analysis bench — commit ${commit}, node ${process.version}, one thread`);
console.log(`  budget: ${budget.minSamples} to ${budget.samples} samples (${budget.nodes} nodes beyond the first, ${budget.markSamples} for a mark) per card, ${budget.bidFirst} to ${budget.bidSamples} decks per bid; seats ${players.join(', ')}; ${games} ${variant} games to ${target}`);
console.log(`  ${played} played deals + ${redeals} redeals`);
console.log(`  CPU time per deal (ms): median ${fmt(quantile(dealCpuMs, 0.5))}, p95 ${fmt(quantile(dealCpuMs, 0.95))}, max ${fmt(dealCpuMs.at(-1)!)}`);
console.log(`    of which bids or calls: median ${fmt(quantile(dealBidCpu, 0.5))}, p95 ${fmt(quantile(dealBidCpu, 0.95))}, max ${fmt(dealBidCpu.at(-1)!)}; cards (exact values included): median ${fmt(quantile(dealCardCpu, 0.5))}, p95 ${fmt(quantile(dealCardCpu, 0.95))}, max ${fmt(dealCardCpu.at(-1)!)}`);
console.log(`  search nodes per deal (millions): median ${(quantile(dealNodes, 0.5) / 1e6).toFixed(1)}, p95 ${(quantile(dealNodes, 0.95) / 1e6).toFixed(1)}, max ${(dealNodes.at(-1)! / 1e6).toFixed(1)}`);
console.log(`  wall time per deal (ms): median ${fmt(quantile(dealMs, 0.5))}, p95 ${fmt(quantile(dealMs, 0.95))}, max ${fmt(dealMs.at(-1)!)}`);
console.log(`  time per decision (ms): median ${quantile(decisionMs, 0.5).toFixed(1)}, p95 ${fmt(quantile(decisionMs, 0.95))}, p99 ${fmt(quantile(decisionMs, 0.99))}`);
for (const who of Object.keys(judged).sort()) {
  const m = marks[who]!;
  const pct = (k: string): string => `${(((m[k] ?? 0) / judged[who]!) * 100).toFixed(1)}%`;
  console.log(`  ${who}: ${judged[who]} judged — best ${pct('best')}, good ${pct('good')}, inaccuracy ${pct('inaccuracy')}, mistake ${pct('mistake')}, blunder ${pct('blunder')}`);
}
console.log(`  load average at start ${loadNow(load0)}, at end ${loadNow(load1)}`);
