/**
 * Classic bidding by expected value: what taking is worth against passing, for a seat holding
 * `mine` (its five cards and the retourne, which the taker receives) with `trump` as trump, at its
 * place in the auction. A linear model on the hand's features (trump honours and length, belote,
 * outside aces and tens, voids and singletons) plus one constant per bidding round and place
 * after the dealer, fitted by least squares on simulated deals (`bench/bid-fit.ts`): for each
 * bidding decision of seeded deals, the written difference for the seat's team when it takes
 * minus when it passes (the auction then going on), every seat playing the heuristic.
 * The normal bot takes when the expected gain is positive.
 */
import { bit, popcount, suitMask, type Seat, type SuitId } from '@belote/rules';

const RANK_7 = 0;
const RANK_8 = 1;
const RANK_9 = 2;
const RANK_10 = 3;
const RANK_J = 4;
const RANK_Q = 5;
const RANK_K = 6;
const RANK_A = 7;

/** Names of the features, in the order of `takeFeatures` (the constants by round and place come first). */
export const TAKE_FEATURES = [
  'r1 eldest', 'r1 second', 'r1 third', 'r1 dealer', 'r2 eldest', 'r2 second', 'r2 third', 'r2 dealer',
  'trump J', 'trump 9', 'trump A', 'trump 10', 'trump K', 'trump Q', 'trump 7/8', 'trumps ≥ 3', 'trumps ≥ 4', 'trumps ≥ 5',
  'belote', 'outside aces', 'outside tens with their ace', 'guarded tens', 'outside kings', 'voids', 'singletons',
] as const;

export const N_TAKE_FEATURES = TAKE_FEATURES.length;

/** The seat's place after the dealer: 0 for the eldest … 3 for the dealer. */
export const placeOf = (seat: Seat, dealer: Seat): number => (seat - dealer - 1) & 3;

/** Fill `out` with the features of taking with `mine` (a mask of six cards) and `trump`. */
export function takeFeatures(mine: number, trump: SuitId, round: 1 | 2, place: number, out: Float64Array = new Float64Array(N_TAKE_FEATURES)): Float64Array {
  out.fill(0);
  out[(round - 1) * 4 + place] = 1;
  const t = mine & suitMask(trump);
  const n = popcount(t);
  out[8] = ((t >>> (trump * 8 + RANK_J)) & 1);
  out[9] = ((t >>> (trump * 8 + RANK_9)) & 1);
  out[10] = ((t >>> (trump * 8 + RANK_A)) & 1);
  out[11] = ((t >>> (trump * 8 + RANK_10)) & 1);
  out[12] = ((t >>> (trump * 8 + RANK_K)) & 1);
  out[13] = ((t >>> (trump * 8 + RANK_Q)) & 1);
  out[14] = ((t >>> (trump * 8 + RANK_7)) & 1) + ((t >>> (trump * 8 + RANK_8)) & 1);
  out[15] = n >= 3 ? 1 : 0;
  out[16] = n >= 4 ? 1 : 0;
  out[17] = n >= 5 ? 1 : 0;
  out[18] = ((t >>> (trump * 8 + RANK_K)) & 1) * ((t >>> (trump * 8 + RANK_Q)) & 1);
  for (let s = 0; s < 4; s++) {
    if (s === trump) continue;
    const m = mine & suitMask(s);
    const len = popcount(m);
    const ace = (m & bit(s * 8 + RANK_A)) !== 0;
    const ten = (m & bit(s * 8 + RANK_10)) !== 0;
    if (ace) out[19]! += 1;
    if (ace && ten) out[20]! += 1;
    if (!ace && ten && len >= 2) out[21]! += 1;
    if ((m & bit(s * 8 + RANK_K)) !== 0) out[22]! += 1;
    if (len === 0) out[23]! += 1;
    if (len === 1) out[24]! += 1;
  }
  return out;
}

/**
 * The fitted weights (written points per deal): see `bench/bid-fit.ts` for how they were
 * obtained and README.md (bots) for the figures.
 */
export const TAKE_WEIGHTS: readonly number[] = [
  -140.6, -131.8, -135.6, -116.7, -138.6, -137.8, -134.7, -139.4,
  95.1, 61.8, 31.9, 26.8, 30.2, 28.9, 22.5, 5.4, 3.4, -3.8,
  20.4, 15.3, 6.1, 9.2, 1.7, 6.6, -0.2,
];

const scratch = new Float64Array(N_TAKE_FEATURES);

/** Hands the model is fitted on: the jack or the nine of trump, or three trumps with the ace (the others pass). */
export function takeCandidate(mine: number, trump: SuitId): boolean {
  const t = mine & suitMask(trump);
  return (t & (bit(trump * 8 + RANK_J) | bit(trump * 8 + RANK_9))) !== 0 || (popcount(t) >= 3 && (t & bit(trump * 8 + RANK_A)) !== 0);
}

/** Expected written gain of taking over passing (points per deal, the seat's team). */
export function takeValue(mine: number, trump: SuitId, round: 1 | 2, place: number, weights: readonly number[] = TAKE_WEIGHTS): number {
  if (!takeCandidate(mine, trump)) return -Infinity;
  const x = takeFeatures(mine, trump, round, place, scratch);
  let v = 0;
  for (let i = 0; i < N_TAKE_FEATURES; i++) v += x[i]! * weights[i]!;
  return v;
}
