/**
 * `startServer(config)`: the whole server in-process — store, registry (restored from the
 * store), expiry sweeps, express app and Socket.IO on one HTTP server. Used by main.ts (with
 * the SQLite store), tests and e2e (in memory by default). With `cluster` (main.ts on
 * PostgreSQL) the process is one of several on one database: tables load on demand and run in
 * the process that owns them (cluster/cluster-directory.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import type { Logger } from 'pino';
import { ClusterDirectory } from './cluster/cluster-directory.js';
import { NodeBus, nodeChannel } from './cluster/node-bus.js';
import { Ownership } from './cluster/ownership.js';
import { PgPubSub } from './cluster/pg-pubsub.js';
import { allowedOriginsOf, configWith, type Config } from './config.js';
import { createApp } from './http/app.js';
import { answerClientError } from './http/errors.js';
import { createLogger } from './logger.js';
import { originPolicy } from './origin-policy.js';
import { SocketHub } from './socket/hub.js';
import { createSocketServer, type SocketCluster } from './socket/io.js';
import { MemoryStore } from './store/memory-store.js';
import type { TableStore } from './store/types.js';
import { scheduleExpiry, sweepExpired } from './tables/expiry.js';
import { LocalDirectory, type TableDirectory } from './tables/directory.js';
import { TableRegistry } from './tables/registry.js';

/** On close, how long events already received are still taken before the tables refuse more. */
const SETTLE_MS = 20;

export interface RunningServer {
  /** Where the server listens, e.g. http://127.0.0.1:41234. */
  url: string;
  port: number;
  /** The public URL used for share links and the origin check. */
  publicUrl: string;
  registry: TableRegistry;
  /** Where every table is reached (this process's registry, or the cluster). */
  tables: TableDirectory;
  /** Cluster: PostgreSQL notifications sent (and the statements that sent them) and received. */
  notifications?: () => { sent: number; batches: number; received: number };
  log: Logger;
  /**
   * Graceful stop: stop accepting connections, let queued commands finish (written and
   * acknowledged), refuse later ones, close the sockets, then close the store.
   */
  close(): Promise<void>;
}

export interface StartOptions {
  /** The table store (default: in memory). */
  store?: TableStore;
  logger?: Logger;
  /** One of several processes on the store's PostgreSQL database: this process's id and the store's pool. */
  cluster?: { url: string; node: string; pool: pg.Pool; idleReleaseMs?: number };
}

export async function startServer(overrides: Partial<Config> = {}, opts: StartOptions = {}): Promise<RunningServer> {
  const config = configWith(overrides);
  const log = opts.logger ?? createLogger(config);
  const store = opts.store ?? new MemoryStore();
  const hub = new SocketHub();
  let cluster: { directory: ClusterDirectory; pubsub: PgPubSub; io: SocketCluster } | null = null;
  const registry = new TableRegistry({ store, config, log, channel: hub, deposed: (id) => cluster?.directory.deposed(id) });
  const expiry = { store, registry, config, log };
  const t0 = performance.now();
  await sweepExpired(expiry);
  let tables: TableDirectory;
  if (opts.cluster) {
    const { url, node, pool, idleReleaseMs } = opts.cluster;
    const pubsub = new PgPubSub({ url, applicationName: `belote:${node}`, log });
    const bus = new NodeBus(node, pubsub, log);
    const directory = new ClusterDirectory({ registry, ownership: new Ownership(pool, node), bus, log, toLocalSeat: (t, s, e, f) => hub.toLocalSeat(t, s, e, f as never), ...(idleReleaseMs === undefined ? {} : { idleReleaseMs }) });
    pubsub.onListening = () => directory.reconnected();
    await directory.start();
    const adapter = createAdapter(pubsub.adapterPool(), { errorHandler: (e: Error) => log.warn({ err: e }, 'Socket.IO adapter error') });
    cluster = { directory, pubsub, io: { adapter, remote: { toSeat: (n, t, s, e, f) => directory.toSeat(n, t, s, e, f), routed: (nodes, send) => pubsub.routed(nodes.map(nodeChannel), send) } } };
    tables = directory;
    log.info({ node }, 'cluster node: tables load on demand from PostgreSQL');
  } else {
    tables = new LocalDirectory(registry);
    const { restored, skipped } = await registry.restore();
    if (restored + skipped > 0) log.info({ restored, skipped, ms: Math.round(performance.now() - t0) }, 'tables restored');
  }
  const stopExpiry = scheduleExpiry(expiry);

  const http = createServer();
  http.on('clientError', answerClientError);
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
  const app = createApp(tables, config, publicUrl, originOk, log);
  http.on('request', app);
  const io = createSocketServer(http, tables, hub, config, originOk, log, cluster?.io ?? null);
  await cluster?.pubsub.ready;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  log.info({ port, publicUrl }, 'belote server listening');

  let closing: Promise<void> | null = null;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    publicUrl,
    registry,
    tables,
    ...(cluster ? { notifications: () => ({ ...cluster!.pubsub.counters }) } : {}),
    log,
    close() {
      closing ??= (async () => {
        stopExpiry();
        http.close();
        // Let events already received on open sockets reach their tables before the drain.
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        await registry.drain();
        await new Promise<void>((resolve) => io.close(() => resolve()));
        http.closeAllConnections?.();
        await registry.idle();
        await cluster?.directory.close();
        registry.dispose();
        await cluster?.pubsub.close();
        await store.close();
      })();
      return closing;
    },
  };
}
