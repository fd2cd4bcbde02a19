/**
 * "What if": another card for the seat on move, and how the deal would go on with every hand
 * known — each seat then plays the card the double-dummy solver finds best for its team (the
 * most card points; of equal ones, the first in card order), to the end of the deal. Like the
 * exact column of the analysis, this reads the whole game state on purpose.
 */
import { apply, currentDeal, type Action, type Card, type DealResult, type GameState, type Seat } from '@belote/rules';
import { exactCardValues, type ExactValue } from './exact.js';

export interface Variation {
  /** The position's seat on move and every legal card's exact value (its team's view). */
  seat: Seat;
  options: ExactValue[];
  /** The cards from the one chosen to the end of the deal, in play order. */
  line: { seat: Seat; card: Card }[];
  /** What the deal comes to at the end of the line (the rules' own scoring). */
  result: DealResult;
}

function play(state: GameState, seat: Seat, card: Card): GameState {
  const r = apply(state, { type: 'play', seat, card } satisfies Action);
  if (!r.ok) throw new Error(`variation: ${r.error.message}`);
  return r.state;
}

/** The best card of a position with every hand known (most card points for the mover's team; first on a tie). */
function bestOf(values: readonly ExactValue[]): ExactValue {
  return values.reduce((b, v) => (v.points > b.points ? v : b));
}

/**
 * The deal from `state` (a card to play) with `card` played by the seat on move, then best
 * play with every hand known to the end. `card` must be legal (an Error otherwise).
 */
export function variationOf(state: GameState, card: Card): Variation {
  const deal = currentDeal(state);
  if (!deal || deal.phase !== 'play' || deal.turn === null) throw new Error('variation: no card to play here');
  const seat = deal.turn;
  const options = exactCardValues(state);
  if (!options.some((o) => o.card === card)) throw new Error(`variation: ${card} is not a legal card here`);
  const line: Variation['line'] = [{ seat, card }];
  let s = play(state, seat, card);
  for (let d = currentDeal(s)!; d.phase === 'play'; d = currentDeal(s)!) {
    // Same deal from here on: the solver keeps its table from one position to the next.
    const next = bestOf(exactCardValues(s, true)).card;
    line.push({ seat: d.turn!, card: next });
    s = play(s, d.turn!, next);
  }
  return { seat, options, line, result: currentDeal(s)!.result! };
}
