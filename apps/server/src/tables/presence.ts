/**
 * Presence frames of one table: who is connected, bots playing for absent players, the number
 * of spectators and the clocks (turn timer, countdown to the next deal). The sender keeps what
 * a client that folded every frame holds — the last presence frame, updated by the steps since
 * (a `seated` step sets that seat connected, a step's `timers` set the clocks) — and sends a
 * frame only when a value differs from it: a new turn's clock rides on the step that starts the
 * turn, not on a presence frame of its own. Changes are coalesced per tick (a reconnect storm of
 * N sockets costs one frame per tick, not N). Clocks are sent as time left, computed when the
 * frame is sent, and compared as deadlines (time left changes every millisecond) and turns (two
 * turns may start in one millisecond).
 */
import type { NextDeal, Presence, SeatInfo, StepEvent, Timers } from '@belote/protocol';

/** The table's clocks as absolute deadlines on the server's clock (never sent as such). */
export interface Clocks {
  turnDeadline: number | null;
  /** Which turn the deadline is for (a count of turns started): two turns started in the same millisecond share a deadline, not a turn. */
  turn: number;
  nextDeal: { deadline: number; ready: NextDeal['ready'] } | null;
}

/** The clocks as time left now: what frames carry. */
export function timersOf(c: Clocks, now = Date.now()): Timers {
  const left = (deadline: number) => Math.max(0, Math.round(deadline - now));
  return {
    turnMsLeft: c.turnDeadline === null ? null : left(c.turnDeadline),
    nextDeal: c.nextDeal && { msLeft: left(c.nextDeal.deadline), ready: c.nextDeal.ready },
  };
}

export interface PresenceFacts extends Clocks {
  /** The seats as in the table summary (connected, botPlaying). */
  seats: readonly SeatInfo[];
  spectators: number;
}

type SeatPresence = Presence['seats'][number];

/** What clients hold of the presence values (clocks as deadlines). */
interface Held extends Clocks {
  seats: SeatPresence[];
  spectators: number;
}

const sameClocks = (a: Clocks, b: Clocks): boolean =>
  a.turnDeadline === b.turnDeadline &&
  a.turn === b.turn &&
  (a.nextDeal === b.nextDeal || (a.nextDeal !== null && b.nextDeal !== null && a.nextDeal.deadline === b.nextDeal.deadline && a.nextDeal.ready.every((r, i) => r === b.nextDeal!.ready[i])));

const sameSeats = (a: readonly SeatPresence[], b: readonly SeatInfo[]): boolean => a.every((s, i) => s.connected === b[i]!.connected && s.botPlaying === b[i]!.botPlaying);

const heldOf = (f: PresenceFacts): Held => ({
  seats: f.seats.map((s) => ({ connected: s.connected, botPlaying: s.botPlaying })),
  spectators: f.spectators,
  turnDeadline: f.turnDeadline,
  turn: f.turn,
  nextDeal: f.nextDeal && { deadline: f.nextDeal.deadline, ready: [...f.nextDeal.ready] as NextDeal['ready'] },
});

/** How often a frame held back while the process may not serve (cluster: its lease lapsed) is tried again. */
const HELD_BACK_RETRY_MS = 50;

export class PresenceSender {
  private pending: NodeJS.Immediate | null = null;
  private retry: NodeJS.Timeout | null = null;
  private held: Held;
  private disposed = false;

  /** `serving`: false while nothing of the table may be sent (cluster: the lease lapsed; the table may be another process's by now). */
  constructor(
    private readonly facts: () => PresenceFacts,
    private readonly send: (frame: Omit<Presence, 'seq'>) => void,
    private readonly serving: () => boolean = () => true,
  ) {
    this.held = heldOf(facts());
  }

  /** Something may have changed: send a frame at the end of this tick if a value differs from what clients hold. */
  changed(): void {
    if (this.pending || this.retry || this.disposed) return;
    this.pending = setImmediate(() => {
      this.pending = null;
      this.due();
    });
  }

  /**
   * A step is about to go out: the clocks it must carry when clients hold others (a turn
   * started, the pause between deals began or ended), else undefined. Clients hold them then.
   */
  stepTimers(clocks: Clocks): Timers | undefined {
    if (sameClocks(this.held, clocks)) return undefined;
    this.held.turnDeadline = clocks.turnDeadline;
    this.held.turn = clocks.turn;
    this.held.nextDeal = clocks.nextDeal && { deadline: clocks.nextDeal.deadline, ready: [...clocks.nextDeal.ready] as NextDeal['ready'] };
    return timersOf(clocks);
  }

  /** A step went out: its seat events set the seats' presence as the clients' fold does (PROTOCOL.md §5.4). */
  stepped(events: readonly StepEvent[]): void {
    for (const e of events)
      if (e.type === 'seated') this.held.seats[e.seat] = { connected: true, botPlaying: false };
      else if (e.type === 'unseated') this.held.seats[e.seat] = { connected: false, botPlaying: false };
  }

  /** Every client was just sent a snapshot: they hold the values as they are now. */
  synced(): void {
    this.held = heldOf(this.facts());
  }

  dispose(): void {
    this.disposed = true;
    if (this.pending) clearImmediate(this.pending);
    if (this.retry) clearTimeout(this.retry);
    this.pending = null;
    this.retry = null;
  }

  /**
   * Send now, or, while the process may not serve, once it may again: a process woken from a
   * freeze hears of the sockets that left meanwhile before its heartbeat says whether the table is
   * still its own (if not, the room is handed off and this sender disposed, nothing sent).
   */
  private due(): void {
    this.retry = null;
    if (this.disposed) return;
    if (this.serving()) this.flush();
    else this.retry = setTimeout(() => this.due(), HELD_BACK_RETRY_MS);
  }

  private flush(): void {
    const f = this.facts();
    if (f.spectators === this.held.spectators && sameSeats(this.held.seats, f.seats) && sameClocks(this.held, f)) return;
    this.held = heldOf(f);
    this.send({ seats: this.held.seats.map((s) => ({ ...s })) as Presence['seats'], spectators: f.spectators, ...timersOf(f) });
  }
}
