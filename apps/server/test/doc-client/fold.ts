/**
 * The fold of `step` and `presence` frames into a snapshot, written from the tables of
 * PROTOCOL.md §5.4 and §5.5 (and §6's `seq` rule), not from the shared fold.
 */
import { NO_CALLS, displayOrder, legalCalls, legalCards, next } from './rules.js';
import type { DealView, GameView, Presence, Seat, Snapshot, Step, StepEvent } from './wire.js';

export type Order = 'next' | 'stale' | 'gap';
/** §6: apply only `seq === snapshot.seq + 1`; lower or equal: seen; higher: missed one. */
export function order(state: { seq: number }, frame: { seq: number }): Order {
  return frame.seq === state.seq + 1 ? 'next' : frame.seq <= state.seq ? 'stale' : 'gap';
}

const clone = <T>(x: T): T => structuredClone(x);

function newDeal(view: GameView, e: Extract<StepEvent, { type: 'dealStarted' }>): DealView {
  const coinche = view.rules.variant === 'coinche';
  const eldest = next(e.dealer);
  const n = coinche ? 8 : 5;
  return {
    number: e.deal,
    dealer: e.dealer,
    eldest,
    phase: 'bidding',
    round: 1,
    turn: eldest,
    ...(coinche ? {} : { retourne: e.retourne! }),
    bids: [],
    ...(coinche ? { auction: { calls: [], contract: null, coinche: 1, coinchedBy: null, surcoinchedBy: null, legal: { ...NO_CALLS } } } : {}),
    taker: null,
    trump: null,
    hand: view.viewer === 'spectator' ? null : [],
    legal: [],
    handCounts: [n, n, n, n],
    trick: { leader: eldest, cards: [] },
    lastTrick: null,
    tricks: [],
    tricksWon: [0, 0],
    points: [0, 0],
    belote: null,
    declared: null,
    shown: null,
    result: null,
  };
}

function dealOf(view: GameView | null): DealView {
  if (!view?.deal) throw new Error('a game event with no deal in the view');
  return view.deal;
}

function foldEvent(s: Snapshot, e: StepEvent): void {
  const t = s.table;
  switch (e.type) {
    case 'seated':
      t.seats[e.seat] = { seat: e.seat, name: e.name, connected: true, bot: e.bot, botPlaying: false };
      return;
    case 'unseated':
      t.seats[e.seat] = { seat: e.seat, name: null, connected: false, bot: null, botPlaying: false };
      return;
    case 'gameStarted':
      t.status = 'playing';
      t.games = e.game + 1;
      t.commitment = null;
      s.view = { viewer: (s.you.seat ?? 'spectator') as GameView['viewer'], rules: clone(t.rules), totals: [0, 0], litigePot: 0, winner: null, history: [], deal: null };
      return;
    case 'dealCommitted':
      t.commitment = { deal: e.deal, hash: e.hash };
      return;
    case 'settingsChanged':
      t.rules = clone(e.rules);
      t.options = clone(e.options);
      return;
    case 'gameOver':
      s.view!.winner = e.winner;
      t.status = 'finished';
      return;
    default:
  }
  const view = s.view!;
  if (e.type === 'dealStarted') {
    view.deal = newDeal(view, e);
    return;
  }
  const d = dealOf(view);
  switch (e.type) {
    case 'bid': {
      const retourneSuit = d.retourne!.slice(-1) as 'S';
      d.bids.push({ seat: e.seat, type: e.bid, suit: e.bid === 'take' ? (e.suit ?? retourneSuit) : null, round: e.round });
      d.turn = next(e.seat);
      const roundOne = d.bids.filter((b) => b.round === 1);
      if (e.round === 1 && roundOne.length === 4 && roundOne.every((b) => b.type === 'pass')) {
        d.round = 2;
        d.turn = next(d.dealer);
      }
      return;
    }
    case 'trumpChosen':
      d.phase = 'play';
      d.taker = e.taker;
      d.trump = e.trump;
      d.turn = d.eldest;
      d.handCounts = [8, 8, 8, 8];
      d.trick = { leader: d.eldest, cards: [] };
      return;
    case 'call': {
      const a = d.auction!;
      a.calls.push({ seat: e.seat, call: e.call });
      if (e.call.type === 'bid') a.contract = { value: e.call.value, suit: e.call.suit, bidder: e.seat };
      if (e.call.type === 'coinche') {
        a.coinche = 2;
        a.coinchedBy = e.seat;
      }
      if (e.call.type === 'surcoinche') {
        a.coinche = 4;
        a.surcoinchedBy = e.seat;
      }
      d.turn = next(e.seat);
      return;
    }
    case 'contractSet':
      if (d.hand) d.hand = displayOrder(d.hand, e.trump);
      d.phase = 'play';
      d.taker = e.taker;
      d.trump = e.trump;
      d.turn = d.eldest;
      d.trick = { leader: d.eldest, cards: [] };
      return;
    case 'redeal':
      d.phase = 'over';
      d.turn = null;
      d.result = {
        outcome: 'redeal',
        capot: null,
        taker: null,
        trump: null,
        ...(view.rules.variant === 'coinche' ? { contract: null, coinche: 1 as const } : {}),
        points: [0, 0],
        belote: [0, 0],
        announcements: [0, 0],
        written: [0, 0],
        litigePot: view.litigePot,
        totals: [...view.totals],
      };
      view.history.push(clone(d.result));
      return;
    case 'announcementsDeclared':
      d.declared = clone(e.declarations);
      return;
    case 'cardPlayed':
      if (view.viewer === e.seat && d.hand) d.hand = d.hand.filter((c) => c !== e.card);
      d.handCounts[e.seat] -= 1;
      d.trick.cards.push(e.card);
      d.turn = next(e.seat);
      return;
    case 'belote':
      d.belote = { seat: e.seat, calls: e.call === 'belote' ? 1 : 2 };
      return;
    case 'announcementsShown':
      d.shown = { team: e.team, combinations: clone(e.combinations) };
      return;
    case 'trickWon': {
      const rec = { leader: e.leader, cards: [...e.cards], winner: e.winner };
      d.tricks.push(rec);
      d.lastTrick = clone(rec);
      d.trick = { leader: e.winner, cards: [] };
      d.turn = d.tricks.length === 8 ? null : e.winner;
      const team = (e.winner & 1) as 0 | 1;
      d.tricksWon[team] += 1;
      d.points[team] += e.points;
      return;
    }
    case 'dealScored':
      d.phase = 'over';
      d.turn = null;
      d.result = clone(e.result);
      view.history.push(clone(e.result));
      view.totals = [...e.result.totals];
      view.litigePot = e.result.litigePot;
      return;
    default:
      throw new Error(`unknown event ${(e as { type: string }).type}`);
  }
}

/** §5.4: fold one step (already known to be `next`). */
export function foldStep(state: Snapshot, step: Step): Snapshot {
  const s = clone(state);
  s.seq = step.seq;
  s.version = step.version;
  for (const e of step.events) foldEvent(s, e);
  // §5.4: a step that changed the clocks carries them
  if (step.timers) s.timers = clone(step.timers);
  const d = s.view?.deal;
  if (d && s.view) {
    if (step.private) d.hand = [...step.private.hand];
    const viewer = s.view.viewer;
    const myTurn = viewer !== 'spectator' && d.turn === viewer && s.view.winner === null;
    d.legal = myTurn && d.phase === 'play' && d.hand && d.trump ? legalCards(d.hand, d.trick, d.trump) : [];
    if (d.auction) d.auction.legal = myTurn && d.phase === 'bidding' ? legalCalls(d.auction, viewer as Seat) : { ...NO_CALLS };
  }
  return s;
}

/** §5.5: fold one presence frame (already known to be `next`). */
export function foldPresence(state: Snapshot, p: Presence): Snapshot {
  const s = clone(state);
  s.seq = p.seq;
  p.seats.forEach((x, i) => {
    s.table.seats[i]!.connected = x.connected as boolean;
    s.table.seats[i]!.botPlaying = x.botPlaying as boolean;
  });
  s.table.spectators = p.spectators;
  s.timers = { turnMsLeft: p.turnMsLeft, nextDeal: p.nextDeal ? clone(p.nextDeal) : null };
  return s;
}
