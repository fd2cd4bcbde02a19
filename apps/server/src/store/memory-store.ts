/**
 * In-memory TableStore: the default until the SQLite store lands, and the store of tests.
 * Copies entries on the way in and out so callers can never alias the stored log.
 */
import type { LogEntry, StoredTable, TableSettings, TableStore } from './types.js';

export class MemoryStore implements TableStore {
  private readonly tables = new Map<string, StoredTable>();

  async createTable(settings: TableSettings): Promise<void> {
    if (this.tables.has(settings.id)) throw new Error(`table ${settings.id} exists`);
    this.tables.set(settings.id, { settings: structuredClone(settings), entries: [], finishedAt: null });
  }

  async append(tableId: string, entries: readonly LogEntry[]): Promise<void> {
    const t = this.tables.get(tableId);
    if (!t) throw new Error(`no table ${tableId}`);
    t.entries.push(...structuredClone(entries));
  }

  async loadAll(): Promise<StoredTable[]> {
    return [...this.tables.values()].map((t) => structuredClone(t));
  }

  async markFinished(tableId: string, at: number | null): Promise<void> {
    const t = this.tables.get(tableId);
    if (t) t.finishedAt = at;
  }

  async close(): Promise<void> {}
}
