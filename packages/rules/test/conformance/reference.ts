/**
 * An independent, deliberately naive reading of docs/rules/RULES.md + docs/rules/RECORD.md, written by the
 * conformance auditor WITHOUT looking at the engine: cards are strings, hands are arrays,
 * every rule is spelled out as in the rule book. It replays a (parsed) record into the
 * docs/rules/RECORD.md result shape so random games can be cross-checked against `replayRecord`.
 * Slow on purpose; never imported by src/.
 */
type Suit = 'S' | 'H' | 'D' | 'C';
type Team = 0 | 1;
const NATURAL = ['7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const TRUMP_ORDER = ['J', '9', 'A', '10', 'K', 'Q', '8', '7'];
const PLAIN_ORDER = ['A', '10', 'K', 'Q', 'J', '9', '8', '7'];
const TRUMP_PTS: Record<string, number> = { J: 20, '9': 14, A: 11, '10': 10, K: 4, Q: 3, '8': 0, '7': 0 };
const PLAIN_PTS: Record<string, number> = { A: 11, '10': 10, K: 4, Q: 3, J: 2, '9': 0, '8': 0, '7': 0 };

export const rankOf = (c: string): string => c.slice(0, -1);
export const suitOf = (c: string): Suit => c.slice(-1) as Suit;
const teamOf = (seat: number): Team => (seat % 2) as Team;
export const cardPoints = (c: string, trump: Suit): number => (suitOf(c) === trump ? TRUMP_PTS : PLAIN_PTS)[rankOf(c)]!;

/** Strength of a card in a trick: trumps above the led suit, other cards nothing. */
function strength(c: string, led: Suit, trump: Suit): number {
  if (suitOf(c) === trump) return 100 - TRUMP_ORDER.indexOf(rankOf(c));
  if (suitOf(c) === led) return 50 - PLAIN_ORDER.indexOf(rankOf(c));
  return 0;
}
/** Index (0..n-1) of the card currently winning the trick. */
export function winnerIndex(trick: readonly string[], trump: Suit): number {
  const led = suitOf(trick[0]!);
  let best = 0;
  trick.forEach((c, i) => { if (strength(c, led, trump) > strength(trick[best]!, led, trump)) best = i; });
  return best;
}

/** docs/rules/RULES.md §5, clause by clause. `trick` holds the cards already played (leader first). */
export function legalCards(hand: readonly string[], trick: readonly string[], trump: Suit): string[] {
  if (trick.length === 0) return [...hand];
  const led = suitOf(trick[0]!);
  const trumps = hand.filter((c) => suitOf(c) === trump);
  const highestTrumpInTrick = Math.max(0, ...trick.filter((c) => suitOf(c) === trump).map((c) => strength(c, led, trump)));
  const overtrumps = trumps.filter((c) => strength(c, led, trump) > highestTrumpInTrick);
  if (led === trump) {
    if (trumps.length === 0) return [...hand];
    return overtrumps.length > 0 ? overtrumps : trumps;
  }
  const follow = hand.filter((c) => suitOf(c) === led);
  if (follow.length > 0) return follow;
  // partner currently winning: the winning card was played by the seat two before me
  const w = winnerIndex(trick, trump);
  const partnerWinning = (trick.length - w) === 2;
  if (partnerWinning) return [...hand];
  if (trumps.length === 0) return [...hand];
  return overtrumps.length > 0 ? overtrumps : trumps;
}

export interface Combo { kind: 'seq' | 'carre'; points: number; len: number; top: number; suit: Suit | null; rank: string }

/** docs/rules/RULES.md §6: carrés first (they take their cards), then maximal runs of what is left. */
export function combosOf(hand: readonly string[]): Combo[] {
  const out: Combo[] = [];
  const used = new Set<string>();
  const CARRE: Record<string, number> = { J: 200, '9': 150, A: 100, '10': 100, K: 100, Q: 100 };
  for (const r of NATURAL) {
    const four = hand.filter((c) => rankOf(c) === r);
    if (four.length === 4 && CARRE[r] !== undefined) {
      out.push({ kind: 'carre', points: CARRE[r], len: 4, top: NATURAL.indexOf(r), suit: null, rank: r });
      four.forEach((c) => used.add(c));
    }
  }
  for (const s of ['S', 'H', 'D', 'C'] as Suit[]) {
    let run = 0;
    for (let i = 0; i <= 8; i++) {
      const has = i < 8 && hand.includes(NATURAL[i]! + s) && !used.has(NATURAL[i]! + s);
      if (has) { run++; continue; }
      if (run >= 3) out.push({ kind: 'seq', points: run === 3 ? 20 : run === 4 ? 50 : 100, len: run, top: i - 1, suit: s, rank: NATURAL[i - 1]! });
      run = 0;
    }
  }
  return out;
}

const CARRE_RANK = ['10', 'Q', 'K', 'A'];
/** >0 when a beats b, 0 on an exact tie. */
export function compareCombos(a: Combo, b: Combo, trump: Suit): number {
  if (a.points !== b.points) return a.points - b.points;
  if (a.kind !== b.kind) return a.kind === 'carre' ? 1 : -1;
  if (a.kind === 'carre') return CARRE_RANK.indexOf(a.rank) - CARRE_RANK.indexOf(b.rank);
  if (a.len !== b.len) return a.len - b.len;
  if (a.top !== b.top) return a.top - b.top;
  return (a.suit === trump ? 1 : 0) - (b.suit === trump ? 1 : 0);
}

/** Announcement points per team after the comparison. */
export function announcementPoints(hands: readonly (readonly string[])[], trump: Suit): [number, number] {
  const perTeam: Combo[][] = [[], []];
  hands.forEach((h, s) => perTeam[teamOf(s)]!.push(...combosOf(h)));
  const bestOf = (cs: Combo[]): Combo | null => cs.reduce<Combo | null>((b, c) => (b === null || compareCombos(c, b, trump) > 0 ? c : b), null);
  const b0 = bestOf(perTeam[0]!);
  const b1 = bestOf(perTeam[1]!);
  const sum = (t: Team): number => perTeam[t]!.reduce((a, c) => a + c.points, 0);
  if (b0 === null && b1 === null) return [0, 0];
  if (b1 === null) return [sum(0), 0];
  if (b0 === null) return [0, sum(1)];
  const cmp = compareCombos(b0, b1, trump);
  if (cmp > 0) return [sum(0), 0];
  if (cmp < 0) return [0, sum(1)];
  return [0, 0];
}
