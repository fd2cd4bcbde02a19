/**
 * The units of a duplicate match: one deck played twice with the teams swapped, or one
 * game seed played twice with the teams swapped. Each unit is a pure function of its index
 * (decks and bot randomness are seeded from it), so units can run on any worker thread.
 */
import { seededRng, shuffledDeck, type Rules, type Seat } from '@belote/rules';
import type { SearchBudget } from '../src/index.js';
import { oneDeal, oneGame, type ArenaOptions, type Player } from './arena.js';

/** Matches: the two players, and the rules (classic unless `coinche-` prefixes the name). */
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

/** The rules a match is played with. */
export const rulesOf = (pair: string): Partial<Rules> => (pair.startsWith('coinche-') ? { variant: 'coinche' } : {});

export interface Task {
  pair: string;
  kind: 'deal' | 'game';
  index: number;
  seed: string;
  budget: Partial<SearchBudget>;
}

export interface TaskResult {
  /** Deal: written points of the first player's team minus the other's, averaged over both seatings. */
  diff?: number;
  /** Game: wins of the first player's team out of finished games (0..2). */
  won?: number;
  finished?: number;
  /** Decision times (ms) by label ("strong play", "normal bidding", ...). */
  times: Record<string, number[]>;
}

export function runTask(t: Task): TaskResult {
  const [a, b] = PAIRS[t.pair]!;
  const times: Record<string, number[]> = {};
  const onDecision = (p: Player, ms: number, phase: string): void => {
    (times[`${p} ${phase}`] ??= []).push(ms);
  };
  const opts = (players: [Player, Player, Player, Player], s: string): ArenaOptions => ({ players, rng: seededRng(s), budget: t.budget, onDecision });
  const AB: [Player, Player, Player, Player] = [a, b, a, b];
  const BA: [Player, Player, Player, Player] = [b, a, b, a];
  const id = `${t.seed}:${t.pair}:${t.kind}:${t.index}`;
  if (t.kind === 'deal') {
    const deck = shuffledDeck(seededRng(`${id}:deck`));
    const dealer = (t.index & 3) as Seat;
    const first = oneDeal(deck, dealer, opts(AB, `${id}:ab`), rulesOf(t.pair));
    const second = oneDeal(deck, dealer, opts(BA, `${id}:ba`), rulesOf(t.pair));
    return { diff: (first[0] - first[1] + (second[1] - second[0])) / 2, times };
  }
  const r1 = oneGame(id, opts(AB, `${id}:ab`), rulesOf(t.pair));
  const r2 = oneGame(id, opts(BA, `${id}:ba`), rulesOf(t.pair));
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
  return { won, finished, times };
}
