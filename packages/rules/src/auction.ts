/**
 * The coinche auction (docs/rules/COINCHE.md §3) as pure functions on an immutable state: which calls a
 * seat may make and the state after a call; why a call is refused is in call-refusal.ts (its words
 * are the server's: the web client's first screen does not carry them). The reducer
 * (coinche-deal.ts) applies them; the fast core has a mask-based twin (fast/auction.ts).
 */
import type { Suit } from './cards.js';
import { BID_VALUES, assertNever, nextSeat, teamOf, type BidValue, type Call, type Multiplier, type Seat } from './types.js';

/** The highest bid so far (the contract once the auction is over). */
export interface Contract {
  value: BidValue;
  suit: Suit;
  bidder: Seat;
}

export interface SeatCall {
  seat: Seat;
  call: Call;
}

export interface AuctionState {
  /** Seat to call; null once the auction is over. */
  readonly turn: Seat | null;
  /** Every call so far, in order. */
  readonly calls: readonly SeatCall[];
  readonly high: Contract | null;
  readonly coinche: Multiplier;
  readonly coinchedBy: Seat | null;
  readonly surcoinchedBy: Seat | null;
  /** Passes since the last bid or coinche (since the start when there is none). */
  readonly passes: number;
  /** `open` while calling; `contract` (three passes, or a surcoinche) or `redeal` (four passes, no bid). */
  readonly end: 'open' | 'contract' | 'redeal';
}

/** What a seat may call now: pass, a bid of any of `bids` (in any suit), coinche, surcoinche. */
export interface LegalCalls {
  pass: boolean;
  bids: BidValue[];
  coinche: boolean;
  surcoinche: boolean;
}

export const NO_CALLS: Readonly<LegalCalls> = Object.freeze({ pass: false, bids: [], coinche: false, surcoinche: false });

/** The auction before the first call: the eldest speaks first. */
export function openAuction(eldest: Seat): AuctionState {
  return { turn: eldest, calls: [], high: null, coinche: 1, coinchedBy: null, surcoinchedBy: null, passes: 0, end: 'open' };
}

export function isBidValue(v: unknown): v is BidValue {
  return (BID_VALUES as readonly unknown[]).includes(v);
}

/** Rank of a contract value: 0 for 80 … 8 for 160, 9 for capot. */
export const bidRank = (v: BidValue): number => BID_VALUES.indexOf(v);

/** The contract's points in the formulas of docs/rules/COINCHE.md §5: the value, 250 for a capot. */
export const contractPoints = (v: BidValue): number => (v === 'capot' ? 250 : v);

/** Whether `seat` may coinche now: a bid of the other team, not coinched yet (call-refusal.ts says why not). */
export const mayCoinche = (a: AuctionState, seat: Seat): boolean => a.high !== null && a.coinchedBy === null && teamOf(a.high.bidder) !== teamOf(seat);

/** Whether `seat` may surcoinche now: its own team's bid was coinched. */
export const maySurcoinche = (a: AuctionState, seat: Seat): boolean => a.high !== null && a.coinchedBy !== null && teamOf(a.high.bidder) === teamOf(seat);

/** The calls `seat` may make (assumes an open auction and the seat's turn, as above). */
export function legalCallsOf(a: AuctionState, seat: Seat): LegalCalls {
  const bids = a.coinchedBy !== null ? [] : BID_VALUES.filter((v) => a.high === null || bidRank(v) > bidRank(a.high.value));
  return {
    pass: true,
    bids,
    coinche: mayCoinche(a, seat),
    surcoinche: maySurcoinche(a, seat),
  };
}

/** The auction after `seat`'s accepted call. */
export function afterCall(a: AuctionState, seat: Seat, call: Call): AuctionState {
  const next: AuctionState = { ...a, turn: nextSeat(seat), calls: [...a.calls, { seat, call }] };
  switch (call.type) {
    case 'pass': {
      const passes = a.passes + 1;
      const end = a.high === null ? (passes === 4 ? 'redeal' : 'open') : passes === 3 ? 'contract' : 'open';
      return { ...next, passes, end, turn: end === 'open' ? next.turn : null };
    }
    case 'bid':
      return { ...next, passes: 0, high: { value: call.value, suit: call.suit, bidder: seat } };
    case 'coinche':
      return { ...next, passes: 0, coinche: 2, coinchedBy: seat };
    case 'surcoinche':
      return { ...next, coinche: 4, surcoinchedBy: seat, end: 'contract', turn: null };
    default:
      return assertNever(call);
  }
}
