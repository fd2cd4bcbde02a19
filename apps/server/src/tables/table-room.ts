/**
 * A table room: one table's state, its sockets, its queue and its automatic steps (Colyseus
 * `Room`). The one path of every change: command → plan (who may) → reduce (the rules) →
 * append to the store → `afterChange` (seats, next automatic step, one `step` frame for the
 * whole room plus each dealt seat's own cards, snapshots for sockets whose seat changed,
 * presence) → ack. Frames go out through a `TableChannel` (Socket.IO rooms: serialised once).
 * Chat commands take the same queue to the room's `TableChat` (chat.ts), outside the log.
 */
import { CHAT_EVENTS, type Ack, type ProtocolError, type ServerFrameName, type ServerFrames, type Snapshot, type Step, type StepEvent, type TableRecord, type TableSummary, type Timers } from '@belote/protocol';
import { dealsCards, ownCardsAfter, variantOf, viewFor, type GameEvent, type Seat, type Variant, SEATS } from '@belote/rules';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { NotOwner, OutcomeUnknown, VersionConflict, type LogEntry, type TableStore } from '../store/types.js';
import { AutoSteps } from './auto-steps.js';
import { TableChat, type ChatCommand } from './chat.js';
import { ackOf, planCommand, type Command } from './commands.js';
import { PresenceSender, timersOf } from './presence.js';
import { hashMatches, secretMatches } from './secrets.js';
import { SerialQueue } from './serial-queue.js';
import { seatsOf, summaryOf, type Attendance } from './summary.js';
import { tableRecord } from './table-record.js';
import { compareWithStored, currentGame, holdsAt, reduceEntry, statusOf, tableEventOf, type TableState } from './table-state.js';

/** A socket attached to the room. `seat` and `tokenHash` are changed by the room only (`reseat`). */
export interface Connection {
  readonly id: string;
  readonly isHost: boolean;
  seat: Seat | null;
  tokenHash: string | null;
  /** The client's address (chat: a spectator's tag and rate-limit key). */
  readonly address: string;
  /** One frame to this socket only. */
  send<E extends ServerFrameName>(event: E, frame: ServerFrames[E]): void;
  /** Receive the table's frames, and `seat`'s own ones (null: none). */
  listen(seat: Seat | null): void;
  /** Close the socket (the table is being removed). */
  kick(): void;
  /** Close the connection so that the client reconnects (cluster: the table moved to another process). */
  reconnect(): void;
}

/** Frames to many sockets of a table at once, each frame serialised once (Socket.IO rooms). */
export interface TableChannel {
  /** To every listening socket of the table except those of the `except` seats. */
  toTable<E extends ServerFrameName>(tableId: string, event: E, frame: ServerFrames[E], except: readonly Seat[]): void;
  /** To the sockets listening to `seat`. */
  toSeat<E extends ServerFrameName>(tableId: string, seat: Seat, event: E, frame: ServerFrames[E]): void;
}

export interface RoomDeps {
  store: TableStore;
  config: Config;
  log: Logger;
  channel: TableChannel;
  /** The table vanished from the store (another process expired it): forget the room. */
  gone?: (tableId: string) => void;
  /** Cluster: this process's claim on the table was overtaken (a write refused with NotOwner). */
  deposed?: (tableId: string) => void;
  /** Cluster: false while this process's lease has lapsed (frozen, database unreachable): no presence frame leaves then. */
  serving?: () => boolean;
}

/** Everything a socket may ask of its room. */
export type RoomCommand = Command | ChatCommand | { name: 'sync' } | { name: 'ready' };

const isChatCommand = (cmd: RoomCommand): cmd is ChatCommand => 'payload' in cmd && CHAT_EVENTS.includes(cmd.name as ChatCommand['name']);

/** The sender's new seat after a sit or stand. */
type Bind = { conn: Connection; seat: Seat | null; tokenHash: string | null };

/**
 * A write whose answer was lost (OutcomeUnknown) while the table could not be read back: its
 * sender's ack waits until the store says whether it landed (never refused before that).
 */
interface Unsettled {
  version: number;
  entries: LogEntry[];
  bind: Bind | undefined;
  settle(err: ProtocolError | null): void;
}

/** What `commit` answers: nothing (committed), why not, or an outcome to wait for. */
type Outcome = ProtocolError | null | { later: Promise<ProtocolError | null> };

type Answer = Ack<Record<string, unknown>>;

/** How often a room with an unsettled write reads its table again. */
const SETTLE_RETRY_MS = 500;

const UNSAVED: ProtocolError = { code: 'INTERNAL', message: 'could not save the change; nothing was applied' };
/** This process no longer runs the table (cluster); the socket's connection is being closed. */
export const MOVED: ProtocolError = { code: 'INTERNAL', message: 'the table moved to another server process; nothing was applied (reconnect: the connection is being closed)' };
const CONFLICT: ProtocolError = {
  code: 'WRITE_CONFLICT',
  message: 'the table was changed elsewhere at the same moment (another server process); nothing of yours was applied: decide again from the snapshot just sent',
};

export class TableRoom {
  private readonly conns = new Map<string, Connection>();
  /** Sockets per seat (index 4: spectators): `recount()` keeps them after every change of `conns` or of a socket's seat (read on every change of the table). */
  private readonly counts = [0, 0, 0, 0, 0];
  /** Per seat, since when no socket holds it (`Date.now()`; the room's load for a seat nobody has
   * joined since): `unseat` frees a seat only after `UNSEAT_AFTER_MS` of it (commands.ts). */
  private readonly awaySince = SEATS.map(() => Date.now());
  /** Bumped by every recount (the automatic steps re-plan grace timers only when it moved). */
  private attendanceVersion = 0;
  private readonly queue = new SerialQueue();
  /** Sockets whose join waits for the chat's first read: their commands wait for it too. */
  private readonly joining = new Map<string, Promise<void>>();
  private readonly auto: AutoSteps;
  private readonly presence: PresenceSender;
  /** Made at the first join: a table nobody opens holds no chat. */
  private chatPart: TableChat | null = null;
  /** Counts every frame sent to the whole room (steps and presence); snapshots carry it. */
  private seq = 0;
  /** Set by close(): the server is shutting down and refuses further commands. */
  private closing = false;
  /** This copy may differ from the store (a reload failed): reload before the next write. */
  private stale = false;
  private unsettled: Unsettled | null = null;
  private settleTimer: NodeJS.Timeout | null = null;
  /** Timers stopped for good (closed, retired, handed off, disposed). */
  private stopped = false;
  /** Cluster: this process no longer runs the table; the room takes nothing more. */
  deposed = false;
  /** Removed (expired, or the server closed): a join that finishes now closes its socket. */
  private disposed = false;

  constructor(
    private current: TableState,
    private readonly deps: RoomDeps,
  ) {
    this.auto = new AutoSteps(
      {
        state: () => this.current,
        hasAudience: () => this.conns.size > 0,
        seatConnected: (seat) => this.seatConnected(seat),
        attendance: () => this.attendanceVersion,
        run: (task) => void this.queue.run(task).catch((e: unknown) => this.deps.log.error({ err: e, table: this.id }, 'automatic step failed')),
        commit: async (entries) => {
          const outcome = await this.commit(entries);
          return outcome !== null && 'later' in outcome ? UNSAVED : outcome; // it re-plans from the state the store gives back
        },
        presenceChanged: () => this.presence.changed(),
      },
      deps.config,
      deps.log,
    );
    this.presence = new PresenceSender(
      () => {
        const a = this.attendance();
        return { seats: seatsOf(this.current, a), spectators: a.spectators, ...this.auto.clocks() };
      },
      (frame) => this.deps.channel.toTable(this.id, 'presence', { seq: ++this.seq, ...frame }, []),
      deps.serving,
    );
  }

  private get chat(): TableChat {
    return (this.chatPart ??= new TableChat({
      tableId: this.id,
      hostKeyHash: this.current.settings.hostKeyHash,
      store: this.deps.store,
      log: this.deps.log,
      broadcast: (f) => (f.name === 'chat' ? this.deps.channel.toTable(this.id, 'chat', f.frame, []) : this.deps.channel.toTable(this.id, 'reaction', f.frame, [])),
      seatName: (seat) => this.current.seats[seat]?.name ?? null,
      spectatorAddresses: () => [...this.conns.values()].filter((c) => c.seat === null).map((c) => c.address),
    }));
  }

  get id(): string {
    return this.current.settings.id;
  }

  get state(): TableState {
    return this.current;
  }

  /** The seat a token holds at this table, or null (constant-time comparisons). */
  seatOfToken(token: string): Seat | null {
    for (const seat of SEATS) if (secretMatches(token, this.current.seats[seat]?.tokenHash ?? null)) return seat;
    return null;
  }

  isHostKey(key: string): boolean {
    return secretMatches(key, this.current.settings.hostKeyHash);
  }

  /** The handshake's secrets as hashes (the handshake hashes what the client sent). */
  admission(tokenHash: string | null, hostKeyHash: string | null): { ok: true; seat: Seat | null; isHost: boolean; variant: Variant } | { ok: false; code: 'BAD_TOKEN'; message: string } {
    let seat: Seat | null = null;
    if (tokenHash !== null) {
      seat = SEATS.find((s) => hashMatches(tokenHash, this.current.seats[s]?.tokenHash ?? null)) ?? null;
      if (seat === null) return { ok: false, code: 'BAD_TOKEN', message: 'this seat token is not valid at this table' };
    }
    if (hostKeyHash !== null && !hashMatches(hostKeyHash, this.current.settings.hostKeyHash))
      return { ok: false, code: 'BAD_TOKEN', message: 'this host key is not valid at this table' };
    return { ok: true, seat, isHost: hostKeyHash !== null, variant: variantOf(this.current.settings.rules) };
  }

  summary(): TableSummary {
    return summaryOf(this.current, this.attendance());
  }

  /**
   * Ready the room for sockets: the snapshot names the chat's newest entry and its settings (who
   * is muted), read from the store once. The handshake waits for this, within its bound, so that
   * a socket's join never waits on the store; false when the chat could not be read (the
   * handshake is refused: a snapshot must not show made-up chat settings).
   */
  prepare(): Promise<boolean> {
    return this.chat.load();
  }

  /**
   * Attach a socket: it gets its snapshot, everyone else a presence frame. Not queued behind
   * the table's commands: a commit waiting for a slow store does not hold a new socket back
   * (its snapshot shows the table before that commit, whose step follows with the next `seq`).
   * A command of the socket that arrives while its join still waits for the chat waits for it.
   */
  join(conn: Connection): Promise<void> {
    if (this.chat.tried) {
      this.attach(conn);
      return Promise.resolve();
    }
    const joined = this.chat.load().then(() => this.attach(conn));
    const pending = joined.finally(() => this.joining.delete(conn.id));
    this.joining.set(conn.id, pending);
    return pending;
  }

  private attach(conn: Connection): void {
    if (this.disposed) return conn.kick(); // the table was removed while the socket waited for the chat
    if (this.deposed) return conn.reconnect(); // cluster: handed off meanwhile; the client connects to the next owner
    this.conns.set(conn.id, conn);
    this.reseat();
    conn.listen(conn.seat);
    this.auto.replan();
    conn.send('snapshot', this.snapshotFor(conn));
    this.presence.changed();
  }

  leave(connId: string): Promise<void> {
    return this.queue.run(async () => {
      await this.joining.get(connId); // a socket gone while its join waited for the chat: let it join, then leave
      if (!this.conns.delete(connId)) return;
      this.recount();
      this.auto.replan();
      this.presence.changed();
    });
  }

  /**
   * Run one client command (`sync`, `ready` and the chat's included); resolves with the ack for
   * the sender. A write whose outcome is unknown is answered once the store tells (the queue
   * goes on meanwhile).
   */
  async command(connId: string, cmd: RoomCommand): Promise<Answer> {
    const r = await this.queue.run(async (): Promise<{ now: Answer } | { later: Promise<Answer> }> => {
      await this.joining.get(connId);
      const conn = this.conns.get(connId);
      if (this.deposed) return { now: { ok: false, error: MOVED } };
      if (!conn) return { now: { ok: false, error: { code: 'BAD_REQUEST', message: 'not connected to this table' } } };
      if (this.closing) return { now: { ok: false, error: { code: 'INTERNAL', message: 'the server is restarting; nothing was changed: try again in a moment' } } };
      if (cmd.name === 'sync') return { now: { ok: true, snapshot: this.snapshotFor(conn) } };
      if (cmd.name === 'ready') return { now: this.ready(conn) };
      if (isChatCommand(cmd)) return { now: await this.chat.command(conn, cmd) };
      const planned = planCommand(this.current, { seat: conn.seat, isHost: conn.isHost }, cmd, (s) => this.awayFor(s));
      if (!planned.ok) return { now: planned };
      const { plan } = planned;
      if (plan.entries.length === 0) return { now: ackOf(plan) }; // nothing to change
      const answer = (err: ProtocolError | null): Answer => (err ? { ok: false, error: err } : ackOf(plan));
      const outcome = await this.commit(plan.entries, plan.bind ? { conn, seat: plan.bind.seat, tokenHash: plan.bind.tokenHash } : undefined);
      return outcome !== null && 'later' in outcome ? { later: outcome.later.then(answer) } : { now: answer(outcome) };
    });
    return 'now' in r ? r.now : r.later;
  }

  /** The record of one game's finished deals (default: the latest game). Null: no such game. */
  record(gameIndex?: number): TableRecord | null {
    return tableRecord(this.current, gameIndex);
  }

  /** Wait for queued work (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /**
   * Shutdown: stop the timers, let everything already queued finish (its writes and acks),
   * then refuse later commands. Sockets stay attached until the server closes them.
   */
  close(): Promise<void> {
    this.stopTimers();
    return this.queue.run(() => {
      this.closing = true;
    });
  }

  /**
   * Cluster, before giving the table up: stop the timers, let everything already queued finish
   * (its writes and acks), then refuse later commands (MOVED). Sockets stay attached.
   */
  retire(): Promise<void> {
    this.stopTimers();
    return this.queue.run(() => {
      this.deposed = true;
    });
  }

  /**
   * Cluster: this process no longer runs the table. Stop the timers, refuse later commands, and
   * close every socket's connection: the clients reconnect (through the proxy, to the next owner).
   */
  handOff(): void {
    this.deposed = true;
    this.stopTimers();
    for (const c of this.conns.values()) c.reconnect();
    this.conns.clear();
    this.recount();
  }

  /** Stop timers and disconnect every socket (table removed or server closing). */
  dispose(): void {
    this.disposed = true;
    this.stopTimers();
    for (const c of this.conns.values()) c.kick();
    this.conns.clear();
    this.recount();
  }

  private stopTimers(): void {
    this.stopped = true;
    this.auto.dispose();
    this.presence.dispose();
    if (this.settleTimer) clearInterval(this.settleTimer);
    this.settleTimer = null;
  }

  /** The automatic step planned (a deal, a bot's move, a turn timer), or null (tests). */
  get plannedStep(): string | null {
    return this.auto.planned;
  }

  /** No socket is connected. */
  get empty(): boolean {
    return this.conns.size === 0;
  }

  /**
   * The single commit path: reduce every entry (all or nothing), persist, then `afterChange`.
   * Returns the typed error of the first refused entry; a failed write is INTERNAL, and a
   * fencing conflict (the stored log moved on without this copy) is WRITE_CONFLICT, after the
   * table was reloaded from the store. A refusal always means nothing was written: a write
   * whose answer was lost is read back, and answered only once the store tells (`later`).
   */
  private async commit(entries: LogEntry[], bind?: Bind): Promise<Outcome> {
    if (this.deposed) return MOVED;
    if (this.stale) {
      const version = this.current.version;
      if ((await this.reload()) === 'failed') return UNSAVED;
      if (this.current.version !== version) return CONFLICT;
    }
    let next = this.current;
    const events: StepEvent[] = [];
    const gameEvents: GameEvent[] = [];
    for (const e of entries) {
      const r = reduceEntry(next, e);
      if (!r.ok) return r.error;
      next = r.state;
      const tableEvent = tableEventOf(e, next);
      if (tableEvent) events.push(tableEvent);
      events.push(...r.events);
      gameEvents.push(...r.events);
    }
    try {
      await this.deps.store.append(this.id, this.current.version, entries);
    } catch (e) {
      if (e instanceof NotOwner) {
        this.deps.log.warn({ table: this.id, owner: e.owner }, 'another server process owns this table now; handing it over');
        this.deposed = true;
        // after this command's refusal has gone out: the hand-off closes its socket's connection
        setImmediate(() => this.deps.deposed?.(this.id));
        return MOVED;
      }
      if (e instanceof VersionConflict) {
        this.deps.log.warn({ table: this.id, version: e.expected, stored: e.actual }, 'the stored table moved on without this copy; reloading it');
        return (await this.reload()) === 'failed' ? UNSAVED : CONFLICT;
      }
      if (!(e instanceof OutcomeUnknown)) {
        this.deps.log.error({ err: e, table: this.id }, 'store append failed; nothing was written');
        return UNSAVED;
      }
      // The answer was lost with the connection: the stored log tells whether it landed.
      this.deps.log.warn({ err: e, table: this.id }, 'the answer to a write was lost; reading the table back');
      const version = this.current.version;
      const r = await this.reload(entries);
      if (r === 'failed') return this.unsettle({ version, entries, bind });
      if (r === 'held') return this.bound(bind); // landed, and the table moved on since: already folded in
      if (r !== 'landed') return UNSAVED; // the reloaded log does not hold it: nothing was written
    }
    const before = statusOf(this.current);
    this.current = next;
    const after = statusOf(next);
    if (before !== after && (after === 'finished' || before === 'finished'))
      this.deps.store.markFinished(this.id, after === 'finished' ? Date.now() : null).catch((e: unknown) => this.deps.log.error({ err: e }, 'markFinished failed'));
    try {
      this.afterChange(events, gameEvents, entries.some((e) => e.type === 'seat' || e.type === 'unseat' || e.type === 'gameStart') || bind !== undefined, bind);
    } catch (e) {
      // A bug after the change was stored: the change stands, so it is not refused (an INTERNAL
      // "nothing was changed" would be false); the frames in between may be lost, so everyone
      // starts over from a snapshot.
      this.deps.log.error({ err: e, table: this.id }, 'failed after a stored change; sending snapshots');
      this.afterReload(bind);
    }
    return null;
  }

  /**
   * Everything that follows a committed change, in this order (and nowhere else). `seating`:
   * the change may have moved a seat (seat, unseat, game start entries, or a sit/stand).
   */
  private afterChange(events: StepEvent[], gameEvents: GameEvent[], seating: boolean, bind?: Bind): void {
    const moved = seating ? this.reseat(bind) : []; // 1. who holds which seat now
    this.auto.replan(); // 2. the next automatic step (a deal to start, a bot to move, a turn timer)
    this.sendStep(events, gameEvents, this.presence.stepTimers(this.auto.clocks())); // 3. the change, with the clocks it changed, once for the room; own cards to dealt seats
    for (const c of moved) c.send('snapshot', this.snapshotFor(c)); // 4. a socket whose seat changed starts over
    this.presence.changed(); // 5. connections and readiness, when a value differs from what clients hold (coalesced per tick)
  }

  /**
   * Drop this copy of the table and take the store's; everyone gets a snapshot of the reloaded
   * state. `landed`: the store holds this copy plus `pending` (a write whose answer was lost did
   * commit). `failed`: the store could not be read now; the room stays stale and reloads
   * before its next write. A table gone from the store is closed. A read also settles the
   * unsettled write, if any.
   */
  private async reload(pending?: readonly LogEntry[]): Promise<'reloaded' | 'landed' | 'held' | 'failed'> {
    const version = this.current.version;
    let r: ReturnType<typeof compareWithStored>;
    let stored: readonly LogEntry[];
    try {
      const table = await this.deps.store.load(this.id);
      if (!table) {
        this.deps.log.warn({ table: this.id }, 'table no longer in the store; closing it');
        this.deps.gone?.(this.id);
        return 'failed';
      }
      stored = table.entries;
      r = compareWithStored(this.current, stored, pending);
    } catch (e) {
      this.deps.log.error({ err: e, table: this.id }, 'could not reload the table from the store');
      this.stale = true;
      return 'failed';
    }
    if (r.kind === 'broken') {
      this.deps.log.error({ table: this.id, entry: r.index, error: r.error }, 'stored table log does not replay');
      this.stale = true;
      return 'failed';
    }
    this.stale = false;
    if (r.kind === 'replayed' && r.state.version !== this.current.version) {
      this.current = r.state;
      this.afterReload();
    }
    this.settle(stored);
    if (r.kind === 'landed') return 'landed';
    return pending && holdsAt(stored, version, pending) ? 'held' : 'reloaded';
  }

  /** Remember a write whose outcome is unknown; the table is read again until the store tells. */
  private unsettle(u: Omit<Unsettled, 'settle'>): Outcome {
    if (this.stopped) return { later: new Promise<never>(() => undefined) }; // the room is gone: its sockets are closed, no answer
    this.deps.log.warn({ table: this.id, version: u.version }, 'the table cannot be read back: the write is answered once it can');
    let settle!: (err: ProtocolError | null) => void;
    const later = new Promise<ProtocolError | null>((resolve) => (settle = resolve));
    this.unsettled = { ...u, settle };
    this.settleTimer ??= setInterval(() => void this.queue.run(() => (this.unsettled ? this.reload() : undefined)), SETTLE_RETRY_MS);
    this.settleTimer.unref?.();
    return { later };
  }

  /** The store was read (`stored`, already folded into this copy): answer the unsettled write. */
  private settle(stored: readonly LogEntry[]): void {
    const u = this.unsettled;
    if (!u) return;
    this.unsettled = null;
    if (this.settleTimer) clearInterval(this.settleTimer);
    this.settleTimer = null;
    const landed = holdsAt(stored, u.version, u.entries);
    u.settle(landed ? this.bound(u.bind) : UNSAVED);
  }

  /** A sit or stand that landed while the table was being reloaded: the sender takes its new seat now. */
  private bound(bind: Bind | undefined): null {
    if (!bind) return null;
    for (const c of this.reseat(bind)) c.send('snapshot', this.snapshotFor(c));
    this.presence.changed();
    return null;
  }

  /**
   * After a reload the steps in between are unknown to the clients: everyone starts over from a
   * snapshot (`bind`: a sit or stand of this change, its socket's seat).
   */
  private afterReload(bind?: Bind): void {
    this.reseat(bind);
    this.auto.replan();
    for (const c of this.conns.values()) c.send('snapshot', this.snapshotFor(c));
    this.presence.synced();
  }

  /** A player continues from the deal summary (not a log entry: readiness is presence). */
  private ready(conn: Connection): Ack<Record<string, unknown>> {
    if (conn.seat === null) return { ok: false, error: { code: 'NOT_SEATED', message: 'spectators do not continue: only players do' } };
    const err = this.auto.continueFrom(conn.seat);
    if (err) return { ok: false, error: err };
    this.auto.replan();
    this.presence.changed();
    return { ok: true };
  }

  private sendStep(events: StepEvent[], gameEvents: GameEvent[], timers: Timers | undefined): void {
    const frame: Step = timers ? { seq: ++this.seq, version: this.current.version, events, timers } : { seq: ++this.seq, version: this.current.version, events };
    const game = currentGame(this.current);
    const dealt = game && dealsCards(gameEvents) ? SEATS.filter((s) => this.seatConnected(s)) : [];
    this.deps.channel.toTable(this.id, 'step', frame, dealt);
    for (const seat of dealt) {
      const own = ownCardsAfter(game!.state, seat, gameEvents);
      this.deps.channel.toSeat(this.id, seat, 'step', own ? { ...frame, private: own } : frame);
    }
    this.presence.stepped(events);
  }

  /**
   * The one place a socket's seat changes: the sender of a sit/stand takes its new seat, and a
   * socket whose token no longer holds its seat (moved or given up from another tab) becomes a
   * spectator. Returns the sockets whose seat changed (they now listen to their new seat).
   */
  private reseat(bind?: Bind): Connection[] {
    const moved = new Set<Connection>();
    if (bind && this.conns.get(bind.conn.id) === bind.conn) {
      bind.conn.seat = bind.seat;
      bind.conn.tokenHash = bind.tokenHash;
      moved.add(bind.conn);
    }
    for (const conn of this.conns.values()) {
      if (conn.seat === null) continue;
      const holder = this.current.seats[conn.seat];
      if (!holder || holder.tokenHash === null || holder.tokenHash !== conn.tokenHash) {
        // a socket holds what its token holds, as at the handshake: a move that kept the token
        // (a chosen one, sent again) takes the other tabs along; a given-up token, none
        const hash = conn.tokenHash;
        conn.seat = hash === null ? null : (SEATS.find((s) => hashMatches(hash, this.current.seats[s]?.tokenHash ?? null)) ?? null);
        if (conn.seat === null) conn.tokenHash = null;
        moved.add(conn);
      }
    }
    for (const c of moved) c.listen(c.seat);
    this.recount();
    return [...moved];
  }

  /** Count the sockets per seat again (after `conns` or a seat changed). */
  private recount(): void {
    const held = SEATS.map((s) => this.counts[s]! > 0);
    this.counts.fill(0);
    this.attendanceVersion++;
    for (const c of this.conns.values()) this.counts[c.seat ?? 4]!++;
    for (const s of SEATS) if (held[s] && this.counts[s] === 0) this.awaySince[s] = Date.now();
  }

  /** How long no socket has held `seat` (ms), or null while one does. */
  private awayFor(seat: Seat): number | null {
    return this.seatConnected(seat) ? null : Date.now() - this.awaySince[seat]!;
  }

  private snapshotFor(conn: Connection): Snapshot {
    const game = currentGame(this.current);
    return {
      seq: this.seq,
      version: this.current.version,
      table: this.summary(),
      you: { role: conn.seat === null ? 'spectator' : 'player', seat: conn.seat, isHost: conn.isHost },
      view: game ? viewFor(game.state, conn.seat ?? 'spectator') : null,
      timers: timersOf(this.auto.clocks()),
      chat: this.chat.stateFor(conn),
    };
  }

  private seatConnected(seat: Seat): boolean {
    return this.counts[seat]! > 0;
  }

  private attendance(): Attendance {
    return { connected: SEATS.map((s) => this.seatConnected(s)), botPlaying: [...this.auto.takeover], spectators: this.counts[4]! };
  }
}
