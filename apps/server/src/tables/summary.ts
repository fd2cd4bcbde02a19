/**
 * The public TableSummary of a table (HTTP GET and every `update`): only public fields —
 * names, connection state, the published commitment — never a token hash, deck or salt.
 */
import { currentDeal, SEATS } from '@belote/rules';
import type { SeatInfo, TableSummary } from '@belote/protocol';
import { currentGame, statusOf, type TableState } from './table-state.js';

/** Runtime facts about a table that are not in its log. */
export interface Presence {
  /** Per seat: a socket holds it (bots count as connected). */
  connected: readonly boolean[];
  /** Per seat: a bot plays for the absent human. */
  botPlaying: readonly boolean[];
  spectators: number;
  turnDeadline: number | null;
}

export function summaryOf(t: TableState, p: Presence): TableSummary {
  const g = currentGame(t);
  const deal = g ? currentDeal(g.state) : null;
  const dealIndex = g ? g.state.deals.length - 1 : -1;
  const secret = g && dealIndex >= 0 ? g.secrets[dealIndex] : undefined;
  const seats = SEATS.map((seat): SeatInfo => {
    const h = t.seats[seat];
    return {
      seat,
      name: h?.name ?? null,
      connected: h ? h.bot !== null || p.connected[seat] === true : false,
      bot: h?.bot ?? null,
      botPlaying: h !== null && h.bot === null && p.botPlaying[seat] === true,
    };
  }) as TableSummary['seats'];
  return {
    id: t.settings.id,
    rules: { ...t.settings.rules },
    options: { ...t.settings.options },
    status: statusOf(t),
    seats,
    spectators: p.spectators,
    games: t.games.length,
    commitment: deal && secret ? { deal: dealIndex, hash: secret.commitment } : null,
    turnDeadline: p.turnDeadline,
    createdAt: t.settings.createdAt,
  };
}
