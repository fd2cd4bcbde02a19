/**
 * Allocation-free dealing (docs/rules/RULES.md §3–4, docs/rules/COINCHE.md §2) and classic deal scoring (§7) on
 * typed arrays, for search and benchmarks. Same procedures as ../dealing.ts and ../scoring.ts
 * (tests compare them). Coinche scoring is in coinche.ts.
 */
import type { Rng } from '../rng.js';

/** Fill `deck` (length 32) with a uniform shuffle of card ids 0..31 (Fisher–Yates). */
export function shuffleInto(deck: Int8Array, rng: Rng): Int8Array {
  for (let i = 0; i < 32; i++) deck[i] = i;
  for (let i = 31; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const t = deck[i]!;
    deck[i] = deck[j]!;
    deck[j] = t;
  }
  return deck;
}

/** The first two dealing rounds: 3 then 2 cards each from the eldest (`dealer + 1`). Retourne is `deck[20]`. */
export function dealFiveInto(deck: ArrayLike<number>, dealer: number, hands: Int32Array): Int32Array {
  hands[0] = hands[1] = hands[2] = hands[3] = 0;
  let pos = 0;
  for (let k = 0; k < 4; k++) {
    const s = (dealer + 1 + k) & 3;
    hands[s] = (1 << deck[pos]!) | (1 << deck[pos + 1]!) | (1 << deck[pos + 2]!);
    pos += 3;
  }
  for (let k = 0; k < 4; k++) {
    const s = (dealer + 1 + k) & 3;
    hands[s] = hands[s]! | (1 << deck[pos]!) | (1 << deck[pos + 1]!);
    pos += 2;
  }
  return hands;
}

/** Coinche: deal all 32 cards 3-2-3, each round from the eldest (docs/rules/COINCHE.md §2). */
export function dealAllInto(deck: ArrayLike<number>, dealer: number, hands: Int32Array): Int32Array {
  hands[0] = hands[1] = hands[2] = hands[3] = 0;
  let pos = 0;
  for (let round = 0; round < 3; round++) {
    const count = round === 1 ? 2 : 3;
    for (let k = 0; k < 4; k++) {
      const s = (dealer + 1 + k) & 3;
      let h = hands[s]!;
      for (let j = 0; j < count; j++) h |= 1 << deck[pos++]!;
      hands[s] = h;
    }
  }
  return hands;
}

/** Complete the deal in place: the retourne to the taker, then `deck[21..]` 3 each from the eldest (taker 2). */
export function completeInto(deck: ArrayLike<number>, dealer: number, taker: number, hands: Int32Array): Int32Array {
  hands[taker] = hands[taker]! | (1 << deck[20]!);
  let pos = 21;
  for (let k = 0; k < 4; k++) {
    const s = (dealer + 1 + k) & 3;
    const count = s === taker ? 2 : 3;
    for (let j = 0; j < count; j++) hands[s] = hands[s]! | (1 << deck[pos++]!);
  }
  return hands;
}

/** Outcome codes written by `scoreInto` at index 3. */
export const OUTCOME_MADE = 0;
export const OUTCOME_DEDANS = 1;
export const OUTCOME_LITIGE = 2;

/**
 * Score a played deal (docs/rules/RULES.md §7) into `out`: `[written0, written1, potAfter, outcome, capotTeam|-1]`.
 * @param points card points per team incl. the last trick's 10 (sum 162)
 * @param tricksWon tricks per team
 * @param beloteTeam team holding belote or -1
 * @param ann0 announcement points team 0 scores (after the comparison); `ann1` likewise
 */
export function scoreInto(
  out: Int32Array,
  takerTeam: number,
  points: ArrayLike<number>,
  tricksWon: ArrayLike<number>,
  beloteTeam: number,
  ann0: number,
  ann1: number,
  tieDedans: boolean,
  potIn: number,
): Int32Array {
  const def = takerTeam ^ 1;
  const b0 = beloteTeam === 0 ? 20 : 0;
  const b1 = beloteTeam === 1 ? 20 : 0;
  const allAnn = ann0 + ann1;
  out[0] = b0;
  out[1] = b1;
  let outcome: number;
  let capot = -1;
  let pot = potIn;
  if (tricksWon[0] === 8 || tricksWon[1] === 8) {
    capot = tricksWon[0] === 8 ? 0 : 1;
    out[capot] = 252 + (capot === 0 ? b0 : b1) + allAnn;
    outcome = capot === takerTeam ? OUTCOME_MADE : OUTCOME_DEDANS;
  } else {
    const t0 = points[0]! + b0 + ann0;
    const t1 = points[1]! + b1 + ann1;
    const tt = takerTeam === 0 ? t0 : t1;
    const td = takerTeam === 0 ? t1 : t0;
    if (tt > td) {
      out[takerTeam] = tt;
      out[def] = td;
      outcome = OUTCOME_MADE;
    } else if (tt < td || tieDedans) {
      out[def] = 162 + allAnn + (def === 0 ? b0 : b1);
      outcome = OUTCOME_DEDANS;
    } else {
      out[def] = td;
      pot += tt - (takerTeam === 0 ? b0 : b1);
      outcome = OUTCOME_LITIGE;
    }
  }
  if (outcome === OUTCOME_MADE) {
    out[takerTeam] = out[takerTeam]! + pot;
    pot = 0;
  } else if (outcome === OUTCOME_DEDANS) {
    out[def] = out[def]! + pot;
    pot = 0;
  }
  out[2] = pot;
  out[3] = outcome;
  out[4] = capot;
  return out;
}
