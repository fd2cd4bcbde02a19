/**
 * Dump of the strong bot's search on card positions, to try selection rules offline (a
 * development aid): for each position (as decision-quality.ts draws them), the legal cards, their
 * exact written differences on the real deal, the heuristic's card, and the per-sample margins
 * of a large search with the node count after each sample (so a smaller budget is the prefix of
 * samples that fit in it: same seed, same samples).
 *
 *   tsx --conditions=source bench/dq-dump.ts --deals=100 --tricks=0-1 --samples=60 --out=/tmp/dq.json
 */
import { writeFileSync } from 'node:fs';
import { cardId, currentDeal, maskOf, newGame, seededRng, shuffledDeck, startDeal, viewFor, type GameState, type Rules, type Seat } from '@belote/rules';
import { exactCardValues } from '../src/analysis/exact.js';
import { heuristicPlay } from '../src/heuristic/play.js';
import { knowledgeOf } from '../src/knowledge.js';
import { lastSearch, pimcSamples } from '../src/strong/pimc.js';
import { playDeal, type Player } from './arena.js';

function arg(name: string, dflt: string): string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : dflt;
}
const deals = Number(arg('deals', '60'));
const first = Number(arg('first', '0'));
const seed = arg('seed', 'dq');
const gen = arg('gen', 'normal-v1,normal-v1').split(',') as [Player, Player];
const [t0, t1] = arg('tricks', '0-1').split('-').map(Number) as [number, number];
const samples = Number(arg('samples', '60'));
const nodes = Number(arg('nodes', '1e9'));
const rules: Partial<Rules> = process.argv.includes('--coinche') ? { variant: 'coinche' } : {};

export interface DumpRow {
  deal: number;
  trick: number;
  taker: boolean;
  lead: boolean;
  moves: number[];
  exact: number[];
  heur: number;
  nodes: number[];
  margins: number[][];
  points: number[][];
}

const rows: DumpRow[] = [];
let pi = 0;
for (let i = first; i < first + deals; i++) {
  const deck = shuffledDeck(seededRng(`${seed}:deck:${i}`));
  const started = startDeal(newGame(rules), (i & 3) as Seat, deck);
  if (!started.ok) throw new Error(started.error.message);
  const states: GameState[] = [];
  playDeal(started.state, {
    players: [gen[0], gen[1], gen[0], gen[1]],
    rng: seededRng(`${seed}:gen:${i}`),
    budget: { timeMs: Infinity },
    onAction: (state, view) => {
      const d = view.deal!;
      if (d.phase === 'play' && d.legal.length >= 2 && d.tricks.length >= t0 && d.tricks.length <= t1) states.push(state);
    },
  });
  for (const state of states) {
    const d = currentDeal(state)!;
    const seat = d.turn!;
    const view = viewFor(state, seat);
    const k = knowledgeOf(view);
    const legal = maskOf(view.deal!.legal);
    const exact = exactCardValues(state);
    const s = pimcSamples(k, legal, seededRng(`${seed}:decide:${i}:${pi++}`), { samples, nodes, timeMs: Infinity });
    const ex = s.moves.map((m) => exact.find((e) => cardId(e.card) === m)!.margin);
    rows.push({ deal: i, trick: d.tricks.length, taker: (seat & 1) === (d.taker! & 1), lead: d.trick.cards.length === 0, moves: s.moves, exact: ex, heur: heuristicPlay(k, legal), nodes: lastSearch.perSample.slice(), margins: s.margins, points: s.points });
  }
  if ((i - first) % 10 === 9) process.stderr.write(`${i + 1 - first} deals, ${rows.length} positions\n`);
}
writeFileSync(arg('out', '/tmp/dq.json'), JSON.stringify(rows));
console.log(`${rows.length} positions written`);
