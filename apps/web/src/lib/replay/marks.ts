/**
 * Marks as the replay shows them: the symbols players know from chess sites (?! inaccuracy,
 * ? mistake, ?? blunder), how many of each a player has in a deal or the game, and the next
 * marked decision to jump to when a count is clicked.
 */
import type { DealAnalysis, Verdict } from '@belote/bots';
import type { ReplayCursor, ReplayTimeline, Seat } from '@belote/rules';

export type Mark = 'inaccuracy' | 'mistake' | 'blunder';
export const MARKS: readonly Mark[] = ['inaccuracy', 'mistake', 'blunder'];

export const MARK_SYMBOL: Record<Mark, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** The mark of a verdict, or null when it is not one. */
export const markOf = (v: Verdict): Mark | null => (v === 'inaccuracy' || v === 'mistake' || v === 'blunder' ? v : null);

/** Where the marked decisions of `seat` with `mark` lead (the frame after each), in the order of the game. */
export function markedCursors(timeline: ReplayTimeline, analyses: Readonly<Record<number, DealAnalysis>>, seat: Seat, mark: Mark, deal: number | null = null): ReplayCursor[] {
  const out: ReplayCursor[] = [];
  timeline.deals.forEach((d, i) => {
    if (deal !== null && i !== deal) return;
    for (const x of analyses[d.index]?.decisions ?? []) if (x.seat === seat && x.verdict === mark) out.push({ deal: i, step: x.step + 1 });
  });
  return out;
}

/** How many marks of each kind `seat` has among the analyses given. */
export function markCounts(analyses: readonly DealAnalysis[], seat: Seat): Record<Mark, number> {
  const c: Record<Mark, number> = { inaccuracy: 0, mistake: 0, blunder: 0 };
  for (const a of analyses) for (const d of a.decisions) if (d.seat === seat) {
    const m = markOf(d.verdict);
    if (m) c[m]++;
  }
  return c;
}

const before = (a: ReplayCursor, b: ReplayCursor): boolean => a.deal < b.deal || (a.deal === b.deal && a.step < b.step);

/** The first of `list` after `at`, or the first of all when none is (a click steps through them in a circle). */
export function nextCursor(list: readonly ReplayCursor[], at: ReplayCursor): ReplayCursor | null {
  return list.find((c) => before(at, c)) ?? list[0] ?? null;
}
