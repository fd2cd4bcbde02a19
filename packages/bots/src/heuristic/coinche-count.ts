/**
 * The point count the coinche heuristic bids with (docs/rules/COINCHE.md §3). A hand is counted for a
 * candidate trump suit as the points it brings to its team's total (card points + belote):
 *
 * - trumps: jack 20, nine 14 (7 when bare: no jack and fewer than three trumps), ace 11,
 *   ten 10, king 4, queen 3, and 10 for each trump beyond the third (long trumps ruff);
 * - outside: ace 11, ten 10 behind its ace, a bare ten 3 when guarded;
 * - shape with three trumps or more: 8 per void, 3 per singleton;
 * - belote (king and queen of trump) 20, which counts toward the contract.
 *
 * The partner's share and the bid made of the count are coinche-bid.ts's. `defenceCount` counts
 * the same hand against an opposing contract: the trump honours that stop the takers and the outside winners.
 * The weights were checked on simulated deals (heuristic card play): the takers' total rises by
 * about one point per counted point, plus the partner's share.
 */
import { RANK_9, RANK_J, RANK_K, RANK_Q, bit, popcount, suitMask, type SuitId } from '@belote/rules';

const RANK_A = 7;
const RANK_10 = 3;

/** Points `hand` (a mask) brings to its team with `trump` as trump, as takers. */
export function takerCount(hand: number, trump: SuitId): number {
  const t = hand & suitMask(trump);
  const n = popcount(t);
  const has = (r: number): boolean => (t & bit(trump * 8 + r)) !== 0;
  let c = 0;
  if (has(RANK_J)) c += 20;
  if (has(RANK_9)) c += has(RANK_J) || n >= 3 ? 14 : 7;
  if (has(RANK_A)) c += 11;
  if (has(RANK_10)) c += 10;
  if (has(RANK_K)) c += 4;
  if (has(RANK_Q)) c += 3;
  if (n > 3) c += 10 * (n - 3);
  if (has(RANK_K) && has(RANK_Q)) c += 20;
  for (let s = 0; s < 4; s++) {
    if (s === trump) continue;
    const len = popcount(hand & suitMask(s));
    const ace = (hand & bit(s * 8 + RANK_A)) !== 0;
    const ten = (hand & bit(s * 8 + RANK_10)) !== 0;
    if (ace) c += 11;
    if (ten) c += ace ? 10 : len >= 2 ? 3 : 0;
    if (n >= 3) c += len === 0 ? 8 : len === 1 ? 3 : 0;
  }
  return c;
}

/**
 * Points `hand` should take against a contract in `trump` (as defenders): jack of trump 20,
 * nine 14 when guarded (jack, or two more trumps), ace of trump 11 with two more trumps,
 * outside aces 11 (10 more with the ten), and belote 20 when the pair is in this hand.
 */
export function defenceCount(hand: number, trump: SuitId): number {
  const t = hand & suitMask(trump);
  const n = popcount(t);
  const has = (r: number): boolean => (t & bit(trump * 8 + r)) !== 0;
  let c = 0;
  if (has(RANK_J)) c += 20;
  if (has(RANK_9) && (has(RANK_J) || n >= 3)) c += 14;
  if (has(RANK_A) && n >= 3) c += 11;
  if (has(RANK_K) && has(RANK_Q)) c += 20;
  for (let s = 0; s < 4; s++) {
    if (s === trump) continue;
    if ((hand & bit(s * 8 + RANK_A)) !== 0) c += (hand & bit(s * 8 + RANK_10)) !== 0 ? 21 : 11;
  }
  return c;
}
