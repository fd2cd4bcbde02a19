/**
 * Bots against bots through the real engine: one deal or a whole game from a seed, each seat
 * deciding from its own view only (viewFor), every action checked by apply(). Used by the
 * duplicate benchmark and by the tests.
 */
import {
  apply,
  currentDeal,
  newGame,
  randomCall,
  randomInt,
  seededRng,
  shuffledDeck,
  startDeal,
  viewFor,
  type Action,
  type GameState,
  type GameView,
  type Move,
  type Rng,
  type Rules,
  type Seat,
  type Suit,
} from '@belote/rules';
import { decide, type BotLevel, type SearchBudget } from '../src/index.js';
import { decideV1 } from './baseline-v1/index.js';

/**
 * A seat's player: a bot level, a frozen baseline (`normal-v1`, `strong-v1`: bench/baseline-v1/),
 * random, or a hybrid that bids like one level and plays like another, to measure bidding alone
 * (`strong-bids`: the strong bot's bids and calls, the normal bot's cards; `strong-v1-bids` the same
 * for the baseline) or card play alone against the baseline (`strong-cards`: strong-v1's bids, the
 * strong bot's cards).
 */
export type Player = 'random' | BotLevel | 'normal-v1' | 'strong-v1' | 'strong-bids' | 'strong-v1-bids' | 'strong-cards';
export const PLAYERS: readonly Player[] = ['random', 'easy', 'normal', 'strong', 'normal-v1', 'strong-v1', 'strong-bids', 'strong-v1-bids', 'strong-cards'];

/** CPU time of this thread (ms): a decision's cost on one core, whatever else the machine runs. */
export const threadCpuMs = (): number => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};

/** The decision of `player` for the seat whose view this is. */
export function decideAs(player: Player, view: GameView, rng: Rng, budget?: Partial<SearchBudget>): Move {
  switch (player) {
    case 'random':
      return randomDecide(view, rng);
    case 'normal-v1':
      return decideV1(view, 'normal', rng, budget);
    case 'strong-v1':
      return decideV1(view, 'strong', rng, budget);
    case 'strong-bids':
      return decide(view, { level: view.deal!.phase === 'bidding' ? 'strong' : 'normal', rng, budget });
    case 'strong-v1-bids':
      return decideV1(view, view.deal!.phase === 'bidding' ? 'strong' : 'normal', rng, budget);
    case 'strong-cards':
      return view.deal!.phase === 'bidding' ? decideV1(view, 'strong', rng, budget) : decide(view, { level: 'strong', rng, budget });
    default:
      return decide(view, { level: player, rng, budget });
  }
}

/** A random legal player (classic bids: pass 70%; coinche: the engine's `randomCall`), seeing only its view like the bots. */
export function randomDecide(view: GameView, rng: Rng): Move {
  const deal = view.deal!;
  if (deal.phase === 'bidding' && deal.auction) {
    const { seat: _seat, ...call } = randomCall(deal.auction.legal, view.viewer as Seat, rng);
    return call as Move;
  }
  if (deal.phase === 'bidding') {
    if (rng() < 0.7) return { type: 'pass' };
    if (deal.round === 1) return { type: 'take' };
    const suits = (['S', 'H', 'D', 'C'] as Suit[]).filter((s) => !deal.retourne!.endsWith(s));
    return { type: 'take', suit: suits[randomInt(rng, 3)]! };
  }
  return { type: 'play', card: deal.legal[randomInt(rng, deal.legal.length)]! };
}

export interface ArenaOptions {
  /** Who sits at seats 0..3. */
  players: [Player, Player, Player, Player];
  rng: Rng;
  budget?: Partial<SearchBudget>;
  /** Called with every decision's duration (ms: wall clock, and this thread's CPU time) and who made it. */
  onDecision?: (player: Player, ms: number, phase: 'bidding' | 'play', cpuMs: number) => void;
  /** Extra check of every view / action (tests). */
  onAction?: (state: GameState, view: GameView, action: Action) => void;
}

function act(state: GameState, o: ArenaOptions): GameState {
  const seat = currentDeal(state)!.turn as Seat;
  const view = viewFor(state, seat);
  const player = o.players[seat];
  const c0 = o.onDecision ? threadCpuMs() : 0;
  const t0 = performance.now();
  const a = decideAs(player, view, o.rng, o.budget);
  o.onDecision?.(player, performance.now() - t0, view.deal!.phase === 'bidding' ? 'bidding' : 'play', threadCpuMs() - c0);
  const action = { ...a, seat } as Action;
  o.onAction?.(state, view, action);
  const r = apply(state, action);
  if (!r.ok) throw new Error(`${player} at seat ${seat} chose an illegal action ${JSON.stringify(a)}: ${r.error.message}`);
  return r.state;
}

/** Play the current deal of `state` to its end. */
export function playDeal(state: GameState, o: ArenaOptions): GameState {
  while (currentDeal(state)!.phase !== 'over') state = act(state, o);
  return state;
}

/** A fresh game, one deal with this deck and dealer: the written points per team. */
export function oneDeal(deck: readonly string[], dealer: Seat, o: ArenaOptions, rules: Partial<Rules> = {}): [number, number] {
  const started = startDeal(newGame(rules), dealer, deck as never);
  if (!started.ok) throw new Error(started.error.message);
  const end = playDeal(started.state, o);
  const w = currentDeal(end)!.result!.written;
  return [w[0], w[1]];
}

/** A whole game from a seed: the winner and the number of deals dealt. */
export function oneGame(seed: string, o: ArenaOptions, rules: Partial<Rules> = {}, maxDeals = 200): { winner: 0 | 1 | null; deals: number; state: GameState } {
  const deckRng = seededRng(`deck:${seed}`);
  let state = newGame(rules);
  let dealer = randomInt(deckRng, 4) as Seat;
  let n = 0;
  for (; n < maxDeals && state.winner === null; n++) {
    const started = startDeal(state, dealer, shuffledDeck(deckRng));
    if (!started.ok) throw new Error(started.error.message);
    state = playDeal(started.state, o);
    dealer = ((dealer + 1) & 3) as Seat;
  }
  return { winner: state.winner, deals: n, state };
}
