/**
 * The baseline: a bare Socket.IO server with the traffic of a full-stack table — one inbound
 * `action` (with ack) → one frame broadcast to the table's room (serialised once by Socket.IO,
 * like the full stack's steps), sometimes with the seats' own frames instead (like a dealing
 * step's private copies) or an extra room frame (like presence), at the rates and sizes the
 * full stack was measured to send, then the ack. No validation, rules, store or fold: what
 * Socket.IO alone costs for the same frames.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

interface BareRoom {
  version: number;
  seq: number;
  turn: number;
}

/** Frame sizes (wire bytes) and how often each kind comes, from the full-stack run. */
export interface FrameShape {
  roomBytes: number;
  privateBytes: number;
  /** Every this many actions the four seats get their own frame instead (0: never). */
  privateEvery: number;
  /** Every this many actions one more room frame follows (0: never). */
  extraEvery: number;
}

export interface BareServer {
  port: number;
  setShape(shape: FrameShape): void;
  close(): Promise<void>;
}

/** A frame of `bytes` wire bytes (`42["step",{…}]`); `kind` starts the padding ('p': private). */
function frame(r: BareRoom, bytes: number, kind: 'r' | 'p'): { seq: number; version: number; turn: number; pad: string } {
  const base = { seq: r.seq, version: r.version, turn: r.turn, pad: kind };
  const overhead = JSON.stringify(base).length + 11;
  return { ...base, pad: kind + 'x'.repeat(Math.max(0, bytes - overhead)) };
}

export async function startBareServer(): Promise<BareServer> {
  const http = createServer();
  const io = new Server(http, { maxHttpBufferSize: 16 * 1024, serveClient: false });
  const rooms = new Map<string, BareRoom>();
  let shape: FrameShape = { roomBytes: 150, privateBytes: 200, privateEvery: 0, extraEvery: 0 };
  let actions = 0;
  io.on('connection', (socket) => {
    const auth = socket.handshake.auth as { room?: unknown; idx?: unknown };
    const key = String(auth.room);
    const idx = Number(auth.idx);
    let r = rooms.get(key);
    if (!r) rooms.set(key, (r = { version: 0, seq: 0, turn: 0 }));
    const room = r;
    void socket.join(idx < 4 ? [key, `${key}#${idx}`] : key);
    socket.on('action', (payload: { version?: unknown } | undefined, ack: unknown) => {
      if (typeof ack !== 'function') return;
      if (payload?.version !== room.version) return ack({ ok: false, error: { code: 'STALE_VERSION', message: 'stale' } });
      room.version++;
      room.seq++;
      room.turn = (room.turn + 1) % 4;
      actions++;
      if (shape.privateEvery > 0 && actions % shape.privateEvery === 0) {
        const seats = [0, 1, 2, 3].map((s) => `${key}#${s}`);
        io.to(key).except(seats).emit('step', frame(room, shape.roomBytes, 'r'));
        for (const s of seats) io.to(s).emit('step', frame(room, shape.privateBytes, 'p'));
      } else io.to(key).emit('step', frame(room, shape.roomBytes, 'r'));
      if (shape.extraEvery > 0 && actions % shape.extraEvery === 0) {
        room.seq++;
        io.to(key).emit('step', frame(room, shape.roomBytes, 'r'));
      }
      ack({ ok: true, version: room.version });
    });
    // the first frame (like a snapshot): not counted by the load generator (seq 0 on a new room)
    socket.emit('step', { ...frame(room, 0, 'r'), seq: 0 });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    port: (http.address() as AddressInfo).port,
    setShape(s) {
      shape = s;
    },
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}
