/**
 * The public TableSummary of a table (HTTP GET and the `table` of every snapshot): only public
 * fields — names, connection state, the published commitment — never a token hash, deck or salt.
 */
import { currentDeal, SEATS } from '@belote/rules';
import type { SeatInfo, TableSummary } from '@belote/protocol';
import { currentGame, statusOf, type TableState } from './table-state.js';

/** Who is there right now: facts about a table that are not in its log. */
export interface Attendance {
  /** Per seat: a socket holds it (bots count as connected). */
  connected: readonly boolean[];
  /** Per seat: a bot plays for the absent human. */
  botPlaying: readonly boolean[];
  spectators: number;
}

/** A stored table no process runs: nobody is connected to it. */
export const nobodyThere: Attendance = { connected: [false, false, false, false], botPlaying: [false, false, false, false], spectators: 0 };

/** The seats as everyone sees them: names and bots from the log, connection state from `a`. */
export function seatsOf(t: TableState, a: Attendance): TableSummary['seats'] {
  return SEATS.map((seat): SeatInfo => {
    const h = t.seats[seat];
    return {
      seat,
      name: h?.name ?? null,
      connected: h ? h.bot !== null || a.connected[seat] === true : false,
      bot: h?.bot ?? null,
      botPlaying: h !== null && h.bot === null && a.botPlaying[seat] === true,
    };
  }) as TableSummary['seats'];
}

/** The fairness commitment of the current game's last deal, if any. */
export function commitmentOf(t: TableState): TableSummary['commitment'] {
  const g = currentGame(t);
  const deal = g ? currentDeal(g.state) : null;
  const dealIndex = g ? g.state.deals.length - 1 : -1;
  const secret = g && dealIndex >= 0 ? g.secrets[dealIndex] : undefined;
  return deal && secret ? { deal: dealIndex, hash: secret.commitment } : null;
}

export function summaryOf(t: TableState, a: Attendance): TableSummary {
  return {
    id: t.settings.id,
    rules: { ...t.settings.rules },
    options: { ...t.settings.options },
    status: statusOf(t),
    seats: seatsOf(t, a),
    spectators: a.spectators,
    games: t.games.length,
    commitment: commitmentOf(t),
    createdAt: t.settings.createdAt,
  };
}
