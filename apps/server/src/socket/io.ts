/**
 * The Socket.IO server: small message limit, origin check, handshake middleware, and the
 * connection lifecycle (join the table room, attach handlers, leave on disconnect).
 */
import type { Server as HttpServer } from 'node:http';
import type { ClientToServerEvents, ServerToClientEvents, UpdateMessage } from '@belote/protocol';
import type { Logger } from 'pino';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { Server } from 'socket.io';
import type { Config } from '../config.js';
import type { OriginCheck } from '../origin-policy.js';
import type { TableRegistry } from '../tables/registry.js';
import { backlogOf, dropSlowConsumer, isSlowConsumer } from './backpressure.js';
import { attachHandlers } from './handlers.js';
import { handshakeMiddleware, type SocketIdentity } from './handshake.js';
import { encodeUpdate, installPreEncodedFrames } from './update-encoder.js';

/** Socket messages above this size are refused (and the socket closed) by socket.io. */
export const MAX_MESSAGE_BYTES = 16 * 1024;

export function createSocketServer(
  http: HttpServer,
  registry: TableRegistry,
  config: Config,
  originOk: OriginCheck,
  log: Logger,
): Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketIdentity> {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketIdentity>(http, {
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    serveClient: false,
    // Browsers always send Origin on WebSocket and cross-origin requests; other clients may omit it.
    allowRequest: (req, cb) => cb(null, originOk(req.headers.origin, req.headers.host)),
  });
  // updates go out pre-serialised (shared parts once per broadcast): see update-encoder.ts
  installPreEncodedFrames(io);
  const limiter = new RateLimiterMemory({ points: config.rateLimitEvents, duration: 1 });
  io.use(handshakeMiddleware(registry));
  io.on('connection', (socket) => {
    const id = socket.data;
    const room = registry.get(id.tableId);
    if (!room) {
      socket.disconnect(true);
      return;
    }
    attachHandlers(socket as never, room, limiter, log);
    socket.on('disconnect', () => {
      room.leave(socket.id).catch((e: unknown) => log.error({ err: e, table: room.id }, 'leave failed'));
      void limiter.delete(socket.id);
    });
    const joined = room.join({
      id: socket.id,
      seat: id.seat,
      tokenHash: id.tokenHash,
      isHost: id.isHost,
      // the frame on the wire is exactly the UpdateMessage's JSON (see update-encoder.ts)
      send: (msg) => {
        if (isSlowConsumer(socket)) {
          log.warn({ table: id.tableId, backlog: backlogOf(socket) }, 'socket not reading its updates: disconnected');
          dropSlowConsumer(socket);
          return;
        }
        socket.emit('update', encodeUpdate(msg) as unknown as UpdateMessage);
      },
      kick: () => socket.disconnect(true),
    });
    joined.catch((e: unknown) => log.error({ err: e, table: room.id }, 'join failed'));
    log.debug({ table: id.tableId, seat: id.seat, host: id.isHost }, 'socket connected');
  });
  return io;
}
