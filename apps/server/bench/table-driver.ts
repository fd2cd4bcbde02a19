/**
 * One table seen from the load generator: four seat sockets and one spectator (socket 4, the
 * host). Whoever's turn it is acts from its own view — a legal card from `view.deal.legal`,
 * take/pass when bidding — at most once per `intervalMs`, and the driver times each action
 * from emit until all five sockets hold an update with the new version. The same driver runs
 * the bare Socket.IO baseline (`kind: 'bare'`), whose updates carry `turn` instead of a view.
 */
import { performance } from 'node:perf_hooks';
import { PROTOCOL_VERSION, type Ack, type GameAction, type UpdateMessage } from '@belote/protocol';
import { io, type Socket } from 'socket.io-client';

export interface BareUpdate {
  version: number;
  you: { seat: number | null };
  turn: number;
}

type AnyUpdate = UpdateMessage | BareUpdate;

export interface DriverStats {
  actions: number;
  refused: Record<string, number>;
  latencies: number[];
  updates: number;
  /** Sampled update sizes (JSON bytes). */
  sizeSum: number;
  sizeCount: number;
}

export const newStats = (): DriverStats => ({ actions: 0, refused: {}, latencies: [], updates: 0, sizeSum: 0, sizeCount: 0 });

const isFull = (u: AnyUpdate): u is UpdateMessage => 'table' in u;

export class TableDriver {
  readonly sockets: Socket[] = [];
  readonly last: (AnyUpdate | null)[] = [null, null, null, null, null];
  private version = 0;
  private inFlight = false;
  private pending: { v: number; t0: number; got: number } | null = null;
  private nextAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private rematching = false;
  private picks = 0;
  /** Milliseconds between two actions of this table; 0 = as fast as acks come back; null = paused. */
  intervalMs: number | null = null;
  /** Per socket: an update arrived since the last `markStale()`. */
  fresh = [false, false, false, false, false];

  constructor(
    private readonly url: string,
    readonly kind: 'full' | 'bare',
    private readonly stats: () => DriverStats,
    readonly key: string,
  ) {}

  /** Connect socket `idx` with the given auth and wait for its first update. */
  connect(idx: number, auth: Record<string, unknown>): Promise<void> {
    const s = io(this.url, { auth: { protocolVersion: PROTOCOL_VERSION, ...auth }, transports: ['websocket'], reconnection: false, forceNew: true });
    this.sockets[idx] = s;
    s.on('update', (u: AnyUpdate) => this.onUpdate(idx, u));
    return this.waitFresh(idx, 30_000);
  }

  waitFresh(idx: number, timeoutMs: number): Promise<void> {
    const s = this.sockets[idx]!;
    if (this.fresh[idx]) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`socket ${idx} of ${this.key}: no update`)), timeoutMs);
      const done = () => {
        clearTimeout(t);
        s.off('update', done);
        s.off('connect_error', fail);
        resolve();
      };
      const fail = (e: Error) => {
        clearTimeout(t);
        reject(e);
      };
      s.on('update', done);
      s.once('connect_error', fail);
    });
  }

  markStale(): void {
    this.fresh = [false, false, false, false, false];
  }

  private onUpdate(idx: number, u: AnyUpdate): void {
    const st = this.stats();
    st.updates++;
    if ((st.updates & 63) === 0) {
      st.sizeSum += JSON.stringify(u).length;
      st.sizeCount++;
    }
    this.fresh[idx] = true;
    this.last[idx] = u;
    if (u.version > this.version) this.version = u.version;
    const p = this.pending;
    if (p && u.version > p.v && !(p.got & (1 << idx))) {
      p.got |= 1 << idx;
      if (p.got === 31) {
        st.latencies.push(performance.now() - p.t0);
        this.pending = null;
      }
    }
    if (idx === 4 && isFull(u) && u.table.status === 'finished' && !this.rematching && this.intervalMs !== null) {
      this.rematching = true;
      this.sockets[4]!.emit('rematch', {}, () => (this.rematching = false));
    }
    this.maybeAct();
  }

  /** The seat to act now and its action, from that seat's own latest update. */
  private turn(): { seat: number; action: GameAction | null } | null {
    for (let seat = 0; seat < 4; seat++) {
      const u = this.last[seat];
      if (!u || u.version !== this.version) continue;
      if (!isFull(u)) {
        if (u.turn === seat) return { seat, action: null };
        continue;
      }
      const d = u.view?.deal;
      if (!d || d.turn !== seat || d.phase === 'over' || u.view!.winner !== null) continue;
      if (d.phase === 'bidding') return { seat, action: d.bids.length === 0 ? { type: 'take' } : { type: 'pass' } };
      return { seat, action: { type: 'play', card: d.legal[this.picks++ % d.legal.length]! } };
    }
    return null;
  }

  maybeAct(): void {
    if (this.intervalMs === null || this.inFlight || this.timer) return;
    const now = performance.now();
    if (now < this.nextAt) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.maybeAct();
      }, this.nextAt - now);
      return;
    }
    const t = this.turn();
    if (!t) return;
    const version = this.version;
    this.inFlight = true;
    this.pending = { v: version, t0: now, got: 0 };
    this.nextAt = now + this.intervalMs;
    const payload = { version, action: t.action ?? { type: 'pass' } };
    this.sockets[t.seat]!.emit('action', payload, (a: Ack) => {
      this.inFlight = false;
      const st = this.stats();
      if (a.ok) st.actions++;
      else st.refused[a.error.code] = (st.refused[a.error.code] ?? 0) + 1;
      this.maybeAct();
    });
  }

  /** Start acting every `intervalMs` (0: flat out), first action after `offsetMs`. */
  run(intervalMs: number, offsetMs: number): void {
    this.intervalMs = intervalMs;
    this.nextAt = performance.now() + offsetMs;
    this.maybeAct();
  }

  pause(): void {
    this.intervalMs = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  }

  close(): void {
    this.pause();
    for (const s of this.sockets) s.disconnect();
  }
}
