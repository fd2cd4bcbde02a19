/**
 * Card play of the strong bot: perfect-information Monte Carlo. Deal the unseen cards many
 * times consistently with what the seat knows, solve each deal double-dummy for every legal
 * card, convert the points to what would be written (contract made or not), and play the
 * card with the best average. Ties go to the heuristic's card.
 */
import { bit, maskCards, teamOf, type CardId, type Rng, type Team } from '@belote/rules';
import { heuristicPlay } from '../heuristic/play.js';
import type { Knowledge } from '../knowledge.js';
import { beloteHolder, writtenDiff, type DealFacts } from './outcome.js';
import { publicFacts, rolloutPoints } from './rollout.js';
import { sampleHands } from './sampler.js';
import { CAPOT_AGAINST, CAPOT_FOR, searchedNodes, setLimits, solveMoves } from './solver.js';

export interface PlayBudget {
  /** Deals sampled per move (the determinism knob). */
  samples: number;
  /** Search nodes per move (~17M/s on one core): the deterministic effort cap. */
  nodes: number;
  /** Safety cap (ms): stop sampling past it even if fewer samples were solved. */
  timeMs: number;
  /**
   * While fewer cards than this have been played in the deal, each sampled deal is solved only as
   * far as the contract (made or not) and capots go, not to the exact points (`SampleOptions.coarse`):
   * several times cheaper, so the first trick sees many more deals within the node budget.
   */
  coarseCards?: number;
  /**
   * The weight of heuristic play-outs (rollout.ts) added to each sample's double-dummy value: the
   * solver's players see every hand, the play-outs' only their own.
   */
  rollouts?: number;
}

function factsFor(k: Knowledge, hands: readonly number[]): DealFacts {
  const trump = k.trump!;
  const belote: [number, number] = [0, 0];
  if (k.deal.belote) belote[teamOf(k.deal.belote.seat)] = 20;
  else {
    const start = hands.slice();
    for (const p of k.plays) start[p.seat] = start[p.seat]! | bit(p.card);
    const holder = beloteHolder(start, trump);
    if (holder !== null) belote[teamOf(holder)] = 20;
  }
  const announcements: [number, number] = [0, 0];
  const shown = k.deal.shown;
  if (shown && shown.team !== null) for (const c of shown.combinations) announcements[shown.team] += c.combination.points;
  const a = k.deal.auction;
  const contract = a?.contract ? { value: a.contract.value, coinche: a.coinche } : undefined;
  return contract ? { taker: k.taker!, belote, announcements, contract } : { taker: k.taker!, belote, announcements };
}

/** What the last search did (benchmarks): samples solved and search nodes spent. */
export const lastSearch = { samples: 0, nodes: 0, perSample: [] as number[] };

/** Per legal move, what each solved sample gave the seat's team. */
export interface MoveSamples {
  moves: CardId[];
  /** margins[i][n]: written difference (team minus the other) after moves[i] in sample n. */
  margins: number[][];
  /** points[i][n]: the team's card points for the whole deal after moves[i] in sample n. */
  points: number[][];
  /** rolls[i][n]: written difference after moves[i] in sample n played out by heuristic players (`SampleOptions.rollouts`). */
  rolls?: number[][];
}

/** How the strong bot's own search solves its samples (the analysis keeps the defaults: exact card points). */
export interface SampleOptions {
  /** Count capots (252 for the team with every trick, docs/rules/RULES.md §7 / docs/rules/COINCHE.md §5), not only card points. */
  capot?: boolean;
  /**
   * Solve each move only until its written score is known within this many points (a contract
   * that fails is settled by one probe); absent: exact card points.
   */
  tolerance?: number;
  /** Start each move's probes from its value on the previous sampled deal (fewer probes). */
  guess?: boolean;
  /** Solve only whether each move makes the contract (and capots), not its exact points (with `tolerance`). */
  coarse?: boolean;
  /** Also play each move out on each solved sample with heuristic players (rollout.ts). */
  rollouts?: boolean;
}

/**
 * What each final card-point count (CAPOT_AGAINST … CAPOT_FOR) is worth to `team` under `facts`,
 * non-decreasing: impossible values between 162 and a capot count as 162, between a capot against
 * and 0 as 0. One table per belote and announcements seen in a decision's samples (the solver
 * looks worth up hundreds of times per probe; coinche's scoring is too slow for that).
 */
function worthTable(tables: Map<string, Float64Array>, facts: DealFacts, team: Team): Float64Array {
  const key = `${facts.belote.join()}|${facts.announcements.join()}|${facts.capotCounted ?? false}`;
  let t = tables.get(key);
  if (!t) {
    t = new Float64Array(CAPOT_FOR - CAPOT_AGAINST + 1);
    for (let f = CAPOT_AGAINST; f <= CAPOT_FOR; f++) t[f - CAPOT_AGAINST] = writtenDiff(facts, team, f === CAPOT_FOR || f === CAPOT_AGAINST ? f : Math.max(0, Math.min(162, f)));
    tables.set(key, t);
  }
  return t;
}

/**
 * Sample deals consistent with what the seat knows and solve each double-dummy for every
 * legal move (the strong bot's search, shared with the analysis of finished games). Stops
 * early, keeping the samples solved so far, when the budget's node or time limit is reached.
 */
export function pimcSamples(k: Knowledge, legal: number, rng: Rng, budget: PlayBudget, now: () => number = () => performance.now(), opts: SampleOptions = {}): MoveSamples {
  const moves = maskCards(legal);
  const team = teamOf(k.seat) as Team;
  const margins = moves.map((): number[] => []);
  const points = moves.map((): number[] => []);
  setLimits(budget.nodes, now() + budget.timeMs, now);
  const nodes0 = searchedNodes();
  lastSearch.samples = 0;
  lastSearch.perSample = [];
  const base = k.deal.points[team];
  const tricksWon = opts.capot ? k.deal.tricksWon : undefined;
  const bounds: number[] = [];
  const tables = new Map<string, Float64Array>();
  const rolls = opts.rollouts ? moves.map((): number[] => []) : undefined;
  const pub = rolls ? publicFacts(k) : undefined;
  const won = k.deal.tricksWon;
  for (let n = 0; n < budget.samples; n++) {
    const hands = sampleHands(k, rng);
    const facts = factsFor(k, hands);
    if (opts.capot) facts.capotCounted = true;
    const table = worthTable(tables, facts, team);
    const worth = (v: number): number => table[Math.max(CAPOT_AGAINST, Math.min(CAPOT_FOR, base + v)) - CAPOT_AGAINST]!;
    const exactly = opts.tolerance === undefined;
    const guesses = opts.guess && n > 0 ? moves.map((_, i) => points[i]![n - 1]! - base) : undefined;
    const values = solveMoves({ hands, trump: k.trump!, leader: k.leader, trick: k.trick, tricksWon }, team, moves, false, exactly ? { guesses } : { worth, tolerance: opts.tolerance, bounds, guesses, coarse: opts.coarse });
    if (!values) break; // out of budget: decide on the samples solved so far
    for (let i = 0; i < moves.length; i++) {
      const final = base + values[i]!;
      margins[i]!.push(exactly ? writtenDiff(facts, team, final) : (worth(bounds[2 * i]!) + worth(bounds[2 * i + 1]!)) / 2);
      points[i]!.push(Math.max(0, Math.min(162, final)));
    }
    if (rolls) {
      // The worth table when it counts capots (the bot's own search): coinche's scoring is slow.
      const capotFacts = { ...facts, capotCounted: true };
      for (let i = 0; i < moves.length; i++) {
        const r = rolloutPoints(k, pub!, hands, moves[i]!, team);
        const v = r.tricks + won[team] === 8 ? CAPOT_FOR : r.otherTricks + won[1 - team]! === 8 ? CAPOT_AGAINST : base + r.points;
        rolls[i]!.push(opts.capot ? table[v - CAPOT_AGAINST]! : writtenDiff(capotFacts, team, v));
      }
    }
    lastSearch.samples++;
    lastSearch.perSample.push(searchedNodes() - nodes0);
  }
  lastSearch.nodes = searchedNodes() - nodes0;
  return rolls ? { moves, margins, points, rolls } : { moves, margins, points };
}

/**
 * The bot's own search: capots counted, each move solved only as far as its written score needs
 * (tolerance 0: exact written score, but a lost contract is settled in one probe), probes
 * starting from the previous sample's values.
 */
const PLAY_OPTIONS: SampleOptions = { capot: true, tolerance: 0, guess: true };
const COARSE_OPTIONS: SampleOptions = { ...PLAY_OPTIONS, coarse: true };

/** The strong bot's card among the legal mask `legal`. */
export function pimcPlay(k: Knowledge, legal: number, rng: Rng, budget: PlayBudget, now: () => number = () => performance.now()): CardId {
  const fallback = heuristicPlay(k, legal);
  if ((legal & (legal - 1)) === 0) return maskCards(legal)[0]!;
  const coarse = k.plays.length < (budget.coarseCards ?? 0);
  const beta = budget.rollouts ?? 0;
  const useRoll = beta > 0;
  const opts = coarse ? COARSE_OPTIONS : PLAY_OPTIONS;
  const { moves, margins, points, rolls } = pimcSamples(k, legal, rng, budget, now, useRoll ? { ...opts, rollouts: true } : opts);
  // The written difference decides; raw points break ties between equally safe cards.
  const sums = moves.map((_, i) => margins[i]!.reduce((a, m, n) => a + (m + 0.05 * points[i]![n]!) + (rolls ? beta * rolls[i]![n]! : 0), 0));
  let best = moves.indexOf(fallback);
  for (let i = 0; i < moves.length; i++) if (sums[i]! > sums[best]! + 1e-9) best = i;
  return moves[best]!;
}
