/**
 * Handshake middleware: checks the protocol version, the auth fields, the connection limits,
 * the table and any token or host key before a socket is accepted. A refusal is a
 * `connect_error` whose `data` is typed (`ConnectErrorData`); a bad token is refused outright
 * rather than silently downgraded. Client values are never turned into text by their own
 * methods (`quote`), so no auth, however odd, makes this throw.
 */
import { HandshakeSchema, PROTOCOL_VERSION, issuesText, quote, type ConnectErrorData } from '@belote/protocol';
import type { Seat, Variant } from '@belote/rules';
import type { Socket } from 'socket.io';
import type { TableDirectory } from '../tables/directory.js';
import { sha256Hex } from '../tables/secrets.js';
import { clientAddress, type SocketLimits } from './limits.js';

/** What a socket is, decided at the handshake (kept in `socket.data`). */
export interface SocketIdentity {
  tableId: string;
  seat: Seat | null;
  tokenHash: string | null;
  isHost: boolean;
  /** The client's address (limits). */
  address: string;
  /** The table's variant: which moves an `action` may carry. */
  variant: Variant;
  /** Gives back the socket's places in the connection limits (idempotent): on disconnect, or a handshake answered too late. */
  release: () => void;
}

function refusal(data: ConnectErrorData): Error & { data: ConnectErrorData } {
  return Object.assign(new Error(data.message), { data });
}

/**
 * The table named in the connection URL (`?table=<id>`), which a reverse proxy routes by: when
 * given it must be the handshake's table, and in a cluster it is required (without it the proxy
 * could send the table's sockets to different processes). Null: fine.
 */
function routingRefusal(routedBy: unknown, tableId: string, routed: boolean): string | null {
  if (routedBy === undefined) return routed ? 'bad handshake: the table id must also be in the connection URL (?table=<id>): a proxy sends each table to one server process by it' : null;
  return routedBy === tableId ? null : 'bad handshake: the table in the connection URL (?table=) is not auth.tableId';
}

/**
 * Resolve a handshake into an identity, or the refusal to send. Checked in this order:
 * PROTOCOL_MISMATCH, BAD_REQUEST (auth, then the URL's table), TOO_MANY_SOCKETS (address),
 * NO_SUCH_TABLE, BAD_TOKEN (token, then host key), TOO_MANY_SOCKETS (table; spectators only).
 * `routedBy`: the connection URL's `table` parameter.
 */
export async function checkHandshake(auth: unknown, address: string, tables: TableDirectory, limits: SocketLimits, routedBy?: unknown): Promise<SocketIdentity | Error> {
  const version = typeof auth === 'object' && auth !== null && !Array.isArray(auth) && Object.hasOwn(auth, 'protocolVersion') ? (auth as { protocolVersion: unknown }).protocolVersion : undefined;
  if (version !== PROTOCOL_VERSION)
    return refusal({
      code: 'PROTOCOL_MISMATCH',
      message: `this server speaks protocol ${PROTOCOL_VERSION}, the client ${version === undefined ? 'sent no protocolVersion' : `sent ${quote(version)}`}: reload the page`,
      serverVersion: PROTOCOL_VERSION,
    });
  const parsed = HandshakeSchema.safeParse(auth);
  if (!parsed.success) return refusal({ code: 'BAD_REQUEST', message: `bad handshake: ${issuesText(parsed.error, 'auth')}` });
  const { tableId, token, hostKey } = parsed.data;
  const misrouted = routingRefusal(routedBy, tableId, tables.routed);
  if (misrouted) return refusal({ code: 'BAD_REQUEST', message: misrouted });
  const crowded = limits.takeAddress(address);
  if (crowded) return refusal({ code: 'TOO_MANY_SOCKETS', message: crowded });
  let table = false;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    limits.release(address, tableId, table);
  };
  try {
    // The table checks the secrets as hashes (in a cluster, after this process claimed it).
    const tokenHash = token !== undefined ? sha256Hex(token) : null;
    const admitted = await tables.admit(tableId, tokenHash, hostKey !== undefined ? sha256Hex(hostKey) : null);
    if (!admitted.ok) {
      release();
      return refusal({ code: admitted.code, message: admitted.message });
    }
    const seat: Seat | null = admitted.seat;
    const full = limits.takeTable(tableId, seat !== null || hostKey !== undefined);
    if (full) {
      release();
      return refusal({ code: 'TOO_MANY_SOCKETS', message: full });
    }
    table = true;
    return { tableId, seat, tokenHash, isHost: admitted.isHost, address, variant: admitted.variant, release };
  } catch (e) {
    release();
    throw e;
  }
}

/** The answer to a handshake whose table did not answer within the bound (a slow or locked store, an unreachable process). */
export const HANDSHAKE_TIMED_OUT: ConnectErrorData = { code: 'INTERNAL', message: 'the table did not answer in time: try again in a moment' };

/**
 * Every handshake is answered within `timeoutMs`: its checks, the table's included, either
 * finish by then (the socket connects and gets its snapshot at once) or it is refused with
 * INTERNAL; a table that answers later changes nothing.
 */
export function handshakeMiddleware(tables: TableDirectory, limits: SocketLimits, timeoutMs: number) {
  return (socket: Socket, next: (err?: Error) => void): void => {
    let answered = false;
    const answer = (err?: Error) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      next(err);
    };
    const timer = setTimeout(() => answer(refusal(HANDSHAKE_TIMED_OUT)), timeoutMs);
    checkHandshake(socket.handshake.auth, clientAddress(socket.request, limits.trust), tables, limits, socket.handshake.query.table).then(
      (r) => {
        if (r instanceof Error) return answer(r);
        if (answered) return r.release(); // refused already: too late
        socket.data = r;
        // Whatever ends the connection gives the places back, also when Socket.IO drops a socket
        // whose client left during the handshake (no `connection`, no `disconnect`).
        socket.conn.once('close', r.release);
        answer();
      },
      () => answer(refusal({ code: 'INTERNAL', message: 'internal error' })),
    );
  };
}
