/**
 * The exact double-dummy value of every legal card with all four hands known: the solver's
 * card points for the mover's team, and the written difference they make. This one reads the
 * whole game state on purpose (it is the "all cards face up" verdict, not the seat's).
 */
import { cardOf, currentDeal, maskCards, legalMask, teamOf, type Card, type GameState, type Team } from '@belote/rules';
import { writtenDiff, type DealFacts } from '../strong/outcome.js';
import { setLimits, solveMoves } from '../strong/solver.js';

export interface ExactValue {
  card: Card;
  /** Card points of the mover's team for the whole deal with best play from here on. */
  points: number;
  /** The written difference (mover's team minus the other) those points make. */
  margin: number;
}

/** The true facts of the deal: taker, belote holder, announcement points after the comparison. */
export function dealFacts(state: GameState): DealFacts {
  const deal = currentDeal(state)!;
  const belote: [number, number] = [0, 0];
  if (deal.beloteSeat !== null) belote[teamOf(deal.beloteSeat)] = 20;
  const ann = deal.announcements?.points ?? [0, 0];
  return { taker: deal.taker!, belote, announcements: [ann[0]!, ann[1]!] };
}

/** Every legal card of the seat to play, solved exactly (no search limit). */
export function exactCardValues(state: GameState): ExactValue[] {
  const deal = currentDeal(state);
  if (!deal || deal.phase !== 'play' || deal.turn === null || deal.trump === null) throw new Error('exactCardValues: no card to play');
  const seat = deal.turn;
  const team = teamOf(seat) as Team;
  const moves = maskCards(legalMask(deal.hands[seat]!, deal.trick.cards, deal.trump));
  setLimits(Infinity, Infinity);
  const values = solveMoves({ hands: deal.hands, trump: deal.trump, leader: deal.trick.leader, trick: deal.trick.cards }, team, moves);
  if (!values) throw new Error('exactCardValues: search aborted without a limit');
  const facts = dealFacts(state);
  return moves.map((c, i) => {
    const points = deal.points[team] + values[i]!;
    return { card: cardOf(c), points, margin: writtenDiff(facts, team, points) };
  });
}
