/**
 * Client events of one socket: rate limit → payload check → the table room → ack. One `onAny`
 * listener per socket; an event that is not the protocol's is ignored (no ack). Every handled
 * event is answered with an `Ack` when it came with an ack function, never throws, and the
 * seat always comes from the socket, never from the payload. Refusals never echo the payload
 * beyond a short escaped prefix (`issuesText`).
 */
import { ClientEventSchemas, clientEventSchema, issuesText, type Ack, type ClientEventName } from '@belote/protocol';
import type { Variant } from '@belote/rules';
import type { Logger } from 'pino';
import type { TableDirectory } from '../tables/directory.js';
import type { Connection, RoomCommand } from '../tables/table-room.js';
import type { TableSocket } from './hub.js';
import type { SocketLimits } from './limits.js';

type Reply = (a: Ack<Record<string, unknown>>) => void;

const isClientEvent = (name: string): name is ClientEventName => Object.hasOwn(ClientEventSchemas, name);

/** `variant`: the table's (fixed at creation, learnt at the handshake), for the payload check. */
export function attachHandlers(socket: TableSocket, tableId: string, variant: Variant, conn: Connection, tables: TableDirectory, limits: SocketLimits, log: Logger): void {
  socket.onAny((name: string, ...args: unknown[]) => {
    if (!isClientEvent(name)) return;
    const fn = typeof args[args.length - 1] === 'function' ? (args.pop() as Reply) : undefined;
    const reply: Reply = (a) => {
      try {
        fn?.(a);
      } catch {
        /* a broken ack callback is the client's problem */
      }
    };
    const sender = conn.tokenHash === null ? `a:${socket.data.address}` : `t:${conn.tokenHash}`;
    limits
      .consume(sender, socket.data.address)
      .then((allowed) => (allowed ? handle(tables, tableId, variant, conn.id, name, args) : { ok: false, error: { code: 'RATE_LIMITED', message: 'too many messages: slow down' } } as const))
      .then(reply, (e: unknown) => {
        log.error({ err: e, table: tableId, event: name }, 'handler failed');
        reply({ ok: false, error: { code: 'INTERNAL', message: 'internal error; nothing was changed' } });
      });
  });
}

/** The payload check (exactly one payload, valid for the event at this table's variant), then the table (wherever it runs). */
function handle(tables: TableDirectory, tableId: string, variant: Variant, connId: string, name: ClientEventName, args: unknown[]): Promise<Ack<Record<string, unknown>>> {
  if (args.length !== 1)
    return Promise.resolve({ ok: false, error: { code: 'BAD_REQUEST', message: `${name}: send exactly one payload (${args.length === 0 ? 'none' : args.length} given), e.g. {}` } });
  const parsed = clientEventSchema(name, variant).safeParse(args[0]);
  if (!parsed.success) return Promise.resolve({ ok: false, error: { code: 'BAD_REQUEST', message: issuesText(parsed.error, name) } });
  return tables.command(tableId, connId, name === 'sync' || name === 'ready' ? { name } : ({ name, payload: parsed.data } as Exclude<RoomCommand, { name: 'sync' | 'ready' }>));
}
