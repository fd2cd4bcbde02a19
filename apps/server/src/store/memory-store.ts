/**
 * In-memory TableStore: the store of tests and of in-process servers (`startServer` default).
 * Copies entries on the way in and out so callers can never alias the stored log.
 */
import type { LogEntry, StoredTable, TableSettings, TableStore } from './types.js';

export class MemoryStore implements TableStore {
  private readonly tables = new Map<string, StoredTable>();
  /** Last change per table (ms), for expiry of abandoned tables. */
  private readonly updatedAt = new Map<string, number>();
  /** Injectable clock (tests). */
  constructor(private readonly now: () => number = Date.now) {}

  async createTable(settings: TableSettings): Promise<void> {
    if (this.tables.has(settings.id)) throw new Error(`table ${settings.id} exists`);
    this.tables.set(settings.id, { settings: structuredClone(settings), entries: [], finishedAt: null });
    this.updatedAt.set(settings.id, this.now());
  }

  async append(tableId: string, entries: readonly LogEntry[]): Promise<void> {
    const t = this.tables.get(tableId);
    if (!t) throw new Error(`no table ${tableId}`);
    t.entries.push(...structuredClone(entries));
    this.updatedAt.set(tableId, this.now());
  }

  async loadAll(): Promise<StoredTable[]> {
    return [...this.tables.values()].map((t) => structuredClone(t));
  }

  async markFinished(tableId: string, at: number | null): Promise<void> {
    const t = this.tables.get(tableId);
    if (t) t.finishedAt = at;
    if (t) this.updatedAt.set(tableId, this.now());
  }

  async expire(finishedBefore: number, idleBefore: number, keep: ReadonlySet<string> = new Set()): Promise<string[]> {
    const ids = [...this.tables.values()]
      .filter((t) => !keep.has(t.settings.id))
      .filter((t) => (t.finishedAt !== null ? t.finishedAt < finishedBefore : (this.updatedAt.get(t.settings.id) ?? 0) < idleBefore))
      .map((t) => t.settings.id);
    for (const id of ids) {
      this.tables.delete(id);
      this.updatedAt.delete(id);
    }
    return ids;
  }

  async close(): Promise<void> {}
}
