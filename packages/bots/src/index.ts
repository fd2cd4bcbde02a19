/**
 * @belote/bots — players that see only what one seat sees (its GameView) and return a
 * legal bid or card. Placeholder policy until the heuristic bot lands: random legal moves.
 */
import { randomInt, type GameView, type Rng, type Suit } from '@belote/rules';

export type BotLevel = 'easy' | 'normal' | 'strong';

/** A bot's decision, in the protocol's action shape (the seat is implied). */
export type BotAction = { type: 'pass' } | { type: 'take'; suit?: Suit } | { type: 'play'; card: string };

export interface BotOptions {
  level: BotLevel;
  rng: Rng;
}

/** Decide the action for the seat whose view this is. Throws if it is not that seat's turn (a bug). */
export function decide(view: GameView, opts: BotOptions): BotAction {
  const deal = view.deal;
  if (!deal || view.viewer === 'spectator' || deal.turn !== view.viewer) throw new Error('decide(): not this seat\'s turn');
  if (deal.phase === 'bidding') return { type: 'pass' };
  const legal = deal.legal;
  return { type: 'play', card: legal[randomInt(opts.rng, legal.length)]! };
}
