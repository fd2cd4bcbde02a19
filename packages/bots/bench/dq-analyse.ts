/**
 * Selection rules tried offline on dq-dump.ts output (a development aid): for each node budget
 * and rule, the card the strong search would choose from the samples that fit, and its loss
 * against the double-dummy best on the real deal, per trick, paired against the first row.
 *
 *   tsx bench/dq-analyse.ts /tmp/dq-*.json
 */
import { readFileSync } from 'node:fs';
import type { DumpRow } from './dq-dump.js';

const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const rows: DumpRow[] = files.flatMap((f) => JSON.parse(readFileSync(f, 'utf8')) as DumpRow[]);

type Rule = (r: DumpRow, n: number) => number;

/** pimcPlay: best mean of margin + 0.05 × points, the heuristic's card on ties. */
const meanRule: Rule = (r, n) => {
  const sums = r.moves.map((_, i) => {
    let s = 0;
    for (let k = 0; k < n; k++) s += r.margins[i]![k]! + 0.05 * r.points[i]![k]!;
    return s;
  });
  let best = r.moves.indexOf(r.heur);
  for (let i = 0; i < r.moves.length; i++) if (sums[i]! > sums[best]! + 1e-9) best = i;
  return best;
};

/** The heuristic's card unless another card beats it by `z` standard errors of the paired difference. */
const shrinkRule = (z: number, floor = 0): Rule => (r, n) => {
  const h = r.moves.indexOf(r.heur);
  let best = h;
  let bestScore = 0;
  for (let i = 0; i < r.moves.length; i++) {
    if (i === h || n === 0) continue;
    const d: number[] = [];
    for (let k = 0; k < n; k++) d.push(r.margins[i]![k]! + 0.05 * r.points[i]![k]! - r.margins[h]![k]! - 0.05 * r.points[h]![k]!);
    const m = d.reduce((a, b) => a + b, 0) / n;
    const sd = n > 1 ? Math.sqrt(d.reduce((a, b) => a + (b - m) ** 2, 0) / (n - 1)) : 1000;
    const score = m - z * Math.max(sd, floor) / Math.sqrt(n);
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return best;
};

const heurRule: Rule = (r) => r.moves.indexOf(r.heur);

/** Samples that fit in `budget` nodes (at least one, as the bot always solves one). */
const fit = (r: DumpRow, budget: number, cap: number): number => {
  let n = 0;
  while (n < r.nodes.length && n < cap && (n === 0 || r.nodes[n]! <= budget)) n++;
  return n;
};

const loss = (r: DumpRow, i: number): number => Math.max(...r.exact) - r.exact[i]!;

function ci(xs: number[]): string {
  const n = xs.length;
  const m = xs.reduce((a, b) => a + b, 0) / n;
  const v = xs.reduce((a, b) => a + (b - m) ** 2, 0) / Math.max(1, n - 1);
  return `${m.toFixed(2)} ± ${(1.96 * Math.sqrt(v / n)).toFixed(2)}`;
}

const variants: [string, Rule, number, number][] = [
  ['mean 3M/30', meanRule, 3e6, 30],
  ['heuristic', heurRule, 0, 0],
  ['mean 1.5M/30', meanRule, 1.5e6, 30],
  ['mean 6M/30', meanRule, 6e6, 30],
  ['mean 12M/64', meanRule, 12e6, 64],
  ['mean all 64', meanRule, Infinity, 64],
  ['mean 16 samples', meanRule, Infinity, 16],
  ['mean 30 samples', meanRule, Infinity, 30],
  ['shrink z=1 3M', shrinkRule(1), 3e6, 30],
  ['shrink z=2 3M', shrinkRule(2), 3e6, 30],
  ['shrink z=1 f20 3M', shrinkRule(1, 20), 3e6, 30],
  ['shrink z=1 all', shrinkRule(1), Infinity, 64],
];

const groups: [string, (r: DumpRow) => boolean][] = [
  ['all', () => true],
  ['trick 1', (r) => r.trick === 0],
  ['trick 2', (r) => r.trick === 1],
  ['trick 3+', (r) => r.trick >= 2],
  ['lead', (r) => r.lead],
  ['follow', (r) => !r.lead],
  ['taker', (r) => r.taker],
  ['defence', (r) => !r.taker],
];
console.log(`${rows.length} positions`);
for (const [g, sel] of groups) {
  const rs = rows.filter(sel);
  if (rs.length === 0) continue;
  console.log(`${g} (n=${rs.length})`);
  const ref = rs.map((r) => loss(r, variants[0]![1](r, fit(r, variants[0]![2], variants[0]![3]))));
  for (const [name, rule, budget, cap] of variants) {
    const ls = rs.map((r) => loss(r, rule(r, fit(r, budget, cap))));
    const ns = rs.map((r) => fit(r, budget, cap)).sort((a, b) => a - b);
    console.log(`  ${name.padEnd(20)} loss ${ci(ls)}  Δ ${ci(ls.map((l, i) => l - ref[i]!))}  samples p50 ${ns[ns.length >> 1]}`);
  }
}
