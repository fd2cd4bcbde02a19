/**
 * The client side of redaction: a viewer's `GameView` followed event by event. Given the view
 * `viewFor(state, viewer)` and the public events of a step (plus, for a seat, its own cards
 * when the step dealt it some), `applyEvents` returns exactly `viewFor(nextState, viewer)` —
 * a property test checks it over thousands of random games for every viewer and every step.
 * So the server sends each change once as small public events instead of a whole view per
 * socket, and hidden cards still never leave it. Pure, no zod: clients import it.
 *
 * Exhaustive over `GameEvent` (assertNever): a new event type (a variant's auction) does not
 * compile until it says how it changes the view.
 */
import { NO_CALLS, afterCall, legalCallsOf, type AuctionState, type LegalCalls } from './auction.js';
import { SUITS, cardId, cardSuit, cardsOfMask, maskOf, sortHand, type Card, type Suit } from './cards.js';
import { currentDeal, handOf, type GameState } from './game.js';
import { legalMask } from './play.js';
import { assertNever, nextSeat, teamOf, type DealSummary, type GameEvent, type Rules, type Seat } from './types.js';
import type { AuctionView, DealView, GameView, Viewer } from './view.js';

/** A seat's own cards, sent to that seat alone with the step that dealt them. */
export interface OwnCards {
  /** The seat's whole hand after the step, in display order (`DealView.hand`). */
  hand: Card[];
}

/** The view of a game that has not dealt yet (`viewFor(newGame(rules), viewer)`). */
export function initialView(rules: Rules, viewer: Viewer): GameView {
  return { viewer, rules, totals: [0, 0], litigePot: 0, winner: null, history: [], deal: null };
}

/** Steps after which a seat holds cards it did not know: the deal (5 cards) and its completion (8). */
export function dealsCards(events: readonly GameEvent[]): boolean {
  return events.some((e) => e.type === 'dealStarted' || e.type === 'trumpChosen');
}

/** What `seat` is sent privately after `events` led to `state`, or null (nothing new). */
export function ownCardsAfter(state: GameState, seat: Seat, events: readonly GameEvent[]): OwnCards | null {
  if (!dealsCards(events)) return null;
  const deal = currentDeal(state);
  if (!deal) return null;
  return { hand: sortHand(handOf(deal, seat), deal.trump === null ? null : SUITS[deal.trump]!) };
}

/**
 * The view after a step's events. `own` is the seat's private part of the step (only with a
 * dealing step, only for that seat). Never mutates `view`.
 */
export function applyEvents(view: GameView, events: readonly GameEvent[], own?: OwnCards | null): GameView {
  if (events.length === 0 && !own) return view;
  const v: GameView = { ...view };
  let d: DealView | null = v.deal ? { ...v.deal } : null;
  const deal = (): DealView => {
    if (!d) throw new Error('event for a deal before any deal started');
    return d;
  };
  for (const e of events) {
    switch (e.type) {
      case 'dealStarted':
        // classic: 5 cards each and the retourne; coinche: all 8 cards and an open auction
        d = {
          number: e.deal,
          dealer: e.dealer,
          eldest: nextSeat(e.dealer),
          phase: 'bidding',
          round: 1,
          turn: nextSeat(e.dealer),
          ...(e.retourne === undefined ? {} : { retourne: e.retourne }),
          bids: [],
          ...(e.retourne === undefined
            ? { auction: { calls: [], contract: null, coinche: 1, coinchedBy: null, surcoinchedBy: null, legal: noCalls() } satisfies AuctionView }
            : {}),
          taker: null,
          trump: null,
          hand: v.viewer === 'spectator' ? null : [],
          legal: [],
          handCounts: e.retourne === undefined ? [8, 8, 8, 8] : [5, 5, 5, 5],
          trick: { leader: nextSeat(e.dealer), cards: [] },
          lastTrick: null,
          tricks: [],
          tricksWon: [0, 0],
          points: [0, 0],
          belote: null,
          declared: null,
          shown: null,
          result: null,
        };
        break;
      case 'bid': {
        const x = deal();
        const suit: Suit | null = e.bid === 'take' ? (e.suit ?? cardSuit(x.retourne!)) : null;
        x.bids = [...x.bids, { seat: e.seat, type: e.bid, suit, round: e.round }];
        x.turn = nextSeat(e.seat);
        if (e.bid === 'pass' && x.bids.filter((b) => b.round === e.round).length === 4 && e.round === 1) {
          x.round = 2;
          x.turn = nextSeat(x.dealer);
        }
        break;
      }
      case 'trumpChosen': {
        const x = deal();
        x.phase = 'play';
        x.taker = e.taker;
        x.trump = e.trump;
        x.turn = x.eldest;
        x.handCounts = [8, 8, 8, 8];
        x.trick = { leader: x.eldest, cards: [] };
        break;
      }
      case 'call': {
        const x = deal();
        const next = afterCall(auctionStateOf(x), e.seat, e.call);
        x.auction = { calls: next.calls.slice(), contract: next.high, coinche: next.coinche, coinchedBy: next.coinchedBy, surcoinchedBy: next.surcoinchedBy, legal: noCalls() };
        // the end of the auction comes as `contractSet` or `redeal` in the same step
        x.turn = nextSeat(e.seat);
        break;
      }
      case 'contractSet': {
        const x = deal();
        x.phase = 'play';
        x.taker = e.taker;
        x.trump = e.trump;
        x.turn = x.eldest;
        x.trick = { leader: x.eldest, cards: [] };
        // the same eight cards, now in trump order
        if (x.hand) x.hand = sortHand(x.hand, e.trump);
        break;
      }
      case 'redeal': {
        const x = deal();
        x.phase = 'over';
        x.turn = null;
        x.result = {
          outcome: 'redeal',
          capot: null,
          taker: null,
          trump: null,
          ...(v.rules.variant === 'coinche' ? { contract: null, coinche: 1 as const } : {}),
          points: [0, 0],
          belote: [0, 0],
          announcements: [0, 0],
          written: [0, 0],
          litigePot: v.litigePot,
          totals: [v.totals[0], v.totals[1]],
        };
        v.history = [...v.history, x.result];
        break;
      }
      case 'announcementsDeclared':
        deal().declared = e.declarations;
        break;
      case 'cardPlayed': {
        const x = deal();
        if (x.hand && v.viewer === e.seat) x.hand = x.hand.filter((c) => c !== e.card);
        const counts: [number, number, number, number] = [...x.handCounts];
        counts[e.seat]--;
        x.handCounts = counts;
        x.trick = { leader: x.trick.leader, cards: [...x.trick.cards, e.card] };
        x.turn = nextSeat(e.seat);
        break;
      }
      case 'belote':
        deal().belote = { seat: e.seat, calls: e.call === 'belote' ? 1 : 2 };
        break;
      case 'announcementsShown':
        deal().shown = { team: e.team, combinations: e.combinations };
        break;
      case 'trickWon': {
        const x = deal();
        const trick = { leader: e.leader, cards: e.cards, winner: e.winner };
        x.tricks = [...x.tricks, trick];
        x.lastTrick = { leader: e.leader, cards: e.cards, winner: e.winner };
        x.trick = { leader: e.winner, cards: [] };
        x.turn = x.tricks.length === 8 ? null : e.winner;
        const team = teamOf(e.winner);
        const won: [number, number] = [x.tricksWon[0], x.tricksWon[1]];
        won[team]++;
        x.tricksWon = won;
        const points: [number, number] = [x.points[0], x.points[1]];
        points[team] += e.points;
        x.points = points;
        break;
      }
      case 'dealScored': {
        const x = deal();
        const result: DealSummary = e.result;
        x.phase = 'over';
        x.turn = null;
        x.result = result;
        v.history = [...v.history, result];
        v.totals = [result.totals[0], result.totals[1]];
        v.litigePot = result.litigePot;
        break;
      }
      case 'gameOver':
        v.winner = e.winner;
        break;
      default:
        assertNever(e);
    }
  }
  if (d) {
    if (own && d.hand !== null) d.hand = own.hand;
    d.legal = legalOf(d, v);
    if (d.auction) d.auction = { ...d.auction, legal: legalCallsFor(d, v) };
  }
  v.deal = d;
  return v;
}

const noCalls = (): LegalCalls => ({ ...NO_CALLS, bids: [] });

/** The auction state behind a view's public auction (the passes since the last bid or coinche counted back). */
function auctionStateOf(d: DealView): AuctionState {
  const a = d.auction!;
  let passes = 0;
  for (let i = a.calls.length - 1; i >= 0 && a.calls[i]!.call.type === 'pass'; i--) passes++;
  return { turn: d.turn, calls: a.calls, high: a.contract, coinche: a.coinche, coinchedBy: a.coinchedBy, surcoinchedBy: a.surcoinchedBy, passes, end: 'open' };
}

/** The calls the viewer may make now, as `legalCalls` gives them. */
function legalCallsFor(d: DealView, v: GameView): LegalCalls {
  if (v.viewer === 'spectator' || d.phase !== 'bidding' || d.turn !== v.viewer || v.winner !== null) return noCalls();
  return legalCallsOf(auctionStateOf(d), v.viewer);
}

/** The cards the viewer may play now, in `legalPlays` order. */
function legalOf(d: DealView, v: GameView): Card[] {
  if (v.viewer === 'spectator' || d.phase !== 'play' || d.turn !== v.viewer || v.winner !== null || !d.hand || d.trump === null) return [];
  const trick = d.trick.cards.map(cardId);
  return cardsOfMask(legalMask(maskOf(d.hand), trick, SUITS.indexOf(d.trump)));
}
