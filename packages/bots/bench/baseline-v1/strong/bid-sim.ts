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

/** How plausible the passes already made are with this deck (a passer rarely had a taking hand). */
function passLikelihood(view: GameView, deck: readonly Card[]): number {
  const deal = view.deal!;
  let p = 1;
  for (const b of deal.bids) {
    if (b.type !== 'pass' || b.seat === view.viewer) continue;
    const five = firstFivePositions(deal.dealer, b.seat).map((i) => deck[i]!);
    if (heuristicBid({ ...deal, round: b.round }, five).type === 'take') p *= b.round === 1 ? 0.3 : 0.5;
  }
  return p;
}

/** A deck around the seat's cards, weighted by the auction so far (rejection sampling). */
function sampleDeck(view: GameView, rng: Rng): Card[] {
  let deck = uniformDeck(view, rng);
  for (let tries = 0; tries < 20 && rng() >= passLikelihood(view, deck); tries++) deck = uniformDeck(view, rng);
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

/** Simulated bid; `margin` is the average gain a take must show over passing. */
export function simulatedBid(view: GameView, rng: Rng, budget: BidBudget, margin = 0, now: () => number = () => performance.now()): BidChoice {
  const { options, margins } = bidSamples(view, rng, budget, now);
  const n = margins[0]!.length;
  const sums = margins.map((ms) => ms.reduce((a, m) => a + m, 0));
  let best = 0;
  for (let i = 1; i < options.length; i++) if (sums[i]! / n > sums[best]! / n + (best === 0 ? margin : 0)) best = i;
  return options[best]!;
}
