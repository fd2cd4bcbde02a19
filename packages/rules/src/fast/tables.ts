/**
 * Precomputed tables for the fast core: every per-card rule of docs/rules/RULES.md §2 and §5 becomes
 * one typed-array lookup indexed by `trump * 32 + card` (card id = suit * 8 + rank, ranks in
 * natural order 7 8 9 10 J Q K A). Built once at module load from the readable tables in
 * cards.ts, so both layers share one source of truth.
 */
import { PLAIN_POINTS, PLAIN_STRENGTH, TRUMP_POINTS, TRUMP_STRENGTH } from '../cards.js';

/** Mask of the 8 cards of each suit, by suit id. */
export const SUIT_MASKS: Int32Array = Int32Array.from([0xff, 0xff00, 0xff0000, 0xff000000 | 0]);

/** Card points of `card` when `trump` is trump: `CARD_POINTS[trump * 32 + card]`. */
export const CARD_POINTS: Int8Array = new Int8Array(128);

/**
 * Strength of `card` inside a trick when `trump` is trump: 8..15 for a trump (J highest),
 * 0..7 for a plain card (A highest). A plain card of a suit other than the led one never
 * wins, which the caller checks with the suit. `CARD_STRENGTH[trump * 32 + card]`.
 */
export const CARD_STRENGTH: Int8Array = new Int8Array(128);

/**
 * `TRUMPS_ABOVE[trump * 16 + s]`: mask of the trumps whose strength is greater than `s`
 * (a combined strength as in CARD_STRENGTH; any `s < 8` means "no trump in the trick",
 * so every trump qualifies).
 */
export const TRUMPS_ABOVE: Int32Array = new Int32Array(64);

for (let t = 0; t < 4; t++) {
  for (let c = 0; c < 32; c++) {
    const r = c & 7;
    const isTrump = c >> 3 === t;
    CARD_POINTS[t * 32 + c] = isTrump ? TRUMP_POINTS[r]! : PLAIN_POINTS[r]!;
    CARD_STRENGTH[t * 32 + c] = isTrump ? 8 + TRUMP_STRENGTH[r]! : PLAIN_STRENGTH[r]!;
  }
  for (let s = 0; s < 16; s++) {
    let m = 0;
    for (let r = 0; r < 8; r++) if (8 + TRUMP_STRENGTH[r]! > s) m |= 1 << (t * 8 + r);
    TRUMPS_ABOVE[t * 16 + s] = m;
  }
}

/** Population count of a 32-bit mask and lowest card id of a non-empty mask (one definition, in cards.ts). */
export { popcount as bitCount, lowestCard as lowestBit } from '../cards.js';

/**
 * The legal-play rule of docs/rules/RULES.md §5 on a summary of the trick, allocation-free.
 * @param hand the player's hand mask
 * @param trickLen cards already in the trick (0..3)
 * @param led suit id of the first card (ignored when trickLen is 0)
 * @param winStrength CARD_STRENGTH of the winning card so far (>= 8 iff the trick holds a trump)
 * @param partnerWinning the player's partner currently wins the trick
 * @param trump trump suit id
 */
export function legalMaskCore(
  hand: number,
  trickLen: number,
  led: number,
  winStrength: number,
  partnerWinning: boolean,
  trump: number,
): number {
  if (trickLen === 0) return hand;
  const trumps = hand & SUIT_MASKS[trump]!;
  if (led === trump) {
    if (trumps === 0) return hand;
    const higher = trumps & TRUMPS_ABOVE[trump * 16 + winStrength]!;
    return higher !== 0 ? higher : trumps;
  }
  const follow = hand & SUIT_MASKS[led]!;
  if (follow !== 0) return follow;
  if (partnerWinning || trumps === 0) return hand;
  const higher = trumps & TRUMPS_ABOVE[trump * 16 + (winStrength < 0 ? 0 : winStrength)]!;
  return higher !== 0 ? higher : trumps;
}
