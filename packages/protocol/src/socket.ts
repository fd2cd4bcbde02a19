/**
 * Socket.IO messages in both directions. Every client event carries a payload validated
 * by the schema below and an ack callback that always receives an `Ack`.
 */
import { SeatSchema, SuitSchema, CardSchema, type GameEvent, type GameView, type Seat } from '@belote/rules';
import { z } from 'zod';
import type { ProtocolError } from './errors.js';
import { BotLevelSchema, DisplayNameSchema, TableIdSchema, type TableSummary } from './http.js';

/** `io(url, { auth })`: sent with the connection; checked before anything else. */
export const HandshakeSchema = z.strictObject({
  protocolVersion: z.number().int(),
  tableId: TableIdSchema,
  /** Seat token from an earlier `sit`: reclaims that seat. */
  token: z.string().min(1).max(200).optional(),
  /** Host key from table creation. */
  hostKey: z.string().min(1).max(200).optional(),
});
export type Handshake = z.infer<typeof HandshakeSchema>;

/** A game action as a client sends it: the seat is the socket's own, never in the payload. */
export const GameActionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('pass') }),
  z.strictObject({ type: z.literal('take'), suit: SuitSchema.optional() }),
  z.strictObject({ type: z.literal('play'), card: CardSchema }),
]);
export type GameAction = z.infer<typeof GameActionSchema>;

export const ClientEventSchemas = {
  /** Take a free seat (or move to another before the game starts). */
  sit: z.strictObject({ seat: SeatSchema, name: DisplayNameSchema }),
  /** Leave one's seat before the game starts (become a spectator). */
  stand: z.strictObject({}),
  /** Host: start the game (four seats filled, or fillWithBots). */
  start: z.strictObject({}),
  /** Host: seat a bot / remove it, before the game starts. */
  addBot: z.strictObject({ seat: SeatSchema, level: BotLevelSchema.optional() }),
  removeBot: z.strictObject({ seat: SeatSchema }),
  /** A bid or a card, made against state `version`. */
  action: z.strictObject({ version: z.number().int().min(0), action: GameActionSchema }),
  /** Host: a new game with the same seats once the game is over. */
  rematch: z.strictObject({}),
} as const;

export type ClientEventName = keyof typeof ClientEventSchemas;
export type ClientEventPayload<E extends ClientEventName> = z.infer<(typeof ClientEventSchemas)[E]>;

/** Reply to every client event. */
export type Ack<T = Record<string, never>> = ({ ok: true } & T) | { ok: false; error: ProtocolError };

/** What the ack of `sit` carries: the secret seat token, sent to this socket alone. */
export interface SitAck {
  seat: Seat;
  token: string;
}

export interface You {
  role: 'player' | 'spectator';
  seat: Seat | null;
  isHost: boolean;
}

/**
 * `update` — the only state message. Sent to each socket after every change, redacted for
 * that socket's seat (or the spectator view). `seq` orders messages of a table; `version`
 * is the game state version that actions must quote.
 */
export interface UpdateMessage {
  seq: number;
  version: number;
  table: TableSummary;
  you: You;
  view: GameView | null;
  /** Public events caused by the change (empty for lobby changes and resyncs). */
  events: GameEvent[];
}

export interface ServerToClientEvents {
  update: (msg: UpdateMessage) => void;
}

export interface ClientToServerEvents {
  sit: (p: ClientEventPayload<'sit'>, ack: (a: Ack<SitAck>) => void) => void;
  stand: (p: ClientEventPayload<'stand'>, ack: (a: Ack) => void) => void;
  start: (p: ClientEventPayload<'start'>, ack: (a: Ack) => void) => void;
  addBot: (p: ClientEventPayload<'addBot'>, ack: (a: Ack) => void) => void;
  removeBot: (p: ClientEventPayload<'removeBot'>, ack: (a: Ack) => void) => void;
  action: (p: ClientEventPayload<'action'>, ack: (a: Ack<{ version: number }>) => void) => void;
  rematch: (p: ClientEventPayload<'rematch'>, ack: (a: Ack) => void) => void;
}
