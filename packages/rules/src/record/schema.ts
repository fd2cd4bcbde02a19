/**
 * The game record format `belote-record/1` (docs/rules/RECORD.md, docs/rules/RECORD-COINCHE.md), as zod schemas:
 * the single definition used to read records (verify) and to write them (the server's export).
 * The variant decides the targets and the action types a record may hold.
 */
import { z } from 'zod';
import { ALL_CARDS, SUITS, type Card } from '../cards.js';
import { quote } from '../quote.js';
import { targetProblem } from '../settings.js';
import { VARIANTS, type Action, type Rules, type Seat } from '../types.js';

export const RECORD_FORMAT = 'belote-record/1';

export const CardSchema = z.enum(ALL_CARDS as [Card, ...Card[]], { error: (iss) => `not a card: ${quote(iss.input)}` });
export const SuitSchema = z.enum(SUITS, { error: (iss) => `not a suit: ${quote(iss.input)}` });
export const SeatSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], {
  error: (iss) => `not a seat (0-3): ${quote(iss.input)}`,
});

export const RulesSchema = z
  .object({
    variant: z.enum(VARIANTS, { error: (iss) => `variant must be "classic" or "coinche", got ${quote(iss.input)}` }).optional(),
    // Checked against the variant's list below (the same number may be a target of one variant only).
    target: z.number({ error: (iss) => `target must be a number, got ${quote(iss.input)}` }).optional(),
    announcements: z.boolean({ error: 'announcements must be true or false' }).optional(),
    tie: z.enum(['litige', 'dedans'], { error: 'tie must be "litige" or "dedans"' }).optional(),
    direction: z.enum(['counterclockwise', 'clockwise'], { error: 'direction must be "counterclockwise" or "clockwise"' }).optional(),
  })
  .superRefine((r, ctx) => {
    const problem = r.target === undefined ? null : targetProblem(r.variant ?? 'classic', r.target);
    if (problem) ctx.addIssue({ code: 'custom', path: ['target'], message: problem, input: r.target });
  });

/** docs/rules/RECORD-COINCHE.md: a bid's value is an integer (80–160 by 10 is checked on replay: ILLEGAL_BID) or "capot". */
const bidValueError = (iss: { input?: unknown }): string => `bid value must be an integer or "capot", got ${quote(iss.input)}`;
const BidValueSchema = z
  .union([z.number(), z.literal('capot')], { error: bidValueError })
  .refine((v) => v === 'capot' || Number.isInteger(v), { error: bidValueError });

const unknownType = (iss: { input?: unknown }): string => {
  const a = iss.input;
  if (typeof a !== 'object' || a === null || Array.isArray(a)) return `not an action: ${quote(a)}`;
  const type = (a as { type?: unknown }).type;
  return type === undefined ? 'missing action type' : `unknown action type: ${quote(type)}`;
};
const PassSchema = z.object({ type: z.literal('pass'), seat: SeatSchema });
const PlaySchema = z.object({ type: z.literal('play'), seat: SeatSchema, card: CardSchema });

/** A classic record's actions (docs/rules/RECORD.md): pass, take, play. */
export const RecordActionSchema = z.discriminatedUnion(
  'type',
  [PassSchema, z.object({ type: z.literal('take'), seat: SeatSchema, suit: SuitSchema.nullish().transform((s) => s ?? undefined) }), PlaySchema],
  { error: unknownType },
);

/** A coinche record's actions (docs/rules/RECORD-COINCHE.md): pass, bid, coinche, surcoinche, play. */
export const CoincheRecordActionSchema = z.discriminatedUnion(
  'type',
  [
    PassSchema,
    z.object({ type: z.literal('bid'), seat: SeatSchema, value: BidValueSchema, suit: SuitSchema }),
    z.object({ type: z.literal('coinche'), seat: SeatSchema }),
    z.object({ type: z.literal('surcoinche'), seat: SeatSchema }),
    PlaySchema,
  ],
  { error: unknownType },
);

const dealSchema = <A extends z.ZodType>(action: A) => z.object({
  dealer: SeatSchema,
  deck: z.array(CardSchema),
  actions: z.array(action),
  /** sha256 commitment published when the deal started (optional; null is the same as absent). */
  commitment: z.string().nullish().transform((v) => v ?? undefined),
  /** The salt revealed when the deal ended (optional; null is the same as absent). */
  salt: z.string().nullish().transform((v) => v ?? undefined),
});
export const RecordDealSchema = dealSchema(RecordActionSchema);
export const CoincheRecordDealSchema = dealSchema(CoincheRecordActionSchema);

const envelope = <D extends z.ZodType>(deal: D) => z.object({
  // A missing format is read as belote-record/1 (lenient); any other value is not a record.
  format: z.literal(RECORD_FORMAT, { error: `format must be "${RECORD_FORMAT}"` }).default(RECORD_FORMAT),
  rules: RulesSchema.default({}),
  deals: z.array(deal),
});
/** A classic record (docs/rules/RECORD.md). */
export const GameRecordSchema = envelope(RecordDealSchema);
/** A coinche record (`rules.variant: "coinche"`, docs/rules/RECORD-COINCHE.md). */
export const CoincheGameRecordSchema = envelope(CoincheRecordDealSchema);

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

/**
 * Parse unknown input as a record (zod), typed as the engine's own vocabulary. The variant
 * (read first) picks the action types: `take` only in classic, `bid`/`coinche`/`surcoinche`
 * only in coinche. A bid value outside 80–160 by 10 parses and is refused on replay (ILLEGAL_BID).
 */
export function parseRecord(input: unknown): { success: true; data: GameRecord } | { success: false; error: z.ZodError } {
  const rules = (input as { rules?: unknown } | null)?.rules;
  const coinche = typeof rules === 'object' && rules !== null && (rules as { variant?: unknown }).variant === 'coinche';
  const r = (coinche ? CoincheGameRecordSchema : GameRecordSchema).safeParse(input);
  return r.success ? { success: true, data: r.data as GameRecord } : { success: false, error: r.error };
}

/** At most this many problems are listed (a deck of 10,000 bad cards is one screen, not 10,000 lines). */
const MAX_ISSUES = 10;

/** Human-readable zod issues, one a line: `deals[0].deck[5]: not a card: "11S"`. */
export function formatIssues(error: z.ZodError, prefix = ''): string {
  const more = error.issues.length - MAX_ISSUES;
  const lines = error.issues
    .slice(0, MAX_ISSUES)
    .map((i) => {
      const path = i.path.reduce<string>(
        (acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)),
        prefix,
      );
      return `${path || '(record)'}: ${i.message}`;
    });
  return (more > 0 ? [...lines, `and ${more} more`] : lines).join('\n');
}
