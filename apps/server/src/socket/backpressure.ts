/**
 * Slow consumers. Socket.IO queues every frame for a socket whose connection is not draining,
 * without limit: a client that stops reading — a stuck phone, or a script that keeps sending
 * `sync` without reading the answers — would grow server memory for as long as its table talks.
 * Counted with engine.io's public events: `packetCreate` queues a packet, `drain` means the
 * queue went to the transport. Past the limit the socket is closed at once, its queue
 * discarded (`close(true)`); a client that comes back gets a snapshot, so nothing is lost.
 */
import type { Socket } from 'socket.io';

/** Frames waiting behind a connection that does not drain. */
export const MAX_BACKLOG_FRAMES = 256;

export function dropWhenBacklogged(socket: Socket, onDrop: (queued: number) => void): void {
  let queued = 0;
  const conn = socket.conn;
  conn.on('drain', () => {
    queued = 0;
  });
  conn.on('packetCreate', () => {
    if (++queued !== MAX_BACKLOG_FRAMES + 1) return;
    onDrop(queued);
    conn.close(true);
  });
}
