/**
 * Frames out: the one typed emit helper, and the table channels on Socket.IO rooms. A table's
 * sockets listen to the room named by the table id, a seat's sockets also to `<id>#<seat>`;
 * a frame to a room is serialised once by Socket.IO's broadcast and written to every socket.
 * Every socket of a table is in the process that runs it (in a cluster too), so rooms are local.
 */
import type { ClientToServerEvents, ServerFrameName, ServerFrames, ServerToClientEvents } from '@belote/protocol';
import type { Seat } from '@belote/rules';
import type { Server, Socket } from 'socket.io';
import type { TableChannel } from '../tables/table-room.js';
import type { SocketIdentity } from './handshake.js';

/** The Socket.IO server and sockets with the protocol's event types. */
export type TableServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketIdentity>;
export type TableSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketIdentity>;

/** Anything frames are emitted through: a socket, or a broadcast to rooms. */
interface FrameTarget {
  emit<E extends ServerFrameName>(event: E, ...args: Parameters<ServerToClientEvents[E]>): unknown;
}

/** Emit one server frame, typed by its name (the only place frames are emitted). */
export function sendFrame<E extends ServerFrameName>(to: FrameTarget, event: E, frame: ServerFrames[E]): void {
  // TypeScript cannot see that [frame] is the parameter list of a generic E's listener; it is by construction.
  to.emit(event, ...([frame] as Parameters<ServerToClientEvents[E]>));
}

export const seatRoom = (tableId: string, seat: Seat): string => `${tableId}#${seat}`;

/** The table channels; frames sent before `attach` (no sockets yet) go nowhere. */
export class SocketHub implements TableChannel {
  private io: TableServer | null = null;

  attach(io: TableServer): void {
    this.io = io;
  }

  toTable<E extends ServerFrameName>(tableId: string, event: E, frame: ServerFrames[E], except: readonly Seat[]): void {
    if (!this.io) return;
    const room = this.io.to(tableId);
    sendFrame(except.length > 0 ? room.except(except.map((s) => seatRoom(tableId, s))) : room, event, frame);
  }

  toSeat<E extends ServerFrameName>(tableId: string, seat: Seat, event: E, frame: ServerFrames[E]): void {
    if (this.io) sendFrame(this.io.to(seatRoom(tableId, seat)), event, frame);
  }
}
