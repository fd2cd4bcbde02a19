/**
 * Announcements (docs/rules/RULES.md §6): detecting each seat's combinations in its 8 cards,
 * ranking them and deciding which team scores.
 */
import { RANKS, SUITS, cardOf, type CardId, type SuitId } from './cards.js';
import type { Combination, SeatCombination, Seat, Team } from './types.js';
import { teamOf } from './types.js';

const CARRE_POINTS: Readonly<Record<number, number>> = { 4: 200, 2: 150, 7: 100, 3: 100, 6: 100, 5: 100 };
/** Rank indices that form a carré, and their order among 100-point carrés (10 < Q < K < A). */
const CARRE_RANKS = [4, 2, 7, 6, 5, 3] as const;
const CARRE_ORDER: Readonly<Record<number, number>> = { 3: 0, 5: 1, 6: 2, 7: 3, 2: 4, 4: 5 };

function sequencePoints(length: number): number {
  return length >= 5 ? 100 : length === 4 ? 50 : 20;
}

function sequenceKind(length: number): Combination['kind'] {
  return length >= 5 ? 'quinte' : length === 4 ? 'quarte' : 'tierce';
}

/** All combinations in a hand of 8 cards (as a mask): carrés first, then maximal runs of what is left. */
export function detectCombinations(hand: number): Combination[] {
  const out: Combination[] = [];
  let free = hand;
  for (const r of CARRE_RANKS) {
    const carre = (1 << r) | (1 << (8 + r)) | (1 << (16 + r)) | (1 << (24 + r));
    if ((hand & carre) === carre) {
      free &= ~carre;
      out.push({
        kind: 'carre',
        points: CARRE_POINTS[r] as number,
        cards: [0, 1, 2, 3].map((s) => cardOf(s * 8 + r)),
        suit: null,
        top: RANKS[r]!,
        length: 4,
      });
    }
  }
  for (let s = 0; s < 4; s++) {
    const bits = (free >>> (s * 8)) & 0xff;
    let r = 0;
    while (r < 8) {
      if ((bits & (1 << r)) === 0) {
        r++;
        continue;
      }
      let end = r;
      while (end + 1 < 8 && (bits & (1 << (end + 1))) !== 0) end++;
      const length = end - r + 1;
      if (length >= 3) {
        const cards: CardId[] = [];
        for (let k = r; k <= end; k++) cards.push(s * 8 + k);
        out.push({
          kind: sequenceKind(length),
          points: sequencePoints(length),
          cards: cards.map(cardOf),
          suit: SUITS[s]!,
          top: RANKS[end]!,
          length,
        });
      }
      r = end + 1;
    }
  }
  return out;
}

/**
 * Compare two combinations: > 0 when `a` ranks above `b`, < 0 below, 0 when exactly equal.
 */
export function compareCombinations(a: Combination, b: Combination, trump: SuitId): number {
  if (a.points !== b.points) return a.points - b.points;
  const aCarre = a.kind === 'carre';
  const bCarre = b.kind === 'carre';
  if (aCarre !== bCarre) return aCarre ? 1 : -1;
  const topA = RANKS.indexOf(a.top);
  const topB = RANKS.indexOf(b.top);
  if (aCarre) return (CARRE_ORDER[topA] as number) - (CARRE_ORDER[topB] as number);
  if (a.length !== b.length) return a.length - b.length;
  if (topA !== topB) return topA - topB;
  const aTrump = a.suit === SUITS[trump];
  const bTrump = b.suit === SUITS[trump];
  if (aTrump !== bTrump) return aTrump ? 1 : -1;
  return 0;
}

export interface AnnouncementOutcome {
  /** Every seat's combinations, by seat. */
  bySeat: Combination[][];
  /** The team that scores its combinations, or null (none declared, or an exact tie). */
  winner: Team | null;
  /** Points each team scores from announcements. */
  points: [number, number];
}

/** Decide the announcements of a deal from the four 8-card hands at the start of play. */
export function resolveAnnouncements(hands: readonly number[], trump: SuitId): AnnouncementOutcome {
  const bySeat = hands.map(detectCombinations);
  const best: (Combination | null)[] = [null, null];
  bySeat.forEach((combos, seat) => {
    const team = teamOf(seat as Seat);
    for (const c of combos) {
      const cur = best[team];
      if (cur == null || compareCombinations(c, cur, trump) > 0) best[team] = c;
    }
  });
  let winner: Team | null = null;
  const [b0, b1] = best;
  if (b0 && b1) {
    const cmp = compareCombinations(b0, b1, trump);
    winner = cmp > 0 ? 0 : cmp < 0 ? 1 : null;
  } else if (b0) winner = 0;
  else if (b1) winner = 1;
  const points: [number, number] = [0, 0];
  if (winner !== null) {
    bySeat.forEach((combos, seat) => {
      if (teamOf(seat as Seat) === winner) for (const c of combos) points[winner] += c.points;
    });
  }
  return { bySeat, winner, points };
}

/** The winning team's combinations, as shown to everyone after the first card of trick 2. */
export function shownCombinations(outcome: AnnouncementOutcome): SeatCombination[] {
  if (outcome.winner === null) return [];
  const out: SeatCombination[] = [];
  outcome.bySeat.forEach((combos, seat) => {
    if (teamOf(seat as Seat) === outcome.winner) for (const c of combos) out.push({ seat: seat as Seat, combination: c });
  });
  return out;
}
