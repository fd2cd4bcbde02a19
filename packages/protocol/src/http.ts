/**
 * HTTP API bodies: creating a table, its public summary, errors and the record download.
 * Schemas for both directions so that the server validates input and clients (and tests)
 * can validate what they receive.
 */
import { COINCHE_TARGETS, RulesSchema, SeatSchema, TARGETS, VARIANTS, targetsOf, type GameRecord, type Target } from '@belote/rules';
import { z } from 'zod';
import { BOT_LEVELS, TABLE_STATUSES } from './constants.js';
import { cleanDisplayName, displayNameProblem } from './display-name.js';
import { ERROR_CODES } from './errors.js';
import { oneOf } from './refusal.js';
import { RulesViewSchema } from './view-schema.js';

export const BotLevelSchema = z.enum(BOT_LEVELS, { error: oneOf(BOT_LEVELS) });

const ALL_TARGETS = [...new Set<Target>([...TARGETS, ...COINCHE_TARGETS])];

/**
 * docs/rules/RULES.md / docs/rules/COINCHE.md §1 settings; every field optional (the variant's defaults apply), unknown
 * fields rejected. The target must be one of the variant's (`targetsOf`): classic 1000, 501, 301,
 * 1001 (default 1000), coinche 2000, 501, 1000, 1001, 3000 (default 2000).
 */
export const RulesInputSchema = z
  .strictObject({
    variant: z.enum(VARIANTS, { error: oneOf(VARIANTS) }).optional(),
    target: z
      .union(ALL_TARGETS.map((t) => z.literal(t)) as unknown as [z.ZodLiteral<Target>, z.ZodLiteral<Target>], {
        error: oneOf(ALL_TARGETS),
      })
      .optional(),
    announcements: RulesSchema.shape.announcements,
    tie: RulesSchema.shape.tie,
    direction: RulesSchema.shape.direction,
  })
  .superRefine((r, ctx) => {
    const variant = r.variant ?? 'classic';
    const allowed: readonly Target[] = targetsOf(variant);
    if (r.target !== undefined && !allowed.includes(r.target))
      ctx.addIssue({ code: 'custom', path: ['target'], input: r.target, message: `must be one of ${allowed.join(', ')} in ${variant}, got ${r.target}` });
  });

/** Table options beyond the rules. */
export const TableOptionsInputSchema = z.strictObject({
  /** Seconds a seat has to act before a bot plays the turn; null = no timer (default). */
  turnTimerSeconds: z.number().int().min(5).max(300).nullable().optional(),
  /** Fill empty seats with bots when the host starts. */
  fillWithBots: z.boolean().optional(),
  /** Level of the bots that fill seats and take over for absent players. */
  botLevel: BotLevelSchema.optional(),
  /** The host allows hints (the strong bot's advice, computed on each player's own device from their own view). */
  hints: z.boolean().optional(),
});

/** `POST /api/tables` body. `{}` (or no body) gives the defaults. */
export const CreateTableRequestSchema = z.strictObject({
  rules: RulesInputSchema.optional(),
  options: TableOptionsInputSchema.optional(),
});
export type CreateTableRequest = z.infer<typeof CreateTableRequestSchema>;

/** Table ids: 22 url-safe base64 characters (128 random bits). */
export const TableIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'not a table id');

/**
 * Display names (display-name.ts): cleaned (NFC, spaces of any kind one plain space, trimmed),
 * then 1–24 letters, digits, marks, spaces and . ' _ -, with at least one letter or digit.
 * The cleaned name is what the server keeps; a refusal gives one reason.
 */
export const DisplayNameSchema = z
  .string()
  .overwrite(cleanDisplayName)
  .superRefine((name, ctx) => {
    const problem = displayNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: name });
  });

/** `POST /api/tables` 201 response. */
export const CreateTableResponseSchema = z.strictObject({
  id: TableIdSchema,
  /** The invitation link (`PUBLIC_URL/t/:id`). */
  url: z.string(),
  /** Secret that makes its holder the table's host (start, bots, rematch). Pass it in the socket handshake. */
  hostKey: z.string(),
});
export type CreateTableResponse = z.infer<typeof CreateTableResponseSchema>;

export const TableOptionsViewSchema = z.strictObject({
  turnTimerSeconds: z.number().int().nullable(),
  fillWithBots: z.boolean(),
  botLevel: BotLevelSchema,
  /** Present (true) only when the host allowed hints; absent: hints are off. */
  hints: z.literal(true).optional(),
});
export type TableOptions = z.infer<typeof TableOptionsViewSchema>;

export const TableStatusSchema = z.enum(TABLE_STATUSES);

export const SeatInfoSchema = z.strictObject({
  seat: SeatSchema,
  /** Display name, or null for an empty seat (a bot's name is chosen by the server). */
  name: z.string().nullable(),
  /** A human's socket is connected to this seat (bots: always true). */
  connected: z.boolean(),
  /** Set when a bot sits here (filled seat). */
  bot: BotLevelSchema.nullable(),
  /** A bot is playing for an absent human ("bot playing for NAME"). */
  botPlaying: z.boolean(),
});
export type SeatInfo = z.infer<typeof SeatInfoSchema>;

/** Public summary of a table (HTTP GET, and `table` of every snapshot). */
export const TableSummarySchema = z.strictObject({
  id: TableIdSchema,
  rules: RulesViewSchema,
  options: TableOptionsViewSchema,
  status: TableStatusSchema,
  seats: z.tuple([SeatInfoSchema, SeatInfoSchema, SeatInfoSchema, SeatInfoSchema]),
  /** Number of connected sockets not holding a seat. */
  spectators: z.number().int().min(0),
  /** Number of games started at this table (rematches included); 0 in the lobby. */
  games: z.number().int().min(0),
  /** Fairness commitment of the current deal: hex sha256(deck + ' ' + salt), revealed in the record after the deal. */
  commitment: z.strictObject({ deal: z.number().int().min(0), hash: z.string().regex(/^[0-9a-f]{64}$/) }).nullable(),
  createdAt: z.number(),
});
export type TableSummary = z.infer<typeof TableSummarySchema>;

/** Body of every HTTP error (4xx/5xx). */
export const HttpErrorBodySchema = z.strictObject({
  error: z.strictObject({ code: z.enum(ERROR_CODES), message: z.string() }),
});
export type HttpErrorBody = z.infer<typeof HttpErrorBodySchema>;

/**
 * `GET /api/tables/:id/record[?game=N]`: a `belote-record/1` (docs/rules/RECORD.md) of the finished deals
 * of one game (default: the latest), each deal with its `commitment` and revealed `salt`.
 */
export interface TableRecord extends GameRecord {
  table: string;
  /** 0-based game index at this table (rematches start new games). */
  game: number;
  /** Display names by seat at the time of the game. */
  players: [string | null, string | null, string | null, string | null];
}
