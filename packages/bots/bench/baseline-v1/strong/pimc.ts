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
import { sampleHands } from './sampler.js';
import { setLimits, solveMoves } from './solver.js';

export interface PlayBudget {
  /** Deals sampled per move (the determinism knob). */
  samples: number;
  /** Search nodes per move (~17M/s on one core): the deterministic effort cap. */
  nodes: number;
  /** Safety cap (ms): stop sampling past it even if fewer samples were solved. */
  timeMs: number;
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

/** Per legal move, what each solved sample gave the seat's team. */
export interface MoveSamples {
  moves: CardId[];
  /** margins[i][n]: written difference (team minus the other) after moves[i] in sample n. */
  margins: number[][];
  /** points[i][n]: the team's card points for the whole deal after moves[i] in sample n. */
  points: number[][];
}

/**
 * Sample deals consistent with what the seat knows and solve each double-dummy for every
 * legal move (the strong bot's search, shared with the analysis of finished games). Stops
 * early, keeping the samples solved so far, when the budget's node or time limit is reached.
 */
export function pimcSamples(k: Knowledge, legal: number, rng: Rng, budget: PlayBudget, now: () => number = () => performance.now()): MoveSamples {
  const moves = maskCards(legal);
  const team = teamOf(k.seat) as Team;
  const margins = moves.map((): number[] => []);
  const points = moves.map((): number[] => []);
  setLimits(budget.nodes, now() + budget.timeMs, now);
  for (let n = 0; n < budget.samples; n++) {
    const hands = sampleHands(k, rng);
    const values = solveMoves({ hands, trump: k.trump!, leader: k.leader, trick: k.trick }, team, moves);
    if (!values) break; // out of budget: decide on the samples solved so far
    const facts = factsFor(k, hands);
    for (let i = 0; i < moves.length; i++) {
      const final = k.deal.points[team] + values[i]!;
      margins[i]!.push(writtenDiff(facts, team, final));
      points[i]!.push(final);
    }
  }
  return { moves, margins, points };
}

/** The strong bot's card among the legal mask `legal`. */
export function pimcPlay(k: Knowledge, legal: number, rng: Rng, budget: PlayBudget, now: () => number = () => performance.now()): CardId {
  const fallback = heuristicPlay(k, legal);
  if ((legal & (legal - 1)) === 0) return maskCards(legal)[0]!;
  const { moves, margins, points } = pimcSamples(k, legal, rng, budget, now);
  // The written difference decides; raw points break ties between equally safe cards.
  const sums = moves.map((_, i) => margins[i]!.reduce((a, m, n) => a + (m + 0.05 * points[i]![n]!), 0));
  let best = moves.indexOf(fallback);
  for (let i = 0; i < moves.length; i++) if (sums[i]! > sums[best]! + 1e-9) best = i;
  return moves[best]!;
}
