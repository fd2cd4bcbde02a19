/**
 * The table as this client knows it, in runes: the last snapshot with every later frame
 * folded in (`applyStep`, `applyPresence` from the zod-free protocol entry). A frame that does
 * not follow the last `seq` is a gap: the state waits for a fresh snapshot (the caller asks for
 * one with `sync`) and drops frames until it comes. Clocks arrive as time left and are anchored
 * on this device's monotonic clock when they arrive, never on the server's wall clock.
 */
import { applyPresence, applyStep, frameOrder, type NextDeal, type Presence, type Snapshot, type Step, type TableSummary, type Timers, type You } from '@belote/protocol/client';
import type { DealView, GameView, Seat } from '@belote/rules';

export type FrameResult = 'applied' | 'stale' | 'gap';

/**
 * `next`, with every part equal to the same part of `prev` (deeply; plain objects and arrays)
 * replaced by `prev`'s own: structural sharing, so an unchanged array is the same array. `prev`
 * itself when nothing changed.
 */
export function share<T>(prev: T, next: T): T {
  if (prev === next || !prev || !next || typeof prev !== 'object' || typeof next !== 'object') return next;
  const proto: unknown = Object.getPrototypeOf(next);
  if (proto !== Object.getPrototypeOf(prev) || (proto !== Object.prototype && proto !== Array.prototype && proto !== null)) return next;
  const old = prev as Record<string, unknown>;
  const now = next as Record<string, unknown>;
  const out: Record<string, unknown> = Array.isArray(next) ? ([] as unknown as Record<string, unknown>) : {};
  let same = Object.keys(old).length === Object.keys(now).length;
  for (const k in now) {
    out[k] = share(old[k], now[k]);
    same &&= out[k] === old[k] && k in old;
  }
  return (same ? prev : out) as T;
}

const SPECTATOR: You = { role: 'spectator', seat: null, isHost: false };

/** A monotonic clock in ms (tests can replace it). */
export type Clock = () => number;

export class LiveTable {
  snapshot = $state.raw<Snapshot | null>(null);
  /** When the current clocks arrived, on `now()`'s clock. */
  timersAt = $state(0);
  /** A gap was seen: frames are dropped until the next snapshot. */
  resyncing = false;

  constructor(private readonly now: Clock = () => performance.now()) {}

  get table(): TableSummary | null {
    return this.snapshot?.table ?? null;
  }
  get you(): You {
    return this.snapshot?.you ?? SPECTATOR;
  }
  get view(): GameView | null {
    return this.snapshot?.view ?? null;
  }
  get deal(): DealView | null {
    return this.view?.deal ?? null;
  }
  get version(): number {
    return this.snapshot?.version ?? 0;
  }
  get timers(): Timers | null {
    return this.snapshot?.timers ?? null;
  }
  get mySeat(): Seat | null {
    return this.you.role === 'player' ? this.you.seat : null;
  }

  /** When the turn timer runs out, on `now()`'s clock (null: no timer). */
  get turnEndsAt(): number | null {
    const ms = this.timers?.turnMsLeft;
    return ms === undefined || ms === null ? null : this.timersAt + ms;
  }
  /** Between deals: who is ready, and when the next deal starts at the latest (`at`, on `now()`'s clock). */
  get nextDeal(): (NextDeal & { at: number }) | null {
    const n = this.timers?.nextDeal;
    return n ? { ...n, at: this.timersAt + n.msLeft } : null;
  }

  /** A snapshot replaces everything (connect, sync, a change of seat). */
  load(s: Snapshot): void {
    this.snapshot = s;
    this.timersAt = this.now();
    this.resyncing = false;
  }

  step(f: Step): FrameResult {
    const order = this.order(f);
    if (order !== 'next') return order;
    const before = this.snapshot!;
    const after = applyStep(before, f);
    // The parts of the game a step left as they were keep their identity: the hand, the trick,
    // the scores… stay the same objects, so what the table derives from them is not redone.
    this.snapshot = { ...after, view: share(before.view, after.view) };
    // a step that starts a turn or a pause carries its clocks: anchor them now
    if (f.timers) this.timersAt = this.now();
    return 'applied';
  }

  presence(f: Presence): FrameResult {
    const order = this.order(f);
    if (order !== 'next') return order;
    this.snapshot = applyPresence(this.snapshot!, f);
    this.timersAt = this.now();
    return 'applied';
  }

  private order(f: { seq: number }): 'next' | 'stale' | 'gap' {
    if (this.resyncing) return 'stale';
    if (!this.snapshot) return 'gap';
    const order = frameOrder(this.snapshot, f);
    if (order === 'gap') this.resyncing = true;
    return order;
  }
}
