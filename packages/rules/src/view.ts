/**
 * Per-viewer redaction: what one seat (or a spectator) may know of the game.
 * The only way game state leaves the server. A view never holds another seat's
 * unplayed cards, the talon, the deck order or a seed.
 */
import { shownCombinations } from './announcements.js';
import { NO_CALLS, type Contract, type LegalCalls, type SeatCall } from './auction.js';
import { SUITS, cardOf, popcount, sortHand, suitOf, type Card, type Suit } from './cards.js';
import { currentDeal, handOf, legalCalls, legalPlays, type DealState, type GameState } from './game.js';
import type { CombinationKind, DealResult, DealSummary, Multiplier, Rules, Seat, SeatCombination, Team, TrickRecord } from './types.js';
import { nextSeat, summaryOfResult } from './types.js';

export type Viewer = Seat | 'spectator';

export interface BidView {
  seat: Seat;
  type: 'pass' | 'take';
  suit: Suit | null;
  round: 1 | 2;
}

/** The coinche auction as everyone sees it (docs/rules/COINCHE.md §8): it is public, hands are not. */
export interface AuctionView {
  /** Every call so far, in order. */
  calls: SeatCall[];
  /** The highest bid so far and its bidder (the contract once the auction is over), or null. */
  contract: Contract | null;
  /** 1, 2 once coinched, 4 once surcoinched. */
  coinche: Multiplier;
  coinchedBy: Seat | null;
  surcoinchedBy: Seat | null;
  /** The calls the viewer may make now (none unless it is the viewer's turn to call). */
  legal: LegalCalls;
}

export interface DealView {
  /** 0-based index of the deal in the game. */
  number: number;
  dealer: Seat;
  eldest: Seat;
  phase: 'bidding' | 'play' | 'over';
  /** Classic bidding round while bidding (always 1 in coinche). */
  round: 1 | 2;
  turn: Seat | null;
  /** Classic: the turned-up card (public from the deal on). Absent in coinche (no retourne). */
  retourne?: Card;
  /** Classic bids (empty in coinche: see `auction`). */
  bids: BidView[];
  /** Coinche only: the auction, public. */
  auction?: AuctionView;
  taker: Seat | null;
  trump: Suit | null;
  /** The viewer's own cards, sorted for display (null for spectators). */
  hand: Card[] | null;
  /** Cards the viewer may play now (empty unless it is the viewer's turn to play). */
  legal: Card[];
  /** Number of cards each seat holds. */
  handCounts: [number, number, number, number];
  /** The trick in progress (cards in play order from `leader`). */
  trick: { leader: Seat; cards: Card[] };
  lastTrick: TrickRecord | null;
  /** Every completed trick of this deal (played cards are public). */
  tricks: TrickRecord[];
  tricksWon: [number, number];
  /** Card points of completed tricks per team. */
  points: [number, number];
  /** The belote holder once the first of the pair is played. */
  belote: { seat: Seat; calls: number } | null;
  /** Combination types each seat holds (announcements on, from the start of play). */
  declared: { seat: Seat; kinds: CombinationKind[] }[] | null;
  /** The winning team's combinations, shown after the first card of trick 2. */
  shown: { team: Team | null; combinations: SeatCombination[] } | null;
  /** Set once the deal is over (its summary: the tricks are above). */
  result: DealSummary | null;
}

export interface GameView {
  viewer: Viewer;
  rules: Rules;
  totals: [number, number];
  litigePot: number;
  winner: Team | null;
  /** The summary of every finished deal, in order (redeals included): the score sheet. */
  history: DealSummary[];
  deal: DealView | null;
}

function bidsOf(deal: DealState): BidView[] {
  const out: BidView[] = [];
  if (deal.retourne === null) return out;
  let round: 1 | 2 = 1;
  let passes = 0;
  for (const a of deal.actions) {
    if (a.type === 'play') break;
    if (a.type !== 'pass' && a.type !== 'take') continue; // not a classic bid (never in a classic deal)
    out.push({ seat: a.seat, type: a.type, suit: a.type === 'take' ? (a.suit ?? SUITS[suitOf(deal.retourne)]!) : null, round });
    if (a.type === 'pass' && ++passes === 4) {
      round = 2;
      passes = 0;
    }
  }
  return out;
}

function auctionView(state: GameState, deal: DealState, viewer: Viewer): AuctionView {
  const a = deal.auction!;
  return {
    calls: a.calls.map((c) => ({ seat: c.seat, call: { ...c.call } })),
    contract: a.high ? { ...a.high } : null,
    coinche: a.coinche,
    coinchedBy: a.coinchedBy,
    surcoinchedBy: a.surcoinchedBy,
    legal: viewer === 'spectator' ? { ...NO_CALLS, bids: [] } : legalCalls(state, viewer),
  };
}

function dealView(state: GameState, deal: DealState, viewer: Viewer, index: number): DealView {
  const last = deal.tricks[deal.tricks.length - 1];
  const shown = deal.announcements && deal.announcementsShown
    ? { team: deal.announcements.winner, combinations: shownCombinations(deal.announcements) }
    : null;
  const declared = deal.announcements && deal.phase !== 'bidding'
    ? deal.announcements.bySeat.map((combos, s) => ({ seat: s as Seat, kinds: combos.map((c) => c.kind) }))
    : null;
  const trump = deal.trump === null ? null : SUITS[deal.trump]!;
  return {
    number: index,
    dealer: deal.dealer,
    eldest: nextSeat(deal.dealer),
    phase: deal.phase,
    round: deal.round,
    turn: deal.turn,
    ...(deal.retourne === null ? {} : { retourne: cardOf(deal.retourne) }),
    bids: bidsOf(deal),
    ...(deal.auction ? { auction: auctionView(state, deal, viewer) } : {}),
    taker: deal.taker,
    trump,
    hand: viewer === 'spectator' ? null : sortHand(handOf(deal, viewer), trump),
    legal: viewer === 'spectator' ? [] : legalPlays(state, viewer),
    handCounts: deal.hands.map(popcount) as [number, number, number, number],
    trick: { leader: deal.trick.leader, cards: deal.phase === 'play' ? deal.trick.cards.map(cardOf) : [] },
    lastTrick: last ? { leader: last.leader, cards: last.cards.map(cardOf), winner: last.winner } : null,
    tricks: deal.tricks.map((t) => ({ leader: t.leader, cards: t.cards.map(cardOf), winner: t.winner })),
    tricksWon: [deal.trickCounts[0], deal.trickCounts[1]],
    points: [deal.points[0], deal.points[1]],
    belote: deal.beloteSeat !== null && deal.belotePlayed > 0 ? { seat: deal.beloteSeat, calls: deal.belotePlayed } : null,
    declared,
    shown,
    result: deal.result && summaryOf(deal.result),
  };
}

/** Summaries are made once per result (results are immutable once set). */
const summaries = new WeakMap<DealResult, DealSummary>();
function summaryOf(r: DealResult): DealSummary {
  let s = summaries.get(r);
  if (!s) summaries.set(r, (s = summaryOfResult(r)));
  return s;
}

/** The game as `viewer` may see it. */
export function viewFor(state: GameState, viewer: Viewer): GameView {
  const deal = currentDeal(state);
  const history: DealSummary[] = [];
  for (const d of state.deals) if (d.result) history.push(summaryOf(d.result));
  return {
    viewer,
    rules: state.rules,
    totals: [state.totals[0], state.totals[1]],
    litigePot: state.litigePot,
    winner: state.winner,
    history,
    deal: deal ? dealView(state, deal, viewer, state.deals.length - 1) : null,
  };
}
