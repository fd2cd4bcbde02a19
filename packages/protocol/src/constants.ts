/**
 * Plain constants of the wire, without zod, so that clients can import them from the
 * zod-free entry point (`@belote/protocol/client`).
 */
export const BOT_LEVELS = ['easy', 'normal', 'strong'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

export const TABLE_STATUSES = ['lobby', 'playing', 'finished'] as const;
export type TableStatus = (typeof TABLE_STATUSES)[number];

/**
 * `unseat` (PROTOCOL.md §4): a seat is freed only once no socket has held it for this long — a
 * player reloading, or reconnecting after a restart or a table's move to another process, is
 * not "gone" yet. The web client shows its button after the same wait.
 */
export const UNSEAT_AFTER_MS = 10_000;
