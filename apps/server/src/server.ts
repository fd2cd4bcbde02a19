/**
 * `startServer(config)`: the whole server in-process — store, registry (restored from the
 * store), expiry sweeps, express app and Socket.IO on one HTTP server. Used by main.ts (with
 * the SQLite store), tests and e2e (in memory by default). With `cluster` (main.ts on
 * PostgreSQL) the process is one of several on one database behind a reverse proxy that sends
 * every socket of a table to one process: that process claims the table and runs it
 * (cluster/cluster-directory.ts); tables load on demand.
 */
import { createServer } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import { ClusterDirectory } from './cluster/cluster-directory.js';
import { Holdings } from './cluster/holdings.js';
import { Ownership } from './cluster/ownership.js';
import { allowedOriginsOf, configWith, type Config } from './config.js';
import { createApp } from './http/app.js';
import { answerClientError, answerClosing } from './http/errors.js';
import { createLogger } from './logger.js';
import { originPolicy } from './origin-policy.js';
import { SocketHub } from './socket/hub.js';
import { createSocketServer } from './socket/io.js';
import { MemoryStore } from './store/memory-store.js';
import type { PgStore } from './store/pg-store.js';
import type { TableStore } from './store/types.js';
import { scheduleExpiry, sweepExpired } from './tables/expiry.js';
import { LocalDirectory, type TableDirectory } from './tables/directory.js';
import { TableRegistry } from './tables/registry.js';

/** On close, how long events already received are still taken before the tables refuse more. */
const SETTLE_MS = 20;
/** On close, how long the connections may take to write what they still hold before they are cut. */
const FLUSH_MS = 2000;

/**
 * Close every socket's connection once what it still holds is written: Socket.IO's own close
 * discards it, and the ack of a change made during the drain would be lost (stored, never
 * acknowledged). The client sees `transport close` and reconnects (PROTOCOL.md §3).
 */
function closeConnectionsFlushed(io: Server): Promise<void> {
  const closed = [...io.of('/').sockets.values()].map(
    (s) =>
      new Promise<void>((resolve) => {
        if (s.conn.readyState === 'closed') return resolve();
        s.conn.once('close', () => resolve());
        s.conn.close();
      }),
  );
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, FLUSH_MS)));
  return Promise.race([Promise.all(closed), bound]).then(() => clearTimeout(timer));
}

/** How long WebSocket peers get to answer the close (ws would wait 30 s: past the stop's 10 s). */
const PEER_CLOSE_MS = 1000;

/**
 * Once their close frames are sent: the upgraded sockets still open after PEER_CLOSE_MS are cut.
 * A peer that answers in time (a slow network included) gets everything queued before the close
 * frame; one that never answers (a frozen phone, a vanished network) no longer holds up the stop.
 */
async function cutUnanswered(upgraded: Set<Duplex>): Promise<void> {
  const open = [...upgraded];
  if (open.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, PEER_CLOSE_MS)));
  await Promise.race([Promise.all(open.map((s) => new Promise<void>((resolve) => (s.destroyed ? resolve() : s.once('close', () => resolve()))))), bound]);
  clearTimeout(timer);
  for (const socket of upgraded) socket.destroy();
}

export interface RunningServer {
  /** Where the server listens, e.g. http://127.0.0.1:41234. */
  url: string;
  port: number;
  /** The public URL used for share links and the origin check. */
  publicUrl: string;
  registry: TableRegistry;
  /** Where every table is reached (this process's registry, or the cluster). */
  tables: TableDirectory;
  /** PostgreSQL store: the statements it sent so far (benchmarks). */
  statements?: () => number;
  log: Logger;
  /**
   * Graceful stop: refuse new connections and HTTP requests, let queued commands finish
   * (written and acknowledged), refuse later ones, close the sockets once what they hold is
   * written (still serving them meanwhile), stop listening, then close the store.
   */
  close(): Promise<void>;
}

export interface StartOptions {
  /** The table store (default: in memory). */
  store?: TableStore;
  logger?: Logger;
  /** One of several processes on the PostgreSQL database of `store` (opened with this `node` id). */
  cluster?: { node: string; store: PgStore; idleReleaseMs?: number };
}

export async function startServer(overrides: Partial<Config> = {}, opts: StartOptions = {}): Promise<RunningServer> {
  const config = configWith(overrides);
  const log = opts.logger ?? createLogger(config);
  const store: TableStore = opts.store ?? new MemoryStore();
  const hub = new SocketHub();
  let holdings: Holdings | null = null;
  const registry = new TableRegistry({ store, config, log, channel: hub, deposed: (id) => holdings?.lost(id), serving: () => holdings?.leased ?? true });
  const expiry = { store, registry, config, log };
  const t0 = performance.now();
  await sweepExpired(expiry);
  let tables: TableDirectory;
  let cluster: ClusterDirectory | null = null;
  if (opts.cluster) {
    const { node, store: pgStore, idleReleaseMs } = opts.cluster;
    holdings = new Holdings({ registry, store: pgStore, ownership: new Ownership(pgStore.pool, node), log, ...(idleReleaseMs === undefined ? {} : { idleReleaseMs }) });
    await holdings.start();
    tables = cluster = new ClusterDirectory({ holdings, registry, node });
    log.info({ node }, 'cluster node: tables load on demand from PostgreSQL');
  } else {
    tables = new LocalDirectory(registry, () => store.fileProblem?.() ?? store.writeProblem?.() ?? null);
    const { restored, skipped } = await registry.restore();
    if (restored + skipped > 0) log.info({ restored, skipped, ms: Math.round(performance.now() - t0) }, 'tables restored');
  }
  const stopExpiry = scheduleExpiry(expiry);

  const http = createServer();
  http.on('clientError', answerClientError);
  // WebSocket connections, which http.closeAllConnections() does not see once upgraded
  const upgraded = new Set<Duplex>();
  http.on('upgrade', (_req, socket: Duplex) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });
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
  let stopping = false;
  // Engine.IO's requests (/socket.io/) never reach this listener: the open sockets are served until they close.
  http.on('request', (req, res) => (stopping ? answerClosing(res) : app(req, res)));
  const io = createSocketServer(http, tables, hub, config, originOk, log, () => !stopping);
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  log.info({ port, publicUrl }, 'belote server listening');

  let closing: Promise<void> | null = null;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    publicUrl,
    registry,
    tables,
    ...(opts.cluster ? { statements: () => opts.cluster!.store.statements } : {}),
    log,
    close() {
      closing ??= (async () => {
        stopExpiry();
        if (cluster) {
          // Stop listening at once: a refused connection is what makes the proxy try the next
          // replica (a 403 or 503 it would pass on to the client).
          cluster.refuseNew();
          http.close();
        } else {
          // New handshakes and requests are refused from now on, but the listener stays open until
          // the sockets are closed: a long-polling client receives each ack with a new request.
          stopping = true;
        }
        // Let events already received on open sockets reach their tables before the drain.
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        await registry.drain();
        await registry.idle();
        // cluster: the tables are released before their sockets close, so the next process takes them at once
        await cluster?.close().catch((e: unknown) => log.warn({ err: e }, 'could not release the tables at shutdown'));
        await closeConnectionsFlushed(io);
        http.close();
        await cutUnanswered(upgraded);
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
