/**
 * The one guard every decision from a view goes through (bots and the analysis alike).
 */
import type { GameView } from '@belote/rules';

/**
 * Throws unless `x` is a seat's GameView (the server must never hand a bot its GameState:
 * a state has `deals` and the hidden deck, a view has `viewer` and only that seat's hand).
 */
export function assertSeatView(x: unknown): asserts x is GameView {
  const o = x as Record<string, unknown> | null;
  if (typeof o !== 'object' || o === null || 'deals' in o || !('viewer' in o) || !('deal' in o))
    throw new TypeError('decide() takes the GameView of one seat (viewFor(state, seat)), not a GameState');
  if (o.viewer === 'spectator') throw new TypeError('decide() needs a seat view, got a spectator view');
}
