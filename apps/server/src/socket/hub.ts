/**
 * Frames out: the one typed emit helper, and the table channels on Socket.IO rooms. A table's
 * sockets listen to the room named by the table id, a seat's sockets also to `<id>#<seat>`;
 * a frame to a room is serialised once by Socket.IO's broadcast and written to every socket.
 * Cluster: this process's sockets get the frame at once (`io.local`); when other processes hold
 * sockets of the table, the same room frame goes to them — those processes only — through the
 * Socket.IO adapter (every process's sockets are in `node:<id>`, so the adapter skips this
 * process's own). A seat's
 * private copy never goes through the adapter (it reaches every process): it is addressed to
 * each process holding a socket of that seat alone (`TableRemote.toSeat`, the node bus).
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

/** The room every socket of process `node` is in (cluster). */
export const nodeRoom = (node: string): string => `node:${node}`;

/** How frames leave this process for others (cluster). */
export interface TableRemote {
  node: string;
  /** A seat's frame, to the sockets of that seat on process `node` only. */
  toSeat(node: string, tableId: string, seat: Seat, event: ServerFrameName, frame: unknown): void;
  /** Run `broadcast` (through the adapter) with its messages addressed to processes `nodes` only. */
  routed(nodes: readonly string[], broadcast: () => void): void;
}

/** The table channels; frames sent before `attach` (no sockets yet) go nowhere. */
export class SocketHub implements TableChannel {
  private io: TableServer | null = null;
  private remote: TableRemote | null = null;

  attach(io: TableServer, remote: TableRemote | null = null): void {
    this.io = io;
    this.remote = remote;
  }

  toTable<E extends ServerFrameName>(tableId: string, event: E, frame: ServerFrames[E], except: readonly Seat[], nodes: readonly string[]): void {
    const io = this.io;
    if (!io) return;
    const seats = except.map((s) => seatRoom(tableId, s));
    const local = io.local.to(tableId);
    sendFrame(seats.length > 0 ? local.except(seats) : local, event, frame);
    const remote = this.remote;
    if (nodes.length > 0 && remote) remote.routed(nodes, () => sendFrame(io.to(tableId).except([nodeRoom(remote.node), ...seats]), event, frame));
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
