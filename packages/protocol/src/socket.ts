/**
 * Socket.IO messages in both directions. Every client event carries a payload validated
 * by the schema below and an ack callback that always receives an `Ack`; the server sends
 * one message, `update`, validated by `UpdateMessageSchema`.
 */
import { CardSchema, SeatSchema, SuitSchema } from '@belote/rules';
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode, type ProtocolError } from './errors.js';
import { BotLevelSchema, DisplayNameSchema, TableIdSchema, TableSummarySchema } from './http.js';
import { GameEventSchema, GameViewSchema } from './view-schema.js';

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

/** `connect_error` → `err.data` when the server refuses a connection. */
export interface ConnectErrorData {
  code: Extract<ErrorCode, 'PROTOCOL_MISMATCH' | 'BAD_REQUEST' | 'NO_SUCH_TABLE' | 'BAD_TOKEN' | 'INTERNAL'>;
  message: string;
  /** On PROTOCOL_MISMATCH: the server's PROTOCOL_VERSION. */
  serverVersion?: number;
}

/** A game action as a client sends it: the seat is the socket's own, never in the payload. */
export const GameActionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('pass') }),
  z.strictObject({ type: z.literal('take'), suit: SuitSchema.optional() }),
  z.strictObject({ type: z.literal('play'), card: CardSchema }),
]);
export type GameAction = z.infer<typeof GameActionSchema>;

export const ClientEventSchemas = {
  /** Take a free seat (or move to another / rename, before the game starts). */
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
  /** Ask for a full `update` now (e.g. after a gap in `seq`); changes nothing. */
  sync: z.strictObject({}),
} as const;

export type ClientEventName = keyof typeof ClientEventSchemas;
export const CLIENT_EVENTS = Object.keys(ClientEventSchemas) as ClientEventName[];
export type ClientEventPayload<E extends ClientEventName> = z.infer<(typeof ClientEventSchemas)[E]>;

/** Reply to every client event. */
export type Ack<T = Record<string, never>> = ({ ok: true } & T) | { ok: false; error: ProtocolError };

/** What the ack of `sit` carries: the secret seat token, sent to this socket alone. */
export interface SitAck {
  seat: 0 | 1 | 2 | 3;
  token: string;
}

/** What the ack of `action` carries: the version after the action. */
export interface ActionAck {
  version: number;
}

export const ProtocolErrorSchema = z.strictObject({ code: z.enum(ERROR_CODES), message: z.string() });
/** Any ack (success payloads are not strict: `sit` adds seat+token, `action` adds version). */
export const AckSchema = z.union([
  z.looseObject({ ok: z.literal(true) }),
  z.strictObject({ ok: z.literal(false), error: ProtocolErrorSchema }),
]);

export const YouSchema = z.strictObject({
  role: z.enum(['player', 'spectator']),
  seat: SeatSchema.nullable(),
  isHost: z.boolean(),
});
export type You = z.infer<typeof YouSchema>;

/**
 * `update` — the only state message. Sent to each socket after every change, redacted for
 * that socket's seat (or the spectator view). `seq` orders the messages of a table; `version`
 * is the state version that actions must quote.
 */
export const UpdateMessageSchema = z.strictObject({
  seq: z.number().int().min(0),
  version: z.number().int().min(0),
  table: TableSummarySchema,
  you: YouSchema,
  view: GameViewSchema.nullable(),
  /** Public events caused by the change (empty for lobby/connection changes and resyncs). */
  events: z.array(GameEventSchema),
});
export type UpdateMessage = z.infer<typeof UpdateMessageSchema>;

export interface ServerToClientEvents {
  update: (msg: UpdateMessage) => void;
}

export interface ClientToServerEvents {
  sit: (p: ClientEventPayload<'sit'>, ack: (a: Ack<SitAck>) => void) => void;
  stand: (p: ClientEventPayload<'stand'>, ack: (a: Ack) => void) => void;
  start: (p: ClientEventPayload<'start'>, ack: (a: Ack) => void) => void;
  addBot: (p: ClientEventPayload<'addBot'>, ack: (a: Ack) => void) => void;
  removeBot: (p: ClientEventPayload<'removeBot'>, ack: (a: Ack) => void) => void;
  action: (p: ClientEventPayload<'action'>, ack: (a: Ack<ActionAck>) => void) => void;
  rematch: (p: ClientEventPayload<'rematch'>, ack: (a: Ack) => void) => void;
  sync: (p: ClientEventPayload<'sync'>, ack: (a: Ack) => void) => void;
}
