/**
 * The baseline: a bare Socket.IO server with the same traffic shape as a table — one inbound
 * `action` (with ack) → one distinct payload of a given byte size emitted to each of the room's
 * five sockets, then the ack. No validation, no rules, no store: what Socket.IO alone costs.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';

interface BareRoom {
  version: number;
  turn: number;
  sockets: (Socket | undefined)[];
}

export interface BareServer {
  port: number;
  /** Target JSON size of each update (bytes). */
  setPayloadBytes(n: number): void;
  close(): Promise<void>;
}

export async function startBareServer(): Promise<BareServer> {
  const http = createServer();
  const io = new Server(http, { maxHttpBufferSize: 16 * 1024, serveClient: false });
  const rooms = new Map<string, BareRoom>();
  let pad = 'x'.repeat(2000);
  const messageOf = (r: BareRoom, idx: number) => ({
    seq: r.version,
    version: r.version,
    you: { seat: idx < 4 ? idx : null },
    turn: r.turn,
    // distinct per socket and per message, like a per-viewer view
    pad: `${idx}:${r.version}:${pad}`,
  });
  io.on('connection', (socket) => {
    const auth = socket.handshake.auth as { room?: unknown; idx?: unknown };
    const key = String(auth.room);
    const idx = Number(auth.idx);
    let r = rooms.get(key);
    if (!r) rooms.set(key, (r = { version: 0, turn: 0, sockets: [] }));
    const room = r;
    room.sockets[idx] = socket;
    socket.on('action', (payload: { version?: unknown } | undefined, ack: unknown) => {
      if (typeof ack !== 'function') return;
      if (payload?.version !== room.version) return ack({ ok: false, error: { code: 'STALE_VERSION', message: 'stale' } });
      room.version++;
      room.turn = (room.turn + 1) % 4;
      room.sockets.forEach((s, i) => s?.emit('update', messageOf(room, i)));
      ack({ ok: true, version: room.version });
    });
    socket.on('disconnect', () => {
      if (room.sockets[idx] === socket) room.sockets[idx] = undefined;
    });
    socket.emit('update', messageOf(room, idx));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    port: (http.address() as AddressInfo).port,
    setPayloadBytes(n) {
      // the fixed fields above take about 70 bytes of JSON
      pad = 'x'.repeat(Math.max(0, n - 70));
    },
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}
