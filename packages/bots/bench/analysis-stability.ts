/**
 * `pnpm bench:analysis --stability` — do the marks hold? Plays seeded games of two kinds,
 * bot games (normal, strong, normal, strong) and mixed games (easy, normal, strong, easy: the
 * easy level's random cards stand in for a weaker player), analyses every finished deal with the
 * page's budget, and judges every marked decision (inaccuracy, mistake, blunder) again with
 * `--factor` (8) times the sampled deals, drawn afresh (another seed): a card judged on n
 * sampled deals gets 8n whatever they cost, a bid or call 8 × 60 played-out deals. A mark holds
 * when the second verdict is the same or worse. Runs until `--marks` (300) marked decisions
 * are collected, half from each kind of game (one game of each in turn). The strong seats play these games on a smaller
 * budget than on the server (`PLAY_BUDGET`: they only supply decisions to judge; the judging
 * is what is measured). Nothing here is timed, so it may run beside other jobs (`nice`).
 */
import { recordOf, replayTimeline, seededRng, type Rules } from '@belote/rules';
import { ANALYSIS_BUDGET, analyseDeal, analyseDecision, decisionSeed, isMark, severity, verdictOf, type AnalysisBudget, type Decision, type Verdict } from '../src/analysis/index.js';
import { oneGame, type Player } from './arena.js';

export interface StabilityOptions {
  variant: NonNullable<Rules['variant']>;
  target: Rules['target'];
  marks: number;
  factor: number;
  seed: string;
  budget: AnalysisBudget;
}

/** The strong seats' budget in these games (cheaper than the server's, which plays to win). */
export const PLAY_BUDGET = { samples: 8, nodes: 600_000, bidSamples: 20, timeMs: 1e9 };

const SOURCES: { name: 'bot' | 'mixed'; players: [Player, Player, Player, Player] }[] = [
  { name: 'bot', players: ['normal', 'strong', 'normal', 'strong'] },
  { name: 'mixed', players: ['easy', 'normal', 'strong', 'easy'] },
];

export interface Checked {
  source: 'bot' | 'mixed';
  level: Player;
  kind: Decision['kind'];
  before: Verdict;
  after: Verdict;
  loss: number;
  se: number;
  lossAfter: number;
  seAfter: number;
  samples: number;
  samplesAfter: number;
  /** The deal's threshold factor, and how many options the decision had. */
  scale: number;
  options: number;
  cpuMs: number;
}

/** Wilson 95% interval of a share. */
function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The budget of the second judgement: `factor` times the sampled deals the first one had. */
export function deeperBudget(d: Decision, base: AnalysisBudget, factor: number): AnalysisBudget {
  const n = factor * d.samples;
  return d.kind === 'card' ? { ...base, samples: n, minSamples: n, nodes: 0, markSamples: n } : { ...base, bidSamples: n, bidFirst: n };
}

export function runStability(o: StabilityOptions, log: (line: string) => void, onGame: (rows: readonly Checked[]) => void = () => {}): Checked[] {
  const checked: Checked[] = [];
  const want = Math.ceil(o.marks / SOURCES.length);
  const got = SOURCES.map(() => 0);
  // One game of each kind in turn (until it has its share), so a run stopped early has both.
  for (let g = 0; got.some((n) => n < want); g++) {
    SOURCES.forEach((src, s) => {
      if (got[s]! >= want) return;
      const seed = `${o.seed}-${src.name}-${g}`;
      const { state } = oneGame(seed, { players: src.players, rng: seededRng(seed), budget: PLAY_BUDGET }, { variant: o.variant, target: o.target });
      for (const deal of replayTimeline(recordOf(state)).deals) {
        if (got[s]! >= want) break;
        const a = analyseDeal(deal, { budget: o.budget });
        for (const d of a.decisions) {
          if (!isMark(d.verdict) || got[s]! >= want) continue;
          const c0 = cpuMs();
          const again = analyseDecision(deal.states[d.step]!, deal.frames[d.step + 1]!.action!, d.step, `${decisionSeed(deal.index, d.step)}|again`, deeperBudget(d, o.budget, o.factor), null, a.scale);
          checked.push({
            source: src.name,
            level: src.players[d.seat]!,
            kind: d.kind,
            before: d.verdict,
            after: again.verdict,
            loss: d.loss,
            se: d.se,
            lossAfter: again.loss,
            seAfter: again.se,
            samples: d.samples,
            samplesAfter: again.samples,
            scale: a.scale,
            options: d.options.length,
            cpuMs: cpuMs() - c0,
          });
          got[s]!++;
        }
      }
      log(`  ${src.name} games: ${g + 1} played, ${got[s]} marks judged again`);
      onGame(checked);
    });
  }
  return checked;
}

/**
 * Judged pairs graded again with this code's mark rule (`verdictOf`, its `MARK_Z`) from their
 * losses and standard errors, keeping those the rule still marks at first. With a stricter rule
 * than the run's, these are the marks it would give on the same sampled deals, but for a few:
 * a bid whose first 20 decks leave it clear of the stricter mark is not played out on 40 more,
 * and a card's extra deals for its mark stop as soon as it is clear (so a run of the stricter
 * rule itself gives these marks or fewer).
 */
export function regraded(rows: readonly Checked[]): Checked[] {
  return rows
    .map((r) => ({ ...r, before: verdictOf(r.loss, r.options, r.se, r.scale), after: verdictOf(r.lossAfter, r.options, r.seAfter, r.scale) }))
    .filter((r) => isMark(r.before));
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** The report: the share of marks that held, overall and per kind of game, decision and mark. */
export function report(rows: readonly Checked[]): string[] {
  const lines: string[] = [];
  const held = (r: Checked): boolean => severity(r.after) >= severity(r.before);
  const line = (label: string, rs: readonly Checked[]): void => {
    if (!rs.length) return;
    const k = rs.filter(held).length;
    const [lo, hi] = wilson(k, rs.length);
    const same = rs.filter((r) => r.after === r.before).length;
    const ratio = rs.reduce((a, r) => a + r.samplesAfter / r.samples, 0) / rs.length;
    lines.push(`  ${label.padEnd(26)} ${String(rs.length).padStart(4)} marks: held ${pct(k / rs.length)} (95% ${pct(lo)}–${pct(hi)}), same mark ${pct(same / rs.length)}, samples ×${ratio.toFixed(1)}`);
  };
  line('all', rows);
  for (const s of ['bot', 'mixed'] as const) line(`${s} games`, rows.filter((r) => r.source === s));
  for (const k of ['card', 'bid'] as const) line(`${k}s`, rows.filter((r) => r.kind === k));
  for (const v of ['inaccuracy', 'mistake', 'blunder'] as const) line(v, rows.filter((r) => r.before === v));
  for (const s of ['bot', 'mixed'] as const) for (const k of ['card', 'bid'] as const) line(`${s} games, ${k}s`, rows.filter((r) => r.source === s && r.kind === k));
  const order: Verdict[] = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'];
  lines.push(`  judged again (rows: first verdict; columns: ${order.join(', ')}):`);
  for (const v of ['inaccuracy', 'mistake', 'blunder'] as const) {
    const rs = rows.filter((r) => r.before === v);
    lines.push(`    ${v.padEnd(11)} ${order.map((w) => String(rs.filter((r) => r.after === w).length).padStart(5)).join('')}`);
  }
  const cpu = rows.map((r) => r.cpuMs).sort((a, b) => a - b);
  if (cpu.length) lines.push(`  CPU per second judgement: median ${cpu[cpu.length >> 1]!.toFixed(0)} ms, max ${cpu.at(-1)!.toFixed(0)} ms`);
  return lines;
}

export { ANALYSIS_BUDGET };
