/**
 * Decision quality of card play: how much each player gives away against the double-dummy best
 * on the real deal, per trick and per role, on the same positions (a development aid).
 *
 * Positions come from seeded deals played by `--gen` players (default four normal-v1 bots, cheap;
 * e.g. `--gen=strong-v1,normal-v1` for the positions of a strong match). For every card decision
 * with two legal cards or more (every `--every`-th one), each player of `--players` chooses a
 * card from the seat's view; the loss is the written difference of the best legal card minus
 * that of the chosen card, both solved double-dummy with every hand known (docs/rules/RULES.md §7 /
 * docs/rules/COINCHE.md §5 as the strong bot scores them). The loss has the luck of the real deal in it,
 * but the comparison of two players on the same positions is paired: the first player of the
 * list is the reference of the paired differences.
 *
 *   pnpm --filter @belote/bots exec tsx --conditions=source bench/decision-quality.ts --deals=100 --players=strong,strong-v1
 *
 * Flags: --deals=N, --seed=S, --gen=A,B (team 0's and team 1's players), --players=…, --every=K,
 * --tricks=a-b, --samples=N, --nodes=N (strong budget), --coinche.
 * A player name may carry a budget: `strong@samples=60,nodes=10000000`.
 */
import { currentDeal, newGame, seededRng, shuffledDeck, startDeal, cardId, viewFor, type GameState, type Rules, type Seat } from '@belote/rules';
import { exactCardValues } from '../src/analysis/exact.js';
import { lastSearch } from '../src/strong/pimc.js';
import { decideAs, playDeal, threadCpuMs, type Player } from './arena.js';

function arg(name: string, dflt: string): string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : dflt;
}
const flag = (name: string): boolean => process.argv.includes(`--${name}`);

const deals = Number(arg('deals', '60'));
const seed = arg('seed', 'dq');
const gen = arg('gen', 'normal-v1,normal-v1').split(',') as [Player, Player];
const every = Number(arg('every', '1'));
const [t0, t1] = arg('tricks', '0-7').split('-').map(Number) as [number, number];
const rules: Partial<Rules> = flag('coinche') ? { variant: 'coinche' } : {};
const base = Object.fromEntries(
  [['samples', arg('samples', '')], ['nodes', arg('nodes', '')]].filter(([, v]) => v !== '').map(([k, v]) => [k, Number(v)]),
);

interface Spec {
  name: string;
  player: Player;
  budget: Record<string, number>;
}
const specs: Spec[] = arg('players', 'strong,strong-v1,normal').split(';').flatMap((s) => s.split(/,(?![a-zA-Z]+=)/)).map((name) => {
  const [p, b] = name.split('@') as [string, string | undefined];
  const budget: Record<string, number> = { ...base, timeMs: Infinity };
  for (const kv of b ? b.split(',') : []) {
    const [k, v] = kv.split('=');
    budget[k!] = Number(v);
  }
  return { name, player: p as Player, budget };
});

/** Every card decision with a choice, as game states (before the card), from seeded deals. */
function positions(): GameState[] {
  const out: GameState[] = [];
  let n = 0;
  for (let i = 0; i < deals; i++) {
    const deck = shuffledDeck(seededRng(`${seed}:deck:${i}`));
    const started = startDeal(newGame(rules), (i & 3) as Seat, deck);
    if (!started.ok) throw new Error(started.error.message);
    playDeal(started.state, {
      players: [gen[0], gen[1], gen[0], gen[1]],
      rng: seededRng(`${seed}:gen:${i}`),
      budget: { timeMs: Infinity },
      onAction: (state, view) => {
        const d = view.deal!;
        if (d.phase !== 'play' || d.legal.length < 2) return;
        const trick = d.tricks.length;
        if (trick < t0 || trick > t1) return;
        if (n++ % every === 0) out.push(state);
      },
    });
  }
  return out;
}

interface Row {
  trick: number;
  role: 'taker' | 'defence';
  lead: boolean;
  loss: number[];
  samples: number[];
  cpu: number[];
}

const ps = positions();
console.log(`decision-quality: ${ps.length} positions from ${deals} deals (seed ${seed}, gen ${gen.join(' vs ')}, tricks ${t0}-${t1}, every ${every}) ${rules.variant ?? 'classic'}`);
const rows: Row[] = [];
for (let pi = 0; pi < ps.length; pi++) {
  const state = ps[pi]!;
  const d = currentDeal(state)!;
  const seat = d.turn!;
  const exact = exactCardValues(state);
  const best = Math.max(...exact.map((e) => e.margin));
  const row: Row = { trick: d.tricks.length, role: (seat & 1) === (d.taker! & 1) ? 'taker' : 'defence', lead: d.trick.cards.length === 0, loss: [], samples: [], cpu: [] };
  for (const s of specs) {
    const view = viewFor(state, seat);
    const c0 = threadCpuMs();
    const m = decideAs(s.player, view, seededRng(`${seed}:decide:${pi}`), s.budget);
    row.cpu.push(threadCpuMs() - c0);
    if (m.type !== 'play') throw new Error('not a card');
    const e = exact.find((x) => cardId(x.card) === cardId(m.card))!;
    row.loss.push(best - e.margin);
    row.samples.push(s.player === 'strong' ? lastSearch.samples : NaN);
  }
  rows.push(row);
}

function meanCi(xs: readonly number[]): string {
  const n = xs.length;
  if (n === 0) return '-';
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const v = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, n - 1);
  return `${mean.toFixed(2)} ± ${(1.96 * Math.sqrt(v / n)).toFixed(2)}`;
}
const q = (xs: number[], p: number): number => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
};

function report(label: string, sel: Row[]): void {
  if (sel.length === 0) return;
  const cells = specs.map((s, i) => {
    const loss = meanCi(sel.map((r) => r.loss[i]!));
    const diff = i === 0 ? '' : ` (Δ vs ${specs[0]!.name} ${meanCi(sel.map((r) => r.loss[i]! - r.loss[0]!))})`;
    const samp = s.player === 'strong' ? ` samples p50 ${q(sel.map((r) => r.samples[i]!), 0.5)}` : '';
    return `${s.name}: ${loss}${diff}${samp} cpu p95 ${q(sel.map((r) => r.cpu[i]!), 0.95).toFixed(0)}`;
  });
  console.log(`${label.padEnd(14)} n=${String(sel.length).padEnd(5)} ${cells.join(' | ')}`);
}

report('all', rows);
for (let t = t0; t <= t1; t++) report(`trick ${t + 1}`, rows.filter((r) => r.trick === t));
report('taker team', rows.filter((r) => r.role === 'taker'));
report('defence', rows.filter((r) => r.role === 'defence'));
report('lead', rows.filter((r) => r.lead));
report('follow', rows.filter((r) => !r.lead));
