/**
 * Test fixtures: real game states from @belote/rules turned into the snapshots the server
 * would send, so client and component tests need no server. Test-only.
 */
import type { Snapshot, TableSummary } from '@belote/protocol/client';
import {
  apply,
  currentDeal,
  legalPlays,
  newGame,
  seededRng,
  shuffledDeck,
  startDeal,
  viewFor,
  actionOf,
  type Call,
  type GameEvent,
  type GameState,
  type Rules,
  type Seat,
  type Viewer,
} from '@belote/rules';

export const TABLE_ID = 'AAAAAAAAAAAAAAAAAAAAAA';

export function summary(status: TableSummary['status'], rules: Rules): TableSummary {
  const names = ['Anna', 'Ben', 'Cleo', 'Dan'];
  return {
    id: TABLE_ID,
    rules,
    options: { turnTimerSeconds: null, fillWithBots: false, botLevel: 'normal' },
    status,
    seats: [0, 1, 2, 3].map((s) => ({ seat: s as Seat, name: names[s]!, connected: true, bot: null, botPlaying: false })) as TableSummary['seats'],
    spectators: 0,
    games: status === 'lobby' ? 0 : 1,
    commitment: null,
    createdAt: 0,
  };
}

/** The snapshot `viewer` would get of `state` (version = seq, no clocks). */
export function updateFor(state: GameState, viewer: Viewer, seq: number, timers: Snapshot['timers'] = { turnMsLeft: null, nextDeal: null }): Snapshot {
  return {
    seq,
    version: seq,
    table: summary('playing', state.rules),
    you: { role: viewer === 'spectator' ? 'spectator' : 'player', seat: viewer === 'spectator' ? null : viewer, isHost: viewer === 0 },
    view: viewFor(state, viewer),
    timers,
    chat: { last: 0, spectatorChat: true, mutedSeats: [], mutedSpectators: [], tag: viewer === 'spectator' ? 'spectatorAA' : null },
  };
}

/** A fresh deal from a seeded deck, dealer seat 3 (so seat 0 speaks first). */
export function dealt(seed: number, rules: Partial<Rules> = {}): GameState {
  const r = startDeal(newGame(rules), 3, shuffledDeck(seededRng(seed)));
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

/** A coinche deal (dealer seat 3, seat 0 calls first) after `calls`, each made by the seat to act. */
export function auctioned(seed: number, calls: readonly Call[], rules: Partial<Rules> = {}): GameState {
  let s = dealt(seed, { variant: 'coinche', ...rules });
  for (const call of calls) s = step(s, actionOf(call, currentDeal(s)!.turn!)).state;
  return s;
}

/** Seat 0 takes in round 1, the others pass: play starts. */
export function taken(seed: number): GameState {
  let s = dealt(seed);
  for (const a of [{ type: 'take', seat: 0 }] as const) {
    const r = apply(s, a);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  return s;
}

/**
 * Play lowest-index legal cards until the seat to play holds a card it may not play.
 * Returns that state and every event on the way, or null if the deal ends first.
 */
export function restrictedTurn(state: GameState): { state: GameState; events: GameEvent[] } | null {
  let s = state;
  const events: GameEvent[] = [];
  for (;;) {
    const deal = currentDeal(s)!;
    if (deal.phase !== 'play' || deal.turn === null) return null;
    const legal = legalPlays(s, deal.turn);
    const hand = viewFor(s, deal.turn).deal!.hand!;
    if (legal.length < hand.length) return { state: s, events };
    const r = apply(s, { type: 'play', seat: deal.turn, card: legal[0]! });
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
    events.push(...r.events);
  }
}

/** Apply one action, throwing on refusal. */
export function step(s: GameState, a: Parameters<typeof apply>[1]): { state: GameState; events: GameEvent[] } {
  const r = apply(s, a);
  if (!r.ok) throw new Error(r.error.message);
  return { state: r.state, events: r.events };
}
