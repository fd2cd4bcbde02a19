/**
 * A client written from PROTOCOL.md alone: it connects to one table (§3), validates every frame
 * and every ack against the document's shapes (wire.ts), folds `step` and `presence` into its
 * snapshot (§5.4, §5.5, fold.ts), keeps the chat as §15.4 says, resyncs on a `seq` gap (§6), and
 * compares its fold with the server's snapshot on every `sync`. Whatever disagrees with the
 * document is written to `problems`, which the tests expect to be empty.
 */
import { io, type Socket } from 'socket.io-client';
import { ChatFollower } from './chat.js';
import { foldPresence, foldStep, order } from './fold.js';
import { FrameChecks } from './checks.js';
import {
  AckOkS,
  ChatEntryS,
  ConnectErrorDataS,
  PresenceS,
  ReactionFrameS,
  RefusalS,
  SnapshotS,
  StepS,
  type ChatEntry,
  type ChatState,
  type ErrorCode,
  type EventName,
  type Presence,
  type ReactionFrame,
  type Step,
  type Seat,
  type Snapshot,
} from './wire.js';

export const FRAME_NAMES = ['snapshot', 'step', 'presence', 'chat', 'reaction'] as const;
export type FrameName = (typeof FRAME_NAMES)[number];

/** A frame as it came off the wire, with the seat this socket held when it arrived. */
export interface Frame {
  name: FrameName | 'syncAck';
  frame: unknown;
  seat: Seat | null;
  at: number;
}

export interface Auth {
  protocolVersion?: unknown;
  tableId?: unknown;
  token?: unknown;
  hostKey?: unknown;
  [k: string]: unknown;
}

export interface ConnectOptions {
  /** The client's address, told the server through X-Forwarded-For (a proxy on loopback is trusted, §11). */
  address?: string;
  label?: string;
  headers?: Record<string, string>;
  namespace?: string;
  /** Socket.IO transports (default: WebSocket only). */
  transports?: ('websocket' | 'polling')[];
}

export type Ack = { ok: true; [k: string]: unknown } | { ok: false; error: { code: ErrorCode; message: string }; [k: string]: unknown };
export type ConnectResult = { ok: true; client: DocClient } | { ok: false; message: string; data: unknown };

type Waiter = { pred: () => boolean; resolve: () => void };

export class DocClient {
  state: Snapshot | null = null;
  /** The chat state (§15.1) and the lines held, by id (§15.4). */
  readonly follower = new ChatFollower(
    (after, onAck) => this.call('chatHistory', [{ after }], 5000, onAck as (a: Ack) => void),
    (text) => this.problem(text),
  );
  readonly reactions: ReactionFrame[] = [];
  readonly frames: Frame[] = [];
  readonly problems: string[] = [];
  /** Gaps this client recovered from with `sync`. */
  resyncs = 0;
  /** Set to drop the next `step` frame on purpose (to provoke the §6 gap path). */
  dropNextStep = false;
  /** A step was dropped on purpose and the gap is not yet seen: this client's state is behind. */
  missed = false;
  disconnectReason: string | null = null;
  private resyncing = false;
  private readonly checks = new FrameChecks();
  private waiters: Waiter[] = [];

  private constructor(
    readonly socket: Socket,
    readonly label: string,
  ) {
    for (const name of FRAME_NAMES) socket.on(name, (...args: unknown[]) => this.receive(name, args));
    socket.onAny((name: string) => {
      if (!(FRAME_NAMES as readonly string[]).includes(name)) this.problem(`a frame PROTOCOL.md does not list: ${name}`);
    });
    socket.on('disconnect', (reason) => {
      this.disconnectReason = reason;
      this.wake();
    });
  }

  /** Connect (§3); resolves once the first snapshot arrived, or with the `connect_error`. */
  static open(base: string, auth: Auth, opts: ConnectOptions = {}): Promise<ConnectResult> {
    const headers = { ...opts.headers, ...(opts.address ? { 'x-forwarded-for': opts.address } : {}) };
    const socket = io(`${base}${opts.namespace ?? ''}`, {
      path: '/socket.io/',
      auth,
      // §3: the table's id in the connection URL too, for a proxy in front of several processes
      ...(typeof auth?.tableId === 'string' ? { query: { table: auth.tableId } } : {}),
      transports: opts.transports ?? ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: headers,
    });
    const client = new DocClient(socket, opts.label ?? 'client');
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ ok: false, message: 'no snapshot within 5 s', data: undefined }), 5000);
      socket.once('connect_error', (err: Error & { data?: unknown }) => {
        clearTimeout(timer);
        socket.close();
        resolve({ ok: false, message: err.message, data: err.data });
      });
      socket.once('snapshot', () => {
        clearTimeout(timer);
        resolve({ ok: true, client });
      });
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve({ ok: false, message: `disconnect: ${reason}`, data: undefined });
      });
    });
  }

  static async connect(base: string, auth: Auth, opts: ConnectOptions = {}): Promise<DocClient> {
    const r = await DocClient.open(base, auth, opts);
    if (!r.ok) throw new Error(`${opts.label ?? 'client'}: connect refused: ${r.message} ${JSON.stringify(r.data)}`);
    return r.client;
  }

  /** The `err.data` of a refused handshake, checked against §3's `ConnectErrorData`. */
  static async refused(base: string, auth: Auth, opts: ConnectOptions = {}) {
    const r = await DocClient.open(base, auth, opts);
    if (r.ok) {
      r.client.close();
      throw new Error(`expected a refused handshake for ${JSON.stringify(auth)}`);
    }
    const data = ConnectErrorDataS.safeParse(r.data);
    if (!data.success) throw new Error(`connect_error data is not ConnectErrorData: ${JSON.stringify(r.data)} (${r.message})`);
    if (r.message !== data.data.message) throw new Error(`err.message ${r.message} is not err.data.message ${data.data.message}`);
    return data.data;
  }

  get seat(): Seat | null {
    return (this.state?.you.seat ?? null) as Seat | null;
  }

  /** `emit(name, payload, ack)` with exactly one payload (§4); checks the ack's documented shape. */
  send(event: EventName, payload: unknown, timeoutMs = 5000): Promise<Ack> {
    return this.call(event, [payload], timeoutMs);
  }

  /** Any arguments (none, two payloads…): for the §4 step-2 refusals. */
  sendArgs(event: string, args: unknown[], timeoutMs = 3000): Promise<Ack> {
    return this.call(event as EventName, args, timeoutMs);
  }

  /**
   * The ack is handled in its callback, when it arrives: a promise continuation would run only
   * after the frames that followed it in the same read (Node's `ws` dispatches them at once).
   */
  private call(event: EventName, args: unknown[], timeoutMs: number, onAck?: (ack: Ack) => void): Promise<Ack> {
    return new Promise((resolve, reject) => {
      this.socket.timeout(timeoutMs).emit(event, ...args, (err: Error | null, raw: unknown) => {
        if (err) return reject(new Error(`${this.label}: no ack for ${event} within ${timeoutMs} ms`));
        const ack = this.checkAck(event, raw);
        this.checkOrder(event, ack);
        try {
          onAck?.(ack);
        } finally {
          this.wake();
        }
        resolve(ack);
      });
    });
  }

  checkAck(event: EventName, ack: unknown): Ack {
    const refusal = RefusalS.safeParse(ack);
    if (refusal.success) return refusal.data;
    const schema = AckOkS[event];
    const ok = schema?.safeParse(ack);
    if (!ok?.success) this.problem(`${event} ack does not match §4: ${JSON.stringify(ack).slice(0, 400)} ${ok?.error.message ?? ''}`);
    return ack as Ack;
  }

  /**
   * §6: a command's step (and after `sit`/`stand`, the sender's snapshot) arrives before its ack,
   * checked when the ack arrives, before anything else runs.
   */
  private checkOrder(event: EventName, ack: Ack): void {
    if (!ack.ok || !this.state || this.resyncing || this.missed) return;
    if (event === 'action' && this.state.version < (ack.version as number)) this.problem(`the ack of an action (version ${String(ack.version)}) came before its step (state at version ${this.state.version}, §6)`);
    if (event === 'sit' && this.state.you.seat !== ack.seat) this.problem(`the ack of sit (seat ${String(ack.seat)}) came before the snapshot of that seat (§6)`);
    if (event === 'stand' && this.state.you.seat !== null) this.problem('the ack of stand came before the spectator snapshot (§6)');
  }

  /** `sync` (§4): compares the fold with the fresh snapshot (§6), then takes the snapshot. */
  async sync(): Promise<Snapshot> {
    let snap: Snapshot | null = null;
    const ack = await this.call('sync', [{}], 5000, (a) => {
      if (!a.ok) return;
      snap = (a as unknown as { snapshot: Snapshot }).snapshot;
      this.frames.push({ name: 'syncAck', frame: snap, seat: snap.you.seat as Seat | null, at: Date.now() });
      if (this.state && !this.resyncing && !this.missed)
        for (const p of this.checks.syncAck({ ...this.state, chat: this.chat ?? this.state.chat }, snap)) this.problem(p);
      this.takeSnapshot(snap);
    });
    if (!ack.ok || !snap) throw new Error(`${this.label}: sync refused: ${ack.ok ? '' : ack.error.code}`);
    return snap;
  }

  /** Resolves when `pred` holds (checked after every frame); rejects after `timeoutMs`. */
  waitFor(pred: () => boolean, timeoutMs = 5000, what = 'a condition'): Promise<void> {
    if (pred()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const w: Waiter = { pred, resolve: () => (clearTimeout(timer), resolve()) };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((x) => x !== w);
        reject(new Error(`${this.label}: timed out waiting for ${what} (seq ${this.state?.seq}, version ${this.state?.version})`));
      }, timeoutMs);
      this.waiters.push(w);
    });
  }

  /** Frames of one name received so far. */
  framesOf(name: Frame['name']): unknown[] {
    return this.frames.filter((f) => f.name === name).map((f) => f.frame);
  }

  close(): void {
    this.socket.close();
  }

  problem(text: string): void {
    this.problems.push(`${this.label}: ${text}`);
  }

  private wake(): void {
    for (const w of [...this.waiters])
      if (w.pred()) {
        this.waiters = this.waiters.filter((x) => x !== w);
        w.resolve();
      }
  }

  private receive(name: FrameName, args: unknown[]): void {
    if (args.length !== 1) this.problem(`${name} frame with ${args.length} arguments`);
    const frame = args[0];
    const seat = name === 'snapshot' ? ((frame as Snapshot).you?.seat as Seat | null) : this.seat;
    this.frames.push({ name, frame, seat, at: Date.now() });
    try {
      this.handle(name, frame);
    } finally {
      this.wake();
    }
  }

  private handle(name: FrameName, frame: unknown): void {
    switch (name) {
      case 'snapshot': {
        const p = SnapshotS.safeParse(frame);
        if (!p.success) return this.problem(`snapshot does not match §5.1: ${p.error.message}`);
        this.takeSnapshot(p.data);
        return;
      }
      case 'step':
      case 'presence': {
        const p = name === 'step' ? StepS.safeParse(frame) : PresenceS.safeParse(frame);
        if (!p.success) return this.problem(`${name} does not match §5: ${p.error.message} ${JSON.stringify(frame).slice(0, 300)}`);
        if (!this.state) return this.problem(`${name} before any snapshot`);
        if (this.resyncing) return; // §6: drop frames until the sync ack comes
        if (name === 'step' && this.dropNextStep) {
          this.dropNextStep = false;
          this.missed = true;
          return;
        }
        const o = order(this.state, p.data);
        if (o === 'next') for (const x of this.checks.next(name, p.data as Step | Presence, this.state)) this.problem(x);
        if (o === 'stale') return;
        if (o === 'gap') {
          void this.resync();
          return;
        }
        try {
          this.state = name === 'step' ? foldStep(this.state, p.data as never) : foldPresence(this.state, p.data as never);
          for (const x of this.checks.folded(name, p.data as Step | Presence, this.state)) this.problem(x);
        } catch (e) {
          this.problem(`cannot fold ${name} ${JSON.stringify(frame).slice(0, 300)}: ${(e as Error).message}`);
        }
        return;
      }
      case 'chat': {
        const p = ChatEntryS.safeParse(frame);
        if (!p.success) return this.problem(`chat frame does not match §15.1: ${p.error.message}`);
        this.follower.onEntry(p.data);
        return;
      }
      case 'reaction': {
        const p = ReactionFrameS.safeParse(frame);
        if (!p.success) return this.problem(`reaction frame does not match §15.3: ${p.error.message}`);
        if (p.data.from.role === 'spectator' && p.data.from.name !== null) this.problem('a spectator reaction with a name (§15.1: always null)');
        this.reactions.push(p.data);
        return;
      }
    }
  }

  private takeSnapshot(s: Snapshot): void {
    for (const p of this.checks.snapshot(s)) this.problem(p);
    this.state = s;
    this.follower.onSnapshot(s.chat);
  }

  private async resync(): Promise<void> {
    this.resyncing = true;
    this.resyncs += 1;
    try {
      await this.call('sync', [{}], 5000, (ack) => {
        if (!ack.ok) return this.problem(`sync refused: ${ack.error.code}`);
        const snap = (ack as unknown as { snapshot: Snapshot }).snapshot;
        this.frames.push({ name: 'syncAck', frame: snap, seat: snap.you.seat as Seat | null, at: Date.now() });
        this.takeSnapshot(snap);
        this.missed = false;
        this.resyncing = false;
      });
    } finally {
      this.resyncing = false;
      this.wake();
    }
  }

  get chat(): ChatState | null {
    return this.follower.chat;
  }

  get lines(): Map<number, ChatEntry> {
    return this.follower.lines;
  }

  /** §15.4: fetch the lines above the newest held. */
  catchUp(): Promise<void> {
    return this.follower.catchUp().finally(() => this.wake());
  }

  /** Waits until every `chatHistory` in flight has been answered. */
  chatSettled(): Promise<void> {
    return this.waitFor(() => !this.follower.catchingUp, 3000, 'chat history');
  }
}
