/**
 * Allocation-free announcements (docs/rules/RULES.md §6) for search: each combination gets a numeric
 * rank key so "which team holds the best combination" is one integer comparison.
 * Key = points << 10 | isCarré << 9 | detail, detail = carré order (10 < Q < K < A < 9 < J,
 * only compared between equal points) or length << 4 | top << 1 | inTrump for a sequence.
 * Equal keys are exactly the "exact tie" of §6. ../announcements.ts is the readable twin.
 */

/** Best sequence key (without the trump bit) and points sum of all runs in one suit byte. */
const RUN_BEST = new Int32Array(256);
const RUN_SUM = new Int32Array(256);
for (let b = 0; b < 256; b++) {
  let best = 0;
  let sum = 0;
  let r = 0;
  while (r < 8) {
    if ((b & (1 << r)) === 0) {
      r++;
      continue;
    }
    let end = r;
    while (end < 7 && (b & (1 << (end + 1))) !== 0) end++;
    const len = end - r + 1;
    if (len >= 3) {
      const pts = len >= 5 ? 100 : len === 4 ? 50 : 20;
      sum += pts;
      const key = (pts << 10) | (len << 4) | (end << 1);
      if (key > best) best = key;
    }
    r = end + 1;
  }
  RUN_BEST[b] = best;
  RUN_SUM[b] = sum;
}

/** Carré ranks (rank index) with their points and order detail. */
const CARRE_RANK = Int8Array.from([4, 2, 7, 3, 6, 5]); // J 9 A 10 K Q
const CARRE_PTS = Int16Array.from([200, 150, 100, 100, 100, 100]);
const CARRE_DETAIL = Int8Array.from([5, 4, 3, 0, 2, 1]);

/** Scratch for one hand: [bestKey, pointsSum]. */
const handScratch = new Int32Array(2);

/** Best combination key (0 if none) and total points of one 8-card hand, into `out[0..1]`. */
export function handCombinations(hand: number, trump: number, out: Int32Array = handScratch): Int32Array {
  let free = hand;
  let best = 0;
  let sum = 0;
  for (let i = 0; i < 6; i++) {
    const m = 0x01010101 << CARRE_RANK[i]!;
    if ((hand & m) === m) {
      free &= ~m;
      const key = (CARRE_PTS[i]! << 10) | (1 << 9) | CARRE_DETAIL[i]!;
      sum += CARRE_PTS[i]!;
      if (key > best) best = key;
    }
  }
  for (let s = 0; s < 4; s++) {
    const b = (free >>> (s * 8)) & 0xff;
    const k = RUN_BEST[b]!;
    if (k === 0) continue;
    sum += RUN_SUM[b]!;
    const key = s === trump ? k | 1 : k;
    if (key > best) best = key;
  }
  out[0] = best;
  out[1] = sum;
  return out;
}

/**
 * Decide the announcements of a deal from the four 8-card hands at the start of play:
 * `out = [points team 0, points team 1, winning team or -1]`.
 */
export function announcementsInto(hands: ArrayLike<number>, trump: number, out: Int32Array): Int32Array {
  let best0 = 0;
  let best1 = 0;
  let sum0 = 0;
  let sum1 = 0;
  for (let s = 0; s < 4; s++) {
    handCombinations(hands[s]!, trump, handScratch);
    if ((s & 1) === 0) {
      sum0 += handScratch[1]!;
      if (handScratch[0]! > best0) best0 = handScratch[0]!;
    } else {
      sum1 += handScratch[1]!;
      if (handScratch[0]! > best1) best1 = handScratch[0]!;
    }
  }
  const winner = best0 > best1 ? 0 : best1 > best0 ? 1 : -1;
  out[0] = winner === 0 ? sum0 : 0;
  out[1] = winner === 1 ? sum1 : 0;
  out[2] = winner;
  return out;
}
