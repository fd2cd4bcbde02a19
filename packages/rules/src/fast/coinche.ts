/**
 * Allocation-free coinche deal scoring (docs/rules/COINCHE.md §5) for search and benchmarks; the
 * readable twin is ../coinche-scoring.ts (tests compare them).
 */
import { OUTCOME_DEDANS, OUTCOME_LITIGE, OUTCOME_MADE } from './dealing.js';

/**
 * Score a played coinche deal into `out`: `[written0, written1, potAfter, outcome, capotTeam|-1]`.
 * @param contract the contract's formula points: the bid value, 250 for a capot bid (so 250 ⇔ capot)
 * @param multiplier 1, 2 (coinche) or 4 (surcoinche)
 * @param points card points per team incl. the last trick's 10 (sum 162)
 * @param beloteTeam team holding belote or -1
 * @param ann0 announcement points team 0 scores (after the comparison); `ann1` likewise
 */
export function scoreCoincheInto(
  out: Int32Array,
  takerTeam: number,
  contract: number,
  multiplier: number,
  points: ArrayLike<number>,
  tricksWon: ArrayLike<number>,
  beloteTeam: number,
  ann0: number,
  ann1: number,
  tieDedans: boolean,
  potIn: number,
): Int32Array {
  const T = takerTeam;
  const D = T ^ 1;
  const belT = beloteTeam === T ? 20 : 0;
  const belD = beloteTeam === D ? 20 : 0;
  const A = ann0 + ann1;
  const totT = points[T]! + belT + (T === 0 ? ann0 : ann1);
  const totD = points[D]! + belD + (D === 0 ? ann0 : ann1);
  const capot = tricksWon[0] === 8 ? 0 : tricksWon[1] === 8 ? 1 : -1;
  let outcome: number;
  if (capot === T) outcome = OUTCOME_MADE;
  else if (capot === D || contract === 250) outcome = OUTCOME_DEDANS;
  else if (totT >= contract && totT > totD) outcome = OUTCOME_MADE;
  else if (totT === totD && totT >= contract && multiplier === 1 && !tieDedans) outcome = OUTCOME_LITIGE;
  else outcome = OUTCOME_DEDANS;
  let pot = potIn;
  let wT: number;
  let wD: number;
  if (outcome === OUTCOME_MADE) {
    if (multiplier > 1) {
      wT = multiplier * ((capot === T ? 250 : 160) + belT + A + contract);
      wD = belD;
    } else if (capot === T) {
      wT = 252 + belT + A + contract;
      wD = belD;
    } else {
      wT = totT + contract;
      wD = totD;
    }
    wT += pot;
    pot = 0;
  } else if (outcome === OUTCOME_DEDANS) {
    wT = belT;
    wD = multiplier * (160 + belD + A + contract) + pot;
    pot = 0;
  } else {
    wT = belT;
    wD = totD;
    pot += totT - belT;
  }
  out[T] = wT;
  out[D] = wD;
  out[2] = pot;
  out[3] = outcome;
  out[4] = capot;
  return out;
}
