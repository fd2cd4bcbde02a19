/**
 * The table store: a table is its settings plus an ordered log of entries, and its state is
 * a fold over that log (tables/table-state.ts). Implementations: SQLite (sqlite-store.ts, the
 * default of `main.ts`) and in memory (memory-store.ts, tests); a networked store fits behind
 * the same small interface.
 */
import type { BotLevel, TableOptions } from '@belote/protocol';
import type { Action, Card, Rules, Seat } from '@belote/rules';

/** Fixed at creation. */
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
  /** A seat is given up (stand, a move, a bot removed). */
  | { type: 'unseat'; seat: Seat }
  /** A new game with the current seats (start or rematch). */
  | { type: 'gameStart' }
  /** A deal with its dealer, deck order and fairness secrets (never sent to clients while running). */
  | { type: 'dealStart'; dealer: Seat; deck: Card[]; salt: string; commitment: string }
  /** A bid or card, by the player or by a bot acting for the seat. */
  | { type: 'action'; action: Action; by: 'player' | 'bot' };

export interface StoredTable {
  settings: TableSettings;
  entries: LogEntry[];
  /** When the last game ended (ms since epoch); null while in the lobby or playing. */
  finishedAt: number | null;
}

export interface TableStore {
  createTable(settings: TableSettings): Promise<void>;
  /** Append entries atomically (all or none) and durably before resolving. */
  append(tableId: string, entries: readonly LogEntry[]): Promise<void>;
  /** Every stored table with its whole log, in creation order. */
  loadAll(): Promise<StoredTable[]>;
  markFinished(tableId: string, at: number | null): Promise<void>;
  /**
   * Remove tables finished before `finishedBefore` and unfinished tables unchanged since
   * `idleBefore` (abandoned), except those in `keep`. Returns the removed ids.
   */
  expire(finishedBefore: number, idleBefore: number, keep?: ReadonlySet<string>): Promise<string[]>;
  /** Commit what is pending and release the store; later calls fail. */
  close(): Promise<void>;
}
