/**
 * The Socket.IO server: small message limit, origin check, handshake middleware with the
 * connection limits, and the connection lifecycle (join the table, attach handlers, watch the
 * backlog, leave on disconnect). The socket's table runs in this process (TableDirectory; in a
 * cluster the reverse proxy sent the socket to the process that runs it).
 */
import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import type { Config } from '../config.js';
import type { OriginCheck } from '../origin-policy.js';
import type { TableDirectory } from '../tables/directory.js';
import type { Connection } from '../tables/table-room.js';
import { dropWhenBacklogged } from './backpressure.js';
import { attachHandlers } from './handlers.js';
import { handshakeMiddleware } from './handshake.js';
import { seatRoom, sendFrame, type SocketHub, type TableServer } from './hub.js';
import { SocketLimits } from './limits.js';

/** Socket messages above this size are refused (and the socket closed) by socket.io. */
export const MAX_MESSAGE_BYTES = 16 * 1024;

/**
 * In a cluster the server pings every socket each second, so a connection through the reverse
 * proxy is never silent for long unless the process is frozen: the proxy closes one silent for
 * 3 s (deploy/nginx/belote.conf, and HAProxy's `timeout tunnel` behind its health check) and its
 * client reconnects, to the table's next owner. A client may take 5 s to answer a ping. One
 * process pings every 10 s: a phone that lost its network shows as disconnected to the others
 * within 15 s (Socket.IO's defaults, 25 s and 20 s, took up to 45 s).
 */
export const CLUSTER_PING = { pingInterval: 1000, pingTimeout: 5000 } as const;
export const SINGLE_PING = { pingInterval: 10_000, pingTimeout: 5000 } as const;

/**
 * `accepting`: false once the server closes — new Engine.IO sessions are refused (HTTP 403, the
 * client retries as from a refused connection) while the open ones are still served.
 */
export function createSocketServer(http: HttpServer, tables: TableDirectory, hub: SocketHub, config: Config, originOk: OriginCheck, log: Logger, accepting: () => boolean): TableServer {
  const io: TableServer = new Server(http, {
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    serveClient: false,
    // Asked for handshakes only (a request without a session id). Browsers always send Origin on
    // WebSocket and cross-origin requests; other clients may omit it.
    allowRequest: (req, cb) => (accepting() ? cb(null, originOk(req.headers.origin, req.headers.host)) : cb('the server is shutting down: connect again', false)),
    ...(tables.routed ? CLUSTER_PING : SINGLE_PING),
  });
  hub.attach(io);
  const limits = new SocketLimits(config);
  io.use(handshakeMiddleware(tables, limits, config.handshakeTimeoutMs));
  io.on('connection', (socket) => {
    const id = socket.data;
    dropWhenBacklogged(socket, (queued) => log.warn({ table: id.tableId, queued }, 'socket not reading its frames: disconnected'));
    const conn: Connection = {
      id: socket.id,
      isHost: id.isHost,
      seat: id.seat,
      tokenHash: id.tokenHash,
      address: id.address,
      send: (event, frame) => sendFrame(socket, event, frame),
      listen: (seat) => {
        for (const r of socket.rooms) if (r !== socket.id) void socket.leave(r);
        void socket.join(seat === null ? id.tableId : [id.tableId, seatRoom(id.tableId, seat)]);
      },
      kick: () => socket.disconnect(true),
      // the transport closes: the client sees `transport close` and reconnects (`disconnect(true)` would tell it not to)
      reconnect: () => socket.conn.close(),
    };
    attachHandlers(socket, id.tableId, id.variant, conn, tables, limits, log);
    socket.on('disconnect', () => {
      id.release();
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
