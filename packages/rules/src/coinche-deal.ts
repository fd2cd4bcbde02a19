/**
 * The coinche side of the reducer (docs/rules/COINCHE.md §2–3): an accepted call updates the auction;
 * four passes with no bid redeal; three passes after a bid or a coinche, or a surcoinche, fix
 * the contract and trick play begins with the hands as dealt. Called after `checkAction`.
 */
import { afterCall, type AuctionState } from './auction.js';
import { redealResult, startPlay } from './bidding.js';
import { suitId } from './cards.js';
import { copyDeal, withDeal, type DealState, type GameState } from './state.js';
import type { Action, Call, GameEvent, Seat } from './types.js';

/** The call of a coinche action (the action without its seat). */
export function callOf(action: Extract<Action, { type: 'pass' | 'bid' | 'coinche' | 'surcoinche' }>): Call {
  return action.type === 'bid' ? { type: 'bid', value: action.value, suit: action.suit } : { type: action.type };
}

/** The record's action for a call by `seat`. */
function actionOf(seat: Seat, call: Call): Action {
  return call.type === 'bid' ? { type: 'bid', seat, value: call.value, suit: call.suit } : { type: call.type, seat };
}

/** Apply an accepted coinche call. */
export function coincheCall(state: GameState, deal: DealState, seat: Seat, call: Call, events: GameEvent[]): GameState {
  const auction: AuctionState = afterCall(deal.auction as AuctionState, seat, call);
  const d = copyDeal(deal);
  d.actions = [...deal.actions, actionOf(seat, call)];
  d.auction = auction;
  d.turn = auction.turn;
  events.push({ type: 'call', seat, call });
  if (auction.end === 'open') return withDeal(state, d);
  if (auction.end === 'redeal') {
    d.phase = 'over';
    d.result = redealResult(state);
    events.push({ type: 'redeal', dealer: deal.dealer });
    return withDeal(state, d);
  }
  const high = auction.high!;
  events.push({ type: 'contractSet', taker: high.bidder, trump: high.suit, contract: high.value, coinche: auction.coinche });
  startPlay(state, d, deal.hands.slice(), high.bidder, suitId(high.suit), events);
  return withDeal(state, d);
}
