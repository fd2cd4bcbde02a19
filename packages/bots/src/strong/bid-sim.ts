/**
 * Bidding of the strong bot by simulation: deal the unseen cards (the other hands and the
 * talon) many times around the seat's five cards and the retourne, then for each bid open
 * to it (pass, take, or take in each other suit) play the rest of the deal out through the
 * engine with heuristic players, and choose the bid with the best average written score.
 * The same sampled decks serve every bid, so the comparison is paired.
 */
import {
  apply,
  cardId,
  cardOf,
  currentDeal,
  newGame,
  startDeal,
  viewFor,
  type Action,
  type Card,
  type GameState,
  type GameView,
  type Rng,
  type Seat,
  type Suit,
} from '@belote/rules';
import { heuristicBid, type BidChoice } from '../heuristic/bid.js';
import { placeOf } from '../heuristic/take-value.js';
import { bidAgreement } from './inference.js';
import { heuristicPlay } from '../heuristic/play.js';
import { knowledgeOf } from '../knowledge.js';
import { maskOf } from '@belote/rules';

export interface BidBudget {
  /** Decks sampled per bid decision. */
  bidSamples: number;
  timeMs: number;
}

/** Deck positions dealt to `seat` in the first five cards (docs/rules/RULES.md §3). */
function firstFivePositions(dealer: Seat, seat: Seat): number[] {
  const o = (seat - dealer - 1) & 3;
  return [3 * o, 3 * o + 1, 3 * o + 2, 12 + 2 * o, 13 + 2 * o];
}

function uniformDeck(view: GameView, rng: Rng): Card[] {
  const deal = view.deal!;
  const seat = view.viewer as Seat;
  const deck: (Card | null)[] = new Array<Card | null>(32).fill(null);
  const mine = deal.hand!;
  firstFivePositions(deal.dealer, seat).forEach((p, i) => (deck[p] = mine[i]!));
  deck[20] = deal.retourne!; // classic deals always have one
  const known = new Set<number>([...mine, deal.retourne!].map(cardId));
  const rest: Card[] = [];
  for (let c = 0; c < 32; c++) if (!known.has(c)) rest.push(cardOf(c));
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  let r = 0;
  return deck.map((c) => c ?? rest[r++]!);
}

/**
 * How plausible the passes already made are with this deck: each is replayed on that seat's five
 * cards with the model of the other players' bidding (`bidAgreement`, inference.ts).
 */
function passLikelihood(view: GameView, deck: readonly Card[]): number {
  const deal = view.deal!;
  const retourne = cardId(deal.retourne!);
  let p = 1;
  for (const b of deal.bids) {
    if (b.type !== 'pass' || b.seat === view.viewer) continue;
    const five = maskOf(firstFivePositions(deal.dealer, b.seat).map((i) => deck[i]!));
    p *= bidAgreement(b.round, placeOf(b.seat, deal.dealer), five, retourne, null);
  }
  return p;
}

/** A deck around the seat's cards, weighted by the auction so far (rejection sampling). */
function sampleDeck(view: GameView, rng: Rng): Card[] {
  let deck = uniformDeck(view, rng);
  for (let tries = 0; tries < 40 && rng() >= passLikelihood(view, deck); tries++) deck = uniformDeck(view, rng);
  return deck;
}

/** The normal heuristic's action for `seat` in a simulated game (classic bidding, or card play). */
export function heuristicAction(state: GameState, seat: Seat): Action {
  const view = viewFor(state, seat);
  const deal = view.deal!;
  if (deal.phase === 'bidding') return { ...heuristicBid(deal, deal.hand!), seat };
  return { type: 'play', seat, card: cardOf(heuristicPlay(knowledgeOf(view), maskOf(deal.legal))) };
}

export function step(state: GameState, action: Action): GameState {
  const r = apply(state, action);
  if (!r.ok) throw new Error(`bid simulation: ${r.error.message}`);
  return r.state;
}

/** Written difference for the seat's team after bidding `choice` on this deck. */
function rollout(view: GameView, deck: Card[], choice: BidChoice): number {
  const deal = view.deal!;
  const seat = view.viewer as Seat;
  const started = startDeal(newGame(view.rules), deal.dealer, deck);
  if (!started.ok) throw new Error(started.error.message);
  let state = started.state;
  for (const b of deal.bids) {
    const action: Action = b.type === 'pass' ? { type: 'pass', seat: b.seat } : b.round === 1 ? { type: 'take', seat: b.seat } : { type: 'take', seat: b.seat, suit: b.suit! };
    state = step(state, action);
  }
  state = step(state, { ...choice, seat });
  for (let d = currentDeal(state)!; d.phase !== 'over'; d = currentDeal(state)!) state = step(state, heuristicAction(state, d.turn!));
  const w = currentDeal(state)!.result!.written;
  return (seat & 1) === 0 ? w[0] - w[1] : w[1] - w[0];
}

/** The bids open to the seat now. */
export function bidOptions(view: GameView): BidChoice[] {
  const deal = view.deal!;
  if (deal.round === 1) return [{ type: 'pass' }, { type: 'take' }];
  const others = (['S', 'H', 'D', 'C'] as Suit[]).filter((s) => !deal.retourne!.endsWith(s));
  return [{ type: 'pass' }, ...others.map((suit) => ({ type: 'take' as const, suit }))];
}

/** Per bid open to the seat, the written difference each simulated deck gave its team. */
export interface BidSamples {
  options: BidChoice[];
  /** margins[i][n]: written difference (the seat's team minus the other) after options[i] on deck n. */
  margins: number[][];
}

/**
 * Play every bid open to the seat out on the same sampled decks (paired), within the budget;
 * shared by the strong bot and the analysis of finished games.
 */
export function bidSamples(view: GameView, rng: Rng, budget: BidBudget, now: () => number = () => performance.now()): BidSamples {
  const options = bidOptions(view);
  const margins = options.map((): number[] => []);
  const start = now();
  for (let n = 0; n < budget.bidSamples; n++) {
    if (n > 0 && now() - start > budget.timeMs) break;
    const deck = sampleDeck(view, rng);
    options.forEach((o, i) => margins[i]!.push(rollout(view, deck, o)));
  }
  return { options, margins };
}

/**
 * How many standard errors of the paired difference the best bid must lead the next by for the
 * first `bidSamples` decks to settle it; closer bids get as many decks again. Doubling the decks
 * of every bid changed 48 of 240 seatings' auctions on the bench's decks (+4.3 ± 7.4 per deal
 * against normal-v1, decks 0–119): the decision is noisy where it is close, so the extra decks go
 * there only (a third of the decisions). This rule against one round: +1.4 ± 3.3 per deal over
 * 420 decks (96 of 840 auctions changed): not shown to gain (docs/perf-log/2026-12-02-bots.md).
 * The default `bidSamples` is 160 since session e (160 against 80 with this rule: +3.1 ± 2.8 per
 * deal over 400 decks; 240 against 160: 0.0 ± 1.8).
 */
const CLEAR_Z = 2;

/** The option with the best mean, a take having to beat passing (option 0) by `margin`. */
function bestOption(margins: readonly number[][], margin: number, skip = -1): number {
  const value = (i: number): number => margins[i]!.reduce((a, m) => a + m, 0) / margins[i]!.length - (i === 0 ? 0 : margin);
  let best = skip === 0 ? 1 : 0;
  for (let i = 0; i < margins.length; i++) if (i !== skip && value(i) > value(best)) best = i;
  return best;
}

/** Whether option `a` leads option `b` by more than CLEAR_Z standard errors on the paired decks. */
function clearlyAhead(margins: readonly number[][], a: number, b: number, margin: number): boolean {
  const shift = (a === 0 ? margin : 0) - (b === 0 ? margin : 0);
  const d = margins[a]!.map((m, n) => m - margins[b]![n]! + shift);
  const n = d.length;
  if (n < 2) return false;
  const mean = d.reduce((x, y) => x + y, 0) / n;
  const sd = Math.sqrt(d.reduce((x, y) => x + (y - mean) ** 2, 0) / (n - 1));
  return mean > (CLEAR_Z * sd) / Math.sqrt(n) || (sd === 0 && mean >= 0);
}

/** What the last simulated bid did (tests, benchmarks): the decks it played out. */
export const lastBid = { decks: 0 };

/**
 * Simulated bid: the bid with the best average written difference over `bidSamples` sampled decks,
 * or over twice as many when the best leads the next by less than CLEAR_Z standard errors;
 * `margin` is the average gain a take must show over passing.
 */
export function simulatedBid(view: GameView, rng: Rng, budget: BidBudget, margin = 0, now: () => number = () => performance.now()): BidChoice {
  const start = now();
  lastBid.decks = 0;
  const { options, margins } = bidSamples(view, rng, budget, now);
  let best = bestOption(margins, margin);
  if (options.length > 1 && !clearlyAhead(margins, best, bestOption(margins, margin, best), margin) && now() - start <= budget.timeMs) {
    const more = bidSamples(view, rng, { ...budget, timeMs: budget.timeMs - (now() - start) }, now);
    more.margins.forEach((ms, i) => margins[i]!.push(...ms));
    best = bestOption(margins, margin);
  }
  lastBid.decks = margins[0]!.length;
  return options[best]!;
}
