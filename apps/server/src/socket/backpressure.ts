/**
 * Slow consumers. Socket.IO queues every message for a socket whose connection is not draining
 * (engine.io's write buffer, then ws and the TCP socket), without limit: a client that stops
 * reading — a stuck phone, or a script that keeps sending `sync` without reading the answers —
 * would grow server memory for as long as its table talks. Every update is a complete state, so
 * nothing is lost by cutting such a socket off: once its backlog passes a limit it is
 * disconnected and its buffers are released at once; a client that comes back gets the current
 * state in its first update.
 */
import type { Socket } from 'socket.io';

/** Updates waiting in engine.io's buffer behind a connection that does not drain. */
export const MAX_BACKLOG_PACKETS = 256;
/** Bytes accepted by ws / the TCP socket but not yet taken by the kernel. */
export const MAX_BACKLOG_BYTES = 2 * 1024 * 1024;

/** Internals read defensively: a missing field reads as an empty backlog. */
interface EngineInternals {
  writeBuffer?: unknown[];
  transport?: { socket?: { bufferedAmount?: number; terminate?: () => void } };
}

export function backlogOf(socket: Socket): { packets: number; bytes: number } {
  const conn = socket.conn as unknown as EngineInternals;
  return { packets: conn.writeBuffer?.length ?? 0, bytes: conn.transport?.socket?.bufferedAmount ?? 0 };
}

export function isSlowConsumer(socket: Socket): boolean {
  const b = backlogOf(socket);
  return b.packets > MAX_BACKLOG_PACKETS || b.bytes > MAX_BACKLOG_BYTES;
}

/** Disconnect now, dropping what is queued (a graceful close would wait for the backlog to drain). */
export function dropSlowConsumer(socket: Socket): void {
  const conn = socket.conn as unknown as EngineInternals;
  socket.disconnect(true);
  conn.transport?.socket?.terminate?.();
}
