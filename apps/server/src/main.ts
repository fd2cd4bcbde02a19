/**
 * Entry point: `node apps/server/dist/main.js`. Reads the environment, opens the store
 * (PostgreSQL with DATABASE_URL, else SQLite in DATA_DIR), starts the server (SQLite: restoring
 * every stored table; PostgreSQL: as one process of a cluster, tables loaded on demand) and
 * shuts down cleanly on SIGTERM/SIGINT: stop accepting, finish in-flight writes, release the
 * tables (cluster: before their sockets close, so they reconnect to a process that takes them
 * at once), close the database, exit 0. A store it cannot use stops it with a message saying why.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { startServer } from './server.js';
import { openStore } from './store/open-store.js';
import { PgStore } from './store/pg-store.js';
import { StoreUnusable } from './store/types.js';

/**
 * Why the server could not listen on HOST and PORT (a port taken or forbidden, an address not
 * this machine's, a HOST name that does not resolve), or null for any other failure.
 */
function listenError(e: unknown, host: string): string | null {
  const err = e as { syscall?: unknown; hostname?: unknown; message?: unknown } | null;
  const listening = err?.syscall === 'listen' || (err?.syscall === 'getaddrinfo' && err.hostname === host);
  return listening && typeof err?.message === 'string' ? err.message : null;
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    // a JSON line like every other (LOG_LEVEL itself may be what is wrong: logged at any level)
    createLogger({ logLevel: 'info' }).fatal({ event: 'config-invalid' }, e instanceof Error ? e.message : String(e));
    process.exitCode = 1;
    return;
  }
  const log = createLogger(config);
  let server;
  try {
    // every start is a new cluster node: a restarted process never mistakes its predecessor's tables for its own
    const node = randomBytes(8).toString('hex');
    const store = await openStore(config, log, node);
    const cluster = store instanceof PgStore ? { node, store } : undefined;
    server = await startServer(config, { logger: log, store, ...(cluster ? { cluster } : {}) });
  } catch (e) {
    const listen = listenError(e, config.host);
    if (e instanceof StoreUnusable) log.fatal({ event: 'store-unusable' }, `could not start: ${e.message}`);
    else if (listen) log.fatal({ event: 'listen-failed', host: config.host, port: config.port }, `could not start: cannot listen on HOST ${config.host}, PORT ${config.port}: ${listen}`);
    else log.fatal({ err: e, dataDir: config.dataDir }, 'could not start');
    process.exit(1);
  }
  log.info({ store: config.databaseUrl ? 'pg' : 'sqlite', tables: server.registry.size }, `open ${server.publicUrl}`);
  const running = server;
  const stop = (signal: string) => {
    const t0 = performance.now();
    const tables = running.registry.size;
    log.info({ signal, tables }, 'shutting down');
    const force = setTimeout(() => {
      log.error({ signal }, 'shutdown timed out; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    running.close().then(
      () => {
        log.info({ event: 'shutdown', signal, tables, ms: Math.round(performance.now() - t0), exitCode: 0 }, 'shutdown complete');
        process.exit(0);
      },
      (e: unknown) => {
        log.error({ err: e }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

process.on('unhandledRejection', (e) => console.error('unhandled rejection', e));
void main();
