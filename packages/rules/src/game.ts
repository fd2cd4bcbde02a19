/**
 * The game as data plus a reducer: `startDeal` and `apply` return a new state and the
 * public events the step caused, or a typed error (RECORD.md codes). Expected rule
 * violations are returned values; exceptions are bugs. Bidding lives in bidding.ts,
 * trick play and deal scoring in trick-play.ts, the state shape in state.ts.
 */
import { bid } from './bidding.js';
import { bit, cardId, cardOf, isCard, isSuit, suitId, suitOf, type Card, type SuitId } from './cards.js';
import { dealFive, deckIds, deckProblem } from './dealing.js';
import { legalMask, refusalReason } from './play.js';
import { currentDeal, err, type DealState, type GameState } from './state.js';
import { playCard } from './trick-play.js';
import { DEFAULT_RULES, assertNever, nextSeat, type Action, type ApplyResult, type GameEvent, type RuleError, type Rules, type Seat } from './types.js';

export type { CompletedTrick, DealState, GameState } from './state.js';
export { currentDeal } from './state.js';
export { dealReport, tricksOf } from './report.js';

/** A new game with no deal yet; omitted settings take the defaults of RULES.md. */
export function newGame(rules: Partial<Rules> = {}): GameState {
  return { rules: { ...DEFAULT_RULES, ...rules }, deals: [], totals: [0, 0], litigePot: 0, winner: null };
}

/** Who deals next: the seat after the last dealer, or null before the first deal (free choice). */
export function nextDealer(state: GameState): Seat | null {
  const d = currentDeal(state);
  return d ? nextSeat(d.dealer) : null;
}

/**
 * Start a deal with an explicit dealer and deck order (the server shuffles; records replay).
 * Errors, in RECORD.md's order: GAME_OVER, WRONG_PHASE (the previous deal is unfinished),
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
  const { hands, retourne } = dealFive(dealer, ids);
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
    events: [{ type: 'dealStarted', dealer, deal: state.deals.length, retourne: cardOf(retourne) }],
  };
}

const fail = (code: RuleError['code'], message: string): RuleError => ({ code, message });

/**
 * Check an action without applying it: the error it would get, or null. The order of the
 * checks is RECORD.md's precedence: GAME_OVER, WRONG_PHASE (deal over), NOT_YOUR_TURN,
 * WRONG_PHASE (bid during play / play during bidding), ILLEGAL_BID, CARD_NOT_IN_HAND, ILLEGAL_CARD.
 */
export function checkAction(state: GameState, action: Action): RuleError | null {
  const deal = currentDeal(state);
  if (state.winner !== null) return fail('GAME_OVER', 'the game is over');
  if (!deal || deal.phase === 'over') return fail('WRONG_PHASE', deal ? 'the deal is over' : 'no deal in progress');
  if (action.seat !== deal.turn) return fail('NOT_YOUR_TURN', `it is seat ${deal.turn}'s turn`);
  switch (action.type) {
    case 'pass':
    case 'take': {
      if (deal.phase !== 'bidding') return fail('WRONG_PHASE', 'bidding is over: play a card');
      if (action.type === 'pass') return null;
      if (deal.round === 1) {
        return action.suit === undefined ? null : fail('ILLEGAL_BID', 'round 1: take the retourne\'s suit, name no suit');
      }
      if (action.suit === undefined) return fail('ILLEGAL_BID', 'round 2: name a suit');
      if (!isSuit(action.suit)) return fail('ILLEGAL_BID', `not a suit: ${String(action.suit)}`);
      if (suitId(action.suit) === suitOf(deal.retourne))
        return fail('ILLEGAL_BID', `round 2: name a suit other than the retourne's (${action.suit})`);
      return null;
    }
    case 'play': {
      if (deal.phase !== 'play') return fail('WRONG_PHASE', 'bidding is not over');
      if (!isCard(action.card)) return fail('CARD_NOT_IN_HAND', `not a card: ${String(action.card)}`);
      const c = cardId(action.card);
      const hand = deal.hands[action.seat] as number;
      if ((hand & bit(c)) === 0) return fail('CARD_NOT_IN_HAND', `${action.card} is not in seat ${action.seat}'s hand`);
      const reason = refusalReason(hand, deal.trick.cards, deal.trump as SuitId, c);
      return reason ? fail('ILLEGAL_CARD', reason) : null;
    }
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
      next = bid(state, deal, action.seat, false, undefined, events);
      break;
    case 'take':
      next = bid(state, deal, action.seat, true, action.suit, events);
      break;
    default:
      return assertNever(action);
  }
  return { ok: true, state: next, events };
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
