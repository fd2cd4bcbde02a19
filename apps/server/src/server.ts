/**
 * `startServer(config)`: the whole server in-process — store, registry (restored from the
 * store), express app and Socket.IO on one HTTP server. Used by main.ts, tests and e2e.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { allowedOriginsOf, configWith, type Config } from './config.js';
import { createApp } from './http/app.js';
import { createLogger } from './logger.js';
import { originPolicy } from './origin-policy.js';
import { createSocketServer } from './socket/io.js';
import { MemoryStore } from './store/memory-store.js';
import type { TableStore } from './store/types.js';
import { TableRegistry } from './tables/registry.js';

export interface RunningServer {
  /** Where the server listens, e.g. http://127.0.0.1:41234. */
  url: string;
  port: number;
  /** The public URL used for share links and the origin check. */
  publicUrl: string;
  registry: TableRegistry;
  log: Logger;
  /** Stop accepting connections, close sockets, wait for queued work, close the store. */
  close(): Promise<void>;
}

export interface StartOptions {
  /** The table store (default: in memory). */
  store?: TableStore;
  logger?: Logger;
}

export async function startServer(overrides: Partial<Config> = {}, opts: StartOptions = {}): Promise<RunningServer> {
  const config = configWith(overrides);
  const log = opts.logger ?? createLogger(config);
  const store = opts.store ?? new MemoryStore();
  const registry = new TableRegistry({ store, config, log });
  const { restored, skipped } = await registry.restore();
  if (restored + skipped > 0) log.info({ restored, skipped }, 'tables restored');

  const http = createServer();
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.port, config.host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const port = (http.address() as AddressInfo).port;
  const publicUrl = config.publicUrl ?? `http://localhost:${port}`;
  const origins = allowedOriginsOf(config, publicUrl);
  if (config.publicUrl === null) origins.push(`http://127.0.0.1:${port}`);
  const originOk = originPolicy(origins, config.publicUrl === null);
  const app = createApp(registry, config, publicUrl, originOk, log);
  http.on('request', app);
  const io = createSocketServer(http, registry, config, originOk, log);
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  log.info({ port, publicUrl }, 'belote server listening');

  let closing: Promise<void> | null = null;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    publicUrl,
    registry,
    log,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => io.close(() => resolve()));
        http.closeAllConnections?.();
        await registry.idle();
        registry.dispose();
        await store.close();
      })();
      return closing;
    },
  };
}
