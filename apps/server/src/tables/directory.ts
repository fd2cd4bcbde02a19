/**
 * The one way the socket and HTTP layers reach a table. One process (SQLite, memory):
 * `LocalDirectory`, every table is in this process's registry. Several processes on PostgreSQL:
 * `ClusterDirectory` (cluster/cluster-directory.ts), where a process runs the tables whose
 * sockets the reverse proxy sends it, and claims each from PostgreSQL first. Either way every
 * socket of a table is in the one process that runs it, and commands are opaque here — any
 * room command (game, lobby, `sync`, `ready`, chat) takes the same path.
 */
import type { Ack, CreateTableRequest, TableRecord, TableSummary } from '@belote/protocol';
import type { Seat, Variant } from '@belote/rules';
import type { TableRegistry } from './registry.js';
import type { Connection, RoomCommand } from './table-room.js';
import type { FileProblem, WriteProblem } from '../store/types.js';

export type { RoomCommand };

export type RoomAck = Ack<Record<string, unknown>>;

/** The handshake's answer from the table: the socket's seat and role and the table's variant (for payload checks), or why not. */
export type Admission = { ok: true; seat: Seat | null; isHost: boolean; variant: Variant } | { ok: false; code: 'NO_SUCH_TABLE' | 'BAD_TOKEN' | 'INTERNAL'; message: string };

export interface Health {
  ok: boolean;
  tables: number;
  uptime: number;
  /**
   * Cluster: 'ok' or 'unreachable'; SQLite: only while writes fail ('full', 'read-only', 'io-error')
   * or the database file is no longer at its path ('deleted', 'replaced').
   */
  database?: 'ok' | 'unreachable' | WriteProblem | FileProblem;
  node?: string;
}

export interface TableDirectory {
  /** Sockets must name their table in the connection URL too (`?table=`): a reverse proxy routes them by it (cluster). */
  readonly routed: boolean;
  /** Check the socket's secrets (sha256 hex of the seat token and host key) at the table. */
  admit(tableId: string, tokenHash: string | null, hostKeyHash: string | null): Promise<Admission>;
  /** A socket of this process joins its table (it gets its snapshot). False: the table is gone. */
  attach(tableId: string, conn: Connection): Promise<boolean>;
  detach(tableId: string, connId: string): Promise<void>;
  command(tableId: string, connId: string, cmd: RoomCommand): Promise<RoomAck>;
  /** Null: no such table. */
  summary(tableId: string): Promise<TableSummary | null | typeof UNREADABLE>;
  /** Undefined: no such table; null: no such game. */
  record(tableId: string, game?: number): Promise<TableRecord | null | undefined | typeof UNREADABLE>;
  create(req: CreateTableRequest): Promise<{ id: string; hostKey: string }>;
  health(): Health;
}

/**
 * Cluster, during a rolling upgrade: the table's log holds an entry only a newer version knows.
 * The table exists and waits, unchanged, for a process of that version (SCALING.md).
 */
export const UNREADABLE = 'unreadable';

/** The handshake's refusal when the table's chat could not be read (its snapshot needs it). */
export const CHAT_UNREADABLE: Admission = { ok: false, code: 'INTERNAL', message: 'the table could not be read: try again in a moment' };

export const NOT_CONNECTED: RoomAck = { ok: false, error: { code: 'BAD_REQUEST', message: 'not connected to this table' } };

/** Every table in this process. */
export class LocalDirectory implements TableDirectory {
  readonly routed = false;

  /** `databaseProblem`: the store's (SQLite), for /healthz. */
  constructor(
    private readonly registry: TableRegistry,
    private readonly databaseProblem: () => WriteProblem | FileProblem | null = () => null,
  ) {}

  async admit(tableId: string, tokenHash: string | null, hostKeyHash: string | null): Promise<Admission> {
    const room = this.registry.get(tableId);
    if (!room) return { ok: false, code: 'NO_SUCH_TABLE', message: 'no such table' };
    const admitted = room.admission(tokenHash, hostKeyHash);
    // the room reads what a snapshot needs now, so that the join after the handshake never waits
    if (admitted.ok && !(await room.prepare())) return CHAT_UNREADABLE;
    return admitted;
  }

  async attach(tableId: string, conn: Connection): Promise<boolean> {
    const room = this.registry.get(tableId);
    if (!room) return false;
    await room.join(conn);
    return true;
  }

  async detach(tableId: string, connId: string): Promise<void> {
    await this.registry.get(tableId)?.leave(connId);
  }

  command(tableId: string, connId: string, cmd: RoomCommand): Promise<RoomAck> {
    return this.registry.get(tableId)?.command(connId, cmd) ?? Promise.resolve(NOT_CONNECTED);
  }

  async summary(tableId: string): Promise<TableSummary | null> {
    return this.registry.get(tableId)?.summary() ?? null;
  }

  async record(tableId: string, game?: number): Promise<TableRecord | null | undefined> {
    const room = this.registry.get(tableId);
    return room ? room.record(game) : undefined;
  }

  async create(req: CreateTableRequest): Promise<{ id: string; hostKey: string }> {
    const { room, hostKey } = await this.registry.create(req);
    return { id: room.id, hostKey };
  }

  health(): Health {
    const health = { ok: true, tables: this.registry.size, uptime: Math.round(process.uptime()) };
    // every change is refused: a health check must see it, as with PostgreSQL unreachable
    const problem = this.databaseProblem();
    return problem ? { ...health, ok: false, database: problem } : health;
  }
}
