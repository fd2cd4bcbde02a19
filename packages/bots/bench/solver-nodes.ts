/**
 * Nodes the strong bot's card search spends per sampled deal, by trick (a development aid for solver
 * speed): positions of `early-positions.ts` (as samples-by-trick.ts), each solved on
 * `--samples` sampled deals with pimc's options (capots, exact written score, probes from the previous
 * sample) and no node cap. Prints nodes per sampled deal (median, mean, p90) and checksums of the written
 * scores (must not change when only the search's speed does) and of the points (a tie-break; the
 * bounds of a settled, failed contract may differ).
 *
 *   pnpm --filter @belote/bots exec tsx --conditions=source bench/solver-nodes.ts [--deals=12] [--tricks=1] [--samples=4]
 */
import { lastSearch, pimcSamples } from '../src/strong/pimc.js';
import { eachEarlyPosition } from './early-positions.js';

const arg = (name: string, dflt: number): number => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? dflt);
const deals = arg('deals', 12);
const tricks = arg('tricks', 1);
const samples = arg('samples', 4);
const tolerance = arg('tolerance', 0);
const coarse = process.argv.includes('--coarse');
const byKey = new Map<string, number[]>();
let checksum = 0;
let solveMs = 0;
let totalNodes = 0;
let pointsChecksum = 0;
const t0 = performance.now();
eachEarlyPosition(deals, tricks, ({ knowledge, legal, rng, key }) => {
  const s0 = performance.now();
  const r = pimcSamples(knowledge, legal, rng, { samples, nodes: Infinity, timeMs: Infinity }, undefined, { capot: true, tolerance, guess: true, coarse });
  solveMs += performance.now() - s0;
  totalNodes += lastSearch.nodes;
  for (const m of r.margins) for (const x of m) checksum = (checksum * 31 + Math.round(x * 2)) % 1000000007;
  for (const m of r.points) for (const x of m) pointsChecksum = (pointsChecksum * 31 + Math.round(x * 2)) % 1000000007;
  const per = lastSearch.perSample.map((x, j) => x - (lastSearch.perSample[j - 1] ?? 0));
  byKey.set(key, [...(byKey.get(key) ?? []), ...per]);
});
for (const [key, xs] of [...byKey].sort()) {
  const s = xs.slice().sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  console.log(`${key.padEnd(16)} solves ${String(s.length).padStart(4)}: nodes per sampled deal median ${s[s.length >> 1]}, mean ${Math.round(mean)}, p90 ${s[Math.floor(s.length * 0.9)]}`);
}
console.log(`written-score checksum ${checksum}, points checksum ${pointsChecksum} (tie-break only), ${((performance.now() - t0) / 1000).toFixed(1)} s; search ${Math.round(solveMs)} ms for ${totalNodes} nodes (${((solveMs * 1e6) / totalNodes).toFixed(0)} ns a node)`);
