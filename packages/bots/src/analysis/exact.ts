/**
 * The exact double-dummy value of every legal card with all four hands known: the solver's
 * card points for the mover's team, and the written difference they make. This one reads the
 * whole game state on purpose (it is the "all cards face up" verdict, not the seat's).
 */
import { cardOf, cardPoints, currentDeal, maskCards, legalMask, teamOf, type Card, type GameState, type Team } from '@belote/rules';
import { writtenDiff, type DealFacts } from '../strong/outcome.js';
import { setLimits, solveMoves } from '../strong/solver.js';

export interface ExactValue {
  card: Card;
  /** Card points of the mover's team for the whole deal with best play from here on. */
  points: number;
  /** The written difference (mover's team minus the other) those points make. */
  margin: number;
}

/**
 * The true facts of the deal: taker, belote holder, announcement points after the comparison,
 * and in coinche the contract with its multiplier.
 */
export function dealFacts(state: GameState): DealFacts {
  const deal = currentDeal(state)!;
  const belote: [number, number] = [0, 0];
  if (deal.beloteSeat !== null) belote[teamOf(deal.beloteSeat)] = 20;
  const ann = deal.announcements?.points ?? [0, 0];
  const facts: DealFacts = { taker: deal.taker!, belote, announcements: [ann[0]!, ann[1]!] };
  const high = deal.auction?.high;
  if (high) facts.contract = { value: high.value, coinche: deal.auction!.coinche };
  return facts;
}

/**
 * Every legal card of the seat to play, solved exactly (no search limit). `sameDeal`: the
 * previous call was a position of this same deal, so the solver keeps what it learnt there
 * (always solved for team 0, whose table stays valid; team 1 takes the rest of the points).
 */
export function exactCardValues(state: GameState, sameDeal = false): ExactValue[] {
  const deal = currentDeal(state);
  if (!deal || deal.phase !== 'play' || deal.turn === null || deal.trump === null) throw new Error('exactCardValues: no card to play');
  const seat = deal.turn;
  const team = teamOf(seat) as Team;
  const moves = maskCards(legalMask(deal.hands[seat]!, deal.trick.cards, deal.trump));
  setLimits(Infinity, Infinity);
  const forZero = solveMoves({ hands: deal.hands, trump: deal.trump, leader: deal.trick.leader, trick: deal.trick.cards }, 0, moves, sameDeal);
  if (!forZero) throw new Error('exactCardValues: search aborted without a limit');
  // What is still to be won: the cards in hand and on the table, and the last trick's 10.
  let rest = 10;
  for (const h of deal.hands) for (const c of maskCards(h)) rest += cardPoints(c, deal.trump);
  for (const c of deal.trick.cards) rest += cardPoints(c, deal.trump);
  const facts = dealFacts(state);
  return moves.map((c, i) => {
    const points = deal.points[team] + (team === 0 ? forZero[i]! : rest - forZero[i]!);
    return { card: cardOf(c), points, margin: writtenDiff(facts, team, points) };
  });
}
