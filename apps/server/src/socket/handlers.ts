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

const RATE_LIMITED = { ok: false, error: { code: 'RATE_LIMITED', message: 'too many messages: slow down' } } as const;
const FAILED = { ok: false, error: { code: 'INTERNAL', message: 'internal error; nothing was changed' } } as const;

function reply(fn: Reply | undefined, a: Ack<Record<string, unknown>>): void {
  try {
    fn?.(a);
  } catch {
    /* a broken ack callback is the client's problem */
  }
}

/** `variant`: the table's (fixed at creation, learnt at the handshake), for the payload check. */
export function attachHandlers(socket: TableSocket, tableId: string, variant: Variant, conn: Connection, tables: TableDirectory, limits: SocketLimits, log: Logger): void {
  const address = socket.data.address;
  // the rate-limit key, made again only when the socket's seat token changes (a sit or a stand)
  let keyOf: string | null | undefined;
  let sender = '';
  socket.onAny((name: string, ...args: unknown[]) => {
    if (!isClientEvent(name)) return;
    const fn = typeof args[args.length - 1] === 'function' ? (args.pop() as Reply) : undefined;
    if (keyOf !== conn.tokenHash) {
      keyOf = conn.tokenHash;
      sender = keyOf === null ? `a:${address}` : `t:${keyOf}`;
    }
    if (!limits.take(sender, address)) return reply(fn, RATE_LIMITED);
    let answer: Promise<Ack<Record<string, unknown>>>;
    try {
      answer = handle(tables, tableId, variant, conn.id, name, args);
    } catch (e) {
      answer = Promise.reject(e);
    }
    answer.then(
      (a) => reply(fn, a),
      (e: unknown) => {
        log.error({ err: e, table: tableId, event: name }, 'handler failed');
        reply(fn, FAILED);
      },
    );
  });
}

/** The payload check (exactly one payload, valid for the event at this table's variant), then the table (wherever it runs). */
function handle(tables: TableDirectory, tableId: string, variant: Variant, connId: string, name: ClientEventName, args: unknown[]): Promise<Ack<Record<string, unknown>>> {
  if (args.length !== 1)
    return Promise.resolve({ ok: false, error: { code: 'BAD_REQUEST', message: `${name}: send exactly one payload (${args.length === 0 ? 'none' : args.length} given), e.g. {}` } });
  const parsed = clientEventSchema(name, variant).safeParse(args[0]);
  if (!parsed.success) return Promise.resolve({ ok: false, error: { code: 'BAD_REQUEST', message: issuesText(parsed.error, name, args[0]) } });
  return tables.command(tableId, connId, name === 'sync' || name === 'ready' ? { name } : ({ name, payload: parsed.data } as Exclude<RoomCommand, { name: 'sync' | 'ready' }>));
}
