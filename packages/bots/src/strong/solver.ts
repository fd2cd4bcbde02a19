/**
 * Double-dummy solver: with every hand known, the exact card points (last trick's 10
 * included) a team takes from the current position with best play on both sides.
 * Alpha-beta on 32-bit hand masks with a transposition table at trick boundaries
 * (the remaining cards and the leader determine the position, since hands are fixed),
 * move ordering and merging of equivalent cards. Allocation-free in the recursion.
 *
 * Optionally (`DDPosition.tricksWon`) the value counts a capot: a team that takes every trick
 * writes 252 instead of 162 (docs/rules/RULES.md §7, docs/rules/COINCHE.md §5), so the value is then 252 when the
 * team takes all eight tricks and -90 when the other team does (`CAPOT_FOR` / `CAPOT_AGAINST`);
 * which teams have taken a trick is then part of the position. And the bot can ask only for
 * what its score needs (`SolveOptions.worth`): a move's value is refined until the written
 * score it makes is known within a tolerance (one probe settles a contract that fails).
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
/** The node count when the limits were set (the checks count from it). */
let limitBase = 0;
let clock: () => number = () => performance.now();
let aborted = false;
/** Capot bonus in play: 90 when a capot is still possible for either team (tricksWon given), else 0. */
let CAPOT = 0;

/** The value of a capot by the searching team and by the other one, when capots are counted. */
export const CAPOT_FOR = 252;
export const CAPOT_AGAINST = -90;
/** Stored bounds are offset so that they are never negative (9 bits each). */
const OFF = 90;

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
function afterPlay(ply: number, c: number, seat: number, n: number, led: number, wSeat: number, wStr: number, tp: number, trickAlive: number, alpha: number, beta: number, won: number): number {
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
  if (n < 3) return search(ply + 1, (seat + 1) & 3, n + 1, nLed, nSeat, nStr, ntp, alpha, beta, trickAlive | (1 << c), won);
  const last = (H[0]! | H[1]! | H[2]! | H[3]!) === 0;
  const ours = (nSeat & 1) === US;
  const nWon = won | (ours ? 1 : 2);
  const gain = ours ? ntp + (last ? 10 : 0) : 0;
  if (!last) {
    const h0 = H[0]!;
    // One card a hand: the last trick plays itself.
    if ((h0 & (h0 - 1)) === 0) return gain + finalTrick(nSeat, nWon);
    return gain + search(ply + 1, nSeat, 0, 0, 0, 0, 0, alpha - gain, beta - gain, 0, nWon);
  }
  // A capot: the team with every trick writes 252, not 162.
  return nWon === 1 ? gain + CAPOT : nWon === 2 ? gain - CAPOT : gain;
}

/** Value of the last trick (one card left in each hand) led by `leader`, capot included. */
function finalTrick(leader: number, won: number): number {
  nodes++;
  const c0 = 31 - Math.clz32(H[leader]!);
  const led = c0 >> 3;
  let wSeat = leader;
  let wStr = STR[c0]!;
  let pts = PTS[c0]!;
  for (let i = 1; i < 4; i++) {
    const s = (leader + i) & 3;
    const c = 31 - Math.clz32(H[s]!);
    pts += PTS[c]!;
    const cs = c >> 3 === TRUMP || c >> 3 === led ? STR[c]! : -1;
    if (cs > wStr) {
      wSeat = s;
      wStr = cs;
    }
  }
  const ours = (wSeat & 1) === US;
  const nWon = won | (ours ? 1 : 2);
  const gain = ours ? pts + 10 : 0;
  return nWon === 1 ? gain + CAPOT : nWon === 2 ? gain - CAPOT : gain;
}

function search(ply: number, seat: number, n: number, led: number, wSeat: number, wStr: number, tp: number, alpha: number, beta: number, trickAlive: number, won: number): number {
  // Checked every 16,384 nodes counted from `setLimits`, not from the process's start: where a
  // search stops must not depend on the searches before it (same seed, same decision).
  if (((++nodes - limitBase) & 0x3fff) === 0 && (nodes > nodeLimit || clock() > deadline)) aborted = true;
  if (aborted) return 0;
  const rem = H[0]! | H[1]! | H[2]! | H[3]!;
  let a0 = alpha;
  let b0 = beta;
  let lo = (won & 1) === 0 ? -CAPOT : 0;
  let hi = 512;
  let first = -1;
  // Once both teams have a trick no capot is possible: one key for every such history.
  const key = won === 3 ? seat : seat | (won << 2);
  if (n === 0) {
    const e = ttGet(rem, key);
    if (e >= 0) {
      lo = (e & 511) - OFF;
      hi = ((e >> 9) & 511) - OFF;
      first = (e >> 18) - 1;
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
      // The highest trump left wins its trick, and so does each next one held by the same team
      // (or falls to it in that trick): that team takes at least their points, and is not capot.
      let run = 0;
      let holder = -1;
      if ((rem & TM) !== 0) {
        const ours = H[US]! | H[US + 2]!;
        for (let i = 7; i >= 0; i--) {
          const c = SUIT_ORDER[TRUMP * 8 + i]!;
          const b = 1 << c;
          if ((rem & b) === 0) continue;
          const t = (ours & b) !== 0 ? 0 : 1;
          if (holder < 0) holder = t;
          else if (t !== holder) break;
          run += PTS[c]!;
        }
      }
      if (holder === 0) {
        if (lo < run) lo = run;
      } else if (holder === 1) r -= run;
      if ((won & 2) === 0 && holder !== 1) r += CAPOT;
      hi = r;
      if (r <= alpha) return r;
      if (lo >= beta) return lo;
      if (r < beta) beta = b0 = r;
      if (lo > alpha) alpha = a0 = lo;
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
  let best = maximizing ? -100000 : 100000;
  let bestMove = -1;
  for (let i = 0; i < count; i++) {
    const c = MOVES[base + i]!;
    H[seat] = h & ~(1 << c);
    const v = afterPlay(ply, c, seat, n, led, wSeat, wStr, tp, trickAlive, alpha, beta, won);
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
    ttSet(rem, key, (lo + OFF) | ((hi + OFF) << 9) | ((bestMove + 1) << 18));
  }
  return best;
}

/**
 * The value of a search by null-window probes (each answers "is the value at least beta?"),
 * starting from a guess (MTD(f)); far cheaper than one full-window search, and the table keeps
 * the bounds between probes. Refined to the exact value, or with `worth` (what a value is worth
 * to the caller, non-decreasing) only until worth(hi) - worth(lo) <= tolerance: the probe goes
 * first where worth jumps most inside the bounds (a contract made or not, a capot), so a
 * region where the value no longer matters (a contract lost) is settled in one probe.
 * Returns the bounds [lo, hi] (equal when exact).
 */
function bounds(probe: (alpha: number, beta: number) => number, guess: number, lo: number, hi: number, worth?: (v: number) => number, tolerance = 0, coarse = false): [number, number] {
  // After the breakpoints, the first probe is at the guess (MTD(f)); probes that keep failing the
  // same way then step further each time (1, 2, 4, …), and once probes have bounded the value from
  // both sides a step never passes the middle: a poor guess costs O(log) probes, not one per point
  // (MTD(f)'s walk took hundreds of probes on some opening leads).
  let guessed = false;
  let step = 1;
  let dir = 0;
  let loMoved = false;
  let hiMoved = false;
  while (lo < hi && !aborted) {
    let beta = NaN;
    if (worth) {
      const top = Math.min(hi, MAX_VALUE);
      if (worth(top) - worth(lo) <= tolerance) return [lo, top];
      // A breakpoint (not the slope of a made contract, 2 per point) is probed first, the one
      // nearest the guess first: the capots' jumps, far from most values, are then usually settled
      // by the bounds the other probes return.
      const jump = Math.max(tolerance, BREAK);
      let near = Infinity;
      for (let b = lo + 1; b <= top; b++) {
        if (worth(b) - worth(b - 1) <= jump) continue;
        const d = Math.abs(b - guess);
        if (d < near) {
          near = d;
          beta = b;
        }
      }
    }
    if (Number.isNaN(beta)) {
      if (coarse && worth) return [lo, Math.max(lo, Math.min(hi, MAX_VALUE))];
      if (!guessed) {
        guessed = true;
        dir = 0;
        beta = Math.max(lo + 1, Math.min(hi, guess));
      } else {
        const d = loMoved && hiMoved ? Math.min(step, Math.max(1, (hi - lo) >> 1)) : step;
        beta = dir > 0 ? Math.min(hi, lo + d) : Math.max(lo + 1, hi + 1 - d);
      }
    }
    const v = probe(beta - 1, beta);
    const up = v >= beta ? 1 : -1;
    if (up > 0) {
      lo = Math.max(beta, v);
      loMoved = true;
    } else {
      hi = Math.min(beta - 1, v);
      hiMoved = true;
    }
    step = up === dir ? step * 2 : 1;
    dir = up;
  }
  return [lo, Math.max(lo, Math.min(hi, MAX_VALUE))];
}

/** A rise of worth between two adjacent values that counts as a breakpoint (written points). */
const BREAK = 10;

/** The largest value a search can return: a capot when counted, else every point. */
let MAX_VALUE = 162;

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
  /**
   * Tricks each team (0, 1) has taken so far in the deal: when given, a capot is counted (the
   * value is then `CAPOT_FOR` for a capot by the searching team, `CAPOT_AGAINST` for one by the
   * other); when absent, values are card points only.
   */
  tricksWon?: readonly [number, number];
}

export interface SolveOptions {
  /** What a value is worth to the caller (non-decreasing): values are refined only until their worth is known within `tolerance`. */
  worth?: (value: number) => number;
  tolerance?: number;
  /** Filled with each move's bounds [lo, hi] (2 entries per move; equal when exact). */
  bounds?: number[];
  /** A guess of each move's value (e.g. from the previous sampled deal): where the probes start. */
  guesses?: readonly number[];
  /** With `worth`: probe only its breakpoints (a contract made or not, a capot), leaving values between them as bounds. */
  coarse?: boolean;
}

/**
 * Limit the searches that follow: after `maxNodes` more nodes (deterministic) or past `at`
 * (a `now()` reading, a safety cap), solveMoves returns null.
 */
export function setLimits(maxNodes: number, at: number, now: () => number = () => performance.now()): void {
  limitBase = nodes;
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
export function solveMoves(pos: DDPosition, team: Team, moves: readonly CardId[], keepTable = false, opts: SolveOptions = {}): number[] | null {
  const tw = pos.tricksWon;
  // Which teams have a trick (bit 0: the searching team, bit 1: the other); 3 once no capot is possible.
  const won = tw ? (tw[team] > 0 ? 1 : 0) | (tw[1 - team]! > 0 ? 2 : 0) : 3;
  const capot = won === 3 ? 0 : 90;
  setup(pos.trump, team, keepTable && capot === CAPOT);
  CAPOT = capot;
  MAX_VALUE = capot ? CAPOT_FOR : 162;
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
  const b = opts.bounds;
  if (b) b.length = 0;
  let guess = 81;
  for (const c of moves) {
    const twin = moves.findIndex((d, i) => i < out.length && equivalent(c, d, alive));
    if (twin >= 0) {
      out.push(out[twin]!);
      b?.push(b[2 * twin]!, b[2 * twin + 1]!);
      continue;
    }
    H[seat] = h & ~(1 << c);
    if (opts.guesses) guess = Math.round(opts.guesses[out.length]!);
    const [lo, hi] = bounds((a, be) => afterPlay(0, c, seat, n, led, wSeat, wStr, tp, trickAlive, a, be, won), guess, capot ? CAPOT_AGAINST : 0, capot ? CAPOT_FOR + 1 : 163, opts.worth, opts.tolerance, opts.coarse);
    H[seat] = h;
    const v = (lo + hi) / 2;
    out.push(v);
    b?.push(lo, hi);
    guess = Math.round(v);
  }
  return aborted ? null : out;
}

/** Nodes searched since the last call of `resetNodes` (benchmarks). */
export const searchedNodes = (): number => nodes;
export const resetNodes = (): void => {
  nodes = 0;
};
