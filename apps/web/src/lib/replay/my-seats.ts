/**
 * The seat this browser held in each game of an online table, so that game's replay — opened in
 * a tab of its own, with no connection to the table — speaks to its player as "you". Written by
 * the table while a game is played (no seat changes then), in localStorage; the last
 * `TABLES` tables kept. A game played on another device or as a spectator has none.
 */
import type { Seat } from '@belote/rules';

const KEY = 'belote:my-seats';
export const TABLES = 50;

/** [table id, {game index: seat}], the newest table last (an array: an object's keys would not keep that order). */
type Kept = [string, Record<string, unknown>][];

function read(): Kept {
  try {
    const v: unknown = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? '[]');
    return Array.isArray(v) ? (v as unknown[]).filter((e): e is Kept[number] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'object' && e[1] !== null) : [];
  } catch {
    return [];
  }
}

/** The seat held in game `game` (0-based) of table `table`, if this browser played it. */
export function mySeatIn(table: string, game: number): Seat | null {
  const s = read().find(([id]) => id === table)?.[1][game];
  return s === 0 || s === 1 || s === 2 || s === 3 ? s : null;
}

/** Keep the seat held in a game being played: written once (the table's updates run this often). */
export function rememberMySeat(table: string, game: number, seat: Seat): void {
  if (mySeatIn(table, game) === seat) return;
  const kept = read();
  const games = kept.find(([id]) => id === table)?.[1] ?? {};
  const next = [...kept.filter(([id]) => id !== table), [table, { ...games, [game]: seat }]].slice(-TABLES);
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(next));
  } catch {
    /* private mode or quota: the replay then speaks of this seat by its name */
  }
}
