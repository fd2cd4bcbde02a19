/**
 * Presence frames of one table: who is connected, bots playing for absent players, the number
 * of spectators and the clocks (turn timer, countdown to the next deal). Changes are coalesced
 * per tick (a reconnect storm of N sockets costs one frame per tick, not N full states), and a
 * frame goes out only when something a client can see changed. Clocks are sent as time left,
 * computed when the frame is sent.
 */
import type { NextDeal, Presence, SeatInfo, Timers } from '@belote/protocol';

/** The table's clocks as absolute deadlines on the server's clock (never sent as such). */
export interface Clocks {
  turnDeadline: number | null;
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

export class PresenceSender {
  private pending: NodeJS.Immediate | null = null;
  private lastKey = '';
  private disposed = false;

  constructor(
    private readonly facts: () => PresenceFacts,
    private readonly send: (frame: Omit<Presence, 'seq'>) => void,
  ) {}

  /** Something may have changed: send a frame at the end of this tick if it did. */
  changed(): void {
    if (this.pending || this.disposed) return;
    this.pending = setImmediate(() => {
      this.pending = null;
      if (!this.disposed) this.flush();
    });
  }

  dispose(): void {
    this.disposed = true;
    if (this.pending) clearImmediate(this.pending);
    this.pending = null;
  }

  private flush(): void {
    const f = this.facts();
    const seats = f.seats.map((s) => ({ connected: s.connected, botPlaying: s.botPlaying })) as Presence['seats'];
    // the clocks enter the key as deadlines, not as time left (which changes every millisecond)
    const key = JSON.stringify([seats, f.spectators, f.turnDeadline, f.nextDeal]);
    if (key === this.lastKey) return;
    this.lastKey = key;
    this.send({ seats, spectators: f.spectators, ...timersOf(f) });
  }
}
