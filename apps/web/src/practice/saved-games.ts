/**
 * Practice tables kept on the device, in IndexedDB (database `belote-practice`, store `tables`
 * keyed by the table id). The worker writes a table after every change; the practice page lists
 * them (the one to resume, the finished games to replay or download). At most KEPT tables are
 * kept, the least recently played dropped first.
 */
import type { SavedPractice } from './types.js';

const DB = 'belote-practice';
const STORE = 'tables';
export const KEPT = 50;

const done = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });

const committed = (tx: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });

export class SavedGames {
  private constructor(private readonly db: IDBDatabase) {}

  static async open(idb: IDBFactory = indexedDB): Promise<SavedGames> {
    const req = idb.open(DB, 1);
    req.onupgradeneeded = () => {
      const store = req.result.createObjectStore(STORE, { keyPath: 'id' });
      store.createIndex('updatedAt', 'updatedAt');
    };
    return new SavedGames(await done(req));
  }

  /** Write a table; resolves once the write is committed. */
  async put(saved: SavedPractice): Promise<void> {
    const tx = this.db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put(saved);
    await committed(tx);
  }

  async get(id: string): Promise<SavedPractice | null> {
    const r = await done(this.db.transaction(STORE).objectStore(STORE).get(id) as IDBRequest<SavedPractice | undefined>);
    return r ?? null;
  }

  /** Every kept table, the most recently played first. */
  async list(): Promise<SavedPractice[]> {
    const all = await done(this.db.transaction(STORE).objectStore(STORE).getAll() as IDBRequest<SavedPractice[]>);
    return all.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async remove(id: string): Promise<void> {
    const tx = this.db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).delete(id);
    await committed(tx);
  }

  /** Drop the least recently played tables beyond KEPT (never `keep`). */
  async prune(keep: string | null = null): Promise<void> {
    const all = await this.list();
    for (const t of all.slice(KEPT)) if (t.id !== keep) await this.remove(t.id);
  }

  close(): void {
    this.db.close();
  }
}
