/**
 * A table's durable state as a fold over its log: `reduceEntry(state, entry)` checks one entry
 * against the state and returns the next state and the public events, or a typed error.
 * The room validates a command by reducing it *before* persisting, and restart recovery
 * replays the stored log through the same function — one code path for both.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ProtocolError, TableEvent, TableStatus } from '@belote/protocol';
import { apply, assertNever, newGame, startDeal, variantOf, type GameEvent, type GameState, type Seat } from '@belote/rules';
import type { LogEntry, TableSettings } from '../store/types.js';

export interface SeatHolder {
  name: string;
  /** sha256 (hex) of the seat token; null for a bot. */
  tokenHash: string | null;
  bot: TableSettings['options']['botLevel'] | null;
}

export type Seats = readonly [SeatHolder | null, SeatHolder | null, SeatHolder | null, SeatHolder | null];

/** The fairness secrets of one deal, by deal index. */
export interface DealSecret {
  salt: string;
  commitment: string;
}

/** One game at the table (rematches add games), with the names on its seats when it started. */
export interface TableGame {
  state: GameState;
  secrets: readonly DealSecret[];
  players: readonly [string | null, string | null, string | null, string | null];
}

export interface TableState {
  settings: TableSettings;
  seats: Seats;
  /** Every game played here; the last one is the current game. */
  games: readonly TableGame[];
  /** Number of log entries applied. */
  version: number;
}

export type ReduceResult = { ok: true; state: TableState; events: GameEvent[] } | { ok: false; error: ProtocolError };

const fail = (code: ProtocolError['code'], message: string): ReduceResult => ({ ok: false, error: { code, message } });

export function initialTableState(settings: TableSettings): TableState {
  return { settings, seats: [null, null, null, null], games: [], version: 0 };
}

export function currentGame(t: TableState): TableGame | null {
  return t.games[t.games.length - 1] ?? null;
}

export function statusOf(t: TableState): TableStatus {
  const g = currentGame(t);
  if (!g) return 'lobby';
  return g.state.winner === null ? 'playing' : 'finished';
}

function withSeat(seats: Seats, seat: Seat, holder: SeatHolder | null): Seats {
  const next = [...seats] as [SeatHolder | null, SeatHolder | null, SeatHolder | null, SeatHolder | null];
  next[seat] = holder;
  return next;
}

function replaceLastGame(t: TableState, game: TableGame): TableGame[] {
  const games = t.games.slice();
  games[games.length - 1] = game;
  return games;
}

/** Apply one log entry. Never throws for a bad entry: it returns the error. */
export function reduceEntry(t: TableState, entry: LogEntry): ReduceResult {
  const status = statusOf(t);
  const version = t.version + 1;
  switch (entry.type) {
    case 'seat': {
      if (status === 'playing') return fail('GAME_IN_PROGRESS', 'seats can change only between games');
      if (t.seats[entry.seat]) return fail('SEAT_TAKEN', `seat ${entry.seat} is taken`);
      const holder: SeatHolder = { name: entry.name, tokenHash: entry.tokenHash, bot: entry.bot };
      return { ok: true, state: { ...t, seats: withSeat(t.seats, entry.seat, holder), version }, events: [] };
    }
    case 'unseat': {
      if (status === 'playing') return fail('GAME_IN_PROGRESS', 'seats can change only between games');
      if (!t.seats[entry.seat]) return fail('NOT_SEATED', `seat ${entry.seat} is empty`);
      return { ok: true, state: { ...t, seats: withSeat(t.seats, entry.seat, null), version }, events: [] };
    }
    case 'gameStart': {
      if (status === 'playing') return fail('GAME_IN_PROGRESS', 'a game is in progress');
      if (t.seats.some((s) => s === null)) return fail('NOT_ENOUGH_PLAYERS', 'four seats must be filled to start');
      const players = t.seats.map((s) => s?.name ?? null) as unknown as TableGame['players'];
      const game: TableGame = { state: newGame(t.settings.rules), secrets: [], players };
      return { ok: true, state: { ...t, games: [...t.games, game], version }, events: [] };
    }
    case 'dealStart': {
      const g = currentGame(t);
      if (!g || status !== 'playing') return fail('GAME_NOT_STARTED', 'no game in progress');
      const r = startDeal(g.state, entry.dealer, entry.deck);
      if (!r.ok) return { ok: false, error: r.error };
      const secrets = [...g.secrets, { salt: entry.salt, commitment: entry.commitment }];
      return { ok: true, state: { ...t, games: replaceLastGame(t, { ...g, state: r.state, secrets }), version }, events: r.events };
    }
    case 'action': {
      const g = currentGame(t);
      if (!g) return fail('GAME_NOT_STARTED', 'the game has not started');
      const r = apply(g.state, entry.action);
      if (!r.ok) return { ok: false, error: r.error };
      return { ok: true, state: { ...t, games: replaceLastGame(t, { ...g, state: r.state }), version }, events: r.events };
    }
    case 'settings': {
      if (status === 'playing') return fail('GAME_IN_PROGRESS', 'settings can change only between games');
      if (variantOf(entry.rules) !== variantOf(t.settings.rules)) return fail('BAD_REQUEST', 'the variant is fixed when the table is created');
      return { ok: true, state: { ...t, settings: { ...t.settings, rules: entry.rules, options: entry.options }, version }, events: [] };
    }
    default: {
      // Every kind is handled above (checked at compile time); a stored entry of a kind this
      // version does not know was written by a newer one (a rolling upgrade): not a bug here.
      const unknown: never = entry;
      return fail('INTERNAL', `a log entry this version does not know (${JSON.stringify((unknown as { type?: unknown }).type)})`);
    }
  }
}

/** Replay a whole log (restart recovery); the first bad entry is reported with its index. */
export function replayLog(settings: TableSettings, entries: readonly LogEntry[]): { ok: true; state: TableState } | { ok: false; index: number; error: ProtocolError } {
  let t = initialTableState(settings);
  for (let i = 0; i < entries.length; i++) {
    const r = reduceEntry(t, entries[i]!);
    if (!r.ok) return { ok: false, index: i, error: r.error };
    t = r.state;
  }
  return { ok: true, state: t };
}

/** Does the stored log hold `entries` at positions `version`, `version + 1`, …? (Stored entries went through JSON.) */
export function holdsAt(stored: readonly LogEntry[], version: number, entries: readonly LogEntry[]): boolean {
  return stored.length >= version + entries.length && isDeepStrictEqual(stored.slice(version, version + entries.length), JSON.parse(JSON.stringify(entries)));
}

/**
 * This copy of a table against its stored log (after a conflict or a failed write): `landed`
 * when the store holds exactly this copy's log plus `pending` (a write whose answer was lost
 * did commit), else the stored log replayed (`broken` if it does not replay).
 */
export function compareWithStored(
  current: TableState,
  stored: readonly LogEntry[],
  pending?: readonly LogEntry[],
): { kind: 'landed' } | { kind: 'replayed'; state: TableState } | { kind: 'broken'; index: number; error: ProtocolError } {
  const v = current.version;
  if (pending && stored.length === v + pending.length && holdsAt(stored, v, pending)) return { kind: 'landed' };
  const r = replayLog(current.settings, stored);
  return r.ok ? { kind: 'replayed', state: r.state } : { kind: 'broken', index: r.index, error: r.error };
}

/**
 * What clients learn of an entry besides the game's events: seats taken and given up, a game
 * started, a deal's fairness commitment (never its deck or salt). `after`: the state with it.
 */
export function tableEventOf(entry: LogEntry, after: TableState): TableEvent | null {
  switch (entry.type) {
    case 'seat':
      return { type: 'seated', seat: entry.seat, name: entry.name, bot: entry.bot };
    case 'unseat':
      return { type: 'unseated', seat: entry.seat };
    case 'gameStart':
      return { type: 'gameStarted', game: after.games.length - 1 };
    case 'dealStart':
      return { type: 'dealCommitted', deal: currentGame(after)!.state.deals.length - 1, hash: entry.commitment };
    case 'settings':
      return { type: 'settingsChanged', rules: { ...entry.rules }, options: { ...entry.options } };
    case 'action':
      return null;
    default:
      return assertNever(entry);
  }
}
