/**
 * One table seen from the load generator: four seat sockets and one spectator (socket 4, the
 * host). Full stack: each socket folds its frames like a real client (`applyStep`,
 * `applyPresence` on its snapshot); whoever's turn it is acts from its own view — a legal card
 * from `view.deal.legal`, take/pass when bidding — at most once per `intervalMs`, and the driver
 * times each action from emit until all five sockets hold a step with the new version. The same
 * driver runs the bare Socket.IO baseline (`kind: 'bare'`), whose frames carry `turn`.
 */
import { performance } from 'node:perf_hooks';
import { PROTOCOL_VERSION, applyPresence, applyStep, type Ack, type GameAction, type Presence, type Snapshot, type Step } from '@belote/protocol/client';
import { io, type Socket } from 'socket.io-client';

/** What the bare server sends: a version, whose turn, and padding to the full stack's sizes. */
export interface BareFrame {
  seq: number;
  version: number;
  turn: number;
  pad: string;
}

export interface DriverStats {
  actions: number;
  refused: Record<string, number>;
  latencies: number[];
  /** Frames received, all sockets together, by kind. */
  frames: number;
  privateFrames: number;
  presenceFrames: number;
  /** Wire bytes of the frames (`42["name",…]`), sampled one frame in SAMPLE, by kind. */
  roomBytes: number;
  roomSampled: number;
  privateBytes: number;
  privateSampled: number;
}

const SAMPLE = 8;

export const newStats = (): DriverStats => ({
  actions: 0,
  refused: {},
  latencies: [],
  frames: 0,
  privateFrames: 0,
  presenceFrames: 0,
  roomBytes: 0,
  roomSampled: 0,
  privateBytes: 0,
  privateSampled: 0,
});

export class TableDriver {
  readonly sockets: Socket[] = [];
  /** Full stack: each socket's folded snapshot. Bare: the last frame. */
  readonly last: (Snapshot | BareFrame | null)[] = [null, null, null, null, null];
  private version = 0;
  private inFlight = false;
  private pending: { v: number; t0: number; got: number } | null = null;
  private nextAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private rematching = false;
  private picks = 0;
  /** Milliseconds between two actions of this table; 0 = as fast as acks come back; null = paused. */
  intervalMs: number | null = null;
  /** Per socket: a snapshot (or first frame) arrived since the last `markStale()`. */
  fresh = [false, false, false, false, false];

  constructor(
    /** The server socket `idx` connects to (a cluster bench spreads a table's sockets over processes). */
    private readonly urlOf: (idx: number) => string,
    readonly kind: 'full' | 'bare',
    private readonly stats: () => DriverStats,
    readonly key: string,
  ) {}

  /** Connect socket `idx` with the given auth and wait for its first frame. */
  connect(idx: number, auth: Record<string, unknown>): Promise<void> {
    // the table in the URL too, as a proxy in front of several processes routes by it
    const query = typeof auth.tableId === 'string' ? { query: { table: auth.tableId } } : {};
    const s = io(this.urlOf(idx), { auth: { protocolVersion: PROTOCOL_VERSION, ...auth }, ...query, transports: ['websocket'], reconnection: false, forceNew: true });
    this.sockets[idx] = s;
    if (this.kind === 'full') {
      s.on('snapshot', (f: Snapshot) => this.onSnapshot(idx, f));
      s.on('step', (f: Step) => this.onStep(idx, f));
      s.on('presence', (f: Presence) => this.onPresence(idx, f));
    } else s.on('step', (f: BareFrame) => this.onBare(idx, f));
    return this.waitFresh(idx, 30_000);
  }

  waitFresh(idx: number, timeoutMs: number): Promise<void> {
    const s = this.sockets[idx]!;
    if (this.fresh[idx]) return Promise.resolve();
    const first = this.kind === 'full' ? 'snapshot' : 'step';
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`socket ${idx} of ${this.key}: no ${first}`)), timeoutMs);
      const done = () => {
        clearTimeout(t);
        s.off(first, done);
        s.off('connect_error', fail);
        resolve();
      };
      const fail = (e: Error) => {
        clearTimeout(t);
        reject(e);
      };
      s.on(first, done);
      s.once('connect_error', fail);
    });
  }

  markStale(): void {
    this.fresh = [false, false, false, false, false];
  }

  private count(name: string, frame: unknown, kind: 'room' | 'private' | 'presence'): void {
    const st = this.stats();
    st.frames++;
    if (kind === 'private') st.privateFrames++;
    if (kind === 'presence') st.presenceFrames++;
    if (st.frames % SAMPLE !== 0) return;
    // the frame on the wire: 42["name",<json>]
    const bytes = JSON.stringify(frame).length + name.length + 6;
    if (kind === 'private') {
      st.privateBytes += bytes;
      st.privateSampled++;
    } else {
      st.roomBytes += bytes;
      st.roomSampled++;
    }
  }

  private onSnapshot(idx: number, f: Snapshot): void {
    this.fresh[idx] = true;
    this.last[idx] = f;
    this.seen(idx, f.version);
  }

  private onStep(idx: number, f: Step): void {
    this.count('step', f, f.private ? 'private' : 'room');
    const s = this.last[idx] as Snapshot | null;
    if (s) this.last[idx] = applyStep(s, f);
    this.seen(idx, f.version);
  }

  private onPresence(idx: number, f: Presence): void {
    this.count('presence', f, 'presence');
    const s = this.last[idx] as Snapshot | null;
    if (s) this.last[idx] = applyPresence(s, f);
    this.maybeAct();
  }

  private onBare(idx: number, f: BareFrame): void {
    this.fresh[idx] = true;
    if (f.seq > 0) this.count('step', f, f.pad.startsWith('p') ? 'private' : 'room');
    this.last[idx] = f;
    this.seen(idx, f.version);
  }

  private seen(idx: number, version: number): void {
    if (version > this.version) this.version = version;
    const p = this.pending;
    if (p && version > p.v && !(p.got & (1 << idx))) {
      p.got |= 1 << idx;
      if (p.got === 31) {
        this.stats().latencies.push(performance.now() - p.t0);
        this.pending = null;
      }
    }
    const host = this.last[4];
    if (idx === 4 && host && 'table' in host && host.table.status === 'finished' && !this.rematching && this.intervalMs !== null) {
      this.rematching = true;
      this.sockets[4]!.emit('rematch', {}, () => (this.rematching = false));
    }
    this.maybeAct();
  }

  /** The seat to act now and its action, from that seat's own state. */
  private turn(): { seat: number; action: GameAction | null } | null {
    for (let seat = 0; seat < 4; seat++) {
      const u = this.last[seat];
      if (!u || u.version !== this.version) continue;
      if (!('table' in u)) {
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
