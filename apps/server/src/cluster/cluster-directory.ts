/**
 * Many server processes on one PostgreSQL (DATABASE_URL). The reverse proxy sends every socket
 * of a table to one process (it hashes the table id the client puts in the connection URL), and
 * that process runs the table: the socket's handshake claims it (holdings.ts), and from then on
 * the table's commands, frames, bots and timers never leave the process. Nothing is forwarded
 * between processes. HTTP reads of a table this process does not run come from the store.
 */
import type { CreateTableRequest, TableRecord, TableSummary } from '@belote/protocol';
import { CHAT_UNREADABLE, UNREADABLE, type Admission, type Health, type RoomAck, type RoomCommand, type TableDirectory } from '../tables/directory.js';
import type { TableRegistry } from '../tables/registry.js';
import { nobodyThere, summaryOf } from '../tables/summary.js';
import { tableRecord } from '../tables/table-record.js';
import { MOVED, type Connection, type TableRoom } from '../tables/table-room.js';
import type { Holdings } from './holdings.js';

const UNREACHABLE = 'the database cannot be reached; nothing was changed: try again in a moment';
const REFUSED: Record<'unreachable' | 'unreadable' | 'busy' | 'closing', Admission> = {
  unreachable: { ok: false, code: 'INTERNAL', message: `${UNREACHABLE} (connect again)` },
  unreadable: { ok: false, code: 'INTERNAL', message: 'this server process cannot read the table (written by a newer version): connect again later' },
  busy: { ok: false, code: 'INTERNAL', message: 'the table is moving between server processes: connect again in a moment' },
  closing: { ok: false, code: 'INTERNAL', message: 'this server process is shutting down: connect again' },
};

export class ClusterDirectory implements TableDirectory {
  readonly routed = true;
  private closing = false;

  constructor(private readonly deps: { holdings: Holdings; registry: TableRegistry; node: string }) {}

  async admit(tableId: string, tokenHash: string | null, hostKeyHash: string | null): Promise<Admission> {
    if (this.closing) return REFUSED.closing;
    const room = await this.deps.holdings.acquire(tableId);
    if (room === 'gone') return { ok: false, code: 'NO_SUCH_TABLE', message: 'no such table' };
    if (typeof room === 'string') return REFUSED[room];
    const admitted = room.admission(tokenHash, hostKeyHash);
    // the room reads what a snapshot needs now, within the handshake's bound, so that the join never waits
    if (admitted.ok && !(await room.prepare())) return CHAT_UNREADABLE;
    return admitted;
  }

  async attach(tableId: string, conn: Connection): Promise<boolean> {
    const room = await this.room(tableId);
    // given up since the handshake, or the lease lapsed: the client connects again
    if (!room) conn.reconnect();
    else await room.join(conn);
    return true;
  }

  async detach(tableId: string, connId: string): Promise<void> {
    await this.deps.registry.get(tableId)?.leave(connId);
  }

  async command(tableId: string, connId: string, cmd: RoomCommand): Promise<RoomAck> {
    const room = await this.deps.holdings.held(tableId);
    if (room === 'unreachable') return { ok: false, error: { code: 'INTERNAL', message: UNREACHABLE } };
    return room ? room.command(connId, cmd) : { ok: false, error: MOVED }; // given up: its connection is being closed
  }

  async summary(tableId: string): Promise<TableSummary | null | typeof UNREADABLE> {
    const room = await this.readable(tableId);
    if (room) return room.summary();
    const state = await this.deps.registry.peek(tableId);
    // a table this version cannot replay is not "no such table": it waits for a newer process (as at the handshake)
    return state === 'unreplayable' ? UNREADABLE : state && summaryOf(state, nobodyThere);
  }

  async record(tableId: string, game?: number): Promise<TableRecord | null | undefined | typeof UNREADABLE> {
    const room = await this.readable(tableId);
    if (room) return room.record(game);
    const state = await this.deps.registry.peek(tableId);
    if (state === 'unreplayable') return UNREADABLE;
    return state ? tableRecord(state, game) : undefined;
  }

  async create(req: CreateTableRequest): Promise<{ id: string; hostKey: string }> {
    const { settings, hostKey } = await this.deps.registry.createStored(req); // owned by nobody until a socket of it connects
    return { id: settings.id, hostKey };
  }

  health(): Health {
    const ok = this.deps.holdings.reachable;
    return { ok, tables: this.deps.holdings.size, uptime: Math.round(process.uptime()), database: ok ? 'ok' : 'unreachable', node: this.deps.node };
  }

  /** Shutdown begins: handshakes are refused from now on (the proxy sends the clients to another process). */
  refuseNew(): void {
    this.closing = true;
  }

  /** Shutdown, once the rooms drained: release every table (before the sockets close, so their next owner takes them at once). */
  async close(): Promise<void> {
    this.closing = true;
    await this.deps.holdings.leave();
  }

  private async room(tableId: string): Promise<TableRoom | null> {
    const room = await this.deps.holdings.held(tableId);
    return room === 'unreachable' ? null : room;
  }

  /**
   * The room an HTTP read answers from: while the database cannot be reached, a table this
   * process has in memory still answers from it (a read changes nothing; it may be a moment
   * behind if another process took the table meanwhile), as SCALING.md says.
   */
  private async readable(tableId: string): Promise<TableRoom | null> {
    const room = await this.deps.holdings.held(tableId);
    return room === 'unreachable' ? (this.deps.registry.get(tableId) ?? null) : room;
  }
}
