/**
 * A/B of a change to the strong bot's bidding budget on the bench's decks (a development aid):
 * each seating's auction is run under budget A and budget B with the bench's seeds; a seating
 * whose auction comes out the same under both counts 0 (its play has the same distribution),
 * the others are played out under both. Far cheaper, and far less noisy, than two whole matches
 * when few auctions change. Prints every changed seating and the mean of B − A per deal.
 *
 *   pnpm --filter @belote/bots exec tsx --conditions=source bench/bid-ab.ts PAIR FIRST COUNT A B
 *   e.g. bench/bid-ab.ts strong-vs-normal-v1 0 120 bidSamples=80 bidSamples=160
 *
 * A and B: `key=value,…` of SearchBudget (the clock cap is lifted: results depend on the seed only).
 */
import { apply, currentDeal, newGame, seededRng, shuffledDeck, startDeal, viewFor, type Action, type GameState, type Seat } from '@belote/rules';
import type { SearchBudget } from '../src/index.js';
import { decideAs, playDeal, type Player } from './arena.js';
import { playersOf, rulesOf } from './duplicate.js';

const [pair = 'strong-vs-normal-v1', first = '0', count = '10', specA = '', specB = ''] = process.argv.slice(2);
const budgetOf = (spec: string): Partial<SearchBudget> => ({
  ...Object.fromEntries(spec.split(',').filter(Boolean).map((kv) => [kv.split('=')[0]!, Number(kv.split('=')[1])])),
  timeMs: Infinity,
});
const A = budgetOf(specA);
const B = budgetOf(specB);
const rules = rulesOf(pair);
const [a, b] = playersOf(pair);

/** The auction under `budget` (every bid, in order), and the state after it. */
function auction(budget: Partial<SearchBudget>, players: Player[], deck: readonly string[], dealer: Seat, rngSeed: string): { bids: string; state: GameState; rng: () => number } {
  const rng = seededRng(rngSeed);
  const started = startDeal(newGame(rules), dealer, deck as never);
  if (!started.ok) throw new Error(started.error.message);
  let state = started.state;
  const bids: string[] = [];
  while (currentDeal(state)!.phase === 'bidding') {
    const seat = currentDeal(state)!.turn as Seat;
    const m = decideAs(players[seat]!, viewFor(state, seat), rng, budget);
    bids.push(JSON.stringify(m));
    const r = apply(state, { ...m, seat } as Action);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
  return { bids: bids.join(' '), state, rng };
}

/** Written points of the first-named player's team minus the other's once the deal is played out. */
function playOut(x: ReturnType<typeof auction>, budget: Partial<SearchBudget>, players: Player[], firstTeam: 0 | 1): number {
  const end = playDeal(x.state, { players: players as [Player, Player, Player, Player], rng: x.rng, budget });
  const w = currentDeal(end)!.result!.written;
  return w[firstTeam] - w[1 - firstTeam]!;
}

const perDeal: number[] = [];
let changed = 0;
for (let index = Number(first); index < Number(first) + Number(count); index++) {
  const deck = shuffledDeck(seededRng(`bench:${rules.variant ?? 'classic'}:deck:${index}`));
  const dealer = (index & 3) as Seat;
  const id = `bench:${pair}:deal:${index}`;
  let d = 0;
  for (const [k, players] of [[0, [a, b, a, b]], [1, [b, a, b, a]]] as [0 | 1, Player[]][]) {
    const rngSeed = `${id}:${k === 0 ? 'ab' : 'ba'}`;
    const xa = auction(A, players, deck, dealer, rngSeed);
    const xb = auction(B, players, deck, dealer, rngSeed);
    if (xa.bids === xb.bids) continue;
    changed++;
    const wa = playOut(xa, A, players, k);
    const wb = playOut(xb, B, players, k);
    d += (wb - wa) / 2;
    console.log(JSON.stringify({ index, seating: k, A: wa, B: wb, bidsA: xa.bids, bidsB: xb.bids }));
  }
  perDeal.push(d);
}
const n = perDeal.length;
const mean = perDeal.reduce((x, y) => x + y, 0) / n;
const sd = Math.sqrt(perDeal.reduce((x, y) => x + (y - mean) ** 2, 0) / Math.max(1, n - 1));
console.log(`${pair}, decks ${first}..${Number(first) + n - 1}: B − A ${mean.toFixed(2)} ± ${((1.96 * sd) / Math.sqrt(n)).toFixed(2)} points per deal (${changed} seatings of ${2 * n} bid differently)`);
