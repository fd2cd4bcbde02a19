/**
 * Client events of one socket: rate limit → zod parse → the table room → ack. Every handler
 * answers with an `Ack` when given an ack function, never throws, and unknown events are
 * simply not listened to. The seat always comes from the socket, never from the payload.
 */
import { CLIENT_EVENTS, ClientEventSchemas, type Ack, type ClientEventName, type ServerToClientEvents } from '@belote/protocol';
import { formatIssues } from '@belote/rules';
import type { Logger } from 'pino';
import type { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Socket } from 'socket.io';
import type { Command } from '../tables/commands.js';
import type { TableRoom } from '../tables/table-room.js';
import type { SocketIdentity } from './handshake.js';

type Reply = (a: Ack<Record<string, unknown>>) => void;

export function attachHandlers(
  socket: Socket<Record<string, never>, ServerToClientEvents, Record<string, never>, SocketIdentity>,
  room: TableRoom,
  limiter: RateLimiterMemory,
  log: Logger,
): void {
  for (const name of CLIENT_EVENTS) {
    socket.on(name as never, (async (...args: unknown[]) => {
      const fn = args.findLast((a) => typeof a === 'function') as Reply | undefined;
      const reply: Reply = (a) => {
        try {
          fn?.(a);
        } catch {
          /* a broken ack callback is the client's problem */
        }
      };
      try {
        try {
          await limiter.consume(socket.id);
        } catch {
          return reply({ ok: false, error: { code: 'RATE_LIMITED', message: 'too many messages: slow down' } });
        }
        const payload = typeof args[0] === 'function' || args[0] === undefined ? {} : args[0];
        reply(await handle(room, socket.id, name, payload));
      } catch (e) {
        log.error({ err: e, table: room.id, event: name }, 'handler failed');
        reply({ ok: false, error: { code: 'INTERNAL', message: 'internal error; nothing was changed' } });
      }
    }) as never);
  }
}

function handle(room: TableRoom, connId: string, name: ClientEventName, payload: unknown): Promise<Ack<Record<string, unknown>>> {
  const parsed = ClientEventSchemas[name].safeParse(payload);
  if (!parsed.success) return Promise.resolve({ ok: false, error: { code: 'BAD_REQUEST', message: formatIssues(parsed.error, name) } });
  return room.command(connId, name === 'sync' ? { name } : ({ name, payload: parsed.data } as Command));
}
