/**
 * Fits the weights of the classic take value (src/heuristic/take-value.ts) on simulated deals.
 * For every bidding decision of seeded deals (the auction driven by the current normal bot), the
 * deal is finished twice from there: once after the seat takes (round 2: in each suit it may
 * name), once after it passes (the auction going on with the normal bot); every card is played
 * by the heuristic. The target is the written difference for the seat's team, take minus pass;
 * the weights are the least-squares fit (a little ridge) of that gain on the features, over the
 * hands `takeCandidate` admits (the others always pass).
 *
 *   tsx --conditions=source bench/bid-fit.ts --deals=20000 --part=0/2 --out=/tmp/fit0.json
 *   tsx --conditions=source bench/bid-fit.ts --merge=/tmp/fit0.json,/tmp/fit1.json
 *
 * Sufficient statistics (XᵀX, Xᵀy) are written per part so that parts run in parallel.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { SUITS, cardId, currentDeal, maskOf, newGame, seededRng, shuffledDeck, startDeal, suitOf, viewFor, type Action, type GameState, type Seat } from '@belote/rules';
import { heuristicAction, step } from '../src/strong/bid-sim.js';
import { N_TAKE_FEATURES, TAKE_FEATURES, placeOf, takeCandidate, takeFeatures } from '../src/heuristic/take-value.js';

function arg(name: string): string | undefined {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit?.slice(name.length + 3);
}

const F = N_TAKE_FEATURES;

interface Stats {
  n: number;
  xtx: number[];
  xty: number[];
  yy: number;
}

/** Finish the deal with the normal bot everywhere: the written difference for `seat`'s team (0 on a redeal). */
function finish(state: GameState, seat: Seat): number {
  for (let d = currentDeal(state)!; d.phase !== 'over'; d = currentDeal(state)!) state = step(state, heuristicAction(state, d.turn!));
  const w = currentDeal(state)!.result!.written;
  return (seat & 1) === 0 ? w[0] - w[1] : w[1] - w[0];
}

function collect(deals: number, part: number, parts: number, seed: string): Stats {
  const st: Stats = { n: 0, xtx: new Array<number>(F * F).fill(0), xty: new Array<number>(F).fill(0), yy: 0 };
  const x = new Float64Array(F);
  const add = (y: number): void => {
    st.n++;
    st.yy += y * y;
    for (let i = 0; i < F; i++) {
      if (x[i] === 0) continue;
      st.xty[i]! += x[i]! * y;
      for (let j = 0; j < F; j++) st.xtx[i * F + j]! += x[i]! * x[j]!;
    }
  };
  for (let i = part; i < deals; i += parts) {
    const rng = seededRng(`${seed}:${i}`);
    const started = startDeal(newGame(), (i & 3) as Seat, shuffledDeck(rng));
    if (!started.ok) throw new Error(started.error.message);
    let state = started.state;
    for (let d = currentDeal(state)!; d.phase === 'bidding'; d = currentDeal(state)!) {
      const seat = d.turn!;
      const view = viewFor(state, seat).deal!;
      const retourne = cardId(view.retourne!);
      const mine = maskOf(view.hand!) | (1 << retourne);
      const suits = (view.round === 1 ? [suitOf(retourne)] : [0, 1, 2, 3].filter((s) => s !== suitOf(retourne))).filter((s) => takeCandidate(mine, s));
      const pass = suits.length > 0 ? finish(step(state, { type: 'pass', seat }), seat) : 0;
      for (const s of suits) {
        const take: Action = view.round === 1 ? { type: 'take', seat } : { type: 'take', seat, suit: SUITS[s]! };
        takeFeatures(mine, s, view.round, placeOf(seat, view.dealer), x);
        add(finish(step(state, take), seat) - pass);
      }
      state = step(state, heuristicAction(state, seat));
    }
  }
  return st;
}

/** Solve (XᵀX + λI) w = Xᵀy by Gaussian elimination with partial pivoting. */
function solve(st: Stats, lambda: number): number[] {
  const a = Array.from({ length: F }, (_, i) => [...st.xtx.slice(i * F, i * F + F), st.xty[i]!]);
  for (let i = 0; i < F; i++) a[i]![i]! += lambda;
  for (let c = 0; c < F; c++) {
    let p = c;
    for (let r = c + 1; r < F; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    [a[c], a[p]] = [a[p]!, a[c]!];
    for (let r = 0; r < F; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      for (let k = c; k <= F; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  return a.map((row, i) => row[F]! / a[i]![i]!);
}

const merge = arg('merge');
if (merge) {
  const parts = merge.split(',').map((f) => JSON.parse(readFileSync(f, 'utf8')) as Stats);
  const st: Stats = { n: 0, xtx: new Array<number>(F * F).fill(0), xty: new Array<number>(F).fill(0), yy: 0 };
  for (const p of parts) {
    st.n += p.n;
    st.yy += p.yy;
    p.xtx.forEach((v, i) => (st.xtx[i]! += v));
    p.xty.forEach((v, i) => (st.xty[i]! += v));
  }
  const w = solve(st, Number(arg('lambda') ?? 1));
  // Residual sum of squares from the statistics: yᵀy − 2wᵀXᵀy + wᵀXᵀXw.
  let rss = st.yy;
  for (let i = 0; i < F; i++) {
    rss -= 2 * w[i]! * st.xty[i]!;
    for (let j = 0; j < F; j++) rss += w[i]! * w[j]! * st.xtx[i * F + j]!;
  }
  console.log(`${st.n} decisions; residual sd ${Math.sqrt(rss / st.n).toFixed(1)}, sd of the gain ${Math.sqrt(st.yy / st.n).toFixed(1)}`);
  TAKE_FEATURES.forEach((f, i) => console.log(`  ${f.padEnd(28)} ${w[i]!.toFixed(1)}`));
  console.log(`[${w.map((v) => v.toFixed(1)).join(', ')}]`);
} else {
  const [part, parts] = (arg('part') ?? '0/1').split('/').map(Number) as [number, number];
  const st = collect(Number(arg('deals') ?? 2000), part, parts, arg('seed') ?? 'bid-fit');
  writeFileSync(arg('out') ?? `/tmp/bid-fit-${part}.json`, JSON.stringify(st));
  console.log(`part ${part}/${parts}: ${st.n} decisions`);
}
