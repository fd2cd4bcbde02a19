/**
 * The one place that speaks Socket.IO: it hands the server's frames (snapshot, step, presence, chat, reaction)
 * to handlers and offers typed outgoing events that resolve with their ack. The client
 * depends on the `Transport` interface only, so tests drive it without a network. Imports the
 * zod-free `@belote/protocol/client`.
 */
import {
  PROTOCOL_VERSION,
  type ClientEventName,
  type ClientEventPayload,
  type ClientToServerEvents,
  type ConnectErrorData,
  type ServerToClientEvents,
} from '@belote/protocol/client';
import { io, type Socket } from 'socket.io-client';

/** The ack type of one client event. */
export type AckOf<E extends ClientEventName> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];

export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected';

/** One handler per server frame: the protocol's own list (`ServerToClientEvents`), declared nowhere else. */
export type FrameHandlers = ServerToClientEvents;

/** What a transport reports: the frames, and the connection's state. */
export interface TransportHandlers extends FrameHandlers {
  status(status: ConnectionStatus): void;
  /** The server refused the handshake (bad token, unknown table, version mismatch…). */
  refused(data: ConnectErrorData): void;
}

export interface Transport {
  send<E extends ClientEventName>(event: E, payload: ClientEventPayload<E>): Promise<AckOf<E>>;
  /** Reconnect (e.g. after dropping a refused token). */
  reconnect(): void;
  close(): void;
}

export interface Credentials {
  tableId: string;
  token?: string;
  hostKey?: string;
}

const ACK_TIMEOUT_MS = 10_000;

function isConnectErrorData(x: unknown): x is ConnectErrorData {
  return typeof x === 'object' && x !== null && typeof (x as { code?: unknown }).code === 'string';
}

/**
 * Connect to one table. `credentials` is read again on every (re)connection, so a token
 * obtained by `sit` is used by Socket.IO's automatic reconnection.
 */
export function connectTable(credentials: () => Credentials, on: TransportHandlers): Transport {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
    transports: ['websocket', 'polling'],
    auth: (cb) => {
      const c = credentials();
      cb({
        protocolVersion: PROTOCOL_VERSION,
        tableId: c.tableId,
        ...(c.token ? { token: c.token } : {}),
        ...(c.hostKey ? { hostKey: c.hostKey } : {}),
      });
    },
  });
  on.status('connecting');
  socket.on('connect', () => on.status('connected'));
  socket.on('disconnect', () => on.status('disconnected'));
  socket.on('snapshot', (f) => on.snapshot(f));
  socket.on('step', (f) => on.step(f));
  socket.on('presence', (f) => on.presence(f));
  socket.on('chat', (f) => on.chat(f));
  socket.on('reaction', (f) => on.reaction(f));
  socket.on('connect_error', (err: Error & { data?: unknown }) => {
    if (isConnectErrorData(err.data)) on.refused(err.data);
    else on.status('disconnected');
  });

  return {
    send(event, payload) {
      // Socket.IO's typed emit cannot follow a generic event name; the payload and ack types
      // are tied together by the signature of `send` above.
      const timed = socket.timeout(ACK_TIMEOUT_MS);
      const emit = timed.emit.bind(timed) as unknown as (e: string, p: unknown, cb: (err: Error | null, ack: unknown) => void) => void;
      return new Promise((resolve) => {
        emit(event, payload, (err, ack) => {
          if (err) resolve({ ok: false, error: { code: 'INTERNAL', message: 'no answer from the server' } } as AckOf<typeof event>);
          else resolve(ack as AckOf<typeof event>);
        });
      });
    },
    reconnect() {
      socket.disconnect();
      socket.connect();
    },
    close() {
      socket.close();
    },
  };
}
