/**
 * A table's game record (`GET /api/tables/:id/record`): one game's finished deals with their
 * revealed secrets, from the table's state alone — so the room that runs the table and any
 * process reading it from the store give the same record.
 */
import type { TableRecord } from '@belote/protocol';
import { RECORD_FORMAT, recordOf } from '@belote/rules';
import type { TableState } from './table-state.js';

/** The record of game `gameIndex` (default: the latest). Null: no such game. */
export function tableRecord(state: TableState, gameIndex?: number): TableRecord | null {
  const games = state.games;
  const index = gameIndex ?? Math.max(0, games.length - 1);
  const g = games[index];
  const base = { table: state.settings.id, game: index };
  if (!g) return index === 0 && games.length === 0 ? { format: RECORD_FORMAT, rules: { ...state.settings.rules }, deals: [], ...base, players: [null, null, null, null] } : null;
  const rec = recordOf(g.state, (i) => ({ commitment: g.secrets[i]!.commitment, salt: g.secrets[i]!.salt }));
  return { ...rec, ...base, players: [...g.players] as TableRecord['players'] };
}
