/**
 * Development aid: replay decks of a match as the bench does (same decks, same seeds, no clock
 * cap: the same results as `pnpm bench:bots`) and print one JSON line per seating: the auction,
 * the taker's player, the outcome, the written difference for the first-named player, the five
 * cards each seat was dealt first and the retourne (TRICKS=1: the tricks too), to read the decks
 * where one player loses most.
 *
 *   pnpm --filter @belote/bots exec tsx --conditions=source bench/deal-log.ts PAIR FIRST COUNT [SEED]
 */
import { currentDeal, newGame, seededRng, shuffledDeck, startDeal, type Seat } from '@belote/rules';
import { playDeal, type Player } from './arena.js';
import { playersOf, rulesOf } from './duplicate.js';

/** The five cards `seat` is dealt first (docs/rules/RULES.md §3: 3 then 2 from the dealer's left). */
const firstFive = (deck: readonly string[], dealer: Seat, seat: Seat): string[] => {
  const o = (seat - dealer - 1) & 3;
  return [3 * o, 3 * o + 1, 3 * o + 2, 12 + 2 * o, 13 + 2 * o].map((i) => deck[i]!);
};

const [pair = 'strong-vs-normal-v1', first = '0', count = '10', seed = 'bench'] = process.argv.slice(2);
const rules = rulesOf(pair);
const [a, b] = playersOf(pair);
for (let index = Number(first); index < Number(first) + Number(count); index++) {
  const deck = shuffledDeck(seededRng(`${seed}:${rules.variant ?? 'classic'}:deck:${index}`));
  const dealer = (index & 3) as Seat;
  const id = `${seed}:${pair}:deal:${index}`;
  for (const [k, players] of [[0, [a, b, a, b]], [1, [b, a, b, a]]] as [number, Player[]][]) {
    const started = startDeal(newGame(rules), dealer, deck);
    if (!started.ok) throw new Error(started.error.message);
    const acts: string[] = [];
    const end = playDeal(started.state, {
      players: players as [Player, Player, Player, Player],
      rng: seededRng(`${id}:${k === 0 ? 'ab' : 'ba'}`),
      budget: { timeMs: Infinity },
      onAction: (_s, view, x) => {
        if (x.type === 'pass') acts.push(`${players[x.seat]}@${x.seat}:p`);
        else if (x.type === 'take') acts.push(`${players[x.seat]}@${x.seat}:T${view.deal!.round}${x.suit ?? ''}`);
      },
    });
    const d = currentDeal(end)!;
    const r = d.result!;
    const us = k; // team of the first-named player
    const diff = r.written[us]! - r.written[1 - us]!;
    const bids = acts.join(' ');
    console.log(JSON.stringify({ index, seating: k, dealer, diff, taker: r.taker === null ? null : players[r.taker], takerSeat: r.taker, trump: r.trump, outcome: r.outcome, capot: r.capot, points: r.points, belote: r.belote, written: r.written, bids, five: [0, 1, 2, 3].map((s) => firstFive(deck, dealer, s as Seat).join('')), retourne: deck[20], tricks: process.env.TRICKS ? r.tricks.map((t) => JSON.stringify(t)).join(' ') : undefined }));
  }
}
