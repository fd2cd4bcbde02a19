/**
 * Nodes the strong bot's card search spends per sampled deal, by trick (a development aid for solver
 * speed): positions from seeded deals of four normal-v1 bots (as samples-by-trick.ts), each solved on
 * `--samples` sampled deals with pimc's options (capots, exact written score, probes from the previous
 * sample) and no node cap. Prints nodes per sampled deal (median, mean, p90) and checksums of the written
 * scores (must not change when only the search's speed does) and of the points (a tie-break; the
 * bounds of a settled, failed contract may differ).
 *
 *   pnpm --filter @belote/bots exec tsx --conditions=source bench/solver-nodes.ts [--deals=12] [--tricks=1] [--samples=4]
 */
import { maskOf, newGame, seededRng, shuffledDeck, startDeal, type Seat } from '@belote/rules';
import { knowledgeOf } from '../src/knowledge.js';
import { lastSearch, pimcSamples } from '../src/strong/pimc.js';
import { playDeal } from './arena.js';

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
for (let i = 0; i < deals; i++) {
  const started = startDeal(newGame({}), (i & 3) as Seat, shuffledDeck(seededRng(`samples-by-trick:${i}`)));
  if (!started.ok) throw new Error(started.error.message);
  playDeal(started.state, {
    players: ['normal-v1', 'normal-v1', 'normal-v1', 'normal-v1'],
    rng: seededRng(`samples-by-trick:play:${i}`),
    onAction: (_state, view) => {
      const d = view.deal!;
      if (d.phase !== 'play' || d.legal.length < 2 || d.tricks.length >= tricks) return;
      const s0 = performance.now();
      const r = pimcSamples(knowledgeOf(view), maskOf(d.legal), seededRng(`samples-by-trick:${i}:${d.tricks.length}`), { samples, nodes: Infinity, timeMs: Infinity }, undefined, { capot: true, tolerance, guess: true, coarse });
      solveMs += performance.now() - s0;
      totalNodes += lastSearch.nodes;
      for (const m of r.margins) for (const x of m) checksum = (checksum * 31 + Math.round(x * 2)) % 1000000007;
      for (const m of r.points) for (const x of m) pointsChecksum = (pointsChecksum * 31 + Math.round(x * 2)) % 1000000007;
      const key = `trick ${d.tricks.length + 1}, ${d.trick.cards.length === 0 ? 'lead' : `card ${d.trick.cards.length + 1}`}`;
      const per = lastSearch.perSample.map((x, j) => x - (lastSearch.perSample[j - 1] ?? 0));
      byKey.set(key, [...(byKey.get(key) ?? []), ...per]);
    },
  });
}
for (const [key, xs] of [...byKey].sort()) {
  const s = xs.slice().sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  console.log(`${key.padEnd(16)} solves ${String(s.length).padStart(4)}: nodes per sampled deal median ${s[s.length >> 1]}, mean ${Math.round(mean)}, p90 ${s[Math.floor(s.length * 0.9)]}`);
}
console.log(`written-score checksum ${checksum}, points checksum ${pointsChecksum} (tie-break only), ${((performance.now() - t0) / 1000).toFixed(1)} s; search ${Math.round(solveMs)} ms for ${totalNodes} nodes (${((solveMs * 1e6) / totalNodes).toFixed(0)} ns a node)`);
