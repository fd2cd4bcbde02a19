/**
 * The store `main.ts` runs on: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR
 * (the embedded default, no configuration). Throws `StoreUnusable` with a message for the
 * person running the server when it cannot be used.
 */
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { PgStore, redactUrl } from './pg-store.js';
import { SqliteStore } from './sqlite-store.js';
import type { TableStore } from './types.js';

/** `node`: with DATABASE_URL, this process's id in the cluster (its writes are fenced by table ownership). */
export async function openStore(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databasePoolSize'>, log: Logger, node?: string): Promise<TableStore> {
  if (config.databaseUrl) {
    const store = await PgStore.open({ url: config.databaseUrl, log, poolSize: config.databasePoolSize, ...(node ? { node } : {}) });
    log.info({ store: 'pg', database: redactUrl(config.databaseUrl) }, 'store: PostgreSQL');
    return store;
  }
  const store = new SqliteStore({ dataDir: config.dataDir, log });
  log.info({ store: 'sqlite', file: store.file }, 'store: SQLite');
  return store;
}
