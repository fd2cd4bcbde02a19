/**
 * An independent, deliberately naive re-statement of docs/rules/RULES.md §2, §5, §7 and §8 on card
 * strings, written from the rule text without the engine's tables. Property tests compare
 * the engine with it on thousands of random games.
 */
type C = string;
const suit = (c: C): string => c.slice(-1);
const rank = (c: C): string => c.slice(0, -1);
const TRUMP_ORDER = ['J', '9', 'A', '10', 'K', 'Q', '8', '7'];
const PLAIN_ORDER = ['A', '10', 'K', 'Q', 'J', '9', '8', '7'];
const TRUMP_PTS: Record<string, number> = { J: 20, '9': 14, A: 11, '10': 10, K: 4, Q: 3, '8': 0, '7': 0 };
const PLAIN_PTS: Record<string, number> = { A: 11, '10': 10, K: 4, Q: 3, J: 2, '9': 0, '8': 0, '7': 0 };

export const points = (c: C, trump: string): number => (suit(c) === trump ? TRUMP_PTS[rank(c)]! : PLAIN_PTS[rank(c)]!);

/** Does `a` beat `b` (both in the trick, `led` the first card's suit)? */
function beats(a: C, b: C, led: string, trump: string): boolean {
  if (suit(a) === trump && suit(b) !== trump) return true;
  if (suit(a) === trump && suit(b) === trump) return TRUMP_ORDER.indexOf(rank(a)) < TRUMP_ORDER.indexOf(rank(b));
  if (suit(b) === trump) return false;
  if (suit(a) === led && suit(b) !== led) return true;
  if (suit(a) === led && suit(b) === led) return PLAIN_ORDER.indexOf(rank(a)) < PLAIN_ORDER.indexOf(rank(b));
  return false;
}

/** Position (0..) of the winning card. */
export function winnerIndex(trick: readonly C[], trump: string): number {
  let w = 0;
  for (let i = 1; i < trick.length; i++) if (beats(trick[i]!, trick[w]!, suit(trick[0]!), trump)) w = i;
  return w;
}

const beatsTrumpsIn = (c: C, trick: readonly C[], trump: string): boolean =>
  trick.filter((t) => suit(t) === trump).every((t) => TRUMP_ORDER.indexOf(rank(c)) < TRUMP_ORDER.indexOf(rank(t)));

/** The legal cards of §5, straight from the text. */
export function legalCards(hand: readonly C[], trick: readonly C[], trump: string): C[] {
  if (trick.length === 0) return [...hand];
  const led = suit(trick[0]!);
  const trumps = hand.filter((c) => suit(c) === trump);
  if (led === trump) {
    if (trumps.length === 0) return [...hand];
    const over = trumps.filter((c) => beatsTrumpsIn(c, trick, trump));
    return over.length > 0 ? over : trumps;
  }
  const follow = hand.filter((c) => suit(c) === led);
  if (follow.length > 0) return follow;
  const partnerPos = trick.length - 2;
  if (partnerPos >= 0 && winnerIndex(trick, trump) === partnerPos) return [...hand];
  if (trumps.length === 0) return [...hand];
  if (!trick.some((c) => suit(c) === trump)) return trumps;
  const over = trumps.filter((c) => beatsTrumpsIn(c, trick, trump));
  return over.length > 0 ? over : trumps;
}

export interface OracleDeal {
  takerTeam: number;
  points: [number, number];
  capot: number | null;
  belote: [number, number];
  announcements: [number, number];
}

/** §7: what each team writes, the outcome and the pot after, given the pot before. */
export function writeDeal(d: OracleDeal, tie: 'litige' | 'dedans', pot: number): { outcome: string; written: [number, number]; pot: number } {
  const tk = d.takerTeam;
  const df = 1 - tk;
  const total = [0, 1].map((t) => d.points[t]! + d.belote[t]! + d.announcements[t]!);
  const allAnn = d.announcements[0] + d.announcements[1];
  const written: [number, number] = [d.belote[0], d.belote[1]];
  let outcome: string;
  if (d.capot !== null) {
    written[d.capot] = 252 + d.belote[d.capot]! + allAnn;
    outcome = d.capot === tk ? 'made' : 'dedans';
  } else if (total[tk]! > total[df]!) {
    written[tk] = total[tk]!;
    written[df] = total[df]!;
    outcome = 'made';
  } else if (total[tk]! < total[df]! || tie === 'dedans') {
    written[df] = 162 + allAnn + d.belote[df]!;
    outcome = 'dedans';
  } else {
    written[df] = total[df]!;
    return { outcome: 'litige', written, pot: pot + total[tk]! - d.belote[tk]! };
  }
  const gets = outcome === 'made' ? tk : df;
  written[gets] = written[gets]! + pot;
  return { outcome, written, pot: 0 };
}

/** §8. */
export function winnerAfter(totals: readonly [number, number], target: number): number | null {
  const [a, b] = totals;
  if (a >= target && b >= target) return a === b ? null : a > b ? 0 : 1;
  return a >= target ? 0 : b >= target ? 1 : null;
}
