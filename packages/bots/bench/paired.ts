/**
 * Deck-by-deck comparison of two matches played on the same decks (the bench plays every match of
 * a run, and of runs with the same --seed and variant, on the same decks): the mean difference of
 * their per-deck results with a 95% interval, far narrower than either match's own interval when
 * the two share an opponent (the luck of the deck and most of the opponent's play cancel).
 *
 * FILE may be several runs in parts (`--first`) joined with +.
 *
 *   pnpm --filter @belote/bots exec tsx --conditions=source bench/paired.ts A.json:strong-vs-normal-v1 B.json:strong-v1-vs-normal-v1
 */
import { readFileSync } from 'node:fs';

const [a, b] = process.argv.slice(2).map((spec) => {
  const i = spec.lastIndexOf(':');
  // FILE may be several runs in parts (--first), joined with +, in deck order.
  const rows = spec.slice(0, i).split('+').flatMap((file) => {
    const dump = JSON.parse(readFileSync(file, 'utf8')) as Record<string, [number, number][]>;
    const r = dump[spec.slice(i + 1)];
    if (!r) throw new Error(`no match ${spec.slice(i + 1)} in ${file}; has ${Object.keys(dump).join(', ')}`);
    return r;
  });
  return { name: spec, rows };
});
if (!a || !b) throw new Error('usage: paired.ts FILE:MATCH FILE:MATCH');
const n = Math.min(a.rows.length, b.rows.length);
const d: number[] = [];
for (let i = 0; i < n; i++) d.push((a.rows[i]![0] + a.rows[i]![1]) / 2 - (b.rows[i]![0] + b.rows[i]![1]) / 2);
const mean = d.reduce((x, y) => x + y, 0) / n;
const sd = Math.sqrt(d.reduce((x, y) => x + (y - mean) ** 2, 0) / (n - 1));
const half = (1.96 * sd) / Math.sqrt(n);
console.log(`${a.name} minus ${b.name} over ${n} decks: ${mean.toFixed(1)} ± ${half.toFixed(1)} points per deal (95% CI ${(mean - half).toFixed(1)} .. ${(mean + half).toFixed(1)})`);
