/**
 * Socket.IO messages in both directions (protocol 3, PROTOCOL.md). Every client event carries
 * a payload validated by the schema below and an ack callback that receives an `Ack`. The
 * server sends three messages: a `snapshot` (the whole table as this socket may see it) on
 * connect and when the socket's seat changes, then a small `step` per change (public events;
 * a seat's own cards only in that seat's copy) and a `presence` frame for connections, timers
 * and readiness. `applyStep` / `applyPresence` (fold.ts) fold them into the snapshot.
 */
import { BID_VALUES, CardSchema, RulesSchema, SeatSchema, SuitSchema, targetsOf, type BidValue, type Move, type Target, type Variant } from '@belote/rules';
import { z } from 'zod';
import { CHAT_EVENT_SCHEMAS, ChatEntrySchema, ChatStateSchema, ReactionFrameSchema, type ChatAck, type ChatEntry, type ChatHistoryAck, type ReactionFrame } from './chat.js';
import type { ErrorCode, ProtocolError } from './errors.js';
import { BotLevelSchema, DisplayNameSchema, TableIdSchema, TableOptionsInputSchema, TableOptionsViewSchema, TableSummarySchema } from './http.js';
import { oneOf, quote } from './refusal.js';
import { GAME_EVENT_SCHEMAS, GameViewSchema, RulesViewSchema } from './view-schema.js';

const int = z.number().int();
const Bools4 = z.tuple([z.boolean(), z.boolean(), z.boolean(), z.boolean()]);

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
  code: Extract<ErrorCode, 'PROTOCOL_MISMATCH' | 'BAD_REQUEST' | 'NO_SUCH_TABLE' | 'BAD_TOKEN' | 'TOO_MANY_SOCKETS' | 'INTERNAL'>;
  message: string;
  /** On PROTOCOL_MISMATCH: the server's PROTOCOL_VERSION. */
  serverVersion?: number;
}

const PassSchema = z.strictObject({ type: z.literal('pass') });
const TakeSchema = z.strictObject({ type: z.literal('take'), suit: SuitSchema.optional() });
const BidSchema = z.strictObject({
  type: z.literal('bid'),
  value: z.union(BID_VALUES.map((v) => z.literal(v)) as unknown as [z.ZodLiteral<BidValue>, z.ZodLiteral<BidValue>], {
    error: (iss) => `must be one of ${BID_VALUES.map((v) => (typeof v === 'string' ? `"${v}"` : v)).join(', ')}, got ${quote(iss.input)}`,
  }),
  suit: SuitSchema,
});
const CoincheSchema = z.strictObject({ type: z.literal('coinche') });
const SurcoincheSchema = z.strictObject({ type: z.literal('surcoinche') });
const PlaySchema = z.strictObject({ type: z.literal('play'), card: CardSchema });

/** The moves of each variant: classic docs/rules/RULES.md §4 (pass, take), coinche docs/rules/COINCHE.md §3 (pass, bid, coinche, surcoinche); both play cards. */
export const MOVE_TYPES = {
  classic: ['pass', 'take', 'play'],
  coinche: ['pass', 'bid', 'coinche', 'surcoinche', 'play'],
} as const satisfies Record<Variant, readonly Move['type'][]>;

const typeError = (variant: Variant) => (iss: { input: unknown }) => {
  // A move that is not an object is described itself (`got "pass"`, `got null`), not as `nothing`.
  const move = iss.input;
  const input = typeof move === 'object' && move !== null && !Array.isArray(move) ? (move as { type?: unknown }).type : move;
  return `a ${variant} table takes ${MOVE_TYPES[variant].join(', ')}, got ${quote(input)}`;
};

/**
 * A game action as a client sends it: the rules' `Move`, of either variant. The seat is never
 * in the payload: it is the socket's own. What a table accepts is `ActionSchemas[variant]`.
 */
export const GameActionSchema = z.discriminatedUnion('type', [PassSchema, TakeSchema, BidSchema, CoincheSchema, SurcoincheSchema, PlaySchema]);
export type GameAction = Move;
// Compile-time proof that the schema and the rules' moves are the same type.
const moveMatches: [z.infer<typeof GameActionSchema>] extends [GameAction] ? ([GameAction] extends [z.infer<typeof GameActionSchema>] ? true : false) : false = true;
void moveMatches;

/** The moves a table of each variant accepts; another variant's move is a BAD_REQUEST naming `action.type`. */
export const ActionSchemas = {
  classic: z.discriminatedUnion('type', [PassSchema, TakeSchema, PlaySchema], { error: typeError('classic') }),
  coinche: z.discriminatedUnion('type', [PassSchema, BidSchema, CoincheSchema, SurcoincheSchema, PlaySchema], { error: typeError('coinche') }),
} as const satisfies Record<Variant, z.ZodType<GameAction>>;

const actionEvent = <S extends z.ZodType<GameAction>>(action: S) => z.strictObject({ version: z.number().int().min(0), action });

/**
 * The host's change of settings between games: any of the rules but the variant (fixed when the
 * table is created) and any option; what is not given stays. A table takes the targets of its
 * own variant (`SettingsSchemas[variant]`).
 */
const settingsEvent = (targets: readonly Target[], variant?: Variant) =>
  z.strictObject({
    rules: z
      .strictObject({
        target: z
          .union(targets.map((t) => z.literal(t)) as unknown as [z.ZodLiteral<Target>, z.ZodLiteral<Target>], {
            error: oneOf(targets, variant ? ` in ${variant}` : ''),
          })
          .optional(),
        announcements: RulesSchema.shape.announcements,
        tie: RulesSchema.shape.tie,
        direction: RulesSchema.shape.direction,
      })
      .optional(),
    options: TableOptionsInputSchema.optional(),
  });
const ALL_TARGETS = [...new Set<Target>([...targetsOf('classic'), ...targetsOf('coinche')])];
/** The `settings` payload a table of each variant accepts (a target of the other variant is malformed there). */
export const SettingsSchemas = { classic: settingsEvent(targetsOf('classic'), 'classic'), coinche: settingsEvent(targetsOf('coinche'), 'coinche') } as const;

/** A seat token a client chooses for its `sit`: 32 url-safe base64 characters (192 bits), like the server's. */
export const SeatTokenChoiceSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'a seat token is 32 url-safe base64 characters');

export const ClientEventSchemas = {
  /**
   * Take a free seat (or move to another / rename), between games. `token`: the seat token the
   * client chose (kept before sending, so a lost ack does not lose the seat); else the server draws one.
   */
  sit: z.strictObject({ seat: SeatSchema, name: DisplayNameSchema, token: SeatTokenChoiceSchema.optional() }),
  /** Leave one's seat between games (become a spectator). */
  stand: z.strictObject({}),
  /** Host: start the game (four seats filled, or fillWithBots). */
  start: z.strictObject({}),
  /** Host: seat a bot / remove it, between games. */
  addBot: z.strictObject({ seat: SeatSchema, level: BotLevelSchema.optional() }),
  removeBot: z.strictObject({ seat: SeatSchema }),
  /** Host, between games: free the seat of a player who has left (no socket holds it); their token stops working. */
  unseat: z.strictObject({ seat: SeatSchema }),
  /** A bid or a card, made against state `version` (a table takes its variant's moves: `clientEventSchema`). */
  action: actionEvent(GameActionSchema),
  /** A player has seen the deal summary: the next deal may start (once every player is ready). */
  ready: z.strictObject({}),
  /** Host: the next game once a game is over (the same as `start` then). */
  rematch: z.strictObject({}),
  /** Host, between games: change the rules (not the variant) and the options for the next game. */
  settings: settingsEvent(ALL_TARGETS),
  /** Ask for a snapshot now (e.g. after a gap in `seq`); changes nothing. */
  sync: z.strictObject({}),
  /** The chat (chat.ts): lines, reactions, history, and the host's switches. */
  ...CHAT_EVENT_SCHEMAS,
} as const;

const ActionEventSchemas = { classic: actionEvent(ActionSchemas.classic), coinche: actionEvent(ActionSchemas.coinche) } as const;

/**
 * The schema of an event's payload at a table of `variant`: `action` takes only that variant's
 * moves (a `take` at a coinche table, a `bid` at a classic one, is malformed there); every other
 * event is the same at every table.
 */
export function clientEventSchema(name: keyof typeof ClientEventSchemas, variant: Variant): z.ZodType {
  if (name === 'action') return ActionEventSchemas[variant];
  return name === 'settings' ? SettingsSchemas[variant] : ClientEventSchemas[name];
}
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

export const YouSchema = z.strictObject({
  role: z.enum(['player', 'spectator']),
  seat: SeatSchema.nullable(),
  isHost: z.boolean(),
});
export type You = z.infer<typeof YouSchema>;

/** Between a scored deal and the next: the countdown and who has continued (bots are ready at once). */
export const NextDealSchema = z.strictObject({
  /** Milliseconds until the next deal starts anyway, when this frame was sent. */
  msLeft: int.min(0),
  /** Per seat: ready for the next deal. */
  ready: Bools4,
});
export type NextDeal = z.infer<typeof NextDealSchema>;

/** Clocks, as time left when the frame was sent: anchor them on receipt, never on the server's clock. */
export const TimersSchema = z.strictObject({
  /** The turn timer of the seat to act (tables with a turn timer), else null. */
  turnMsLeft: int.min(0).nullable(),
  /** Set while the table waits between two deals. */
  nextDeal: NextDealSchema.nullable(),
});
export type Timers = z.infer<typeof TimersSchema>;

/**
 * `snapshot` — everything this socket may know, at `seq`: sent on connect, as the ack of
 * `sync`, and when the socket's seat changes. Steps with `seq` above it follow.
 */
export const SnapshotSchema = z.strictObject({
  seq: int.min(0),
  version: int.min(0),
  table: TableSummarySchema,
  you: YouSchema,
  view: GameViewSchema.nullable(),
  timers: TimersSchema,
  /** The chat's newest entry id and settings (its lines come with `chatHistory`). */
  chat: ChatStateSchema,
});
export type Snapshot = z.infer<typeof SnapshotSchema>;

/** Changes of the table itself (its log), alongside the game's events. */
export const TABLE_EVENT_SCHEMAS = [
  /** A seat is taken (a human by `sit`, a bot by `addBot` or `fillWithBots`). */
  z.strictObject({ type: z.literal('seated'), seat: SeatSchema, name: z.string(), bot: BotLevelSchema.nullable() }),
  /** A seat is given up (stand, a move to another seat, a bot removed, an absent player's seat freed by the host). */
  z.strictObject({ type: z.literal('unseated'), seat: SeatSchema }),
  /** A game starts (start or rematch); `game` is its 0-based index at this table. */
  z.strictObject({ type: z.literal('gameStarted'), game: int.min(0) }),
  /** The fairness commitment of the deal about to be dealt (published before its first bid). */
  z.strictObject({ type: z.literal('dealCommitted'), deal: int.min(0), hash: z.string().regex(/^[0-9a-f]{64}$/) }),
  /** The host changed the settings between games: the next game plays these (the variant never changes). */
  z.strictObject({ type: z.literal('settingsChanged'), rules: RulesViewSchema, options: TableOptionsViewSchema }),
] as const;
export const TableEventSchema = z.discriminatedUnion('type', TABLE_EVENT_SCHEMAS);
export type TableEvent = z.infer<typeof TableEventSchema>;

/** Everything a step may carry, in the order it happened. */
export const StepEventSchema = z.discriminatedUnion('type', [...TABLE_EVENT_SCHEMAS, ...GAME_EVENT_SCHEMAS]);
export type StepEvent = z.infer<typeof StepEventSchema>;

/** A seat's own cards: only in the copy of a step sent to that seat. */
export const OwnCardsSchema = z.strictObject({ hand: z.array(CardSchema).max(8) });

/**
 * `step` — one change of the table (one entry group of its log): the public events, once for
 * the whole room; a seat that was dealt cards gets its own copy with `private`. A step that
 * changes the clocks (a turn starts with a turn timer, the pause between deals begins or ends)
 * carries them, as time left when it was sent: no presence frame follows for them.
 */
export const StepSchema = z.strictObject({
  seq: int.min(1),
  version: int.min(0),
  events: z.array(StepEventSchema),
  private: OwnCardsSchema.optional(),
  timers: TimersSchema.optional(),
});
export type Step = z.infer<typeof StepSchema>;

const SeatPresenceSchema = z.strictObject({ connected: z.boolean(), botPlaying: z.boolean() });

/** Who is there: seat connections, bots playing for absent players, spectators, clocks. */
export const PresenceSchema = z.strictObject({
  seq: int.min(1),
  seats: z.tuple([SeatPresenceSchema, SeatPresenceSchema, SeatPresenceSchema, SeatPresenceSchema]),
  spectators: int.min(0),
  turnMsLeft: int.min(0).nullable(),
  nextDeal: NextDealSchema.nullable(),
});
export type Presence = z.infer<typeof PresenceSchema>;

/** What the ack of `sync` carries. */
export interface SyncAck {
  snapshot: Snapshot;
}

/** The server messages, by name: the table's three, and the chat's two (outside `seq`). */
export interface ServerFrames {
  snapshot: Snapshot;
  step: Step;
  presence: Presence;
  /** One new chat entry (a line or a host's notice), numbered by `id`. */
  chat: ChatEntry;
  /** A quick reaction (kept nowhere). */
  reaction: ReactionFrame;
}
export type ServerFrameName = keyof ServerFrames;
export const ServerFrameSchemas = {
  snapshot: SnapshotSchema,
  step: StepSchema,
  presence: PresenceSchema,
  chat: ChatEntrySchema,
  reaction: ReactionFrameSchema,
} as const;

export type ServerToClientEvents = { [E in ServerFrameName]: (frame: ServerFrames[E]) => void };

export interface ClientToServerEvents {
  sit: (p: ClientEventPayload<'sit'>, ack: (a: Ack<SitAck>) => void) => void;
  stand: (p: ClientEventPayload<'stand'>, ack: (a: Ack) => void) => void;
  start: (p: ClientEventPayload<'start'>, ack: (a: Ack) => void) => void;
  addBot: (p: ClientEventPayload<'addBot'>, ack: (a: Ack) => void) => void;
  removeBot: (p: ClientEventPayload<'removeBot'>, ack: (a: Ack) => void) => void;
  unseat: (p: ClientEventPayload<'unseat'>, ack: (a: Ack) => void) => void;
  action: (p: ClientEventPayload<'action'>, ack: (a: Ack<ActionAck>) => void) => void;
  ready: (p: ClientEventPayload<'ready'>, ack: (a: Ack) => void) => void;
  rematch: (p: ClientEventPayload<'rematch'>, ack: (a: Ack) => void) => void;
  settings: (p: ClientEventPayload<'settings'>, ack: (a: Ack) => void) => void;
  sync: (p: ClientEventPayload<'sync'>, ack: (a: Ack<SyncAck>) => void) => void;
  chat: (p: ClientEventPayload<'chat'>, ack: (a: Ack<ChatAck>) => void) => void;
  react: (p: ClientEventPayload<'react'>, ack: (a: Ack) => void) => void;
  chatHistory: (p: ClientEventPayload<'chatHistory'>, ack: (a: Ack<ChatHistoryAck>) => void) => void;
  chatMute: (p: ClientEventPayload<'chatMute'>, ack: (a: Ack) => void) => void;
  spectatorChat: (p: ClientEventPayload<'spectatorChat'>, ack: (a: Ack) => void) => void;
}
