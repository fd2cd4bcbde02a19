/**
 * HTTP API bodies: creating a table and its public summary.
 */
import { TARGETS, type Rules, type Seat } from '@belote/rules';
import { z } from 'zod';

export const BOT_LEVELS = ['easy', 'normal', 'strong'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];
export const BotLevelSchema = z.enum(BOT_LEVELS);

/** RULES.md settings; every field optional (defaults apply), unknown fields rejected. */
export const RulesInputSchema = z.strictObject({
  target: z.union(TARGETS.map((t) => z.literal(t)) as [z.ZodLiteral<1000>, z.ZodLiteral<501>, z.ZodLiteral<301>, z.ZodLiteral<1001>]).optional(),
  announcements: z.boolean().optional(),
  tie: z.enum(['litige', 'dedans']).optional(),
  direction: z.enum(['counterclockwise', 'clockwise']).optional(),
});

/** Table options beyond the rules. */
export const TableOptionsSchema = z.strictObject({
  /** Seconds a seat has to act before a bot plays the turn; null = no timer. */
  turnTimerSeconds: z.number().int().min(5).max(300).nullable().optional(),
  /** Fill empty seats with bots when the host starts. */
  fillWithBots: z.boolean().optional(),
  botLevel: BotLevelSchema.optional(),
});

export const CreateTableRequestSchema = z.strictObject({
  rules: RulesInputSchema.optional(),
  options: TableOptionsSchema.optional(),
});
export type CreateTableRequest = z.infer<typeof CreateTableRequestSchema>;

export interface TableOptions {
  turnTimerSeconds: number | null;
  fillWithBots: boolean;
  botLevel: BotLevel;
}

export interface CreateTableResponse {
  id: string;
  /** The invitation link. */
  url: string;
  /** Secret that makes its holder the table's host (start, bots, rematch). */
  hostKey: string;
}

export type TableStatus = 'lobby' | 'playing' | 'finished';

export interface SeatInfo {
  seat: Seat;
  /** Display name, or null for an empty seat. */
  name: string | null;
  connected: boolean;
  /** Set when a bot sits here. */
  bot: BotLevel | null;
  /** A bot is playing for an absent (or timed-out) player. */
  botPlaying: boolean;
}

/** Public summary of a table (HTTP GET and inside every socket update). */
export interface TableSummary {
  id: string;
  rules: Rules;
  options: TableOptions;
  status: TableStatus;
  seats: [SeatInfo, SeatInfo, SeatInfo, SeatInfo];
  spectators: number;
  /** Fairness commitment of the current deal: sha256(deck + salt), revealed in the record after the deal. */
  commitment: { deal: number; hash: string } | null;
  /** Deadline of the current turn (ms since epoch) when a turn timer runs. */
  turnDeadline: number | null;
  createdAt: number;
}

/** Display names: 1–24 characters, letters, digits, spaces and a little punctuation. */
export const DisplayNameSchema = z
  .string()
  .trim()
  .min(1, 'name is empty')
  .max(24, 'name is longer than 24 characters')
  .regex(/^[\p{L}\p{N}\p{M} .'_-]+$/u, 'name may hold letters, digits, spaces and . \' _ -');

/** Table ids: 22 url-safe base64 characters (128 random bits). */
export const TableIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'not a table id');
