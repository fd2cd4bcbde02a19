/**
 * Test support: a StoreHarness (contract.ts) per store. Faults are injected inside the storage
 * itself where there is one: a trigger that aborts the insert of one log position, so a
 * multi-entry append fails after its first entry was written.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { ChatEntry, ChatSettings } from '@belote/protocol';
import { MemoryStore } from '../../src/store/memory-store.js';
import { PgStore } from '../../src/store/pg-store.js';
import { DB_FILE, SqliteStore } from '../../src/store/sqlite-store.js';
import type { LogEntry } from '../../src/store/types.js';
import { createTestDatabase, sql, type TestDatabase } from '../pg/databases.js';
import type { StoreHarness } from './contract.js';

/** A memory store that refuses to write given positions (it writes all or nothing anyway). */
class FaultyMemoryStore extends MemoryStore {
  constructor(private readonly faults: Set<string>) {
    super();
  }
  override async append(tableId: string, version: number, entries: readonly LogEntry[]): Promise<void> {
    for (let i = 0; i < entries.length; i++) if (this.faults.has(`${tableId}:${version + i}`)) throw new Error('injected fault');
    return super.append(tableId, version, entries);
  }
  override async appendChat(tableId: string, entry: ChatEntry, settings?: ChatSettings): Promise<void> {
    if (settings && this.faults.has(`${tableId}:chat-settings`)) throw new Error('injected fault');
    return super.appendChat(tableId, entry, settings);
  }
}

export function memoryHarness(): StoreHarness {
  const faults = new Set<string>();
  let first: MemoryStore | null = null;
  return {
    fresh: async () => (first = new FaultyMemoryStore(faults)),
    reopen: async () => first!.twin(),
    second: async () => first!.twin(),
    failWriteAt: async (tableId, seq) => {
      faults.add(`${tableId}:${seq}`);
      return async () => void faults.delete(`${tableId}:${seq}`);
    },
    failChatSettingsWrite: async (tableId) => {
      faults.add(`${tableId}:chat-settings`);
      return async () => void faults.delete(`${tableId}:chat-settings`);
    },
    dispose: async () => {},
  };
}

export function sqliteHarness(): StoreHarness {
  let dir: string | null = null;
  /** A connection of the test's own on the database file (DATA_DIR's lock is a separate file). */
  const raw = (statement: string) => {
    const db = new Database(join(dir!, DB_FILE));
    db.exec(statement);
    db.close();
  };
  return {
    fresh: async () => {
      dir = mkdtempSync(join(tmpdir(), 'belote-contract-'));
      return new SqliteStore({ dataDir: dir });
    },
    reopen: async () => new SqliteStore({ dataDir: dir! }),
    second: async () => null,
    failWriteAt: async (tableId, seq) => {
      raw(`CREATE TRIGGER belote_fault BEFORE INSERT ON entries WHEN NEW.table_id = '${tableId}' AND NEW.seq = ${seq} BEGIN SELECT RAISE(ABORT, 'injected fault'); END`);
      return async () => raw('DROP TRIGGER belote_fault');
    },
    failChatSettingsWrite: async (tableId) => {
      raw(`CREATE TRIGGER belote_chat_fault BEFORE INSERT ON chat_settings WHEN NEW.table_id = '${tableId}' BEGIN SELECT RAISE(ABORT, 'injected fault'); END`);
      return async () => raw('DROP TRIGGER belote_chat_fault');
    },
    dispose: async () => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A PostgreSQL store on a database of its own on the run's server. */
export function pgHarness(): StoreHarness {
  let db: TestDatabase | null = null;
  return {
    fresh: async () => {
      db = await createTestDatabase();
      return PgStore.open({ url: db.url });
    },
    reopen: () => PgStore.open({ url: db!.url }),
    second: () => PgStore.open({ url: db!.url }),
    failWriteAt: async (tableId, seq) => {
      await sql(
        db!.url,
        `CREATE FUNCTION belote_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected fault'; END $$;
         CREATE TRIGGER belote_fault BEFORE INSERT ON belote_entries FOR EACH ROW
           WHEN (NEW.table_id = '${tableId}' AND NEW.seq = ${seq}) EXECUTE FUNCTION belote_fault();`,
      );
      return async () => void (await sql(db!.url, 'DROP TRIGGER belote_fault ON belote_entries; DROP FUNCTION belote_fault();'));
    },
    failChatSettingsWrite: async (tableId) => {
      await sql(
        db!.url,
        `CREATE FUNCTION belote_chat_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected fault'; END $$;
         CREATE TRIGGER belote_chat_fault BEFORE INSERT OR UPDATE ON belote_chat_settings FOR EACH ROW
           WHEN (NEW.table_id = '${tableId}') EXECUTE FUNCTION belote_chat_fault();`,
      );
      return async () => void (await sql(db!.url, 'DROP TRIGGER belote_chat_fault ON belote_chat_settings; DROP FUNCTION belote_chat_fault();'));
    },
    dispose: async () => {
      await db?.drop();
    },
  };
}
