/**
 * Writing a game record from a game state: settings plus each finished deal's dealer, deck and
 * actions. A running deal is left out: its deck order must never leave the server.
 */
import type { GameState } from '../game.js';
import { RECORD_FORMAT, type GameRecord } from './schema.js';

/** The record of the finished deals of a game (a deal in progress is left out). */
export function recordOf(state: GameState, extra?: (index: number) => Record<string, unknown>): GameRecord {
  return {
    format: RECORD_FORMAT,
    rules: { ...state.rules },
    deals: state.deals
      .filter((d) => d.phase === 'over')
      .map((d, i) => ({ dealer: d.dealer, deck: [...d.deck], actions: d.actions.map((a) => ({ ...a })), ...(extra?.(i) ?? {}) })),
  };
}
