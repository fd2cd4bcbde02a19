/**
 * A table room: one table's state, its sockets, its queue and its timers (Colyseus `Room`).
 * The one path of every change: command → plan (who may) → reduce (the rules) → append to the
 * store → commit → autoplay timers → one `update` per socket built by `viewFor` → ack.
 */
import type { Ack, ProtocolError, TableRecord, TableSummary, UpdateMessage } from '@belote/protocol';
import { RECORD_FORMAT, recordOf, viewFor, type GameEvent, type GameView, type Seat, SEATS } from '@belote/rules';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { VersionConflict, type LogEntry, type TableStore } from '../store/types.js';
import { Autoplay } from './autoplay.js';
import { ackOf, planCommand, type Command } from './commands.js';
import { secretMatches } from './secrets.js';
import { SerialQueue } from './serial-queue.js';
import { summaryOf, type Presence } from './summary.js';
import { compareWithStored, currentGame, reduceEntry, statusOf, type TableState } from './table-state.js';

/** A socket attached to the room. */
export interface Connection {
  id: string;
  seat: Seat | null;
  tokenHash: string | null;
  isHost: boolean;
  send(msg: UpdateMessage): void;
  /** Close the socket (the table is being removed). */
  kick(): void;
}

export interface RoomDeps {
  store: TableStore;
  config: Config;
  log: Logger;
  /** The table vanished from the store (another process expired it): forget the room. */
  gone?: (tableId: string) => void;
}

const UNSAVED: ProtocolError = { code: 'INTERNAL', message: 'could not save the change; nothing was applied' };
const CONFLICT: ProtocolError = {
  code: 'WRITE_CONFLICT',
  message: 'the table was changed elsewhere at the same moment (another server process); nothing of yours was applied: decide again from the update just sent',
};

export class TableRoom {
  private readonly conns = new Map<string, Connection>();
  private readonly queue = new SerialQueue();
  private readonly autoplay: Autoplay;
  private seq = 0;
  /** Set by close(): the server is shutting down and refuses further commands. */
  private closing = false;
  /** This copy may differ from the store (a reload failed): reload before the next write. */
  private stale = false;

  constructor(
    private current: TableState,
    private readonly deps: RoomDeps,
  ) {
    this.autoplay = new Autoplay(
      {
        state: () => this.current,
        hasAudience: () => this.conns.size > 0,
        seatConnected: (seat) => this.seatConnected(seat),
        run: (task) => void this.queue.run(task).catch((e: unknown) => this.deps.log.error({ err: e, table: this.id }, 'autoplay task failed')),
        commit: (entries) => this.commit(entries),
        presenceChanged: () => this.refresh(),
      },
      deps.config,
      deps.log,
    );
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

  summary(): TableSummary {
    return summaryOf(this.current, this.presence());
  }

  /** Attach a socket and send everyone (it included) a fresh update. */
  join(conn: Connection): Promise<void> {
    return this.queue.run(() => {
      this.conns.set(conn.id, conn);
      this.refresh();
    });
  }

  leave(connId: string): Promise<void> {
    return this.queue.run(() => {
      if (this.conns.delete(connId)) this.refresh();
    });
  }

  /** Run one client command (or `sync`); resolves with the ack for the sender. */
  command(connId: string, cmd: Command | { name: 'sync' }): Promise<Ack<Record<string, unknown>>> {
    return this.queue.run(async () => {
      const conn = this.conns.get(connId);
      if (!conn) return { ok: false, error: { code: 'BAD_REQUEST', message: 'not connected to this table' } };
      if (this.closing) return { ok: false, error: { code: 'INTERNAL', message: 'the server is restarting; nothing was changed: try again in a moment' } };
      if (cmd.name === 'sync') {
        this.publish([], conn);
        return { ok: true };
      }
      const planned = planCommand(this.current, { seat: conn.seat, isHost: conn.isHost }, cmd);
      if (!planned.ok) return planned;
      const err = await this.commit(planned.plan.entries, () => {
        if (planned.plan.bind) {
          conn.seat = planned.plan.bind.seat;
          conn.tokenHash = planned.plan.bind.tokenHash;
        }
      });
      return err ? { ok: false, error: err } : ackOf(planned.plan);
    });
  }

  /** The record of one game's finished deals (default: the latest game). Null: no such game. */
  record(gameIndex?: number): TableRecord | null {
    const games = this.current.games;
    const index = gameIndex ?? Math.max(0, games.length - 1);
    const g = games[index];
    const base = { table: this.id, game: index };
    if (!g) return index === 0 && games.length === 0 ? { format: RECORD_FORMAT, rules: { ...this.current.settings.rules }, deals: [], ...base, players: [null, null, null, null] } : null;
    const rec = recordOf(g.state, (i) => ({ commitment: g.secrets[i]!.commitment, salt: g.secrets[i]!.salt }));
    return { ...rec, ...base, players: [...g.players] as TableRecord['players'] };
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
    this.autoplay.dispose();
    return this.queue.run(() => {
      this.closing = true;
    });
  }

  /** Stop timers and disconnect every socket (table removed or server closing). */
  dispose(): void {
    this.autoplay.dispose();
    for (const c of this.conns.values()) c.kick();
    this.conns.clear();
  }

  /** No socket is connected. */
  get empty(): boolean {
    return this.conns.size === 0;
  }

  /**
   * The single commit path: reduce every entry (all or nothing), persist, then publish.
   * Returns the typed error of the first refused entry; a failed write is INTERNAL, and a
   * fencing conflict (the stored log moved on without this copy) is WRITE_CONFLICT, after the
   * table was reloaded from the store.
   */
  private async commit(entries: LogEntry[], onCommit?: () => void): Promise<ProtocolError | null> {
    if (this.stale) {
      const version = this.current.version;
      if ((await this.reload()) === 'failed') return UNSAVED;
      if (this.current.version !== version) return CONFLICT;
    }
    let next = this.current;
    const events: GameEvent[] = [];
    for (const e of entries) {
      const r = reduceEntry(next, e);
      if (!r.ok) return r.error;
      next = r.state;
      events.push(...r.events);
    }
    try {
      await this.deps.store.append(this.id, this.current.version, entries);
    } catch (e) {
      if (e instanceof VersionConflict) {
        this.deps.log.warn({ table: this.id, version: e.expected, stored: e.actual }, 'the stored table moved on without this copy; reloading it');
        return (await this.reload()) === 'failed' ? UNSAVED : CONFLICT;
      }
      this.deps.log.error({ err: e, table: this.id }, 'store append failed');
      // Nothing was written, unless the connection died during COMMIT: the stored log tells.
      if ((await this.reload(entries)) !== 'landed') return UNSAVED;
    }
    const before = statusOf(this.current);
    this.current = next;
    const after = statusOf(next);
    if (before !== after && (after === 'finished' || before === 'finished'))
      this.deps.store.markFinished(this.id, after === 'finished' ? Date.now() : null).catch((e: unknown) => this.deps.log.error({ err: e }, 'markFinished failed'));
    onCommit?.();
    this.publish(events);
    return null;
  }

  /**
   * Drop this copy of the table and take the store's; everyone gets the reloaded state.
   * `landed`: the store holds this copy plus `pending` (a write reported as failed did
   * commit). `failed`: the store could not be read now; the room stays stale and reloads
   * before its next write. A table gone from the store is closed.
   */
  private async reload(pending?: readonly LogEntry[]): Promise<'reloaded' | 'landed' | 'failed'> {
    let r: ReturnType<typeof compareWithStored>;
    try {
      const stored = await this.deps.store.load(this.id);
      if (!stored) {
        this.deps.log.warn({ table: this.id }, 'table no longer in the store; closing it');
        this.deps.gone?.(this.id);
        return 'failed';
      }
      r = compareWithStored(this.current, stored.entries, pending);
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
      this.refresh();
    }
    return r.kind === 'landed' ? 'landed' : 'reloaded';
  }

  /** Broadcast after a presence-only change (connections, takeover). */
  private refresh(): void {
    this.publish([]);
  }

  /** Send everyone (or only `to`, without advancing `seq`) their update. */
  private publish(events: GameEvent[], to?: Connection): void {
    this.syncConnections();
    this.autoplay.schedule();
    if (!to) this.seq++;
    const summary = summaryOf(this.current, this.presence());
    const game = currentGame(this.current);
    const views = new Map<Seat | 'spectator', GameView>();
    for (const conn of to ? [to] : this.conns.values()) {
      const viewer = conn.seat ?? 'spectator';
      let view: GameView | null = null;
      if (game) {
        view = views.get(viewer) ?? viewFor(game.state, viewer);
        views.set(viewer, view);
      }
      const msg: UpdateMessage = {
        seq: this.seq,
        version: this.current.version,
        table: summary,
        you: { role: conn.seat === null ? 'spectator' : 'player', seat: conn.seat, isHost: conn.isHost },
        view,
        events,
      };
      try {
        conn.send(msg);
      } catch (e) {
        this.deps.log.warn({ err: e, table: this.id }, 'send failed');
      }
    }
  }

  /** A socket keeps its seat only while its token is that seat's current token. */
  private syncConnections(): void {
    for (const conn of this.conns.values()) {
      if (conn.seat === null) continue;
      const holder = this.current.seats[conn.seat];
      if (!holder || holder.tokenHash === null || holder.tokenHash !== conn.tokenHash) {
        conn.seat = null;
        conn.tokenHash = null;
      }
    }
  }

  private seatConnected(seat: Seat): boolean {
    for (const c of this.conns.values()) if (c.seat === seat) return true;
    return false;
  }

  private presence(): Presence {
    let spectators = 0;
    for (const c of this.conns.values()) if (c.seat === null) spectators++;
    return {
      connected: SEATS.map((s) => this.seatConnected(s)),
      botPlaying: [...this.autoplay.takeover],
      spectators,
      turnDeadline: this.autoplay.turnDeadline,
    };
  }
}
