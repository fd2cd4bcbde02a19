/**
 * Classic bidding (docs/rules/RULES.md §4): round 1 take/pass on the retourne's suit, round 2 naming
 * another suit, the redeal when everyone passed twice, and completing the deal for the taker.
 * Called by the reducer after `checkAction` accepted the bid. `startPlay` and `redealResult`
 * serve the coinche auction too (coinche-deal.ts).
 */
import { resolveAnnouncements, type AnnouncementOutcome } from './announcements.js';
import { RANK_K, RANK_Q, SUITS, bit, suitId, suitOf, type CardId, type Suit, type SuitId } from './cards.js';
import { completeHands } from './dealing.js';
import { copyDeal, withDeal, type DealState, type GameState, type Mutable } from './state.js';
import { nextSeat, type DealResult, type GameEvent, type Seat } from './types.js';

/** Apply an accepted `pass` or `take` (suit given in round 2 only). */
export function bid(state: GameState, deal: DealState, seat: Seat, take: boolean, suit: Suit | undefined, events: GameEvent[]): GameState {
  const d = copyDeal(deal);
  d.actions = [...deal.actions, take ? (suit === undefined ? { type: 'take', seat } : { type: 'take', seat, suit }) : { type: 'pass', seat }];
  if (!take) {
    events.push({ type: 'bid', seat, bid: 'pass', suit: null, round: deal.round });
    d.passes = deal.passes + 1;
    d.turn = nextSeat(seat);
    if (d.passes < 4) return withDeal(state, d);
    if (deal.round === 1) {
      d.passes = 0;
      d.round = 2;
      d.turn = nextSeat(deal.dealer);
      return withDeal(state, d);
    }
    d.phase = 'over';
    d.turn = null;
    d.result = redealResult(state);
    events.push({ type: 'redeal', dealer: deal.dealer });
    return withDeal(state, d);
  }
  const trump = suit !== undefined ? suitId(suit) : suitOf(deal.retourne as CardId);
  events.push({ type: 'bid', seat, bid: 'take', suit: suit ?? null, round: deal.round });
  events.push({ type: 'trumpChosen', taker: seat, trump: SUITS[trump]! });
  startPlay(state, d, completeHands(deal.dealer, deal.deckIds, deal.hands, seat), seat, trump, events);
  return withDeal(state, d);
}

/**
 * Begin trick play in `d` (both variants): the 8-card hands, taker and trump are set, belote
 * found, announcements declared (setting on), and the eldest is to lead.
 */
export function startPlay(state: GameState, d: Mutable<DealState>, hands: number[], taker: Seat, trump: SuitId, events: GameEvent[]): void {
  const pair = bit(trump * 8 + RANK_K) | bit(trump * 8 + RANK_Q);
  const beloteSeat = hands.findIndex((h) => (h & pair) === pair);
  let announcements: AnnouncementOutcome | null = null;
  if (state.rules.announcements) {
    announcements = resolveAnnouncements(hands, trump);
    events.push({
      type: 'announcementsDeclared',
      declarations: announcements.bySeat.map((combos, s) => ({ seat: s as Seat, kinds: combos.map((c) => c.kind) })),
    });
  }
  const eldest = nextSeat(d.dealer);
  d.phase = 'play';
  d.turn = eldest;
  d.hands = hands;
  d.startHands = hands;
  d.taker = taker;
  d.trump = trump;
  d.trick = { leader: eldest, cards: [] };
  d.beloteSeat = beloteSeat === -1 ? null : (beloteSeat as Seat);
  d.announcements = announcements;
}

/** docs/rules/RECORD.md: a redeal scores nothing and leaves the pot and totals as they were. */
export function redealResult(state: GameState): DealResult {
  return {
    outcome: 'redeal',
    capot: null,
    taker: null,
    trump: null,
    ...(state.rules.variant === 'coinche' ? { contract: null, coinche: 1 as const } : {}),
    tricks: [],
    points: [0, 0],
    belote: [0, 0],
    announcements: [0, 0],
    written: [0, 0],
    litigePot: state.litigePot,
    totals: [state.totals[0], state.totals[1]],
  };
}
