/**
 * `pnpm bench`: throughput of the rules engine on one core. Not a test: it prints a table.
 * A "deal" is complete: shuffle, deal, the bidding (classic: both rounds; coinche: the whole
 * auction, random calls), 32 legal plays chosen at random among the legal cards, scoring.
 * A redeal (everyone passed) is not counted as a deal: each op is a deal played to its eighth
 * trick and scored (the redeals dealt on the way are part of its cost). Classic and coinche
 * rows side by side. Floor 20,000 deals/s, target 200,000.
 */
import { performance } from 'node:perf_hooks';
import {
  FastDeal,
  RandomDealer,
  apply,
  currentDeal,
  legalMask,
  legalPlays,
  newGame,
  randomCard,
  randomPolicy,
  seededRng,
  shuffledDeck,
  startDeal,
  type GameState,
  type Seat,
} from '../src/index.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 1.5);

/**
 * Run `fn` (which performs `per` operations) for about SECONDS after a warm-up, in three
 * rounds; the best round's rate is reported (the least disturbed by other processes).
 */
function measure(fn: () => void, per = 1): number {
  const warm = performance.now();
  while (performance.now() - warm < 300) fn();
  let best = 0;
  for (let round = 0; round < 3; round++) {
    let ops = 0;
    const start = performance.now();
    let now = start;
    while (now - start < (SECONDS * 1000) / 3) {
      for (let i = 0; i < 64; i++) fn();
      ops += 64 * per;
      now = performance.now();
    }
    best = Math.max(best, ops / ((now - start) / 1000));
  }
  return best;
}

const rows: { name: string; opsPerSec: number; unit: string }[] = [];
const add = (name: string, unit: string, opsPerSec: number): void => {
  rows.push({ name, opsPerSec, unit });
};

// 1. Fast core: complete random deals.
{
  const rng = seededRng('bench-fast');
  const dealer = new RandomDealer();
  let d = 0;
  add('fast core: complete random deal', 'deals/s', measure(() => { while (!dealer.play(rng, d++ & 3)); }));
  add('fast core: complete random coinche deal', 'deals/s', measure(() => { while (!dealer.playCoinche(rng, d++ & 3)); }));
  add('fast core: deal with announcements', 'deals/s', measure(() => { while (!dealer.play(rng, d++ & 3, true)); }));
  add('fast core: coinche deal with announcements', 'deals/s', measure(() => { while (!dealer.playCoinche(rng, d++ & 3, true)); }));
}

// 2. Reducer API (strings, immutable states, events): complete random deals, both variants.
for (const variant of ['classic', 'coinche'] as const) {
  const rng = seededRng(`bench-reducer-${variant}`);
  const rules = variant === 'coinche' ? { variant } : {};
  let state: GameState = newGame(rules);
  let dealer: Seat = 0;
  add(`reducer: complete random ${variant === 'coinche' ? 'coinche ' : ''}deal`, 'deals/s', measure(() => {
    do {
      if (state.winner !== null || state.deals.length >= 24) state = newGame(rules);
      const s = startDeal(state, dealer, shuffledDeck(rng));
      if (!s.ok) throw new Error(s.error.message);
      state = s.state;
      dealer = ((dealer + 1) & 3) as Seat;
      for (;;) {
        const deal = currentDeal(state)!;
        if (deal.phase === 'over') break;
        const r = apply(state, randomPolicy(state, deal.turn!, rng));
        if (!r.ok) throw new Error(r.error.message);
        state = r.state;
      }
    } while (currentDeal(state)!.result!.outcome === 'redeal');
  }));
}

// 3. legalPlays on positions in the middle of tricks.
{
  const rng = seededRng('bench-legal');
  const positions: { state: GameState; seat: Seat }[] = [];
  while (positions.length < 2000) {
    const started = startDeal(newGame(), 0, shuffledDeck(rng));
    if (!started.ok) throw new Error('deal');
    let st = started.state;
    const stop = Math.floor(rng() * 32);
    let plays = 0;
    for (;;) {
      const deal = currentDeal(st)!;
      if (deal.phase === 'over') break;
      if (deal.phase === 'play' && plays++ === stop) {
        positions.push({ state: st, seat: deal.turn! });
        break;
      }
      const r = apply(st, randomPolicy(st, deal.turn!, rng));
      if (!r.ok) throw new Error(r.error.message);
      st = r.state;
    }
  }
  let i = 0;
  let sink = 0;
  add('legalPlays(state, seat) → Card[]', 'calls/s', measure(() => {
    const p = positions[i++ % positions.length]!;
    sink += legalPlays(p.state, p.seat).length;
  }));
  add('legalMask(hand, trick, trump) → mask', 'calls/s', measure(() => {
    const p = positions[i++ % positions.length]!;
    const deal = currentDeal(p.state)!;
    sink += legalMask(deal.hands[p.seat]!, deal.trick.cards, deal.trump!);
  }));
  // Fast positions: a random deal stopped at a random card.
  const fastPositions: FastDeal[] = [];
  const dealer = new RandomDealer();
  while (fastPositions.length < 2000) {
    if (!dealer.play(rng, 0)) continue;
    const p = dealer.position.clone();
    const back = 1 + Math.floor(rng() * 31);
    for (let k = 0; k < back; k++) p.undo();
    fastPositions.push(p);
  }
  add('FastDeal.legal() → mask', 'calls/s', measure(() => {
    sink += fastPositions[i++ % fastPositions.length]!.legal();
  }));
  const scratch = new FastDeal();
  add('FastDeal playout from mid-deal (copy + random legal plays)', 'playouts/s', measure(() => {
    const p = scratch.copyFrom(fastPositions[i++ % fastPositions.length]!);
    while (p.n < 32) p.play(randomCard(p.legal(), rng));
  }));
  add('FastDeal play + undo (one card)', 'pairs/s', measure(() => {
    const p = fastPositions[i++ % fastPositions.length]!;
    const m = p.legal();
    p.play(31 - Math.clz32(m & -m));
    p.undo();
  }));
  if (sink === 0.5) console.log(sink);
}

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
const w = Math.max(...rows.map((r) => r.name.length));
console.log(`\n@belote/rules benchmark — one core, node ${process.version}, ${SECONDS}s per row, best of 3 rounds\n`);
console.log(`${'operation'.padEnd(w)}  ${'ops/s'.padStart(13)}  unit`);
console.log(`${'-'.repeat(w)}  ${'-'.repeat(13)}  ----------`);
for (const r of rows) console.log(`${r.name.padEnd(w)}  ${fmt(r.opsPerSec).padStart(13)}  ${r.unit}`);
const verdict = (n: number): string => (n >= 200_000 ? 'meets the target' : n >= 20_000 ? 'above the floor' : 'BELOW THE FLOOR');
console.log(`\nfloor 20,000 deals/s, target 200,000: fast core classic ${verdict(rows[0]!.opsPerSec)}, coinche ${verdict(rows[1]!.opsPerSec)}`);
