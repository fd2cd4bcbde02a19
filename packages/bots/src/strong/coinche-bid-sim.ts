/**
 * Coinche calls of the strong bot by simulation: deal the 24 unseen cards to the other seats
 * many times (weighted by how well they explain the calls so far), then for each candidate call
 * (pass, coinche/surcoinche when legal, a few bids in the best suits, and the heuristic's own
 * call) finish the auction with heuristic callers and the deal with heuristic players through
 * the engine, and choose the call with the best average written score (docs/rules/COINCHE.md §5). The same
 * sampled deals serve every candidate (paired comparison); within one sampled deal the auction
 * so far is replayed once for every candidate, and the card play of a given trump and taker is
 * played once and scored for each contract that leads to it.
 */
import {
  SUITS,
  currentDeal,
  legalCallsOf,
  maskCards,
  maskOf,
  newGame,
  scoreCoincheDeal,
  startDeal,
  teamOf,
  cardOf,
  type Call,
  type Card,
  type GameState,
  type GameView,
  type Rng,
  type Seat,
  type SeatCall,
} from '@belote/rules';
import { heuristicCall, teamEstimate } from '../heuristic/coinche-bid.js';
import { heuristicAction, step, type BidBudget } from './bid-sim.js';
import { auctionContexts, contextLikelihood, type CallContext } from './coinche-prior.js';

/** The deck that deals `hands` 3-2-3 from the eldest (docs/rules/COINCHE.md §2 run backwards). */
export function coincheDeck(dealer: Seat, hands: readonly number[]): Card[] {
  const cards = hands.map((h) => maskCards(h).map(cardOf));
  const order = [1, 2, 3, 4].map((k) => (dealer + k) & 3);
  return [...order.flatMap((s) => cards[s]!.slice(0, 3)), ...order.flatMap((s) => cards[s]!.slice(3, 5)), ...order.flatMap((s) => cards[s]!.slice(5, 8))];
}

/** Draws judged for one sampled deal at most. */
const MAX_TRIES = 200;
/**
 * Draws judged per sample on average over one decision (bidSamples × this in all); once that is
 * spent, each further sample keeps the likeliest of MIN_TRIES draws. An auction the heuristic
 * model can hardly explain (another program's calls) refuses nearly every draw: bidSamples ×
 * MAX_TRIES judgements took a strong bot 230–390 ms of CPU per call against strong-v1, while about
 * half the calls need under 25 per sample.
 */
export const TRIES_PER_SAMPLE = 60;
export const MIN_TRIES = 20;

/** The other hands dealt uniformly around the seat's own, then weighted by the auction (rejection sampling, at most `maxTries` draws). */
function sampleHands(view: GameView, contexts: readonly CallContext[], rng: Rng, maxTries = MAX_TRIES): { hands: number[]; tries: number } {
  const deal = view.deal!;
  const me = view.viewer as Seat;
  const mine = maskOf(deal.hand!);
  const rest = maskCards(~mine);
  const draw = (): number[] => {
    for (let i = rest.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [rest[i], rest[j]] = [rest[j]!, rest[i]!];
    }
    const hands = [0, 0, 0, 0];
    hands[me] = mine;
    let k = 0;
    for (let s = 0; s < 4; s++) if (s !== me) for (let j = 0; j < 8; j++) hands[s]! |= 1 << rest[k++]!;
    return hands;
  };
  // Rejection sampling: accept a draw with its likelihood; after MAX_TRIES keep the likeliest seen.
  // The acceptance draw comes before the likelihood (which uses no randomness: same sequence), so
  // that a draw neither accepted nor likeliest is refused without judging the rest of its calls.
  let best: number[] | null = null;
  let bestP = -1;
  let tries = 0;
  while (tries < maxTries) {
    tries++;
    const hands = draw();
    const u = rng();
    const p = contextLikelihood(contexts, hands, Math.min(u, bestP));
    if (u < p) return { hands, tries };
    if (p > bestP) {
      best = hands;
      bestP = p;
    }
  }
  return { hands: best!, tries };
}

/** The candidate calls: the heuristic's, pass, coinche/surcoinche if legal, and bids around the estimate in the two best suits. */
export function callOptions(view: GameView, base: Call): Call[] {
  const deal = view.deal!;
  const a = deal.auction!;
  const me = view.viewer as Seat;
  const hand = maskOf(deal.hand!);
  const out: Call[] = [base, { type: 'pass' }];
  if (a.legal.coinche) out.push({ type: 'coinche' });
  if (a.legal.surcoinche) out.push({ type: 'surcoinche' });
  const numbers = a.legal.bids.filter((v): v is Exclude<typeof v, 'capot'> => v !== 'capot');
  if (numbers.length > 0) {
    const suits = [0, 1, 2, 3].map((s) => ({ s, est: teamEstimate(me, hand, a.calls, s) })).sort((x, y) => y.est - x.est).slice(0, 2);
    for (const { s, est } of suits) {
      const target = Math.floor((est - 15) / 10) * 10;
      const values = new Set([numbers[0]!, target - 10, target, target + 10].filter((v) => numbers.includes(v as never)));
      for (const value of [...values].slice(0, 3)) out.push({ type: 'bid', value: value as (typeof numbers)[number], suit: SUITS[s]! });
    }
  }
  const seen = new Set<string>();
  return out.filter((c) => {
    const k = JSON.stringify(c);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

interface Tally {
  points: [number, number];
  tricks: [number, number];
  belote: [number, number];
  announcements: [number, number];
}

/** The sampled deal dealt and its auction replayed up to the seat's turn (the same for every option). */
function auctionSoFar(view: GameView, deck: Card[]): GameState {
  const deal = view.deal!;
  const started = startDeal(newGame(view.rules), deal.dealer, deck);
  if (!started.ok) throw new Error(started.error.message);
  let state: GameState = started.state;
  for (const c of deal.auction!.calls as SeatCall[]) state = step(state, { ...c.call, seat: c.seat });
  return state;
}

/** Written points of the seat's team minus the other's after `call` from `before` (a sampled deal at the seat's turn). */
function rollout(view: GameView, before: GameState, call: Call, plays: Map<number, Tally>): number {
  const me = view.viewer as Seat;
  let state = step(before, { ...call, seat: me });
  for (let d = currentDeal(state)!; d.phase === 'bidding'; d = currentDeal(state)!) {
    const s = d.turn!;
    const a = d.auction!;
    state = step(state, { ...heuristicCall(s, d.hands[s]!, { calls: a.calls, contract: a.high, coinchedBy: a.coinchedBy, legal: legalCallsOf(a, s) }), seat: s });
  }
  const d = currentDeal(state)!;
  if (d.phase === 'over') return 0; // four passes: nothing written
  const key = d.trump! * 4 + d.taker!;
  let t = plays.get(key);
  if (!t) {
    let s = state;
    for (let p = currentDeal(s)!; p.phase !== 'over'; p = currentDeal(s)!) s = step(s, heuristicAction(s, p.turn!));
    const r = currentDeal(s)!.result!;
    const won: [number, number] = [0, 0];
    for (const tr of r.tricks) won[teamOf(tr.winner!)]++;
    t = { points: r.points, tricks: won, belote: r.belote, announcements: r.announcements };
    plays.set(key, t);
  }
  const high = d.auction!.high!;
  const score = scoreCoincheDeal({ takerTeam: teamOf(d.taker!), ...t }, { value: high.value, coinche: d.auction!.coinche }, view.rules.tie, view.litigePot);
  const w = score.written;
  return teamOf(me) === 0 ? w[0] - w[1] : w[1] - w[0];
}

/** Per candidate call, the written difference each complete sampled deal gave the seat's team. */
export interface CallSamples {
  options: Call[];
  /** margins[i][n]: written difference (the seat's team minus the other) after options[i] on deal n. */
  margins: number[][];
}

/**
 * Play every call of `options` out on the same sampled deals (paired), within the budget; only
 * complete samples count (every option on the same deal). The clock is read before each rollout
 * so that a loaded machine overshoots the cap by one rollout at most. Shared by the strong bot
 * and the analysis of finished games.
 */
export function callSamples(view: GameView, options: readonly Call[], rng: Rng, budget: BidBudget, now: () => number = () => performance.now()): CallSamples {
  const deal = view.deal!;
  const me = view.viewer as Seat;
  const margins = options.map((): number[] => []);
  const one = new Float64Array(options.length);
  const contexts = auctionContexts(deal.auction!.calls, deal.eldest, me);
  const start = now();
  let triesLeft = budget.bidSamples * TRIES_PER_SAMPLE;
  sampling: for (let n = 0; n < budget.bidSamples; n++) {
    const { hands, tries } = sampleHands(view, contexts, rng, Math.min(MAX_TRIES, Math.max(MIN_TRIES, triesLeft)));
    triesLeft -= tries;
    const before = auctionSoFar(view, coincheDeck(deal.dealer, hands));
    const plays = new Map<number, Tally>();
    for (let i = 0; i < options.length; i++) {
      if (n > 0 && now() - start > budget.timeMs) break sampling;
      one[i] = rollout(view, before, options[i]!, plays);
    }
    for (let i = 0; i < options.length; i++) margins[i]!.push(one[i]!);
  }
  return { options: [...options], margins };
}

/** Simulated call; the heuristic's call is kept unless another does better on average by `margin`. */
export function simulatedCall(view: GameView, rng: Rng, budget: BidBudget, margin = 2, now: () => number = () => performance.now()): Call {
  const deal = view.deal!;
  const base = heuristicCall(view.viewer as Seat, maskOf(deal.hand!), deal.auction!);
  const options = callOptions(view, base);
  if (options.length === 1) return base;
  const { margins } = callSamples(view, options, rng, budget, now);
  const n = margins[0]!.length;
  const sums = margins.map((ms) => ms.reduce((a, m) => a + m, 0));
  let best = 0;
  for (let i = 1; i < options.length; i++) if (sums[i]! > sums[best]! + (best === 0 ? margin * n : 0)) best = i;
  return options[best]!;
}
