/**
 * Plain constants of the wire, without zod, so that clients can import them from the
 * zod-free entry point (`@belote/protocol/client`).
 */
export const BOT_LEVELS = ['easy', 'normal', 'strong'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

export const TABLE_STATUSES = ['lobby', 'playing', 'finished'] as const;
export type TableStatus = (typeof TABLE_STATUSES)[number];
