/**
 * How a decision is judged: the points it gives away against the best option under the seat's
 * own knowledge, and the marks lichess players know (inaccuracy, mistake, blunder).
 *
 * Unit: a "point given away" is a point of the score sheet that changes hands. Every option is
 * valued by the written difference it leads to (the seat's team minus the other, for this deal:
 * made, dedans or litige around the taker's threshold, belote and shown announcements
 * included); one card point moving to the other team moves that difference by two, so the
 * points given away are half the difference lost. A card that lets 11 card points go to the
 * opponents in a contract made either way gives away 11; one that turns a made 100–62 into a
 * dedans gives away (38 + 162) / 2 = 100.
 */

import type { BidValue, Multiplier, Variant } from '@belote/rules';

/** Points given away from which a decision is marked (inclusive lower bounds), in a classic deal. */
export const THRESHOLDS = Object.freeze({ inaccuracy: 4, mistake: 10, blunder: 20 });

/** What a classic deal puts at stake: its 162 card points. */
export const CLASSIC_STAKE = 162;

/**
 * What a deal puts at stake in written points: in classic its 162 card points; in coinche what
 * the defenders write when the contract fails, m × (160 + C) (C = 250 for a capot bid; a deal
 * nobody bid counts as the lowest contract, 80). A coinche deal writes 1.5 to 8 times what a
 * classic deal does (and its game runs to 2000, not 1000), so the same points given away are a
 * smaller part of it.
 */
export function stakeOf(variant: Variant | undefined, contract: BidValue | null | undefined, multiplier: Multiplier | undefined): number {
  if (variant !== 'coinche') return CLASSIC_STAKE;
  const c = contract === 'capot' ? 250 : (contract ?? 80);
  return (multiplier ?? 1) * (160 + c);
}

/**
 * The factor the thresholds are scaled by in a deal of that stake, so that a mark means the
 * same share of what is at stake in both games: 1 in classic, stake / 162 in coinche (1.48 for
 * an 80, 1.6 for a 100, 3.2 for a coinched 100).
 */
export const markScale = (stake: number): number => stake / CLASSIC_STAKE;

/**
 * `forced`: one legal card. `best`: within half a point of the best. `good`: below the
 * inaccuracy mark, or not clear of sampling noise (see `verdictOf`).
 */
export type Verdict = 'forced' | 'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder';

/** Half the written difference lost: the points given away (never negative). */
export const givenAway = (bestMargin: number, playedMargin: number): number => Math.max(0, (bestMargin - playedMargin) / 2);

/**
 * The points given away and their standard error, from paired samples (the same sampled deal
 * for both options): half the mean of best − played, and half its standard error.
 */
export function pairedLoss(best: readonly number[], played: readonly number[]): { loss: number; se: number } {
  const n = Math.min(best.length, played.length);
  if (n === 0) return { loss: 0, se: 0 };
  const d = Array.from({ length: n }, (_, i) => (best[i]! - played[i]!) / 2);
  const m = d.reduce((a, b) => a + b, 0) / n;
  const v = n > 1 ? d.reduce((a, b) => a + (b - m) ** 2, 0) / (n - 1) : 0;
  return { loss: Math.max(0, m), se: Math.sqrt(v / n) };
}

/**
 * How many standard errors a mark takes off the points given away before comparing them with
 * the thresholds: a mark counts only what is given away beyond reasonable doubt. Measured with
 * `pnpm bench:analysis --stability` (packages/bots/README.md): judged again on eight times the
 * sampled deals, 62–74 % of the marks graded on the loss itself held, about 90 % at 2.5 standard
 * errors. The marks that did not hold were nearly all within one standard error of their
 * threshold, with a loss that halved on more deals: the best of several options on the same
 * deals looks better than it is, and a written difference is all or nothing around a contract, so
 * a few dozen deals understate its spread. Chosen on one run's judged pairs (seed `stab-1202`:
 * 3.25 held 95 % in classic and 93 % in coinche, 2.5 held 90–91 %, 3.0 91–92 %), measured on
 * fresh ones (README).
 */
export const MARK_Z = 3.25;

/**
 * The mark of a decision that gave away `loss` points (standard error `se`) among `options`,
 * with the thresholds times `scale` (`markScale`): the highest threshold that `loss − MARK_Z ×
 * se` reaches. Otherwise the decision is `good` (or `best` within half a point).
 */
export function verdictOf(loss: number, options: number, se = 0, scale = 1): Verdict {
  if (options <= 1) return 'forced';
  const sure = loss - MARK_Z * se;
  if (sure >= THRESHOLDS.blunder * scale) return 'blunder';
  if (sure >= THRESHOLDS.mistake * scale) return 'mistake';
  if (sure >= THRESHOLDS.inaccuracy * scale) return 'inaccuracy';
  return loss < 0.5 ? 'best' : 'good';
}

/** The points a decision surely gave away: its loss less `MARK_Z` standard errors (what its mark is read from). */
export const surelyGivenAway = (loss: number, se: number): number => Math.max(0, loss - MARK_Z * se);

/** How bad a verdict is: 0 unmarked, 1 inaccuracy, 2 mistake, 3 blunder. */
export function severity(v: Verdict): 0 | 1 | 2 | 3 {
  return v === 'blunder' ? 3 : v === 'mistake' ? 2 : v === 'inaccuracy' ? 1 : 0;
}

/** An inaccuracy, a mistake or a blunder. */
export const isMark = (v: Verdict): boolean => v === 'inaccuracy' || v === 'mistake' || v === 'blunder';

/**
 * A decision counts as accurate when it gave away less than the inaccuracy threshold (times the
 * deal's `scale`), on the loss itself: a costly choice the sampled deals cannot yet mark beyond
 * doubt is not accurate either.
 */
export const isAccurate = (loss: number, scale = 1): boolean => loss < THRESHOLDS.inaccuracy * scale;
