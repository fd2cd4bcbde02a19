/**
 * The game record format `belote-record/1` (RECORD.md), as zod schemas: the single
 * definition used to read records (verify) and to write them (the server's export).
 */
import { z } from 'zod';
import { ALL_CARDS, SUITS, type Card } from '../cards.js';
import { TARGETS, type Action, type Rules, type Seat } from '../types.js';

export const RECORD_FORMAT = 'belote-record/1';

export const CardSchema = z.enum(ALL_CARDS as [Card, ...Card[]], { error: (iss) => `not a card: ${JSON.stringify(iss.input)}` });
export const SuitSchema = z.enum(SUITS, { error: (iss) => `not a suit: ${JSON.stringify(iss.input)}` });
export const SeatSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], {
  error: (iss) => `not a seat (0-3): ${JSON.stringify(iss.input)}`,
});

export const RulesSchema = z.object({
  target: z
    .union(TARGETS.map((t) => z.literal(t)) as unknown as [z.ZodLiteral<1000>, z.ZodLiteral<501>, z.ZodLiteral<301>, z.ZodLiteral<1001>], {
      error: (iss) => `target must be one of ${TARGETS.join(', ')}, got ${JSON.stringify(iss.input)}`,
    })
    .optional(),
  announcements: z.boolean({ error: 'announcements must be true or false' }).optional(),
  tie: z.enum(['litige', 'dedans'], { error: 'tie must be "litige" or "dedans"' }).optional(),
  direction: z.enum(['counterclockwise', 'clockwise'], { error: 'direction must be "counterclockwise" or "clockwise"' }).optional(),
});

export const RecordActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('pass'), seat: SeatSchema }),
    z.object({ type: z.literal('take'), seat: SeatSchema, suit: SuitSchema.nullish().transform((s) => s ?? undefined) }),
    z.object({ type: z.literal('play'), seat: SeatSchema, card: CardSchema }),
  ],
  { error: (iss) => `unknown action type: ${JSON.stringify((iss.input as { type?: unknown } | undefined)?.type)}` },
);

export const RecordDealSchema = z.object({
  dealer: SeatSchema,
  deck: z.array(CardSchema),
  actions: z.array(RecordActionSchema),
  /** sha256 commitment published when the deal started (optional). */
  commitment: z.string().optional(),
  /** The salt revealed when the deal ended (optional). */
  salt: z.string().optional(),
});

export const GameRecordSchema = z.object({
  // A missing format is read as belote-record/1 (lenient); any other value is not a record.
  format: z.literal(RECORD_FORMAT, { error: `format must be "${RECORD_FORMAT}"` }).default(RECORD_FORMAT),
  rules: RulesSchema.default({}),
  deals: z.array(RecordDealSchema),
});

export interface RecordDeal {
  dealer: Seat;
  deck: Card[];
  actions: Action[];
  commitment?: string | undefined;
  salt?: string | undefined;
}

export interface GameRecord {
  format: typeof RECORD_FORMAT;
  rules: Partial<Rules>;
  deals: RecordDeal[];
}

/** Parse unknown input as a record (zod), typed as the engine's own vocabulary. */
export function parseRecord(input: unknown): { success: true; data: GameRecord } | { success: false; error: z.ZodError } {
  const r = GameRecordSchema.safeParse(input);
  return r.success ? { success: true, data: r.data as GameRecord } : { success: false, error: r.error };
}

/** Human-readable zod issues: `deals[0].deck[5]: not a card: "11S"`. */
export function formatIssues(error: z.ZodError, prefix = ''): string {
  return error.issues
    .map((i) => {
      const path = i.path.reduce<string>(
        (acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)),
        prefix,
      );
      return `${path || '(record)'}: ${i.message}`;
    })
    .join('\n');
}
