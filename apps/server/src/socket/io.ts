/**
 * The Socket.IO server: small message limit, origin check, handshake middleware with the
 * connection limits, and the connection lifecycle (join the table, attach handlers, watch the
 * backlog, leave on disconnect). The table may run in this process or, in a cluster, in
 * another (TableDirectory); with `cluster` the adapter carries room frames between processes.
 */
import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import type { Config } from '../config.js';
import type { OriginCheck } from '../origin-policy.js';
import type { LocalConnection, TableDirectory } from '../tables/directory.js';
import { dropWhenBacklogged } from './backpressure.js';
import { attachHandlers } from './handlers.js';
import { handshakeMiddleware } from './handshake.js';
import { seatRoom, sendFrame, type SocketHub, type TableRemote, type TableServer } from './hub.js';
import { SocketLimits } from './limits.js';

/** Socket messages above this size are refused (and the socket closed) by socket.io. */
export const MAX_MESSAGE_BYTES = 16 * 1024;

/** Cluster wiring: the adapter factory (`@socket.io/postgres-adapter`) and how private frames leave. */
export interface SocketCluster {
  adapter: Parameters<TableServer['adapter']>[0];
  remote: TableRemote;
}

export function createSocketServer(http: HttpServer, tables: TableDirectory, hub: SocketHub, config: Config, originOk: OriginCheck, log: Logger, cluster: SocketCluster | null = null): TableServer {
  const io: TableServer = new Server(http, {
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    serveClient: false,
    // Browsers always send Origin on WebSocket and cross-origin requests; other clients may omit it.
    allowRequest: (req, cb) => cb(null, originOk(req.headers.origin, req.headers.host)),
  });
  if (cluster) io.adapter(cluster.adapter);
  hub.attach(io, cluster?.remote ?? null);
  const limits = new SocketLimits(config);
  io.use(handshakeMiddleware(tables, limits, config.handshakeTimeoutMs));
  io.on('connection', (socket) => {
    const id = socket.data;
    limits.added(id.address, id.tableId);
    dropWhenBacklogged(socket, (queued) => log.warn({ table: id.tableId, queued }, 'socket not reading its frames: disconnected'));
    const mute = () => {
      for (const r of socket.rooms) if (r !== socket.id) void socket.leave(r);
    };
    const conn: LocalConnection = {
      id: socket.id,
      isHost: id.isHost,
      seat: id.seat,
      tokenHash: id.tokenHash,
      address: id.address,
      send: (event, frame) => sendFrame(socket, event, frame),
      listen: (seat) => {
        mute();
        void socket.join(seat === null ? id.tableId : [id.tableId, seatRoom(id.tableId, seat)]);
      },
      mute,
      kick: () => socket.disconnect(true),
    };
    attachHandlers(socket, id.tableId, id.variant, conn, tables, limits, log);
    socket.on('disconnect', () => {
      limits.removed(id.address, id.tableId);
      tables.detach(id.tableId, socket.id).catch((e: unknown) => log.error({ err: e, table: id.tableId }, 'leave failed'));
    });
    tables.attach(id.tableId, conn).then(
      (ok) => void (ok || socket.disconnect(true)),
      (e: unknown) => {
        log.error({ err: e, table: id.tableId }, 'join failed');
        socket.disconnect(true);
      },
    );
    log.debug({ table: id.tableId, seat: id.seat, host: id.isHost }, 'socket connected');
  });
  return io;
}
