/**
 * Scoring a finished deal (docs/rules/RULES.md §7) and deciding the game (§8).
 * Kept apart from bidding and trick play so a variant can replace it.
 */
import type { Outcome, Rules, Team } from './types.js';

export interface DealTally {
  takerTeam: Team;
  /** Card points per team including the 10 for the last trick (sum 162). */
  points: readonly [number, number];
  /** Tricks won per team. */
  tricks: readonly [number, number];
  belote: readonly [number, number];
  /** Announcement points each team scores (only the winning team is non-zero). */
  announcements: readonly [number, number];
}

export interface DealScore {
  outcome: Exclude<Outcome, 'redeal' | 'unfinished'>;
  capot: Team | null;
  /** What each team writes, including a litige pot this deal awards. */
  written: [number, number];
  /** The litige pot still open after this deal. */
  litigePot: number;
}

/** Score one played deal given the tie rule and the litige pot carried in. */
export function scoreDeal(t: DealTally, tie: Rules['tie'], potIn: number): DealScore {
  const taker = t.takerTeam;
  const def: Team = taker === 0 ? 1 : 0;
  const allAnnouncements = t.announcements[0] + t.announcements[1];
  const written: [number, number] = [t.belote[0], t.belote[1]];
  const capot: Team | null = t.tricks[0] === 8 ? 0 : t.tricks[1] === 8 ? 1 : null;
  let outcome: DealScore['outcome'];
  let pot = potIn;

  if (capot !== null) {
    // The capot team writes 252 + its belote + every scoring announcement; the other only its belote.
    written[capot] = 252 + t.belote[capot] + allAnnouncements;
    outcome = capot === taker ? 'made' : 'dedans';
  } else {
    const total = (team: Team): number => t.points[team] + t.belote[team] + t.announcements[team];
    const tt = total(taker);
    const td = total(def);
    if (tt > td) {
      written[taker] = tt;
      written[def] = td;
      outcome = 'made';
    } else if (tt < td || tie === 'dedans') {
      written[def] = 162 + allAnnouncements + t.belote[def];
      outcome = 'dedans';
    } else {
      written[def] = td;
      pot += tt - t.belote[taker];
      outcome = 'litige';
    }
  }

  if (outcome === 'made') {
    written[taker] += pot;
    pot = 0;
  } else if (outcome === 'dedans') {
    written[def] += pot;
    pot = 0;
  }
  return { outcome, capot, written, litigePot: pot };
}

/** The winner after a deal, or null to play on (§8: both over → higher; equal → play on). */
export function gameWinner(totals: readonly [number, number], target: number): Team | null {
  const [a, b] = totals;
  const over0 = a >= target;
  const over1 = b >= target;
  if (over0 && over1) return a > b ? 0 : b > a ? 1 : null;
  if (over0) return 0;
  if (over1) return 1;
  return null;
}
