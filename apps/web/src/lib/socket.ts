/**
 * The one place that speaks Socket.IO: it hands the server's frames (snapshot, step, presence, chat, reaction)
 * to handlers and offers typed outgoing events that resolve with their ack. The client
 * depends on the `Transport` interface only, so tests drive it without a network. Imports the
 * zod-free `@belote/protocol/client`.
 *
 * The table's id is in the connection URL (`?table=`, on every long-polling request and the
 * WebSocket upgrade): with several server processes the reverse proxy sends every socket of a
 * table to the one that runs it (PROTOCOL.md §3). When the connection drops (that process
 * stopped, or gave the table to another) Socket.IO reconnects at once, through the proxy, to the
 * table's next process; a handshake refused with INTERNAL (the table moving, the database
 * unreachable) is tried again a moment later.
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
import { NO_ANSWER, NOT_CONNECTED } from './local-errors.js';

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
/** The first reconnection waits 0.25–0.75 s, later ones up to 5 s (Socket.IO's randomised backoff). */
const RECONNECT = { reconnectionDelay: 500, reconnectionDelayMax: 5000 } as const;
/** A handshake refused with INTERNAL is tried again after this long. */
const RETRY_REFUSED_MS = 1000;

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
    query: { table: credentials().tableId },
    ...RECONNECT,
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
  // Lost, and worth trying again at once when the network or the page comes back: not while the
  // first handshake runs, nor once the server refused it (NO_SUCH_TABLE, BAD_TOKEN…).
  let down = false;
  socket.on('connect', () => ((down = false), on.status('connected')));
  socket.on('disconnect', () => ((down = true), on.status('disconnected')));
  socket.on('snapshot', (f) => on.snapshot(f));
  socket.on('step', (f) => on.step(f));
  socket.on('presence', (f) => on.presence(f));
  socket.on('chat', (f) => on.chat(f));
  socket.on('reaction', (f) => on.reaction(f));
  let retry: ReturnType<typeof setTimeout> | null = null;
  // A phone that loses its network keeps a socket that looks open until a ping fails (up to 15 s):
  // the browser's own word drops it at once (its unsent frames with it), and the network's return
  // (or the page shown again: a phone unlocked) reconnects without waiting out the backoff.
  const dropConnection = (): void => {
    if (socket.connected) socket.io.engine?.close();
  };
  // connect() alone would wait out a backoff already under way (up to 5 s): start afresh.
  const restart = (): void => {
    socket.disconnect();
    socket.connect();
  };
  // Also a socket the server dropped for good (its table gone): the handshake then says why.
  const online = (): void => {
    if (down) restart();
  };
  // Removed all at once by close().
  const listening = new AbortController();
  const opts = { signal: listening.signal };
  addEventListener('offline', dropConnection, opts);
  addEventListener('online', online, opts);
  document.addEventListener('visibilitychange', () => void (document.visibilityState === 'visible' && online()), opts);
  socket.on('connect_error', (err: Error & { data?: unknown }) => {
    down = !isConnectErrorData(err.data);
    if (!isConnectErrorData(err.data)) return on.status('disconnected');
    if (err.data.code !== 'INTERNAL') return on.refused(err.data);
    // a passing trouble on the server's side: Socket.IO does not retry a refused handshake by itself
    on.status('connecting');
    retry ??= setTimeout(() => {
      retry = null;
      socket.connect();
    }, RETRY_REFUSED_MS);
  });

  return {
    send(event, payload) {
      // Socket.IO's typed emit cannot follow a generic event name; the payload and ack types
      // are tied together by the signature of `send` above.
      // Nothing is sent while disconnected: Socket.IO would hold it and send it on reconnecting,
      // long after the player saw the table and may have chosen otherwise.
      if (!socket.connected) return Promise.resolve({ ok: false, error: { code: 'INTERNAL', message: NOT_CONNECTED } } as AckOf<typeof event>);
      const timed = socket.timeout(ACK_TIMEOUT_MS);
      const emit = timed.emit.bind(timed) as unknown as (e: string, p: unknown, cb: (err: Error | null, ack: unknown) => void) => void;
      return new Promise((resolve) => {
        emit(event, payload, (err, ack) => {
          if (err) {
            // No answer: the connection is taken for dead and made again, and the snapshot that
            // follows shows whether it was applied (a frame held on the dead one is dropped with it).
            dropConnection();
            resolve({ ok: false, error: { code: 'INTERNAL', message: NO_ANSWER } } as AckOf<typeof event>);
          } else resolve(ack as AckOf<typeof event>);
        });
      });
    },
    reconnect: restart,
    close() {
      if (retry) clearTimeout(retry);
      listening.abort();
      socket.close();
    },
  };
}
