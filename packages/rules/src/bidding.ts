/**
 * Bidding (RULES.md §4): round 1 take/pass on the retourne's suit, round 2 naming another
 * suit, the redeal when everyone passed twice, and completing the deal for the taker.
 * Called by the reducer after `checkAction` accepted the bid.
 */
import { resolveAnnouncements, type AnnouncementOutcome } from './announcements.js';
import { RANK_K, RANK_Q, SUITS, bit, suitId, suitOf, type Suit } from './cards.js';
import { completeHands } from './dealing.js';
import { copyDeal, withDeal, type DealState, type GameState } from './state.js';
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
  const trump = suit !== undefined ? suitId(suit) : suitOf(deal.retourne);
  events.push({ type: 'bid', seat, bid: 'take', suit: suit ?? null, round: deal.round });
  events.push({ type: 'trumpChosen', taker: seat, trump: SUITS[trump]! });
  const hands = completeHands(deal.dealer, deal.deckIds, deal.hands, seat);
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
  const eldest = nextSeat(deal.dealer);
  d.phase = 'play';
  d.turn = eldest;
  d.hands = hands;
  d.startHands = hands;
  d.taker = seat;
  d.trump = trump;
  d.trick = { leader: eldest, cards: [] };
  d.beloteSeat = beloteSeat === -1 ? null : (beloteSeat as Seat);
  d.announcements = announcements;
  return withDeal(state, d);
}

/** RECORD.md: a redeal scores nothing and leaves the pot and totals as they were. */
function redealResult(state: GameState): DealResult {
  return {
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
}
