/**
 * §6: "Folding every frame from a snapshot gives exactly the snapshot the server would send at
 * that seq (minus the clocks' time left)." The comparison of a folded state with a fresh one.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Snapshot } from './wire.js';

/** The clocks' time left is the only thing allowed to differ: kept as "set" or null. */
function normalise(s: Snapshot): unknown {
  const c = structuredClone(s);
  const timers = c.timers as { turnMsLeft: unknown; nextDeal: { msLeft: unknown } | null };
  if (timers.turnMsLeft !== null) timers.turnMsLeft = 'set';
  if (timers.nextDeal) timers.nextDeal.msLeft = 'set';
  return c;
}

/** The first paths where two values differ (at most `max`). */
export function diffPaths(a: unknown, b: unknown, path = '', out: string[] = [], max = 6): string[] {
  if (out.length >= max || isDeepStrictEqual(a, b)) return out;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) diffPaths((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`, out, max);
    return out;
  }
  out.push(`${path || '(root)'}: folded ${JSON.stringify(a)?.slice(0, 160)} vs server ${JSON.stringify(b)?.slice(0, 160)}`);
  return out;
}

/** null when equal (up to the clocks), otherwise where they differ. */
export function sameSnapshot(folded: Snapshot, fresh: Snapshot): string | null {
  const d = diffPaths(normalise(folded), normalise(fresh));
  return d.length ? d.join('; ') : null;
}

/**
 * §5.3: "A classic table never shows `auction`, `contract` or `coinche`; a coinche table never
 * shows `retourne`", and `rules.variant` is present only at a coinche table (§5.2).
 */
export function variantProblems(s: Snapshot): string[] {
  const coinche = s.table.rules.variant === 'coinche';
  const out: string[] = [];
  const view = s.view;
  if (!view) return out;
  if ((view.rules.variant === 'coinche') !== coinche) out.push('view.rules.variant differs from table.rules.variant');
  const summaries = [...view.history, ...(view.deal?.result ? [view.deal.result] : [])];
  for (const r of summaries) {
    const has = 'contract' in r && 'coinche' in r;
    if (coinche !== has) out.push(`a ${coinche ? 'coinche' : 'classic'} DealSummary ${has ? 'with' : 'without'} contract/coinche`);
  }
  const d = view.deal;
  if (d) {
    if (coinche && ('retourne' in d || !d.auction)) out.push('a coinche deal with a retourne or without an auction');
    if (!coinche && (!('retourne' in d) || 'auction' in d)) out.push('a classic deal without a retourne or with an auction');
    if (coinche && d.bids.length) out.push('a coinche deal with classic bids');
  }
  return out;
}

/** `folded` with the values a presence frame carries (§5.5) taken from `fresh`. */
export function withPresenceOf(folded: Snapshot, fresh: Snapshot): Snapshot {
  const c = structuredClone(folded);
  c.table.spectators = fresh.table.spectators;
  c.table.seats.forEach((x, i) => {
    x.connected = fresh.table.seats[i]!.connected;
    x.botPlaying = fresh.table.seats[i]!.botPlaying;
  });
  c.timers = structuredClone(fresh.timers);
  return c;
}

const NATURAL = ['7', '8', '9', '10', 'J', 'Q', 'K', 'A'];

/** §5.3 `SeatCombination`: the shape of each shown combination. */
export function combinationProblems(s: Snapshot): string[] {
  const out: string[] = [];
  for (const { combination: c } of s.view?.deal?.shown?.combinations ?? []) {
    const ranks = c.cards.map((x) => x.slice(0, -1));
    const suits = c.cards.map((x) => x.slice(-1));
    if (c.length !== c.cards.length) out.push(`combination length ${c.length} with ${c.cards.length} cards`);
    if (c.kind === 'carre') {
      if (c.suit !== null || suits.join('') !== 'SHDC' || ranks.some((r) => r !== c.top)) out.push(`carré ${c.cards.join(' ')} not as §5.3 says`);
    } else {
      const idx = ranks.map((r) => NATURAL.indexOf(r));
      const run = idx.every((v, i) => i === 0 || v === idx[i - 1]! + 1);
      if (!run || suits.some((x) => x !== c.suit) || ranks.at(-1) !== c.top) out.push(`sequence ${c.cards.join(' ')} not as §5.3 says`);
    }
  }
  return out;
}

/** §5.4 "Events of one action come in this order", and `dealCommitted` just before `dealStarted` (§10). */
const ORDERS: Record<string, string[]> = {
  cardPlayed: ['cardPlayed', 'belote', 'announcementsShown', 'trickWon', 'dealScored', 'gameOver'],
  bid: ['bid', 'trumpChosen', 'announcementsDeclared', 'redeal'],
  call: ['call', 'contractSet', 'announcementsDeclared', 'redeal'],
};
export function eventOrderProblems(types: readonly string[]): string[] {
  const out: string[] = [];
  const order = ORDERS[types[0] ?? ''];
  if (order) {
    const ranks = types.map((t) => order.indexOf(t));
    if (ranks.some((r, i) => r < 0 || (i > 0 && r <= ranks[i - 1]!))) out.push(`step events ${types.join(', ')} out of the documented order`);
    if (types.includes('redeal') && (types.includes('trumpChosen') || types.includes('contractSet'))) out.push(`a redeal with a contract: ${types.join(', ')}`);
  }
  types.forEach((t, i) => {
    if (t === 'dealStarted' && types[i - 1] !== 'dealCommitted') out.push(`dealStarted not just after dealCommitted: ${types.join(', ')}`);
  });
  return out;
}

/** Totals run: each deal's totals are the previous ones plus what it writes (docs/rules/RULES.md §7, docs/rules/COINCHE.md §5). */
export function historyProblems(s: Snapshot): string[] {
  const out: string[] = [];
  let totals = [0, 0];
  for (const [i, r] of (s.view?.history ?? []).entries()) {
    if (r.totals[0] !== totals[0]! + r.written[0] || r.totals[1] !== totals[1]! + r.written[1]) out.push(`deal ${i}: totals ${r.totals.join('/')} are not ${totals.join('/')} + ${r.written.join('/')}`);
    if (r.outcome !== 'redeal' && r.points[0] + r.points[1] !== 162) out.push(`deal ${i}: points ${r.points.join('+')} are not 162`);
    totals = [...r.totals];
  }
  return out;
}
