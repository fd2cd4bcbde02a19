/**
 * What a deal's card points are worth to a team once written down (docs/rules/RULES.md §7, or in coinche
 * docs/rules/COINCHE.md §5 with the contract and its multiplier): made, dedans or litige, with belote and
 * shown announcements. The search maximises this, not raw points, so that it plays to make (or
 * sink) the contract.
 */
import { RANK_K, RANK_Q, bit, scoreCoincheDeal, teamOf, type ContractTerms, type Seat, type SuitId, type Team } from '@belote/rules';
import { CAPOT_AGAINST, CAPOT_FOR } from './solver.js';

export interface DealFacts {
  taker: Seat;
  /** Belote points per team (known, or as in the sampled deal). */
  belote: [number, number];
  /** Announcement points per team (shown, else 0). */
  announcements: [number, number];
  /** Coinche: the contract and its multiplier (absent in classic). */
  contract?: ContractTerms;
  /**
   * The values given to `writtenDiff` mark capots explicitly (`CAPOT_FOR`, `CAPOT_AGAINST`: a
   * solver that counts them), so 162 card points are not read as one.
   */
  capotCounted?: boolean;
}

/**
 * Written points of `team` minus the other's when `team` ends with `cardPoints` of the 162.
 * `CAPOT_FOR` (252) is a capot by `team`, `CAPOT_AGAINST` (-90) one by the other team. Unless
 * `f.capotCounted`, card points stand in for tricks: all 162 is then read as a capot in coinche
 * (a team with every point has, in all but freak deals, every trick).
 */
export function writtenDiff(f: DealFacts, team: Team, cardPoints: number): number {
  const t = teamOf(f.taker);
  const d: Team = t === 0 ? 1 : 0;
  const other: Team = team === 0 ? 1 : 0;
  const capotBy: Team | null = cardPoints === CAPOT_FOR ? team : cardPoints === CAPOT_AGAINST ? other : null;
  if (capotBy !== null) cardPoints = capotBy === team ? 162 : 0;
  const pts: [number, number] = team === 0 ? [cardPoints, 162 - cardPoints] : [162 - cardPoints, cardPoints];
  if (f.contract) {
    const guess = !f.capotCounted;
    const tricks: [number, number] = capotBy === 0 || (guess && pts[0] === 162) ? [8, 0] : capotBy === 1 || (guess && pts[1] === 162) ? [0, 8] : [4, 4];
    const w = scoreCoincheDeal({ takerTeam: t, points: pts, tricks, belote: f.belote, announcements: f.announcements }, f.contract, 'litige', 0).written;
    return team === 0 ? w[0] - w[1] : w[1] - w[0];
  }
  if (capotBy !== null) {
    // docs/rules/RULES.md §7: 252 + its belote + every scoring announcement; the other team its belote.
    const o: Team = capotBy === 0 ? 1 : 0;
    const w = 252 + f.belote[capotBy] + f.announcements[0] + f.announcements[1] - f.belote[o];
    return capotBy === team ? w : -w;
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
