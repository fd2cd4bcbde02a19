/**
 * `pnpm bench:bots` — duplicate matches between bot levels through the real engine.
 * Every deck is played twice with the teams swapped (same dealer, same cards), so the luck of
 * the deal cancels out; the dealer rotates with the deck index. Reports the average written
 * points difference per deal, whole games to the target won, each with a 95% interval, and
 * the decision time per move (median, p95, p99).
 *
 * Flags (or env): --pairs=heuristic-random,strong-heuristic (BENCH_PAIRS), --deals=N
 * (BENCH_DEALS), --games=N (BENCH_GAMES), --samples=N / --time-ms=N (strong bot budget),
 * --seed=S. Defaults keep the whole run within about two minutes on one core.
 */
import { seededRng, shuffledDeck, type Seat } from '@belote/rules';
import { oneDeal, oneGame, type ArenaOptions, type Player } from './arena.js';

function arg(name: string, env: string): string | undefined {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : process.env[env];
}

const PAIRS: Record<string, [Player, Player]> = {
  'heuristic-random': ['normal', 'random'],
  'easy-random': ['easy', 'random'],
  'normal-easy': ['normal', 'easy'],
  'strong-heuristic': ['strong', 'normal'],
};
const DEFAULT_DEALS: Record<string, number> = { 'heuristic-random': 2000, 'easy-random': 500, 'normal-easy': 1000, 'strong-heuristic': 150 };
const DEFAULT_GAMES: Record<string, number> = { 'heuristic-random': 100, 'easy-random': 0, 'normal-easy': 50, 'strong-heuristic': 0 };

const seed = arg('seed', 'BENCH_SEED') ?? 'bench';
const pairs = (arg('pairs', 'BENCH_PAIRS') ?? 'heuristic-random,normal-easy,strong-heuristic').split(',');
const dealsFlag = arg('deals', 'BENCH_DEALS');
const gamesFlag = arg('games', 'BENCH_GAMES');
const samples = arg('samples', 'BENCH_SAMPLES');
const timeMs = arg('time-ms', 'BENCH_TIME_MS');
const budget = { ...(samples ? { samples: Number(samples) } : {}), ...(timeMs ? { timeMs: Number(timeMs) } : {}) };

function meanCi(xs: number[]): { mean: number; half: number } {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const v = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, n - 1);
  return { mean, half: 1.96 * Math.sqrt(v / n) };
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const fmt = (x: number, d = 1): string => x.toFixed(d);

function run(name: string): void {
  const [a, b] = PAIRS[name] ?? (() => { throw new Error(`unknown pair ${name}; known: ${Object.keys(PAIRS).join(', ')}`); })();
  const deals = Number(dealsFlag ?? DEFAULT_DEALS[name]);
  const games = Number(gamesFlag ?? DEFAULT_GAMES[name]);
  const times = new Map<string, number[]>();
  const onDecision = (p: Player, ms: number, phase: string): void => {
    for (const key of [p, `${p} ${phase}`]) (times.get(key) ?? times.set(key, []).get(key)!).push(ms);
  };
  const opts = (players: [Player, Player, Player, Player], s: string): ArenaOptions => ({ players, rng: seededRng(s), budget, onDecision });
  const AB: [Player, Player, Player, Player] = [a, b, a, b];
  const BA: [Player, Player, Player, Player] = [b, a, b, a];
  const t0 = performance.now();

  const diffs: number[] = [];
  const deckRng = seededRng(`${seed}:${name}:decks`);
  for (let i = 0; i < deals; i++) {
    const deck = shuffledDeck(deckRng);
    const dealer = (i & 3) as Seat;
    const first = oneDeal(deck, dealer, opts(AB, `${seed}:${i}:ab`));
    const second = oneDeal(deck, dealer, opts(BA, `${seed}:${i}:ba`));
    // Team of `a`: team 0 in the first run, team 1 in the second.
    diffs.push((first[0] - first[1] + (second[1] - second[0])) / 2);
  }
  const d = meanCi(diffs);
  const line = [`${name}: ${a} vs ${b}`, `  deals: ${deals} duplicate pairs (${deals * 2} deals)`];
  line.push(`  written points per deal, ${a} minus ${b}: ${fmt(d.mean)} ± ${fmt(d.half)} (95% CI ${fmt(d.mean - d.half)} .. ${fmt(d.mean + d.half)})`);

  if (games > 0) {
    let won = 0;
    let played = 0;
    for (let g = 0; g < games; g++) {
      const gs = `${seed}:${name}:game:${g}`;
      const r1 = oneGame(gs, opts(AB, `${gs}:ab`));
      const r2 = oneGame(gs, opts(BA, `${gs}:ba`));
      if (r1.winner !== null) { played++; if (r1.winner === 0) won++; }
      if (r2.winner !== null) { played++; if (r2.winner === 1) won++; }
    }
    const p = won / played;
    const half = 1.96 * Math.sqrt((p * (1 - p)) / played);
    line.push(`  games to 1000 won by ${a}: ${won}/${played} = ${fmt(p * 100)}% ± ${fmt(half * 100)}% (duplicate: ${games} seeds × 2)`);
  }
  for (const [p, ts] of [...times].sort(([a], [b]) => a.localeCompare(b))) {
    const s = ts.sort((x, y) => x - y);
    line.push(`  decision time ${p}: median ${fmt(quantile(s, 0.5), 3)} ms, p95 ${fmt(quantile(s, 0.95), 3)} ms, p99 ${fmt(quantile(s, 0.99), 3)} ms, max ${fmt(s[s.length - 1]!, 1)} ms over ${s.length} moves`);
  }
  line.push(`  wall time ${fmt((performance.now() - t0) / 1000)} s`);
  console.log(line.join('\n'));
}

console.log(`bench:bots seed=${seed} budget=${JSON.stringify(budget)} node ${process.version}`);
for (const p of pairs) run(p.trim());

