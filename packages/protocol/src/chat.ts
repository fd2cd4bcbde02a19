/**
 * Table chat on the wire (PROTOCOL.md §15): what clients send (`chat`, `react`,
 * `chatHistory`, and the host's `chatMute` and `spectatorChat`), the chat entries the server
 * numbers and keeps (lines and the host's notices), the chat state every snapshot carries,
 * and the ephemeral `reaction` frame. Chat is not part of the game: it never changes the
 * table's `version` or `seq`, and entries have their own counter (`id`).
 */
import { SeatSchema } from '@belote/rules';
import { z } from 'zod';
import { CHAT_MAX_CHARS, REACTIONS } from './chat-constants.js';
import { DisplayNameSchema } from './http.js';
import { oneOf } from './refusal.js';

const int = z.number().int();

/** A spectator's chat identity at one table: 11 url-safe base64 characters, the same for every socket from one address. */
export const SpectatorTagSchema = z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'not a spectator tag');
export const ReactionSchema = z.enum(REACTIONS, { error: oneOf(REACTIONS) });
/** A client's id for one line it sends (8–32 url-safe characters): sending it again cannot post the line twice. */
export const LineNonceSchema = z.string().regex(/^[A-Za-z0-9_-]{8,32}$/, 'not a line nonce (8 to 32 characters A-Z a-z 0-9 _ -)');

/** Who wrote a line or sent a reaction: a seated player (with the seat's name), or a spectator. */
export const ChatSenderSchema = z.discriminatedUnion('role', [
  z.strictObject({ role: z.literal('player'), seat: SeatSchema, name: z.string() }),
  /** `name`: the name the spectator gave with the line (null: none, and always null in a reaction). */
  z.strictObject({ role: z.literal('spectator'), tag: SpectatorTagSchema, name: z.string().nullable() }),
]);
export type ChatSender = z.infer<typeof ChatSenderSchema>;

/** Whom the host mutes: a seat (whoever sits there), or a spectator by tag. The union's own
 * message says what it takes (zod's default for a union is a bare "Invalid input"). */
export const ChatTargetSchema = z.union([z.strictObject({ seat: SeatSchema }), z.strictObject({ spectator: SpectatorTagSchema })], {
  error: 'one key: seat (0-3) or spectator (a tag)',
});
export type ChatTarget = z.infer<typeof ChatTargetSchema>;

/** A line's text: 1–200 code points with no control characters (the server cleans what it is sent). */
const LineTextSchema = z
  .string()
  .min(1)
  .refine((s) => [...s].length <= CHAT_MAX_CHARS, `longer than ${CHAT_MAX_CHARS} characters`);

const entry = { id: int.min(1), at: z.number() };

/**
 * One entry of a table's chat, numbered 1, 2, … per table (`id`); `at` is the server's clock
 * (ms since epoch). A line, or a notice of the host's: a seat or spectator (un)muted, spectator
 * chat turned on or off. Notices change the chat state (`applyChatEntry`).
 */
export const ChatEntrySchema = z.discriminatedUnion('type', [
  /** `nonce`: the sender's id for the line, when it gave one (`chat`). */
  z.strictObject({ ...entry, type: z.literal('line'), from: ChatSenderSchema, text: LineTextSchema, nonce: LineNonceSchema.optional() }),
  /** `name`: the seat's name, or the spectator's last name in the chat, when muted (null: none). */
  z.strictObject({ ...entry, type: z.literal('muted'), target: ChatTargetSchema, name: z.string().nullable(), muted: z.boolean() }),
  z.strictObject({ ...entry, type: z.literal('spectatorChat'), on: z.boolean() }),
]);
export type ChatEntry = z.infer<typeof ChatEntrySchema>;

/** The host's chat settings: kept with the table, changed only by notices. */
export const ChatSettingsSchema = z.strictObject({
  /** Spectators may write and react (default true). */
  spectatorChat: z.boolean(),
  /** Muted seats, ascending. */
  mutedSeats: z.array(SeatSchema).max(4),
  /** Muted spectators' tags, in the order they were muted. */
  mutedSpectators: z.array(SpectatorTagSchema),
});
export type ChatSettings = z.infer<typeof ChatSettingsSchema>;

/** The chat as a snapshot (and the ack of `chatHistory`) shows it to one socket. */
export const ChatStateSchema = z.strictObject({
  /** The id of the table's newest chat entry (0: none yet). */
  last: int.min(0),
  ...ChatSettingsSchema.shape,
  /** This socket's spectator tag (null for a seated player). */
  tag: SpectatorTagSchema.nullable(),
});
export type ChatState = z.infer<typeof ChatStateSchema>;

/** `reaction` — a quick reaction, sent to the whole table and kept nowhere. */
export const ReactionFrameSchema = z.strictObject({ from: ChatSenderSchema, reaction: ReactionSchema });
export type ReactionFrame = z.infer<typeof ReactionFrameSchema>;

/** Client events of the chat (merged into `ClientEventSchemas`). */
export const CHAT_EVENT_SCHEMAS = {
  /**
   * Write a line. `text` is cleaned (line breaks become spaces, other control characters are
   * removed, spaces trimmed), then must hold 1–200 characters. `name`: a spectator's name for
   * this line (a seated player's lines carry the seat's name; there `name` is ignored).
   * `nonce`: the client's id for this line; the same sender sending the same nonce and text
   * again, while the line is among the kept entries, gets the line's id back and posts nothing
   * (a resend after a lost ack).
   */
  chat: z.strictObject({ text: z.string().min(1, 'nothing to send'), name: DisplayNameSchema.optional(), nonce: LineNonceSchema.optional() }),
  /** Send a quick reaction. */
  react: z.strictObject({ reaction: ReactionSchema }),
  /** The chat entries after `after` (at most the newest 200) and the chat state. Changes nothing. */
  chatHistory: z.strictObject({ after: int.min(0) }),
  /** Host: mute or unmute a seat or a spectator. */
  chatMute: z.strictObject({ target: ChatTargetSchema, muted: z.boolean() }),
  /** Host: let spectators write and react, or not. */
  spectatorChat: z.strictObject({ on: z.boolean() }),
} as const;

export type ChatEventName = keyof typeof CHAT_EVENT_SCHEMAS;
export const CHAT_EVENTS = Object.keys(CHAT_EVENT_SCHEMAS) as ChatEventName[];

/** What the ack of `chat` carries: the new line's id. */
export interface ChatAck {
  id: number;
}

/** What the ack of `chatHistory` carries. */
export interface ChatHistoryAck {
  /** Entries with `id > after`, oldest first: the newest 200 at most. */
  entries: ChatEntry[];
  /** The chat state when the ack was sent (replace yours with it). */
  chat: ChatState;
}
