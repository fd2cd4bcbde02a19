/**
 * The chat's limits and quick reactions, without zod, so that clients can import them from
 * the zod-free entry point (`@belote/protocol/client`). PROTOCOL.md §15 describes them.
 */

/** A chat line holds at most this many characters (Unicode code points, after cleaning). */
export const CHAT_MAX_CHARS = 200;
/** The server keeps this many newest chat entries per table; `chatHistory` returns at most as many. */
export const CHAT_KEPT = 200;
/** Chat lines one sender may post: `count` per `seconds` (CHAT_TOO_FAST beyond). */
export const CHAT_LINE_LIMIT = { count: 5, seconds: 10 } as const;
/** Reactions one sender may send: `count` per `seconds` (CHAT_TOO_FAST beyond). */
export const REACTION_LIMIT = { count: 3, seconds: 5 } as const;

/**
 * Quick reactions, sent as ids and shown in the reader's language: four phrases and four
 * emoji. A client shows each for a few seconds at the sender's seat.
 */
export const REACTIONS = ['wellPlayed', 'oops', 'thanksPartner', 'hello', 'clap', 'laugh', 'wow', 'thinking'] as const;
export type ReactionId = (typeof REACTIONS)[number];
