/**
 * Handshake middleware: checks the protocol version, the table and any token or host key
 * before a socket is accepted. A refusal is a `connect_error` whose `data` is typed
 * (`ConnectErrorData`); a bad token is refused outright rather than silently downgraded.
 */
import { HandshakeSchema, PROTOCOL_VERSION, type ConnectErrorData } from '@belote/protocol';
import { formatIssues, type Seat } from '@belote/rules';
import type { Socket } from 'socket.io';
import type { TableRegistry } from '../tables/registry.js';
import { sha256Hex } from '../tables/secrets.js';

/** What a socket is, decided at the handshake (kept in `socket.data`). */
export interface SocketIdentity {
  tableId: string;
  seat: Seat | null;
  tokenHash: string | null;
  isHost: boolean;
}

function refusal(data: ConnectErrorData): Error & { data: ConnectErrorData } {
  return Object.assign(new Error(data.message), { data });
}

/** Resolve a handshake into an identity, or the refusal to send. */
export function checkHandshake(auth: unknown, registry: TableRegistry): SocketIdentity | Error {
  const version = (auth as { protocolVersion?: unknown } | null)?.protocolVersion;
  if (typeof auth === 'object' && auth !== null && version !== PROTOCOL_VERSION)
    return refusal({
      code: 'PROTOCOL_MISMATCH',
      message: `this server speaks protocol ${PROTOCOL_VERSION}, the client ${String(version)}: reload the page`,
      serverVersion: PROTOCOL_VERSION,
    });
  const parsed = HandshakeSchema.safeParse(auth);
  if (!parsed.success) return refusal({ code: 'BAD_REQUEST', message: `bad handshake: ${formatIssues(parsed.error, 'auth')}` });
  const { tableId, token, hostKey } = parsed.data;
  const room = registry.get(tableId);
  if (!room) return refusal({ code: 'NO_SUCH_TABLE', message: 'no such table' });
  let seat: Seat | null = null;
  if (token !== undefined) {
    seat = room.seatOfToken(token);
    if (seat === null) return refusal({ code: 'BAD_TOKEN', message: 'this seat token is not valid at this table' });
  }
  if (hostKey !== undefined && !room.isHostKey(hostKey)) return refusal({ code: 'BAD_TOKEN', message: 'this host key is not valid at this table' });
  return { tableId, seat, tokenHash: token !== undefined ? sha256Hex(token) : null, isHost: hostKey !== undefined };
}

export function handshakeMiddleware(registry: TableRegistry) {
  return (socket: Socket, next: (err?: Error) => void): void => {
    try {
      const r = checkHandshake(socket.handshake.auth, registry);
      if (r instanceof Error) return next(r);
      socket.data = r;
      next();
    } catch {
      next(refusal({ code: 'INTERNAL', message: 'internal error' }));
    }
  };
}
