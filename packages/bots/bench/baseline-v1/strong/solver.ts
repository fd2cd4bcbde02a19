/**
 * Double-dummy solver: with every hand known, the exact card points (last trick's 10
 * included) a team takes from the current position with best play on both sides.
 * Alpha-beta on 32-bit hand masks with a transposition table at trick boundaries
 * (the remaining cards and the leader determine the position, since hands are fixed),
 * move ordering and merging of equivalent cards. Allocation-free in the recursion.
 */
import { ttClear, ttGet, ttSet } from './table.js';
import { PLAIN_POINTS, PLAIN_STRENGTH, TRUMP_POINTS, TRUMP_STRENGTH, type CardId, type Seat, type SuitId, type Team } from '@belote/rules';

const H = new Int32Array(4);
const PTS = new Int32Array(32);
/** Trick strength of a card as trump (16 + order) or as a plain card of its own suit (0..7). */
const STR = new Int32Array(32);
/** Cards in order of strength within their suit, weakest first, per suit: SUIT_ORDER[s*8+i]. */
const SUIT_ORDER = new Int8Array(32);
/** ABOVE[k + 1] = trumps with trump order strength > k. */
const ABOVE = new Int32Array(9);
const MOVES = new Int8Array(40 * 8);
const KEYS = new Int32Array(40 * 8);
let TM = 0;
let TRUMP = 0;
let US = 0;
let nodes = 0;
let deadline = Infinity;
let nodeLimit = Infinity;
let clock: () => number = () => performance.now();
let aborted = false;

const suitMaskOf = (s: number): number => (0xff << (s * 8)) | 0;

/**
 * Prepare the tables for a trump and a side. The transposition table is cleared unless
 * `keepTable` asks to keep it and the trump and side are unchanged: entries are keyed by the
 * remaining cards and the leader, which is only sound while the hands stay those of one deal.
 */
function setup(trump: SuitId, us: Team, keepTable = false): void {
  const keep = keepTable && trump === TRUMP && us === US;
  TRUMP = trump;
  TM = suitMaskOf(trump);
  US = us;
  for (let c = 0; c < 32; c++) {
    const trumpCard = c >> 3 === trump;
    PTS[c] = trumpCard ? TRUMP_POINTS[c & 7]! : PLAIN_POINTS[c & 7]!;
    STR[c] = trumpCard ? 16 + TRUMP_STRENGTH[c & 7]! : PLAIN_STRENGTH[c & 7]!;
  }
  for (let s = 0; s < 4; s++) {
    const ids = [0, 1, 2, 3, 4, 5, 6, 7].map((r) => s * 8 + r).sort((a, b) => STR[a]! - STR[b]!);
    for (let i = 0; i < 8; i++) SUIT_ORDER[s * 8 + i] = ids[i]!;
  }
  for (let k = -1; k < 8; k++) {
    let m = 0;
    for (let r = 0; r < 8; r++) if (TRUMP_STRENGTH[r]! > k) m |= 1 << (trump * 8 + r);
    ABOVE[k + 1] = m;
  }
  if (!keep) ttClear();
}

function legal(h: number, seat: number, n: number, led: number, wSeat: number, wStr: number): number {
  if (n === 0) return h;
  if (led === TRUMP) {
    const tr = h & TM;
    if (tr === 0) return h;
    const hi = tr & ABOVE[wStr - 16 + 1]!;
    return hi !== 0 ? hi : tr;
  }
  const f = h & suitMaskOf(led);
  if (f !== 0) return f;
  if (wSeat === ((seat + 2) & 3)) return h;
  const tr = h & TM;
  if (tr === 0) return h;
  if (wStr < 16) return tr;
  const hi = tr & ABOVE[wStr - 16 + 1]!;
  return hi !== 0 ? hi : tr;
}

/**
 * Fill MOVES[base..] with the distinct moves of `mask` (equal-point cards adjacent in their
 * suit among the cards still alive are one move), ordered best-first for the mover.
 */
function genMoves(mask: number, alive: number, base: number, n: number, wSeat: number, wStr: number, led: number, seat: number): number {
  let count = 0;
  const partnerWins = n > 0 && wSeat === ((seat + 2) & 3);
  for (let s = 0; s < 4; s++) {
    if ((mask & suitMaskOf(s)) === 0) continue;
    let prev = -1;
    for (let i = 0; i < 8; i++) {
      const c = SUIT_ORDER[s * 8 + i]!;
      const b = 1 << c;
      if ((mask & b) !== 0) {
        if (prev >= 0 && PTS[prev] === PTS[c]) {
          // Equivalent to the weaker card already listed: replace it by this one? keep the weaker.
          continue;
        }
        prev = c;
        let key: number;
        const cs = c >> 3 === TRUMP ? STR[c]! : c >> 3 === led || n === 0 ? STR[c]! : -1;
        if (n === 0) key = STR[c]! * 4 + PTS[c]!;
        else if (cs > wStr) key = partnerWins ? 40 + PTS[c]! - cs : 200 - cs + PTS[c]!;
        else key = partnerWins ? 100 + PTS[c]! : 100 - PTS[c]! * 2 - STR[c]!;
        let j = count++;
        while (j > 0 && KEYS[base + j - 1]! < key) {
          MOVES[base + j] = MOVES[base + j - 1]!;
          KEYS[base + j] = KEYS[base + j - 1]!;
          j--;
        }
        MOVES[base + j] = c;
        KEYS[base + j] = key;
      } else if ((alive & b) !== 0) prev = -1;
    }
  }
  return count;
}

/** Value for our team once `seat` has played `c` (already taken out of its hand). */
function afterPlay(ply: number, c: number, seat: number, n: number, led: number, wSeat: number, wStr: number, tp: number, trickAlive: number, alpha: number, beta: number): number {
  let nLed = led;
  let nSeat = wSeat;
  let nStr = wStr;
  if (n === 0) {
    nLed = c >> 3;
    nSeat = seat;
    nStr = STR[c]!;
  } else {
    const cs = c >> 3 === TRUMP || c >> 3 === led ? STR[c]! : -1;
    if (cs > wStr) {
      nSeat = seat;
      nStr = cs;
    }
  }
  const ntp = tp + PTS[c]!;
  if (n < 3) return search(ply + 1, (seat + 1) & 3, n + 1, nLed, nSeat, nStr, ntp, alpha, beta, trickAlive | (1 << c));
  const last = (H[0]! | H[1]! | H[2]! | H[3]!) === 0;
  const gain = (nSeat & 1) === US ? ntp + (last ? 10 : 0) : 0;
  return last ? gain : gain + search(ply + 1, nSeat, 0, 0, 0, 0, 0, alpha - gain, beta - gain, 0);
}

function search(ply: number, seat: number, n: number, led: number, wSeat: number, wStr: number, tp: number, alpha: number, beta: number, trickAlive: number): number {
  if ((++nodes & 0x3fff) === 0 && (nodes > nodeLimit || clock() > deadline)) aborted = true;
  if (aborted) return 0;
  const rem = H[0]! | H[1]! | H[2]! | H[3]!;
  let a0 = alpha;
  let b0 = beta;
  let lo = 0;
  let hi = 255;
  let first = -1;
  if (n === 0) {
    const e = ttGet(rem, seat);
    if (e >= 0) {
      lo = e & 255;
      hi = (e >> 8) & 255;
      first = (e >> 16) - 1;
      if (lo >= beta) return lo;
      if (hi <= alpha) return hi;
      if (lo === hi) return lo;
      if (lo > alpha) alpha = lo;
      if (hi < beta) beta = hi;
      a0 = alpha;
      b0 = beta;
    } else {
      let r = 10;
      for (let m = rem; m !== 0; m &= m - 1) r += PTS[31 - Math.clz32(m & -m)]!;
      hi = r;
      if (r <= alpha) return r;
      if (r < beta) beta = b0 = r;
    }
  }
  const h = H[seat]!;
  const base = ply * 8;
  const count = genMoves(legal(h, seat, n, led, wSeat, wStr), rem | trickAlive, base, n, wSeat, wStr, led, seat);
  if (first >= 0) {
    for (let i = 1; i < count; i++) {
      if (MOVES[base + i] !== first) continue;
      MOVES[base + i] = MOVES[base]!;
      MOVES[base] = first;
      break;
    }
  }
  const maximizing = (seat & 1) === US;
  let best = maximizing ? -1 : 100000;
  let bestMove = -1;
  for (let i = 0; i < count; i++) {
    const c = MOVES[base + i]!;
    H[seat] = h & ~(1 << c);
    const v = afterPlay(ply, c, seat, n, led, wSeat, wStr, tp, trickAlive, alpha, beta);
    H[seat] = h;
    if (maximizing ? v > best : v < best) {
      best = v;
      bestMove = c;
    }
    if (maximizing) {
      if (best > alpha) alpha = best;
    } else if (best < beta) beta = best;
    if (alpha >= beta) break;
  }
  if (n === 0) {
    if (best <= a0) hi = Math.min(hi, best);
    else if (best >= b0) lo = Math.max(lo, best);
    else lo = hi = best;
    ttSet(rem, seat, lo | (hi << 8) | ((bestMove + 1) << 16));
  }
  return best;
}

/**
 * The exact value of a search by null-window probes (each answers "is the value at least
 * beta?"), starting from a guess (MTD(f)); far cheaper than one full-window search, and the
 * table keeps the bounds between probes.
 */
function exact(probe: (alpha: number, beta: number) => number, guess: number): number {
  let lo = 0;
  let hi = 163;
  let g = Math.max(0, Math.min(162, guess));
  while (lo < hi && !aborted) {
    const beta = g === lo ? g + 1 : g;
    const v = probe(beta - 1, beta);
    if (v >= beta) lo = Math.max(beta, v);
    else hi = Math.min(beta - 1, v);
    // MTD(f): probe next at the bound just learnt.
    g = v >= beta ? lo : hi;
  }
  return lo;
}

/** Same suit, same points, and no live card between them: interchangeable cards of one hand. */
function equivalent(c: number, d: number, alive: number): boolean {
  if (c >> 3 !== d >> 3 || PTS[c] !== PTS[d]) return false;
  const lo = Math.min(STR[c]!, STR[d]!);
  const hi = Math.max(STR[c]!, STR[d]!);
  for (let r = 0; r < 8; r++) {
    const e = (c & ~7) | r;
    if (STR[e]! > lo && STR[e]! < hi && (alive & (1 << e)) !== 0) return false;
  }
  return true;
}

export interface DDPosition {
  /** Current hands of the four seats (masks). */
  hands: readonly number[];
  trump: SuitId;
  /** Leader and cards of the trick in progress (play order). */
  leader: Seat;
  trick: readonly CardId[];
}

/**
 * Limit the searches that follow: after `maxNodes` more nodes (deterministic) or past `at`
 * (a `now()` reading, a safety cap), solveMoves returns null.
 */
export function setLimits(maxNodes: number, at: number, now: () => number = () => performance.now()): void {
  nodeLimit = nodes + maxNodes;
  deadline = at;
  clock = now;
}

/**
 * Exact points `team` takes from now on (the current trick's cards included) after each of
 * `moves` by the seat to play, both sides playing perfectly with every hand known; null when
 * a limit set by `setLimits` was reached first. `keepTable`: the position comes from the same
 * deal (same hands, cards only played since) as the previous call with this trump and team, so
 * what that call learnt still holds (the analysis solves a whole deal's positions in a row).
 */
export function solveMoves(pos: DDPosition, team: Team, moves: readonly CardId[], keepTable = false): number[] | null {
  setup(pos.trump, team, keepTable);
  aborted = false;
  for (let s = 0; s < 4; s++) H[s] = pos.hands[s]!;
  const n = pos.trick.length;
  const seat = (pos.leader + n) & 3;
  let led = 0;
  let wSeat = 0;
  let wStr = -1;
  let tp = 0;
  let trickAlive = 0;
  for (let i = 0; i < n; i++) {
    const c = pos.trick[i]!;
    const s = (pos.leader + i) & 3;
    tp += PTS[c]!;
    trickAlive |= 1 << c;
    if (i === 0) {
      led = c >> 3;
      wSeat = s;
      wStr = STR[c]!;
    } else {
      const cs = c >> 3 === TRUMP || c >> 3 === led ? STR[c]! : -1;
      if (cs > wStr) {
        wSeat = s;
        wStr = cs;
      }
    }
  }
  const out: number[] = [];
  const h = H[seat]!;
  const alive = H[0]! | H[1]! | H[2]! | H[3]! | trickAlive;
  let guess = 81;
  for (const c of moves) {
    const twin = moves.findIndex((d, i) => i < out.length && equivalent(c, d, alive));
    if (twin >= 0) {
      out.push(out[twin]!);
      continue;
    }
    H[seat] = h & ~(1 << c);
    const v = exact((a, b) => afterPlay(0, c, seat, n, led, wSeat, wStr, tp, trickAlive, a, b), guess);
    H[seat] = h;
    out.push(v);
    guess = v;
  }
  return aborted ? null : out;
}

/** Nodes searched since the last call of `resetNodes` (benchmarks). */
export const searchedNodes = (): number => nodes;
export const resetNodes = (): void => {
  nodes = 0;
};
