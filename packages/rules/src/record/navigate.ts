/**
 * Moving through a replay timeline: by action (a bid or a card), by trick, by deal, and to a
 * deal's start or end. Pure; the replay page binds these to its buttons and keys.
 */
import { assertNever } from '../types.js';
import type { ReplayTimeline } from './timeline.js';

export interface ReplayCursor {
  /** Index into `timeline.deals` (not the record's deal index). */
  deal: number;
  /** Index into that deal's frames. */
  step: number;
}

export type ReplayUnit = 'action' | 'trick' | 'deal';

const lastStep = (tl: ReplayTimeline, deal: number): number => tl.deals[deal]!.frames.length - 1;

/**
 * Steps a trick-wise move stops at: the deal as dealt, the end of the bidding, and each
 * completed trick (the last of which is the deal's end).
 */
export function trickStops(tl: ReplayTimeline, deal: number): number[] {
  const frames = tl.deals[deal]!.frames;
  const stops = [0];
  frames.forEach((f, i) => {
    if (i === 0) return;
    const endsBidding = f.action?.type === 'take' || (f.view.deal!.phase === 'over' && f.view.deal!.result?.outcome === 'redeal');
    if (endsBidding || f.table.winner !== null) stops.push(i);
  });
  return stops;
}

/** The cursor clamped into the timeline (null when it has no deal). */
export function clampCursor(tl: ReplayTimeline, cur: ReplayCursor): ReplayCursor | null {
  if (tl.deals.length === 0) return null;
  const deal = Math.max(0, Math.min(tl.deals.length - 1, Math.trunc(cur.deal) || 0));
  return { deal, step: Math.max(0, Math.min(lastStep(tl, deal), Math.trunc(cur.step) || 0)) };
}

/** One move of `unit` forward (+1) or back (−1); stays put at either end of the game. */
export function moveCursor(tl: ReplayTimeline, cur: ReplayCursor, unit: ReplayUnit, dir: 1 | -1): ReplayCursor {
  const { deal, step } = cur;
  const first = deal === 0;
  const final = deal === tl.deals.length - 1;
  switch (unit) {
    case 'action': {
      const next = step + dir;
      if (next >= 0 && next <= lastStep(tl, deal)) return { deal, step: next };
      if (dir > 0) return final ? cur : { deal: deal + 1, step: 0 };
      return first ? cur : { deal: deal - 1, step: lastStep(tl, deal - 1) };
    }
    case 'trick': {
      const stops = trickStops(tl, deal);
      if (dir > 0) {
        const next = stops.find((s) => s > step);
        if (next !== undefined) return { deal, step: next };
        return final ? cur : { deal: deal + 1, step: 0 };
      }
      const prev = stops.filter((s) => s < step).pop();
      if (prev !== undefined) return { deal, step: prev };
      return first ? cur : { deal: deal - 1, step: lastStep(tl, deal - 1) };
    }
    case 'deal':
      if (dir > 0) return final ? { deal, step: lastStep(tl, deal) } : { deal: deal + 1, step: 0 };
      if (step > 0) return { deal, step: 0 };
      return first ? cur : { deal: deal - 1, step: 0 };
    default:
      return assertNever(unit);
  }
}

/** The first (`'start'`) or last (`'end'`) step of the cursor's deal. */
export function dealEdge(tl: ReplayTimeline, cur: ReplayCursor, edge: 'start' | 'end'): ReplayCursor {
  return { deal: cur.deal, step: edge === 'start' ? 0 : lastStep(tl, cur.deal) };
}
