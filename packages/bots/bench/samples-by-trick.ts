/**
 * How many sampled deals the strong bot's card search solves within its node budget, by trick and
 * place in the trick (a development aid): positions from seeded deals of four normal-v1 bots, the
 * search of `pimcPlay` (capots counted, written score exact, probes from the previous sample) run
 * on each with the default budget and the clock cap lifted. A decision with 0 samples plays the
 * heuristic's card.
 *
 *   pnpm --filter @belote/bots exec tsx --conditions=source bench/samples-by-trick.ts [--deals=20] [--tricks=2] [--nodes=3000000]
 */
import { DEFAULT_BUDGET } from '../src/strong/strong.js';
import { lastSearch, pimcSamples } from '../src/strong/pimc.js';
import { eachEarlyPosition } from './early-positions.js';

const arg = (name: string, dflt: number): number => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? dflt);
const deals = arg('deals', 20);
const tricks = arg('tricks', 2);
const nodes = arg('nodes', DEFAULT_BUDGET.nodes);
const byKey = new Map<string, number[]>();
eachEarlyPosition(deals, tricks, ({ knowledge, legal, rng, key }) => {
  pimcSamples(knowledge, legal, rng, { samples: DEFAULT_BUDGET.samples, nodes, timeMs: Infinity }, undefined, { capot: true, tolerance: 0, guess: true });
  byKey.set(key, [...(byKey.get(key) ?? []), lastSearch.samples]);
});
for (const [key, xs] of [...byKey].sort()) {
  const s = xs.slice().sort((a, b) => a - b);
  console.log(`${key.padEnd(16)} decisions ${String(xs.length).padStart(3)}: samples solved median ${s[s.length >> 1]}, min ${s[0]}, none ${xs.filter((x) => x === 0).length}`);
}
