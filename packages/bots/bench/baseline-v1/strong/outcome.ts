/**
 * What a deal's card points are worth to a team once written down (docs/rules/RULES.md §7, or in coinche
 * docs/rules/COINCHE.md §5 with the contract and its multiplier): made, dedans or litige, with belote and
 * shown announcements. The search maximises this, not raw points, so that it plays to make (or
 * sink) the contract.
 */
import { RANK_K, RANK_Q, bit, scoreCoincheDeal, teamOf, type ContractTerms, type Seat, type SuitId, type Team } from '@belote/rules';

export interface DealFacts {
  taker: Seat;
  /** Belote points per team (known, or as in the sampled deal). */
  belote: [number, number];
  /** Announcement points per team (shown, else 0). */
  announcements: [number, number];
  /** Coinche: the contract and its multiplier (absent in classic). */
  contract?: ContractTerms;
}

/**
 * Written points of `team` minus the other's when `team` ends with `cardPoints` of the 162.
 * Card points stand in for tricks: all 162 is read as a capot (the solver counts points, and a
 * team with every point has, in all but freak deals, every trick).
 */
export function writtenDiff(f: DealFacts, team: Team, cardPoints: number): number {
  const t = teamOf(f.taker);
  const d: Team = t === 0 ? 1 : 0;
  const pts: [number, number] = team === 0 ? [cardPoints, 162 - cardPoints] : [162 - cardPoints, cardPoints];
  if (f.contract) {
    const tricks: [number, number] = pts[0] === 162 ? [8, 0] : pts[1] === 162 ? [0, 8] : [4, 4];
    const w = scoreCoincheDeal({ takerTeam: t, points: pts, tricks, belote: f.belote, announcements: f.announcements }, f.contract, 'litige', 0).written;
    return team === 0 ? w[0] - w[1] : w[1] - w[0];
  }
  const tt = pts[t] + f.belote[t] + f.announcements[t];
  const td = pts[d] + f.belote[d] + f.announcements[d];
  let diffT: number;
  if (tt > td) diffT = tt - td;
  else if (tt < td) diffT = f.belote[t] - (162 + f.announcements[0] + f.announcements[1] + f.belote[d]);
  else diffT = f.belote[t] - td;
  return team === t ? diffT : -diffT;
}

/** The seat holding king and queen of trump among start-of-play hands, or null. */
export function beloteHolder(startHands: readonly number[], trump: SuitId): Seat | null {
  const pair = bit(trump * 8 + RANK_K) | bit(trump * 8 + RANK_Q);
  for (let s = 0; s < 4; s++) if ((startHands[s]! & pair) === pair) return s as Seat;
  return null;
}
