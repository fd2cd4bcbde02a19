/**
 * Analysis of a finished deal, decision by decision, from the replay model of the record:
 * each bid and card is judged from the view its seat had at that moment (`viewFor`), and each
 * card also against the exact double-dummy values with every hand known. Per seat: points
 * given away and how many decisions were accurate; through the deal: the exact evaluation.
 */
import { seededRng, teamOf, viewFor, type Action, type Call, type GameState, type ReplayDeal, type Seat } from '@belote/rules';
import { writtenDiff } from '../strong/outcome.js';
import { dealFacts, exactCardValues, type ExactValue } from './exact.js';
import { ANALYSIS_BUDGET, bidKey, callKey, judgeBid, judgeCall, judgeCard, type AnalysisBudget, type Judgement, type OptionValue } from './judge.js';
import { givenAway, isAccurate, isMark, markScale, pairedLoss, stakeOf, verdictOf, type Verdict } from './verdict.js';
import { whyOf, type Why } from './why.js';

/** Bump when values or verdicts change meaning, so cached analyses are recomputed. */
export const ANALYSIS_VERSION = 4;

export interface Decision {
  /** Index of the action in the deal (its frame is `step + 1`). */
  step: number;
  seat: Seat;
  kind: 'bid' | 'card';
  /** The option taken (a card, a classic bid key `pass`/`take`/`take:H`, or a coinche call key). */
  played: string;
  /**
   * Every option under the seat's knowledge, in a fixed order, with the exact value for cards
   * and `ahead`: in how many of the sampled deals the seat's team wrote more than the other
   * (for a card: the contract made, or beaten when the seat defends).
   */
  options: (OptionValue & { ahead: number; exact?: number; exactPoints?: number })[];
  /** The option with the highest value under the seat's knowledge. */
  best: string;
  /** Points given away against `best` (half the written difference lost), ≥ 0. */
  loss: number;
  /** Standard error of `loss` over the paired samples (0 for a forced card). */
  se: number;
  /** Points given away against the best card with every hand known (cards only). */
  exactLoss: number | null;
  verdict: Verdict;
  samples: number;
  /** Why the option taken was worse than `best`, in one fact (null when it was the best or forced). */
  why: Why | null;
}

export interface SeatTally {
  /** Points given away in total. */
  givenAway: number;
  /** Decisions judged (bids, and cards with more than one legal choice). */
  decisions: number;
  /** Of those, how many gave away less than the inaccuracy threshold (`isAccurate`). */
  accurate: number;
}

export interface DealAnalysis {
  version: number;
  /** The deal's index in the record. */
  deal: number;
  /** What the deal put at stake in written points (`stakeOf`): 162 in classic. */
  stake: number;
  /** The thresholds' factor in this deal (`markScale`): 1 in classic. */
  scale: number;
  decisions: Decision[];
  /** Per frame of the deal: the exact written difference for team 0 from that position (null while bidding). */
  evaluation: (number | null)[];
  seats: [SeatTally, SeatTally, SeatTally, SeatTally];
}

export interface AnalyseOptions {
  budget?: AnalysisBudget;
  /** Called after each decision: (decisions done, decisions in the deal). */
  onProgress?: (done: number, total: number) => void;
}

/** The seed of one decision: fixed by its place in the record, so a verdict is reproducible. */
export const decisionSeed = (deal: number, step: number): string => `belote-analysis/${ANALYSIS_VERSION}|${deal}|${step}`;

/** The best option under the seat's knowledge and what the one taken gave away against it. */
function lossOf(j: Judgement, played: string): { best: string; loss: number; se: number } {
  let b = 0;
  j.options.forEach((o, i) => {
    if (o.value > j.options[b]!.value + 1e-9) b = i;
  });
  const p = j.options.findIndex((o) => o.option === played);
  if (p < 0) throw new Error(`analysis: ${played} is not among the options`);
  return { best: j.options[b]!.option, ...pairedLoss(j.margins[b]!, j.margins[p]!) };
}

/**
 * Judge one action against the state before it: the seat's view at that moment is the only
 * input of the knowledge verdict; the state itself serves only the exact values of the cards.
 */
export function analyseDecision(
  state: GameState,
  action: Action,
  step: number,
  seed: string,
  budget: AnalysisBudget = ANALYSIS_BUDGET,
  known: ExactValue[] | null = null,
  scale = 1,
): Decision {
  const seat = action.seat;
  const rng = seededRng(seed);
  const view = viewFor(state, seat);
  const aheadIn = (j: Judgement, i: number): number => j.margins[i]!.filter((m) => m > 0).length;
  if (action.type === 'play') {
    const exact = known ?? exactCardValues(state);
    const markedIn = (j: Judgement): boolean => {
      const l = lossOf(j, action.card);
      return isMark(verdictOf(l.loss, j.options.length, l.se, scale));
    };
    // A forced card (one legal card) is left unsampled, as a forced call is: nothing to weigh,
    // and in the first tricks its sampled deals would cost as much as a choice's. No value of the
    // seat's may come from the state, so it has none (0, on no sampled deal).
    const judged: Judgement = view.deal!.legal.length === 1 ? { options: [{ option: action.card, value: 0 }], margins: [[]] } : judgeCard(view, rng, budget, markedIn);
    const options = judged.options.map((o, i) => {
      const e = exact.find((x) => x.card === o.option)!;
      return { ...o, ahead: aheadIn(judged, i), exact: e.margin, exactPoints: e.points };
    });
    const { best, loss, se } = lossOf(judged, action.card);
    const exactBest = Math.max(...exact.map((e) => e.margin));
    const mine = options.find((o) => o.option === action.card)!;
    const samples = judged.margins[0]!.length;
    const verdict = verdictOf(loss, options.length, se, scale);
    return {
      step,
      seat,
      kind: 'card',
      played: action.card,
      options,
      best,
      loss,
      se,
      exactLoss: givenAway(exactBest, mine.exact),
      verdict,
      samples,
      why: gaveAway(verdict) ? whyOf(view, 'card', options, action.card, best, samples) : null,
    };
  }
  // A bid (classic) or a call of the auction (coinche), valued by simulation.
  const coinche = view.rules.variant === 'coinche';
  const call: Call | null = coinche ? callOf(action) : null;
  const played = call ? callKey(call) : bidKey(action as Extract<Action, { type: 'pass' | 'take' }>);
  // The rest of the decks unless the first leave the bid clear of every mark: not marked even
  // were it two standard errors worse, with the standard error twice the decks would leave.
  const nearMark = (j: Judgement): boolean => {
    const l = lossOf(j, played);
    return isMark(verdictOf(l.loss + 2 * l.se, j.options.length, l.se / Math.SQRT2, scale));
  };
  const judged = call ? judgeCall(view, call, rng, budget, nearMark) : judgeBid(view, rng, budget, nearMark);
  const { best, loss, se } = lossOf(judged, played);
  const options = judged.options.map((o, i) => ({ ...o, ahead: aheadIn(judged, i) }));
  const samples = judged.margins[0]!.length;
  const verdict = verdictOf(loss, options.length, se, scale);
  return {
    step,
    seat,
    kind: 'bid',
    played,
    options,
    best,
    loss,
    se,
    exactLoss: null,
    verdict,
    samples,
    why: gaveAway(verdict) ? whyOf(view, 'bid', options, played, best, samples) : null,
  };
}

/** A decision that gave something away (not the best within half a point, not forced): it has a reason. */
const gaveAway = (v: Verdict): boolean => v !== 'best' && v !== 'forced';

/** A coinche action as the call it is. */
function callOf(a: Action): Call {
  switch (a.type) {
    case 'pass':
      return { type: 'pass' };
    case 'bid':
      return { type: 'bid', value: a.value, suit: a.suit };
    case 'coinche':
    case 'surcoinche':
      return { type: a.type };
    default:
      throw new Error(`analysis: ${a.type} is not a coinche call`);
  }
}

/** Analyse one finished deal of a replay timeline. */
export function analyseDeal(deal: ReplayDeal, opts: AnalyseOptions = {}): DealAnalysis {
  const budget = opts.budget ?? ANALYSIS_BUDGET;
  const total = deal.states.length;
  const stake = dealStake(deal);
  const scale = markScale(stake);
  const decisions: Decision[] = [];
  const evaluation: (number | null)[] = new Array<number | null>(deal.frames.length).fill(null);
  const seats = [0, 1, 2, 3].map(() => ({ givenAway: 0, decisions: 0, accurate: 0 })) as DealAnalysis['seats'];
  // The exact values first, all in a row: each position follows the last one, so the solver
  // keeps what it learnt (the seat's own searches, on other sampled deals, come after).
  const exact: (ExactValue[] | null)[] = [];
  let solved = false;
  for (let step = 0; step < total; step++) {
    const isCard = deal.frames[step + 1]!.action!.type === 'play';
    exact.push(isCard ? exactCardValues(deal.states[step]!, solved) : null);
    solved ||= isCard;
  }
  for (let step = 0; step < total; step++) {
    const action = deal.frames[step + 1]!.action!;
    const decision = analyseDecision(deal.states[step]!, action, step, decisionSeed(deal.index, step), budget, exact[step] ?? null, scale);
    decisions.push(decision);
    if (decision.kind === 'card') {
      // The position's exact value: the best the mover's team can do from here, seen from team 0.
      const best = Math.max(...decision.options.map((o) => o.exact!));
      evaluation[step] = teamOf(decision.seat) === 0 ? best : -best;
    }
    if (decision.verdict !== 'forced') {
      const t = seats[decision.seat];
      t.givenAway += decision.loss;
      t.decisions++;
      if (isAccurate(decision.loss, scale)) t.accurate++;
    }
    opts.onProgress?.(step + 1, total);
  }
  // The last position: what the deal's card points actually wrote (no evaluation after a redeal).
  if (deal.result.outcome !== 'redeal') {
    const facts = dealFacts(deal.states.at(-1)!);
    evaluation[deal.frames.length - 1] = writtenDiff(facts, 0, deal.result.points[0]);
  }
  return { version: ANALYSIS_VERSION, deal: deal.index, stake, scale, decisions, evaluation, seats };
}

/** What a deal of the timeline put at stake (`stakeOf`: its contract and multiplier in coinche). */
export const dealStake = (deal: ReplayDeal): number => stakeOf(deal.states[0]!.rules.variant, deal.result.contract, deal.result.coinche);

/** Accuracy in percent (null without a judged decision). */
export const accuracyOf = (t: SeatTally): number | null => (t.decisions ? (100 * t.accurate) / t.decisions : null);

/** Per-seat tallies summed over several deals. */
export function sumTallies(deals: readonly DealAnalysis[]): [SeatTally, SeatTally, SeatTally, SeatTally] {
  const out = [0, 1, 2, 3].map(() => ({ givenAway: 0, decisions: 0, accurate: 0 })) as [SeatTally, SeatTally, SeatTally, SeatTally];
  for (const d of deals)
    d.seats.forEach((t, s) => {
      out[s]!.givenAway += t.givenAway;
      out[s]!.decisions += t.decisions;
      out[s]!.accurate += t.accurate;
    });
  return out;
}
