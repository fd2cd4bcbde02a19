/**
 * The game as data plus a reducer: `startDeal` and `apply` return a new state and the
 * public events the step caused, or a typed error (docs/rules/RECORD.md codes). Expected rule
 * violations are returned values; exceptions are bugs. The variant (`rules.variant`) picks
 * the dealing and the bidding: classic bidding lives in bidding.ts, the coinche auction in
 * auction.ts and coinche-deal.ts; trick play and deal scoring (both variants) in
 * trick-play.ts, the state shape in state.ts.
 */
import { NO_CALLS, legalCallsOf, openAuction, type LegalCalls } from './auction.js';
import { callRefusalReason } from './call-refusal.js';
import { bid } from './bidding.js';
import { bit, cardId, cardOf, isCard, isSuit, suitId, suitOf, type Card, type CardId, type SuitId } from './cards.js';
import { callOf, coincheCall } from './coinche-deal.js';
import { dealAll, dealFive, deckIds, deckProblem } from './dealing.js';
import { legalMask, refusalReason } from './play.js';
import { rulesWithDefaults } from './settings.js';
import { currentDeal, err, type DealState, type GameState } from './state.js';
import { playCard } from './trick-play.js';
import { assertNever, nextSeat, type Action, type ApplyResult, type GameEvent, type RuleError, type Rules, type Seat } from './types.js';

export type { CompletedTrick, DealState, GameState } from './state.js';
export { currentDeal, justCompleted } from './state.js';
export { dealReport, tricksOf } from './report.js';

/** A new game with no deal yet; omitted settings take the variant's defaults (docs/rules/RULES.md, docs/rules/COINCHE.md §1). */
export function newGame(rules: Partial<Rules> = {}): GameState {
  return { rules: rulesWithDefaults(rules), deals: [], totals: [0, 0], litigePot: 0, winner: null };
}

/** Who deals next: the seat after the last dealer, or null before the first deal (free choice). */
export function nextDealer(state: GameState): Seat | null {
  const d = currentDeal(state);
  return d ? nextSeat(d.dealer) : null;
}

/**
 * Start a deal with an explicit dealer and deck order (the server shuffles; records replay).
 * Errors, in docs/rules/RECORD.md's order: GAME_OVER, WRONG_PHASE (the previous deal is unfinished),
 * BAD_DEALER, BAD_DECK.
 */
export function startDeal(state: GameState, dealer: Seat, deck: readonly Card[]): ApplyResult<GameState> {
  if (state.winner !== null) return err('GAME_OVER', 'the game is over');
  const last = currentDeal(state);
  if (last && last.phase !== 'over') return err('WRONG_PHASE', 'the previous deal is not finished');
  if (last && dealer !== nextSeat(last.dealer))
    return err('BAD_DEALER', `dealer must be seat ${nextSeat(last.dealer)}, got ${dealer}`);
  const problem = deckProblem(deck);
  if (problem) return err('BAD_DECK', problem);
  const ids = deckIds(deck);
  const coinche = state.rules.variant === 'coinche';
  // Classic: 5 cards each and the retourne; coinche: all 8 cards, 3-2-3, and an open auction.
  const { hands, retourne } = coinche ? { hands: dealAll(dealer, ids), retourne: null } : dealFive(dealer, ids);
  const deal: DealState = {
    dealer,
    deck: [...deck],
    deckIds: ids,
    actions: [],
    phase: 'bidding',
    round: 1,
    turn: nextSeat(dealer),
    passes: 0,
    retourne,
    auction: coinche ? openAuction(nextSeat(dealer)) : null,
    hands,
    startHands: null,
    taker: null,
    trump: null,
    tricks: [],
    trick: { leader: nextSeat(dealer), cards: [] },
    points: [0, 0],
    trickCounts: [0, 0],
    beloteSeat: null,
    belotePlayed: 0,
    announcements: null,
    announcementsShown: false,
    result: null,
  };
  return {
    ok: true,
    state: { rules: state.rules, deals: [...state.deals, deal], totals: state.totals, litigePot: state.litigePot, winner: state.winner },
    events: [
      retourne === null
        ? { type: 'dealStarted', dealer, deal: state.deals.length }
        : { type: 'dealStarted', dealer, deal: state.deals.length, retourne: cardOf(retourne) },
    ],
  };
}

const fail = (code: RuleError['code'], message: string): RuleError => ({ code, message });

/**
 * Check an action without applying it: the error it would get, or null. The order of the
 * checks is docs/rules/RECORD.md's precedence: GAME_OVER, WRONG_PHASE (deal over), NOT_YOUR_TURN,
 * WRONG_PHASE (bid during play / play during bidding), ILLEGAL_BID, CARD_NOT_IN_HAND, ILLEGAL_CARD.
 */
export function checkAction(state: GameState, action: Action): RuleError | null {
  const deal = currentDeal(state);
  if (state.winner !== null) return fail('GAME_OVER', 'the game is over');
  if (!deal || deal.phase === 'over') return fail('WRONG_PHASE', deal ? 'the deal is over' : 'no deal in progress');
  if (action.seat !== deal.turn) return fail('NOT_YOUR_TURN', `it is seat ${deal.turn}'s turn`);
  if (action.type === 'play') {
    if (deal.phase !== 'play') return fail('WRONG_PHASE', deal.auction ? 'the auction is not over' : 'bidding is not over');
    if (!isCard(action.card)) return fail('CARD_NOT_IN_HAND', `not a card: ${String(action.card)}`);
    const c = cardId(action.card);
    const hand = deal.hands[action.seat] as number;
    if ((hand & bit(c)) === 0) return fail('CARD_NOT_IN_HAND', `${action.card} is not in seat ${action.seat}'s hand`);
    const reason = refusalReason(hand, deal.trick.cards, deal.trump as SuitId, c);
    return reason ? fail('ILLEGAL_CARD', reason) : null;
  }
  if (deal.phase !== 'bidding') return fail('WRONG_PHASE', deal.auction ? 'the auction is over: play a card' : 'bidding is over: play a card');
  if (deal.auction) {
    if (action.type === 'take') return fail('ILLEGAL_BID', 'coinche calls are pass, bid, coinche and surcoinche');
    const reason = callRefusalReason(deal.auction, action.seat, callOf(action));
    return reason ? fail('ILLEGAL_BID', reason) : null;
  }
  return classicBidProblem(deal, action);
}

/** docs/rules/RULES.md §4: round 1 takes the retourne's suit, round 2 names another suit. */
function classicBidProblem(deal: DealState, action: Exclude<Action, { type: 'play' }>): RuleError | null {
  switch (action.type) {
    case 'pass':
      return null;
    case 'take': {
      if (deal.round === 1) {
        return action.suit === undefined ? null : fail('ILLEGAL_BID', 'round 1: take the retourne\'s suit, name no suit');
      }
      if (action.suit === undefined) return fail('ILLEGAL_BID', 'round 2: name a suit');
      if (!isSuit(action.suit)) return fail('ILLEGAL_BID', `not a suit: ${String(action.suit)}`);
      if (suitId(action.suit) === suitOf(deal.retourne as CardId))
        return fail('ILLEGAL_BID', `round 2: name a suit other than the retourne's (${action.suit})`);
      return null;
    }
    case 'bid':
    case 'coinche':
    case 'surcoinche':
      return fail('ILLEGAL_BID', `${action.type} is a coinche call: classic bidding is pass or take`);
    default:
      return assertNever(action);
  }
}

/** Apply one player action: the new state and its public events, or the typed error. */
export function apply(state: GameState, action: Action): ApplyResult<GameState> {
  const error = checkAction(state, action);
  if (error) return { ok: false, error };
  const deal = currentDeal(state) as DealState;
  const events: GameEvent[] = [];
  let next: GameState;
  switch (action.type) {
    case 'play':
      next = playCard(state, deal, action.seat, cardId(action.card), events);
      break;
    case 'pass':
      next = deal.auction ? coincheCall(state, deal, action.seat, { type: 'pass' }, events) : bid(state, deal, action.seat, false, undefined, events);
      break;
    case 'take':
      next = bid(state, deal, action.seat, true, action.suit, events);
      break;
    case 'bid':
    case 'coinche':
    case 'surcoinche':
      next = coincheCall(state, deal, action.seat, callOf(action), events);
      break;
    default:
      return assertNever(action);
  }
  return { ok: true, state: next, events };
}

/**
 * The calls `seat` may make now in a coinche auction (docs/rules/COINCHE.md §3); nothing unless it is that
 * seat's turn to call. `callRefusalReason` (call-refusal.ts) says why any other call is refused.
 */
export function legalCalls(state: GameState, seat: Seat): LegalCalls {
  const deal = currentDeal(state);
  if (!deal || !deal.auction || deal.phase !== 'bidding' || deal.turn !== seat || state.winner !== null) return { ...NO_CALLS, bids: [] };
  return legalCallsOf(deal.auction, seat);
}

/** Legal cards for `seat` now (empty unless it is that seat's turn to play). */
export function legalPlays(state: GameState, seat: Seat): Card[] {
  const deal = currentDeal(state);
  if (!deal || deal.phase !== 'play' || deal.turn !== seat || state.winner !== null) return [];
  return maskToCards(legalMask(deal.hands[seat] as number, deal.trick.cards, deal.trump as SuitId));
}

/** The hand of a seat, as cards. */
export function handOf(deal: DealState, seat: Seat): Card[] {
  return maskToCards(deal.hands[seat] as number);
}

function maskToCards(m: number): Card[] {
  const out: Card[] = [];
  while (m !== 0) {
    out.push(cardOf(31 - Math.clz32(m & -m)));
    m &= m - 1;
  }
  return out;
}
