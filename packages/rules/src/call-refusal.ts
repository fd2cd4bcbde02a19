/**
 * Why a call of the coinche auction (docs/rules/COINCHE.md §3) is refused, in the engine's words
 * (the reducer's error message). Apart from auction.ts, whose legal calls every client folds:
 * the web client's first screen carries auction.ts, not these words.
 */
import { isSuit } from './cards.js';
import { bidRank, isBidValue, type AuctionState } from './auction.js';
import { assertNever, teamOf, type Call, type Seat } from './types.js';

/**
 * Why `seat` may not make `call` now (null when it may). Assumes the auction is open and it is
 * the seat's turn (the reducer checks those first, with their own error codes).
 */
export function callRefusalReason(a: AuctionState, seat: Seat, call: Call): string | null {
  switch (call.type) {
    case 'pass':
      return null;
    case 'bid': {
      if (!isBidValue(call.value))
        return `not a contract value: ${JSON.stringify(call.value)} (80 to 160 in steps of 10, or "capot")`;
      if (!isSuit(call.suit)) return `not a suit: ${JSON.stringify(call.suit)}`;
      if (a.coinchedBy !== null) return 'the contract is coinched: no more bids';
      if (a.high && bidRank(call.value) <= bidRank(a.high.value))
        return a.high.value === 'capot' ? 'nothing is higher than capot' : `must bid higher than ${a.high.value}`;
      return null;
    }
    case 'coinche':
      if (a.high === null) return 'no bid to coinche';
      if (a.coinchedBy !== null) return 'the contract is already coinched';
      if (teamOf(a.high.bidder) === teamOf(seat)) return "cannot coinche your own team's bid";
      return null;
    case 'surcoinche':
      if (a.coinchedBy === null || a.high === null) return 'no coinche to answer';
      if (teamOf(a.high.bidder) !== teamOf(seat)) return 'only the team that made the coinched bid may surcoinche';
      return null;
    default:
      return assertNever(call);
  }
}

