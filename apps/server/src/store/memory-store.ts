/**
 * In-memory TableStore: the store of tests and of in-process servers (`startServer` default).
 * The log is kept as JSON text, one string per entry, exactly as the durable stores write it:
 * callers can never alias the stored log, what comes back has been through JSON like a
 * database's rows, and an append costs one `JSON.stringify` per entry (a `structuredClone`
 * cost several times that on the hot path). `twin()` opens a second store over the same data,
 * as a second process over one database would.
 */
import { CHAT_KEPT, DEFAULT_CHAT_SETTINGS, type ChatEntry, type ChatSettings } from '@belote/protocol';
import { ChatConflict, NoSuchStoredTable, VersionConflict, type LoadedTables, type LogEntry, type StoredChat, type StoredTable, type TableSettings, type TableStore } from './types.js';

/** A stored table with its log as JSON text. */
interface MemoryTable {
  settings: TableSettings;
  entries: string[];
  finishedAt: number | null;
}

interface MemoryData {
  tables: Map<string, MemoryTable>;
  chats: Map<string, StoredChat>;
  /** Last change per table (ms), for expiry of abandoned tables. */
  updatedAt: Map<string, number>;
}

export class MemoryStore implements TableStore {
  readonly kind = 'memory';
  private closed = false;

  /** Injectable clock (tests); `data` is shared by twins. */
  constructor(
    private readonly now: () => number = Date.now,
    private readonly data: MemoryData = { tables: new Map(), chats: new Map(), updatedAt: new Map() },
  ) {}

  /** Another store over the same data (a second server process in tests). */
  twin(): MemoryStore {
    return new MemoryStore(this.now, this.data);
  }

  async createTable(settings: TableSettings): Promise<void> {
    this.ensureOpen();
    if (this.data.tables.has(settings.id)) throw new Error(`table ${settings.id} exists`);
    this.data.tables.set(settings.id, { settings: structuredClone(settings), entries: [], finishedAt: null });
    this.data.updatedAt.set(settings.id, this.now());
  }

  async append(tableId: string, version: number, entries: readonly LogEntry[]): Promise<void> {
    this.ensureOpen();
    const t = this.data.tables.get(tableId);
    if (!t) throw new NoSuchStoredTable(tableId);
    if (t.entries.length !== version) throw new VersionConflict(tableId, version, t.entries.length);
    for (const e of entries) t.entries.push(JSON.stringify(e));
    this.data.updatedAt.set(tableId, this.now());
  }

  async load(tableId: string): Promise<StoredTable | null> {
    this.ensureOpen();
    const t = this.data.tables.get(tableId);
    return t ? stored(t) : null;
  }

  async loadAll(): Promise<LoadedTables> {
    this.ensureOpen();
    return { tables: [...this.data.tables.values()].map(stored), unreadable: [] };
  }

  async markFinished(tableId: string, at: number | null): Promise<void> {
    this.ensureOpen();
    const t = this.data.tables.get(tableId);
    if (!t) return;
    t.finishedAt = at;
    this.data.updatedAt.set(tableId, this.now());
  }

  async appendChat(tableId: string, entry: ChatEntry, settings?: ChatSettings): Promise<void> {
    this.ensureOpen();
    if (!this.data.tables.has(tableId)) throw new NoSuchStoredTable(tableId);
    // A table's chat is made with its first entry.
    const chat = this.data.chats.get(tableId) ?? { entries: [], settings: structuredClone(DEFAULT_CHAT_SETTINGS) };
    this.data.chats.set(tableId, chat);
    const newest = chat.entries.at(-1)?.id ?? 0;
    if (entry.id !== newest + 1) throw new ChatConflict(tableId, entry.id, newest);
    chat.entries = [...chat.entries, structuredClone(entry)].slice(-CHAT_KEPT);
    if (settings) chat.settings = structuredClone(settings);
    this.data.updatedAt.set(tableId, this.now());
  }

  async loadChat(tableId: string): Promise<StoredChat | null> {
    this.ensureOpen();
    if (!this.data.tables.has(tableId)) return null;
    return structuredClone(this.data.chats.get(tableId) ?? { entries: [], settings: DEFAULT_CHAT_SETTINGS });
  }

  async expire(finishedBefore: number, idleBefore: number, keep: ReadonlySet<string> = new Set()): Promise<string[]> {
    this.ensureOpen();
    const ids = [...this.data.tables.values()]
      .filter((t) => !keep.has(t.settings.id))
      .filter((t) => (t.finishedAt !== null ? t.finishedAt < finishedBefore : (this.data.updatedAt.get(t.settings.id) ?? 0) < idleBefore))
      .map((t) => t.settings.id);
    for (const id of ids) {
      this.data.tables.delete(id);
      this.data.chats.delete(id);
      this.data.updatedAt.delete(id);
    }
    return ids;
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  private ensureOpen(): void {
    if (this.closed) throw new Error('the store is closed');
  }
}

const stored = (t: MemoryTable): StoredTable => ({ settings: structuredClone(t.settings), entries: t.entries.map((e) => JSON.parse(e) as LogEntry), finishedAt: t.finishedAt });
