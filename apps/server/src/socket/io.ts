/**
 * The Socket.IO server: small message limit, origin check, handshake middleware with the
 * connection limits, and the connection lifecycle (join the table room, attach handlers,
 * watch the backlog, leave on disconnect).
 */
import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import type { Config } from '../config.js';
import type { OriginCheck } from '../origin-policy.js';
import type { TableRegistry } from '../tables/registry.js';
import type { Connection } from '../tables/table-room.js';
import { dropWhenBacklogged } from './backpressure.js';
import { attachHandlers } from './handlers.js';
import { handshakeMiddleware } from './handshake.js';
import { seatRoom, sendFrame, type SocketHub, type TableServer } from './hub.js';
import { SocketLimits } from './limits.js';

/** Socket messages above this size are refused (and the socket closed) by socket.io. */
export const MAX_MESSAGE_BYTES = 16 * 1024;

export function createSocketServer(http: HttpServer, registry: TableRegistry, hub: SocketHub, config: Config, originOk: OriginCheck, log: Logger): TableServer {
  const io: TableServer = new Server(http, {
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    serveClient: false,
    // Browsers always send Origin on WebSocket and cross-origin requests; other clients may omit it.
    allowRequest: (req, cb) => cb(null, originOk(req.headers.origin, req.headers.host)),
  });
  hub.attach(io);
  const limits = new SocketLimits(config);
  io.use(handshakeMiddleware(registry, limits));
  io.on('connection', (socket) => {
    const id = socket.data;
    const room = registry.get(id.tableId);
    if (!room) {
      socket.disconnect(true);
      return;
    }
    limits.added(id.address, id.tableId);
    dropWhenBacklogged(socket, (queued) => log.warn({ table: id.tableId, queued }, 'socket not reading its frames: disconnected'));
    const conn: Connection = {
      id: socket.id,
      isHost: id.isHost,
      seat: id.seat,
      tokenHash: id.tokenHash,
      address: id.address,
      send: (event, frame) => sendFrame(socket, event, frame),
      listen: (seat) => {
        for (const r of socket.rooms) if (r !== socket.id && r !== id.tableId) void socket.leave(r);
        void socket.join(seat === null ? id.tableId : [id.tableId, seatRoom(id.tableId, seat)]);
      },
      kick: () => socket.disconnect(true),
    };
    attachHandlers(socket, room, conn, limits, log);
    socket.on('disconnect', () => {
      limits.removed(id.address, id.tableId);
      room.leave(socket.id).catch((e: unknown) => log.error({ err: e, table: room.id }, 'leave failed'));
    });
    room.join(conn).catch((e: unknown) => log.error({ err: e, table: room.id }, 'join failed'));
    log.debug({ table: id.tableId, seat: id.seat, host: id.isHost }, 'socket connected');
  });
  return io;
}
