/**
 * The units of the bots bench, each a pure function of its index (decks and bot randomness are
 * seeded from it), so units can run on any worker thread:
 *
 * - a duplicate deal: one deck played twice with the teams swapped;
 * - a duplicate game: one game seed played twice with the teams swapped;
 * - a table deal: one deck played by four bots of one level (all-pass rate, takers' success).
 */
import { currentDeal, newGame, seededRng, shuffledDeck, startDeal, teamOf, type Rules, type Seat } from '@belote/rules';
import type { SearchBudget } from '../src/index.js';
import { PLAYERS, oneDeal, oneGame, playDeal, type ArenaOptions, type Player } from './arena.js';

/** Matches by their historical names (`heuristic` is the normal level). */
export const PAIRS: Record<string, [Player, Player]> = {
  'heuristic-random': ['normal', 'random'],
  'easy-random': ['easy', 'random'],
  'normal-easy': ['normal', 'easy'],
  'strong-heuristic': ['strong', 'normal'],
  'coinche-heuristic-random': ['normal', 'random'],
  'coinche-easy-random': ['easy', 'random'],
  'coinche-normal-easy': ['normal', 'easy'],
  'coinche-strong-heuristic': ['strong', 'normal'],
};

const asPlayer = (p: string, name: string): Player => {
  if (!(PLAYERS as readonly string[]).includes(p)) throw new Error(`unknown player ${p} in ${name}; known: ${PLAYERS.join(', ')}`);
  return p as Player;
};

/**
 * The two players of a match: a name of PAIRS, or `[coinche-]A-vs-B` with A and B among
 * PLAYERS (e.g. `strong-vs-normal-v1`, `coinche-strong-vs-strong-v1`).
 */
export function playersOf(pair: string): [Player, Player] {
  const legacy = PAIRS[pair];
  if (legacy) return legacy;
  const body = pair.startsWith('coinche-') ? pair.slice('coinche-'.length) : pair;
  const parts = body.split('-vs-');
  if (parts.length !== 2) throw new Error(`unknown match ${pair}; a name of ${Object.keys(PAIRS).join(', ')} or [coinche-]A-vs-B`);
  return [asPlayer(parts[0]!, pair), asPlayer(parts[1]!, pair)];
}

/** The level of a table `[coinche-]LEVEL` (four bots of that level). */
export function tableLevel(table: string): Player {
  return asPlayer(table.startsWith('coinche-') ? table.slice('coinche-'.length) : table, table);
}

/** The rules a match or table is played with. */
export const rulesOf = (name: string): Partial<Rules> => (name.startsWith('coinche-') ? { variant: 'coinche' } : {});

export interface Task {
  /** A match (`kind` deal or game) or a table (`kind` table). */
  pair: string;
  kind: 'deal' | 'game' | 'table';
  index: number;
  seed: string;
  budget: Partial<SearchBudget>;
}

/** How a table deal ended for the takers. */
export type TableOutcome = 'redeal' | 'made' | 'dedans' | 'litige';

export interface TaskResult {
  /** Deal: written points of the first player's team minus the other's, averaged over both seatings. */
  diff?: number;
  /** Deal: the same per seating (first player's team minus the other's). */
  seatings?: [number, number];
  /** Game: wins of the first player's team out of finished games (0..2). */
  won?: number;
  finished?: number;
  /** Table: the outcome, the bidding round of the take (classic), the contract (coinche), capot. */
  table?: { outcome: TableOutcome; round: 1 | 2 | null; contract: number | null; coinche: number; capot: boolean; takerWritten: number };
  /** Decision times (ms, wall clock) by label ("strong play", "normal bidding", ...). */
  times: Record<string, number[]>;
  /** The same in CPU time of the deciding thread (the clock's tick, a few ms, is its resolution). */
  cpu: Record<string, number[]>;
}

export function runTask(t: Task): TaskResult {
  const times: Record<string, number[]> = {};
  const cpu: Record<string, number[]> = {};
  const onDecision = (p: Player, ms: number, phase: string, cpuMs: number): void => {
    (times[`${p} ${phase}`] ??= []).push(ms);
    (cpu[`${p} ${phase}`] ??= []).push(cpuMs);
  };
  const opts = (players: [Player, Player, Player, Player], s: string): ArenaOptions => ({ players, rng: seededRng(s), budget: t.budget, onDecision });
  const id = `${t.seed}:${t.pair}:${t.kind}:${t.index}`;
  const rules = rulesOf(t.pair);
  if (t.kind === 'table') {
    const p = tableLevel(t.pair);
    const deck = shuffledDeck(seededRng(`${t.seed}:table:${t.index}:deck`));
    const started = startDeal(newGame(rules), (t.index & 3) as Seat, deck);
    if (!started.ok) throw new Error(started.error.message);
    const end = playDeal(started.state, opts([p, p, p, p], `${id}:bots`));
    const d = currentDeal(end)!;
    const r = d.result!;
    const outcome = r.outcome === 'unfinished' ? 'redeal' : r.outcome;
    const round = d.retourne === null || r.taker === null ? null : d.round;
    const contract = r.contract === undefined || r.contract === null ? null : r.contract === 'capot' ? 250 : r.contract;
    const takerWritten = r.taker === null ? 0 : r.written[teamOf(r.taker)] - r.written[1 - teamOf(r.taker)]!;
    return { table: { outcome, round, contract, coinche: r.coinche ?? 1, capot: r.capot !== null, takerWritten }, times, cpu };
  }
  const [a, b] = playersOf(t.pair);
  const AB: [Player, Player, Player, Player] = [a, b, a, b];
  const BA: [Player, Player, Player, Player] = [b, a, b, a];
  if (t.kind === 'deal') {
    // The deck depends on the seed and the index only: every match of a run plays the same decks.
    const deck = shuffledDeck(seededRng(`${t.seed}:${rules.variant ?? 'classic'}:deck:${t.index}`));
    const dealer = (t.index & 3) as Seat;
    const first = oneDeal(deck, dealer, opts(AB, `${id}:ab`), rules);
    const second = oneDeal(deck, dealer, opts(BA, `${id}:ba`), rules);
    const seatings: [number, number] = [first[0] - first[1], second[1] - second[0]];
    return { diff: (seatings[0] + seatings[1]) / 2, seatings, times, cpu };
  }
  const r1 = oneGame(id, opts(AB, `${id}:ab`), rules);
  const r2 = oneGame(id, opts(BA, `${id}:ba`), rules);
  let won = 0;
  let finished = 0;
  if (r1.winner !== null) {
    finished++;
    if (r1.winner === 0) won++;
  }
  if (r2.winner !== null) {
    finished++;
    if (r2.winner === 1) won++;
  }
  return { won, finished, times, cpu };
}
