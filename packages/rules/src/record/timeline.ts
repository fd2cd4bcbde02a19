/**
 * The replay model: every position of a game record, step by step. A record's finished deals
 * are folded through the reducer (the same path as `replayRecord`), and each step keeps the
 * state before it, the action, its public events and everything a replay shows: all four
 * hands face up, the bids, the cards on the table, the running points and the deal's result.
 * Only finished deals enter the timeline: an unfinished last deal is left out entirely, so a
 * replay never shows anything of a deal still being played.
 */
import { cardOf, maskCards, sortHand, type Card, type Suit } from '../cards.js';
import { apply, currentDeal, newGame, startDeal, type GameState } from '../game.js';
import { viewFor, type GameView } from '../view.js';
import type { Action, DealResult, GameEvent, Rules, Seat } from '../types.js';
import type { VerifyError } from './replay.js';
import type { GameRecord } from './schema.js';

/** Cards on the table at a step: the trick in progress, or the trick just completed with its winner. */
export interface ReplayTable {
  leader: Seat;
  cards: Card[];
  /** Set when the step completed the trick. */
  winner: Seat | null;
}

/** One step of a deal: the position after `action` (the deal as dealt when `action` is null). */
export interface ReplayFrame {
  /** Index of the deal in the record. */
  deal: number;
  /** 0 = the deal as dealt; k = after the deal's k-th action. */
  step: number;
  action: Action | null;
  /** Public events the action caused (belote calls, announcements, tricks won, the score). */
  events: GameEvent[];
  /** Everything public at this step: bids, trick, tricks, points, belote, announcements, result. */
  view: GameView;
  /** Every seat's hand now, sorted for display (trump first once chosen). */
  hands: [Card[], Card[], Card[], Card[]];
  /** Every card each seat has held this deal (5 while bidding, 8 once dealt out); played = held − hands. */
  held: [Card[], Card[], Card[], Card[]];
  table: ReplayTable;
  /** Completed tricks so far. */
  tricksDone: number;
}

export interface ReplayDeal {
  index: number;
  dealer: Seat;
  result: DealResult;
  /** frames[0] is the deal as dealt, frames[k] the position after action k − 1. */
  frames: ReplayFrame[];
  /** states[k]: the game state before action k (states[0] right after dealing); for analysis. */
  states: GameState[];
}

export interface ReplayTimeline {
  rules: Rules;
  deals: ReplayDeal[];
  /** The first illegal step of the record, if any (the timeline stops before its deal). */
  error: VerifyError | null;
  /** True when the record's last deal was unfinished and was left out. */
  unfinishedLeftOut: boolean;
}

const fourHands = (masks: readonly number[], trump: Suit | null): [Card[], Card[], Card[], Card[]] =>
  masks.map((m) => sortHand(maskCards(m).map(cardOf), trump)) as [Card[], Card[], Card[], Card[]];

function frameOf(index: number, step: number, state: GameState, action: Action | null, events: GameEvent[]): ReplayFrame {
  const deal = currentDeal(state)!;
  const view = viewFor(state, 'spectator');
  const trump = view.deal!.trump;
  const played = new Int32Array(4);
  for (const t of [...deal.tricks, deal.trick]) t.cards.forEach((c, i) => (played[(t.leader + i) & 3]! |= 1 << c));
  const won = events.find((e) => e.type === 'trickWon');
  const table: ReplayTable = won
    ? { leader: won.leader, cards: [...won.cards], winner: won.winner }
    : { leader: deal.trick.leader, cards: deal.phase === 'play' ? deal.trick.cards.map(cardOf) : [], winner: null };
  return {
    deal: index,
    step,
    action,
    events,
    view,
    hands: fourHands(deal.hands, trump),
    held: fourHands(deal.hands.map((h, s) => h | played[s]!), trump),
    table,
    tricksDone: deal.tricks.length,
  };
}

/** The replay timeline of a record: every finished deal, every step. Pure. */
export function replayTimeline(record: GameRecord): ReplayTimeline {
  let state = newGame(record.rules);
  const deals: ReplayDeal[] = [];
  let unfinishedLeftOut = false;
  const out = (error: VerifyError | null): ReplayTimeline => ({ rules: state.rules, deals, error, unfinishedLeftOut });
  for (let i = 0; i < record.deals.length; i++) {
    const d = record.deals[i]!;
    const started = startDeal(state, d.dealer, d.deck);
    if (!started.ok) return out({ deal: i, action: null, code: started.error.code, message: started.error.message });
    let s = started.state;
    const frames = [frameOf(i, 0, s, null, started.events)];
    const states = [s];
    for (let j = 0; j < d.actions.length; j++) {
      const r = apply(s, d.actions[j]!);
      if (!r.ok) {
        // A deal already over when the bad action came (e.g. an action after its eighth trick) is kept.
        const result = currentDeal(s)!.result;
        if (result) deals.push({ index: i, dealer: d.dealer, result, frames, states: states.slice(0, -1) });
        return out({ deal: i, action: j, code: r.error.code, message: r.error.message });
      }
      s = r.state;
      states.push(s);
      frames.push(frameOf(i, j + 1, s, d.actions[j]!, r.events));
    }
    state = s;
    const result = currentDeal(s)!.result;
    // An unfinished deal is never shown; a deal after it is WRONG_PHASE at the next startDeal.
    if (!result) {
      unfinishedLeftOut = i === record.deals.length - 1;
      continue;
    }
    states.pop();
    deals.push({ index: i, dealer: d.dealer, result, frames, states });
  }
  return out(null);
}
