/**
 * The game state as plain immutable data (what the reducer folds actions into), and the
 * cheap copy helpers the reducer uses. Copies are written field by field rather than with
 * object spreads: V8 then keeps a single object shape, which doubles reducer throughput.
 */
import type { AnnouncementOutcome } from './announcements.js';
import type { AuctionState } from './auction.js';
import type { Card, CardId, SuitId } from './cards.js';
import type { Action, DealResult, RuleError, RuleErrorCode, Rules, Seat, Team } from './types.js';

export interface CompletedTrick {
  readonly leader: Seat;
  readonly cards: readonly CardId[];
  readonly winner: Seat;
}

/** One deal: its deck and actions (the record) plus everything derived from them. */
export interface DealState {
  readonly dealer: Seat;
  readonly deck: readonly Card[];
  readonly deckIds: readonly CardId[];
  readonly actions: readonly Action[];
  readonly phase: 'bidding' | 'play' | 'over';
  /** Classic bidding round (always 1 in coinche). */
  readonly round: 1 | 2;
  /** Seat to act; null once the deal is over. */
  readonly turn: Seat | null;
  /** Passes so far in the current classic bidding round. */
  readonly passes: number;
  /** Classic: the turned-up card. Coinche: null (no retourne). */
  readonly retourne: CardId | null;
  /** Coinche: the auction (kept after it ends: contract and multiplier). Classic: null. */
  readonly auction: AuctionState | null;
  /** Current hands as 32-bit masks. */
  readonly hands: readonly number[];
  /** The 8-card hands at the start of play (masks), for announcements. */
  readonly startHands: readonly number[] | null;
  readonly taker: Seat | null;
  readonly trump: SuitId | null;
  readonly tricks: readonly CompletedTrick[];
  readonly trick: { readonly leader: Seat; readonly cards: readonly CardId[] };
  /** Card points of completed tricks per team (the last trick's 10 included once won). */
  readonly points: readonly [number, number];
  readonly trickCounts: readonly [number, number];
  /** Seat holding king and queen of trump after the deal was completed. */
  readonly beloteSeat: Seat | null;
  /** How many of the belote pair have been played (0, 1, 2). */
  readonly belotePlayed: number;
  readonly announcements: AnnouncementOutcome | null;
  readonly announcementsShown: boolean;
  /** Set when the deal is over (scored or redealt). */
  readonly result: DealResult | null;
}

export interface GameState {
  readonly rules: Rules;
  readonly deals: readonly DealState[];
  readonly totals: readonly [number, number];
  readonly litigePot: number;
  readonly winner: Team | null;
}

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export const err = (code: RuleErrorCode, message: string): { ok: false; error: RuleError } => ({
  ok: false,
  error: { code, message },
});

/** The deal in progress or last played, if any. */
export function currentDeal(state: GameState): DealState | null {
  return state.deals[state.deals.length - 1] ?? null;
}

/**
 * A classic deal completed after its taking, before its first card: the rest of the cards have
 * just been dealt (docs/rules/RULES.md §4), so whoever shows the table is still showing them land.
 */
export function justCompleted(deal: DealState): boolean {
  return deal.phase === 'play' && deal.retourne !== null && deal.tricks.length === 0 && deal.trick.cards.length === 0;
}

/** A field-by-field copy of a deal, to be modified before it enters a new state. */
export function copyDeal(d: DealState): Mutable<DealState> {
  return {
    dealer: d.dealer,
    deck: d.deck,
    deckIds: d.deckIds,
    actions: d.actions,
    phase: d.phase,
    round: d.round,
    turn: d.turn,
    passes: d.passes,
    retourne: d.retourne,
    auction: d.auction,
    hands: d.hands,
    startHands: d.startHands,
    taker: d.taker,
    trump: d.trump,
    tricks: d.tricks,
    trick: d.trick,
    points: d.points,
    trickCounts: d.trickCounts,
    beloteSeat: d.beloteSeat,
    belotePlayed: d.belotePlayed,
    announcements: d.announcements,
    announcementsShown: d.announcementsShown,
    result: d.result,
  };
}

/** A copy of the game state. */
export function copyGame(s: GameState): Mutable<GameState> {
  return { rules: s.rules, deals: s.deals, totals: s.totals, litigePot: s.litigePot, winner: s.winner };
}

/** The state with its current (last) deal replaced. */
export function withDeal(state: GameState, deal: DealState): Mutable<GameState> {
  const deals = state.deals.slice();
  deals[deals.length - 1] = deal;
  const s = copyGame(state);
  s.deals = deals;
  return s;
}
