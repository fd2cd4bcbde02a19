/**
 * The client's fold of the protocol (3): a `Snapshot` plus the frames that follow it. `applyStep`
 * applies one `step` (table events here, game events by the rules' `applyEvents`), and
 * `applyPresence` one `presence` frame. Both are pure and never mutate their input. Folding
 * every frame from a snapshot gives exactly the snapshot the server would send at that `seq`
 * (server tests check it on every frame of whole games). No zod: `@belote/protocol/client`.
 */
import { applyEvents, assertNever, initialView, type GameEvent, type GameView } from '@belote/rules/core';
import type { SeatInfo, TableSummary } from './http.js';
import type { Presence, Snapshot, Step, TableEvent } from './socket.js';

/** Where a frame stands relative to the snapshot: the next one, already seen, or after a gap (resync). */
export function frameOrder(snapshot: Pick<Snapshot, 'seq'>, frame: { seq: number }): 'next' | 'stale' | 'gap' {
  if (frame.seq === snapshot.seq + 1) return 'next';
  return frame.seq <= snapshot.seq ? 'stale' : 'gap';
}

const emptySeat = (seat: SeatInfo['seat']): SeatInfo => ({ seat, name: null, connected: false, bot: null, botPlaying: false });

function withSeat(table: TableSummary, info: SeatInfo): TableSummary {
  const seats = [...table.seats] as TableSummary['seats'];
  seats[info.seat] = info;
  return { ...table, seats };
}

/** The snapshot after one step (its `seq` must be the next one: see `frameOrder`); a step's `timers` replace the clocks. */
export function applyStep(s: Snapshot, step: Step): Snapshot {
  let table = s.table;
  let view: GameView | null = s.view;
  let pending: GameEvent[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    if (!view) throw new Error('game event before any game started');
    view = applyEvents(view, pending);
    pending = [];
  };
  for (const e of step.events) {
    if (!isTableEvent(e)) {
      pending.push(e);
      if (e.type === 'gameOver') table = { ...table, status: 'finished' };
      continue;
    }
    flush();
    switch (e.type) {
      case 'seated':
        table = withSeat(table, { seat: e.seat, name: e.name, connected: true, bot: e.bot, botPlaying: false });
        break;
      case 'unseated':
        table = withSeat(table, emptySeat(e.seat));
        break;
      case 'gameStarted':
        table = { ...table, status: 'playing', games: e.game + 1, commitment: null };
        view = initialView(table.rules, s.you.seat ?? 'spectator');
        break;
      case 'dealCommitted':
        table = { ...table, commitment: { deal: e.deal, hash: e.hash } };
        break;
      case 'settingsChanged':
        table = { ...table, rules: e.rules, options: e.options };
        break;
      default:
        assertNever(e);
    }
  }
  flush();
  if (step.private && view) view = applyEvents(view, [], step.private);
  return { ...s, seq: step.seq, version: step.version, table, view, timers: step.timers ?? s.timers };
}

/** The snapshot after one presence frame (absolute values: later frames replace earlier ones). */
export function applyPresence(s: Snapshot, p: Presence): Snapshot {
  const seats = s.table.seats.map((info, i) => ({ ...info, connected: p.seats[i]!.connected, botPlaying: p.seats[i]!.botPlaying })) as TableSummary['seats'];
  return {
    ...s,
    seq: p.seq,
    table: { ...s.table, seats, spectators: p.spectators },
    timers: { turnMsLeft: p.turnMsLeft, nextDeal: p.nextDeal },
  };
}

const TABLE_EVENT_TYPES: ReadonlySet<string> = new Set<TableEvent['type']>(['seated', 'unseated', 'gameStarted', 'dealCommitted', 'settingsChanged']);

function isTableEvent(e: Step['events'][number]): e is TableEvent {
  return TABLE_EVENT_TYPES.has(e.type);
}
