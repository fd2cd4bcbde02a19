/**
 * How many sampled deals the strong bot's card search solves within its node budget, by trick and
 * place in the trick (a development aid): positions from seeded deals of four normal-v1 bots, the
 * search of `pimcPlay` (capots counted, written score exact, probes from the previous sample) run
 * on each with the default budget and the clock cap lifted. A decision with 0 samples plays the
 * heuristic's card.
 *
 *   pnpm --filter @belote/bots exec tsx --conditions=source bench/samples-by-trick.ts [--deals=20] [--tricks=2] [--nodes=3000000]
 */
import { maskOf, newGame, seededRng, shuffledDeck, startDeal, type Seat } from '@belote/rules';
import { DEFAULT_BUDGET } from '../src/strong/strong.js';
import { knowledgeOf } from '../src/knowledge.js';
import { lastSearch, pimcSamples } from '../src/strong/pimc.js';
import { playDeal } from './arena.js';

const arg = (name: string, dflt: number): number => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? dflt);
const deals = arg('deals', 20);
const tricks = arg('tricks', 2);
const nodes = arg('nodes', DEFAULT_BUDGET.nodes);
const byKey = new Map<string, number[]>();
for (let i = 0; i < deals; i++) {
  const started = startDeal(newGame({}), (i & 3) as Seat, shuffledDeck(seededRng(`samples-by-trick:${i}`)));
  if (!started.ok) throw new Error(started.error.message);
  playDeal(started.state, {
    players: ['normal-v1', 'normal-v1', 'normal-v1', 'normal-v1'],
    rng: seededRng(`samples-by-trick:play:${i}`),
    onAction: (_state, view) => {
      const d = view.deal!;
      if (d.phase !== 'play' || d.legal.length < 2 || d.tricks.length >= tricks) return;
      pimcSamples(knowledgeOf(view), maskOf(d.legal), seededRng(`samples-by-trick:${i}:${d.tricks.length}`), { samples: DEFAULT_BUDGET.samples, nodes, timeMs: Infinity }, undefined, { capot: true, tolerance: 0, guess: true });
      const key = `trick ${d.tricks.length + 1}, ${d.trick.cards.length === 0 ? 'lead' : `card ${d.trick.cards.length + 1}`}`;
      byKey.set(key, [...(byKey.get(key) ?? []), lastSearch.samples]);
    },
  });
}
for (const [key, xs] of [...byKey].sort()) {
  const s = xs.slice().sort((a, b) => a - b);
  console.log(`${key.padEnd(16)} decisions ${String(xs.length).padStart(3)}: samples solved median ${s[s.length >> 1]}, min ${s[0]}, none ${xs.filter((x) => x === 0).length}`);
}
