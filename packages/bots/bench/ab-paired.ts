/**
 * Paired A/B of the analysis cost per deal: the same seeded games (played once, with this
 * checkout's bots), each finished deal analysed by main's analysis and this checkout's in turn
 * (order alternating deal by deal), CPU time and search nodes per deal for each.
 * Usage: tsx --conditions=source bench/ab-paired.ts MAIN_ROOT --variant=coinche --target=1000 --games=3 --seeds=a,b,c
 */
import { execSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { recordOf, replayTimeline, seededRng, type Rules } from '@belote/rules';
import * as B from '../src/analysis/index.js';
import * as BS from '../src/strong/solver.js';
import { oneGame } from './arena.js';

const mainRoot = process.argv[2]!;
const arg = (n: string): string | undefined => process.argv.find((a) => a.startsWith(`--${n}=`))?.slice(n.length + 3);
const variant = (arg('variant') ?? 'coinche') as Rules['variant'];
const target = Number(arg('target') ?? 1000) as Rules['target'];
const games = Number(arg('games') ?? 3);
const seeds = (arg('seeds') ?? 'analysis').split(',');
const A = (await import(`${mainRoot}/packages/bots/src/analysis/index.ts`)) as typeof B;
const AS = (await import(`${mainRoot}/packages/bots/src/strong/solver.ts`)) as typeof BS;
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const sha = (dir: string): string => execSync(`git -C ${dir} rev-parse --short HEAD`, { encoding: 'utf8' }).trim();
console.log(`paired analysis A/B — main ${sha(mainRoot)} vs branch ${sha('.')} (ANALYSIS_VERSION ${A.ANALYSIS_VERSION} vs ${B.ANALYSIS_VERSION}), ${variant} to ${target}, ${games} games × seeds ${seeds.join(',')}, node ${process.version}; load at start ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
const res = { main: { cpu: [] as number[], nodes: [] as number[] }, branch: { cpu: [] as number[], nodes: [] as number[] } };
let k = 0;
for (const seed of seeds)
  for (let g = 0; g < games; g++) {
    const { state } = oneGame(`${seed}-${g}`, { players: ['normal', 'strong', 'normal', 'strong'], rng: seededRng(`${seed}-${g}`), budget: { timeMs: 1e9 } }, { variant, target });
    for (const deal of replayTimeline(recordOf(state)).deals) {
      const sides = k++ % 2 === 0 ? (['main', 'branch'] as const) : (['branch', 'main'] as const);
      const row: string[] = [];
      for (const side of sides) {
        const [an, sv] = side === 'main' ? [A, AS] : [B, BS];
        sv.resetNodes();
        const c0 = cpu();
        an.analyseDeal(deal);
        const c = cpu() - c0;
        res[side].cpu.push(c);
        res[side].nodes.push(sv.searchedNodes());
        row.push(`${side} ${c.toFixed(0)} ms ${(sv.searchedNodes() / 1e6).toFixed(1)} M`);
      }
      console.error(`  ${seed}-${g} deal ${deal.index}: ${row.join(', ')}`);
    }
  }
const q = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
for (const side of ['main', 'branch'] as const) {
  const r = res[side];
  console.log(`  ${side.padEnd(6)} ${r.cpu.length} deals — CPU per deal (ms): median ${q(r.cpu, 0.5).toFixed(0)}, p95 ${q(r.cpu, 0.95).toFixed(0)}, max ${Math.max(...r.cpu).toFixed(0)}; nodes (M): median ${(q(r.nodes, 0.5) / 1e6).toFixed(1)}, p95 ${(q(r.nodes, 0.95) / 1e6).toFixed(1)}, max ${(Math.max(...r.nodes) / 1e6).toFixed(1)}`);
}
console.log(`  load at end ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
