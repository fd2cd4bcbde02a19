/**
 * Frames out: the one typed emit helper, and the table channels on Socket.IO rooms. A table's
 * sockets listen to the room named by the table id, a seat's sockets also to `<id>#<seat>`;
 * a frame to a room is serialised once by Socket.IO's broadcast and written to every socket.
 * Cluster: this process's sockets get the frame at once (`io.local`); when other processes hold
 * sockets of the table, the frame goes to those processes only, through the Socket.IO adapter (a
 * server-side emit: nothing is delivered locally twice), and each delivers it to its own sockets
 * of the room. A seat's private copy never goes through the adapter: it is addressed to each
 * process holding a socket of that seat alone (`TableRemote.toSeat`, the node bus).
 */
import type { ClientToServerEvents, ServerFrameName, ServerFrames, ServerToClientEvents } from '@belote/protocol';
import type { Seat } from '@belote/rules';
import type { Server, Socket } from 'socket.io';
import type { TableChannel } from '../tables/table-room.js';
import type { SocketIdentity } from './handshake.js';

/** What the processes of a cluster emit to each other through the adapter (`serverSideEmit`). */
export interface ClusterEvents {
  /** A room frame of table `tableId`, for the receiving process's sockets of it except those of the `except` seats. */
  roomFrame: (tableId: string, event: ServerFrameName, frame: unknown, except: Seat[]) => void;
}

/** The Socket.IO server and sockets with the protocol's event types. */
export type TableServer = Server<ClientToServerEvents, ServerToClientEvents, ClusterEvents, SocketIdentity>;
export type TableSocket = Socket<ClientToServerEvents, ServerToClientEvents, ClusterEvents, SocketIdentity>;

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

/** How frames leave this process for others (cluster). */
export interface TableRemote {
  /** A seat's frame, to the sockets of that seat on process `node` only. */
  toSeat(node: string, tableId: string, seat: Seat, event: ServerFrameName, frame: unknown): void;
  /** Run `emit` (through the adapter) with its messages addressed to processes `nodes` only. */
  routed(nodes: readonly string[], emit: () => void): void;
}

/** The table channels; frames sent before `attach` (no sockets yet) go nowhere. */
export class SocketHub implements TableChannel {
  private io: TableServer | null = null;
  private remote: TableRemote | null = null;

  attach(io: TableServer, remote: TableRemote | null = null): void {
    this.io = io;
    this.remote = remote;
    // another process's room frame, for this process's sockets of the table
    if (remote) io.on('roomFrame', (tableId, event, frame, except) => this.toLocal(tableId, event, frame as never, except));
  }

  toTable<E extends ServerFrameName>(tableId: string, event: E, frame: ServerFrames[E], except: readonly Seat[], nodes: readonly string[]): void {
    const io = this.io;
    if (!io) return;
    this.toLocal(tableId, event, frame, except);
    if (nodes.length > 0 && this.remote) this.remote.routed(nodes, () => io.serverSideEmit('roomFrame', tableId, event, frame, [...except]));
  }

  private toLocal<E extends ServerFrameName>(tableId: string, event: E, frame: ServerFrames[E], except: readonly Seat[]): void {
    if (!this.io) return;
    const local = this.io.local.to(tableId);
    sendFrame(except.length > 0 ? local.except(except.map((s) => seatRoom(tableId, s))) : local, event, frame);
  }

  toSeat<E extends ServerFrameName>(tableId: string, seat: Seat, event: E, frame: ServerFrames[E], nodes: readonly string[]): void {
    this.toLocalSeat(tableId, seat, event, frame);
    for (const node of nodes) this.remote?.toSeat(node, tableId, seat, event, frame);
  }

  /** To this process's sockets of `seat` (a private frame the table's owner addressed here). */
  toLocalSeat<E extends ServerFrameName>(tableId: string, seat: Seat, event: E, frame: ServerFrames[E]): void {
    if (this.io) sendFrame(this.io.local.to(seatRoom(tableId, seat)), event, frame);
  }
}
