/**
 * The table store: a table is its settings plus an ordered log of entries, and its state is
 * a fold over that log (tables/table-state.ts). Implementations: SQLite (sqlite-store.ts, the
 * default of `main.ts`), PostgreSQL (pg-store.ts, with DATABASE_URL) and in memory
 * (memory-store.ts, tests). Every one fences its writes by version (VersionConflict), and one
 * contract suite (contract.ts) holds them to the same behaviour. Beside the log, each table has
 * a chat (its newest CHAT_KEPT entries and the host's chat settings) with its own numbering and
 * fencing (ChatConflict): the chat never touches the log or its version.
 */
import type { BotLevel, ChatEntry, ChatSettings, TableOptions } from '@belote/protocol';
import type { Action, Card, Rules, Seat } from '@belote/rules';

/** Set at creation; the rules (not the variant) and options may change between games (`settings` log entries). */
export interface TableSettings {
  id: string;
  rules: Rules;
  options: TableOptions;
  createdAt: number;
  /** sha256 (hex) of the host key; the key itself is never stored. */
  hostKeyHash: string;
}

/** One durable change to a table, in log order. The log's length is the table's version. */
export type LogEntry =
  /** Someone (or a bot) takes a seat. `tokenHash` is sha256 of the seat token (null for bots). */
  | { type: 'seat'; seat: Seat; name: string; tokenHash: string | null; bot: BotLevel | null }
  /** A seat is given up (stand, a move, a bot removed, an absent player's seat freed by the host). */
  | { type: 'unseat'; seat: Seat }
  /** A new game with the current seats (start or rematch). */
  | { type: 'gameStart' }
  /** A deal with its dealer, deck order and fairness secrets (never sent to clients while running). */
  | { type: 'dealStart'; dealer: Seat; deck: Card[]; salt: string; commitment: string }
  /** A bid or card, by the player or by a bot acting for the seat. */
  | { type: 'action'; action: Action; by: 'player' | 'bot' }
  /** The host's new settings for the next game (between games; the variant never changes). */
  | { type: 'settings'; rules: Rules; options: TableOptions };

export interface StoredTable {
  settings: TableSettings;
  entries: LogEntry[];
  /** When the last game ended (ms since epoch); null while in the lobby or playing. */
  finishedAt: number | null;
}

/** Every stored table, and the ids of those that could not be read (corrupt rows). */
export interface LoadedTables {
  tables: StoredTable[];
  unreadable: { id: string; error: unknown }[];
}

/**
 * Fencing: an append names the version it extends (the log length its writer holds). When the
 * stored log has another length — another writer got there first, or this copy is out of date —
 * nothing is written and the append rejects with this error; the writer must reload the table.
 */
export class VersionConflict extends Error {
  constructor(
    readonly tableId: string,
    /** The version the writer extended. */
    readonly expected: number,
    /** The stored log's length, when the store knows it. */
    readonly actual: number | null,
  ) {
    super(`table ${tableId}: log is at version ${actual ?? '?'}, the write was for version ${expected}`);
    this.name = 'VersionConflict';
  }
}

/** A table's chat as stored: its newest entries (at most CHAT_KEPT), oldest first, and the host's settings. */
export interface StoredChat {
  entries: ChatEntry[];
  settings: ChatSettings;
}

/**
 * Chat fencing, like the log's: a chat entry names its position (`id`); when the stored chat's
 * newest id is not `id - 1` (another writer got there first, or this copy is out of date),
 * nothing is written and the append rejects with this error.
 */
export class ChatConflict extends Error {
  constructor(
    readonly tableId: string,
    /** The id the writer gave its entry. */
    readonly id: number,
    /** The stored chat's newest id (0: none), when the store knows it. */
    readonly newest: number | null,
  ) {
    super(`table ${tableId}: chat is at entry ${newest ?? '?'}, the write was for entry ${id}`);
    this.name = 'ChatConflict';
  }
}

/**
 * Cluster fencing (PostgreSQL with several processes): this process's claim on the table is no
 * longer the current one (another process claimed it since: this one was taken for dead, or
 * gave it up). Nothing was written; the writer must give the table up.
 */
export class NotOwner extends Error {
  constructor(
    readonly tableId: string,
    readonly owner: string | null,
  ) {
    super(`table ${tableId} is owned by ${owner ?? 'nobody'} now`);
    this.name = 'NotOwner';
  }
}

/**
 * A networked store lost its connection after sending a write and before its answer came: the
 * write may or may not be stored. The writer must read the table to know (never report it as
 * refused until it does).
 */
export class OutcomeUnknown extends Error {
  constructor(
    readonly tableId: string,
    cause: unknown,
  ) {
    super(`table ${tableId}: the answer to a write was lost (${(cause as Error)?.message ?? String(cause)}); it may or may not be stored`, { cause });
    this.name = 'OutcomeUnknown';
  }
}

/** The table does not exist in the store (never created, or expired). */
export class NoSuchStoredTable extends Error {
  constructor(readonly tableId: string) {
    super(`no table ${tableId}`);
    this.name = 'NoSuchStoredTable';
  }
}

/** A write the store could not make (a full disk, the database unreachable): nothing of it was written. */
export class StoreWriteFailed extends Error {
  constructor(cause: unknown) {
    super(`the store could not write: ${(cause as Error | null)?.message ?? String(cause)}`, { cause });
    this.name = 'StoreWriteFailed';
  }
}

/** The store cannot be used at all (opening it failed); the message is meant for the person running the server. */
export class StoreUnusable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreUnusable';
  }
}

export interface TableStore {
  /** Which implementation (logs). */
  readonly kind: 'memory' | 'sqlite' | 'pg';
  createTable(settings: TableSettings): Promise<void>;
  /**
   * Write `entries` at positions `version`, `version + 1`, … of the table's log, atomically
   * (all or none) and durably before resolving. Rejects with `VersionConflict` unless the log
   * holds exactly `version` entries, with `NotOwner` when a cluster store's table belongs to
   * another process, with `NoSuchStoredTable` for an unknown table, and with `OutcomeUnknown`
   * when a networked store lost its connection while the write was under way (it may have been
   * stored: read the table to know); any other rejection is a failed write, of which nothing
   * was written.
   */
  append(tableId: string, version: number, entries: readonly LogEntry[]): Promise<void>;
  /** One table with its whole log; null if there is no such table. Rejects if it cannot be read. */
  load(tableId: string): Promise<StoredTable | null>;
  /** Every stored table with its whole log, in creation order. */
  loadAll(): Promise<LoadedTables>;
  markFinished(tableId: string, at: number | null): Promise<void>;
  /**
   * Add one chat entry at position `entry.id`, with the chat's new `settings` when given (a
   * host's notice), atomically and durably before resolving, and drop the entries older than
   * the newest CHAT_KEPT. Rejects with `ChatConflict` unless the stored chat's newest id is
   * `entry.id - 1` (0 when it has none), and with `NoSuchStoredTable` for an unknown table.
   * The table's log and version are not touched (appends made together still share one commit).
   */
  appendChat(tableId: string, entry: ChatEntry, settings?: ChatSettings): Promise<void>;
  /** A table's chat (settings: the defaults until the host changes one); null if there is no such table. */
  loadChat(tableId: string): Promise<StoredChat | null>;
  /**
   * Remove tables finished before `finishedBefore` and unfinished tables unchanged since
   * `idleBefore` (abandoned), except those in `keep`. Returns the removed ids in creation order.
   */
  expire(finishedBefore: number, idleBefore: number, keep?: ReadonlySet<string>): Promise<string[]>;
  /** Commit what is pending and release the store; later calls fail. */
  close(): Promise<void>;
  /**
   * SQLite: why writes fail (the last one failed on a full disk, a read-only file or an I/O error, and none
   * succeeded since), or null. Asking again tries a small write at most once a second, so freed
   * space shows without waiting for a player's move. /healthz answers 503 while it is not null.
   */
  writeProblem?(): WriteProblem | null;
  /**
   * SQLite: the file at the database's path is no longer the one open (deleted, or another file put
   * there), or null. Looks at the path at most once a second. /healthz answers 503 while it is not null.
   */
  fileProblem?(): FileProblem | null;
}

/** Why a store refuses every write: no space left, a file it may not write, or a failing disk. */
export type WriteProblem = 'full' | 'read-only' | 'io-error';

/**
 * SQLite's open file no longer at its path: writes go on succeeding, into a file the next start
 * does not open, so everything since is lost then.
 */
export type FileProblem = 'deleted' | 'replaced';
