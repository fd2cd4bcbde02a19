/**
 * The game as data plus a reducer: `startDeal` and `apply` return a new state and the
 * public events the step caused, or a typed error (RECORD.md codes). Expected rule
 * violations are returned values; exceptions are bugs.
 */
import { resolveAnnouncements, shownCombinations, type AnnouncementOutcome } from './announcements.js';
import {
  RANK_K,
  RANK_Q,
  SUITS,
  bit,
  cardId,
  cardOf,
  isCard,
  suitId,
  suitOf,
  type Card,
  type CardId,
  type SuitId,
} from './cards.js';
import { completeHands, dealFive, deckIds, deckProblem } from './dealing.js';
import { legalMask, refusalReason, trickPoints, winningIndex } from './play.js';
import { gameWinner, scoreDeal } from './scoring.js';
import {
  DEFAULT_RULES,
  nextSeat,
  teamOf,
  type Action,
  type ApplyResult,
  type DealResult,
  type GameEvent,
  type RuleError,
  type RuleErrorCode,
  type Rules,
  type Seat,
  type Team,
  type TrickRecord,
} from './types.js';

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
  readonly round: 1 | 2;
  /** Seat to act; null once the deal is over. */
  readonly turn: Seat | null;
  readonly passes: number;
  readonly retourne: CardId;
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

const err = (code: RuleErrorCode, message: string): { ok: false; error: RuleError } => ({
  ok: false,
  error: { code, message },
});

/** A new game with no deal yet. */
export function newGame(rules: Partial<Rules> = {}): GameState {
  return { rules: { ...DEFAULT_RULES, ...rules }, deals: [], totals: [0, 0], litigePot: 0, winner: null };
}

/** The deal in progress or last played, if any. */
export function currentDeal(state: GameState): DealState | null {
  return state.deals[state.deals.length - 1] ?? null;
}

/** Who deals next: the seat after the last dealer, or null before the first deal (free choice). */
export function nextDealer(state: GameState): Seat | null {
  const d = currentDeal(state);
  return d ? nextSeat(d.dealer) : null;
}

/** Start a deal with an explicit dealer and deck order (the server shuffles; records replay). */
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
    state: { ...state, deals: [...state.deals, deal] },
    events: [{ type: 'dealStarted', dealer, deal: state.deals.length, retourne: cardOf(retourne) }],
  };
}

/** Check an action without applying it: the error it would get, or null. */
export function checkAction(state: GameState, action: Action): RuleError | null {
  const deal = currentDeal(state);
  if (state.winner !== null) return { code: 'GAME_OVER', message: 'the game is over' };
  if (!deal || deal.phase === 'over') return { code: 'WRONG_PHASE', message: 'no deal in progress' };
  if (action.seat !== deal.turn) return { code: 'NOT_YOUR_TURN', message: `it is seat ${deal.turn}'s turn` };
  switch (action.type) {
    case 'pass':
    case 'take': {
      if (deal.phase !== 'bidding') return { code: 'WRONG_PHASE', message: 'bidding is over: play a card' };
      if (action.type === 'pass') return null;
      if (deal.round === 1) {
        if (action.suit !== undefined) return { code: 'ILLEGAL_BID', message: 'round 1: take the retourne suit, name no suit' };
        return null;
      }
      if (action.suit === undefined) return { code: 'ILLEGAL_BID', message: 'round 2: name a suit' };
      if (suitId(action.suit) === suitOf(deal.retourne))
        return { code: 'ILLEGAL_BID', message: `round 2: name a suit other than ${action.suit}` };
      if (suitId(action.suit) < 0) return { code: 'ILLEGAL_BID', message: `not a suit: ${String(action.suit)}` };
      return null;
    }
    case 'play': {
      if (deal.phase !== 'play') return { code: 'WRONG_PHASE', message: 'bidding is not over' };
      if (!isCard(action.card)) return { code: 'CARD_NOT_IN_HAND', message: `not a card: ${String(action.card)}` };
      const c = cardId(action.card);
      const hand = deal.hands[action.seat] as number;
      if ((hand & bit(c)) === 0) return { code: 'CARD_NOT_IN_HAND', message: `${action.card} is not in seat ${action.seat}'s hand` };
      const reason = refusalReason(hand, deal.trick.cards, deal.trump as SuitId, c);
      return reason ? { code: 'ILLEGAL_CARD', message: reason } : null;
    }
  }
}

/** Apply one player action. */
export function apply(state: GameState, action: Action): ApplyResult<GameState> {
  const error = checkAction(state, action);
  if (error) return { ok: false, error };
  const deal = currentDeal(state) as DealState;
  const events: GameEvent[] = [];
  const next = action.type === 'play' ? playCard(state, deal, action.seat, cardId(action.card), events) : bid(state, deal, action, events);
  return { ok: true, state: next, events };
}

function replaceDeal(state: GameState, deal: DealState): DealState[] {
  const deals = state.deals.slice();
  deals[deals.length - 1] = deal;
  return deals;
}

function bid(state: GameState, deal: DealState, action: Action, events: GameEvent[]): GameState {
  const seat = action.seat;
  const actions = [...deal.actions, action];
  if (action.type === 'pass') {
    events.push({ type: 'bid', seat, bid: 'pass', suit: null, round: deal.round });
    const passes = deal.passes + 1;
    if (passes < 4) return { ...state, deals: replaceDeal(state, { ...deal, actions, passes, turn: nextSeat(seat) }) };
    if (deal.round === 1) {
      return { ...state, deals: replaceDeal(state, { ...deal, actions, passes: 0, round: 2, turn: nextSeat(deal.dealer) }) };
    }
    const result: DealResult = {
      outcome: 'redeal',
      capot: null,
      taker: null,
      trump: null,
      tricks: [],
      points: [0, 0],
      belote: [0, 0],
      announcements: [0, 0],
      written: [0, 0],
      litigePot: state.litigePot,
      totals: [state.totals[0], state.totals[1]],
    };
    events.push({ type: 'redeal', dealer: deal.dealer });
    return { ...state, deals: replaceDeal(state, { ...deal, actions, phase: 'over', turn: null, result }) };
  }
  if (action.type !== 'take') throw new Error('bid() called with a play');
  const trump = action.suit !== undefined ? suitId(action.suit) : suitOf(deal.retourne);
  events.push({ type: 'bid', seat, bid: 'take', suit: action.suit ?? null, round: deal.round });
  events.push({ type: 'trumpChosen', taker: seat, trump: SUITS[trump]! });
  const hands = completeHands(deal.dealer, deal.deckIds, deal.hands, seat);
  const pair = bit(trump * 8 + RANK_K) | bit(trump * 8 + RANK_Q);
  const beloteSeat = (hands.findIndex((h) => (h & pair) === pair) as Seat | -1);
  let announcements: AnnouncementOutcome | null = null;
  if (state.rules.announcements) {
    announcements = resolveAnnouncements(hands, trump);
    events.push({
      type: 'announcementsDeclared',
      declarations: announcements.bySeat.map((combos, s) => ({ seat: s as Seat, kinds: combos.map((c) => c.kind) })),
    });
  }
  const eldest = nextSeat(deal.dealer);
  return {
    ...state,
    deals: replaceDeal(state, {
      ...deal,
      actions,
      phase: 'play',
      turn: eldest,
      hands,
      startHands: hands,
      taker: seat,
      trump,
      trick: { leader: eldest, cards: [] },
      beloteSeat: beloteSeat === -1 ? null : beloteSeat,
      announcements,
    }),
  };
}

function playCard(state: GameState, deal: DealState, seat: Seat, card: CardId, events: GameEvent[]): GameState {
  const trump = deal.trump as SuitId;
  const hands = deal.hands.slice();
  hands[seat] = (hands[seat] as number) & ~bit(card);
  const cards = [...deal.trick.cards, card];
  let belotePlayed = deal.belotePlayed;
  let announcementsShown = deal.announcementsShown;
  events.push({ type: 'cardPlayed', seat, card: cardOf(card) });
  if (seat === deal.beloteSeat && suitOf(card) === trump && (card % 8 === RANK_K || card % 8 === RANK_Q)) {
    belotePlayed++;
    events.push({ type: 'belote', seat, card: cardOf(card), call: belotePlayed === 1 ? 'belote' : 'rebelote' });
  }
  if (deal.announcements && !announcementsShown && deal.tricks.length === 1 && deal.trick.cards.length === 0) {
    announcementsShown = true;
    events.push({ type: 'announcementsShown', team: deal.announcements.winner, combinations: shownCombinations(deal.announcements) });
  }
  const actions = [...deal.actions, { type: 'play', seat, card: cardOf(card) } as Action];
  if (cards.length < 4) {
    return {
      ...state,
      deals: replaceDeal(state, { ...deal, actions, hands, trick: { leader: deal.trick.leader, cards }, turn: nextSeat(seat), belotePlayed, announcementsShown }),
    };
  }
  // Trick complete.
  const winner = ((deal.trick.leader + winningIndex(cards, trump)) & 3) as Seat;
  const last = deal.tricks.length === 7;
  const pts = trickPoints(cards, trump) + (last ? 10 : 0);
  const team = teamOf(winner);
  const points: [number, number] = [deal.points[0], deal.points[1]];
  points[team] += pts;
  const trickCounts: [number, number] = [deal.trickCounts[0], deal.trickCounts[1]];
  trickCounts[team]++;
  const tricks = [...deal.tricks, { leader: deal.trick.leader, cards, winner }];
  events.push({ type: 'trickWon', winner, leader: deal.trick.leader, cards: cards.map(cardOf), points: pts });
  const played: DealState = {
    ...deal,
    actions,
    hands,
    tricks,
    trick: { leader: winner, cards: [] },
    turn: last ? null : winner,
    points,
    trickCounts,
    belotePlayed,
    announcementsShown,
  };
  if (!last) return { ...state, deals: replaceDeal(state, played) };
  return finishDeal(state, played, events);
}

function finishDeal(state: GameState, deal: DealState, events: GameEvent[]): GameState {
  const taker = deal.taker as Seat;
  const belote: [number, number] = [0, 0];
  if (deal.beloteSeat !== null) belote[teamOf(deal.beloteSeat)] = 20;
  const ann: [number, number] = deal.announcements ? [deal.announcements.points[0], deal.announcements.points[1]] : [0, 0];
  const score = scoreDeal(
    { takerTeam: teamOf(taker), points: deal.points, tricks: deal.trickCounts, belote, announcements: ann },
    state.rules.tie,
    state.litigePot,
  );
  const totals: [number, number] = [state.totals[0] + score.written[0], state.totals[1] + score.written[1]];
  const result: DealResult = {
    outcome: score.outcome,
    capot: score.capot,
    taker,
    trump: SUITS[deal.trump as SuitId]!,
    tricks: tricksOf(deal),
    points: [deal.points[0], deal.points[1]],
    belote,
    announcements: ann,
    written: score.written,
    litigePot: score.litigePot,
    totals,
  };
  events.push({ type: 'dealScored', result });
  const winner = gameWinner(totals, state.rules.target);
  if (winner !== null) events.push({ type: 'gameOver', winner, totals });
  return {
    ...state,
    deals: replaceDeal(state, { ...deal, phase: 'over', turn: null, result }),
    totals,
    litigePot: score.litigePot,
    winner,
  };
}

/** Completed tricks, then the trick in progress (winner null) if it holds cards. */
export function tricksOf(deal: DealState): TrickRecord[] {
  const out: TrickRecord[] = deal.tricks.map((t) => ({ leader: t.leader, cards: t.cards.map(cardOf), winner: t.winner }));
  if (deal.phase === 'play' && deal.trick.cards.length > 0)
    out.push({ leader: deal.trick.leader, cards: deal.trick.cards.map(cardOf), winner: null });
  return out;
}

/** The report of a deal: its result when over, else the `unfinished` shape of RECORD.md. */
export function dealReport(state: GameState, deal: DealState): DealResult {
  if (deal.result) return deal.result;
  return {
    outcome: 'unfinished',
    capot: null,
    taker: deal.taker,
    trump: deal.trump === null ? null : SUITS[deal.trump]!,
    tricks: tricksOf(deal),
    points: [deal.points[0], deal.points[1]],
    belote: [0, 0],
    announcements: [0, 0],
    written: [0, 0],
    litigePot: state.litigePot,
    totals: [state.totals[0], state.totals[1]],
  };
}

/** Legal cards for `seat` now (empty unless it is that seat's turn to play). */
export function legalPlays(state: GameState, seat: Seat): Card[] {
  const deal = currentDeal(state);
  if (!deal || deal.phase !== 'play' || deal.turn !== seat || state.winner !== null) return [];
  const mask = legalMask(deal.hands[seat] as number, deal.trick.cards, deal.trump as SuitId);
  const out: Card[] = [];
  for (let c = 0; c < 32; c++) if ((mask & (1 << c)) !== 0) out.push(cardOf(c));
  return out;
}

/** The hand of a seat, as cards. */
export function handOf(deal: DealState, seat: Seat): Card[] {
  const out: Card[] = [];
  const m = deal.hands[seat] as number;
  for (let c = 0; c < 32; c++) if ((m & (1 << c)) !== 0) out.push(cardOf(c));
  return out;
}
