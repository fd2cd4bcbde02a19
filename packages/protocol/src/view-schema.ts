/**
 * Outbound zod schemas mirroring the engine's `GameView` and `GameEvent` (packages/rules).
 * Strict objects: an unexpected field (a leaked deck, a seed) makes a message fail to parse,
 * so the schemas double as a leak guard in tests and let clients validate what they receive.
 */
import { BID_VALUES, COINCHE_TARGETS, RANKS, TARGETS, VARIANTS, type GameEvent, type GameView } from '@belote/rules';
import { CardSchema, SeatSchema, SuitSchema } from '@belote/rules';
import { z } from 'zod';

const int = z.number().int();
export const TeamSchema = z.union([z.literal(0), z.literal(1)]);
const Pair = z.tuple([int, int]);
const RankSchema = z.enum(RANKS);

const literals = <T extends z.core.util.Literal>(xs: readonly T[]) => z.union(xs.map((x) => z.literal(x)) as unknown as [z.ZodLiteral<T>, z.ZodLiteral<T>]);

export const RulesViewSchema = z.strictObject({
  /** Present only in coinche games (docs/rules/COINCHE.md §1). */
  variant: z.enum(VARIANTS).optional(),
  target: literals([...TARGETS, ...COINCHE_TARGETS]),
  announcements: z.boolean(),
  tie: z.enum(['litige', 'dedans']),
  direction: z.enum(['counterclockwise', 'clockwise']),
});

export const TrickRecordSchema = z.strictObject({
  leader: SeatSchema,
  cards: z.array(CardSchema).max(4),
  winner: SeatSchema.nullable(),
});

const BidValueSchema = literals(BID_VALUES);
const MultiplierSchema = literals([1, 2, 4] as const);

/** A finished deal on the score sheet: `DealResult` without its tricks (the record keeps them). */
export const DealSummarySchema = z.strictObject({
  outcome: z.enum(['made', 'dedans', 'litige', 'redeal', 'unfinished']),
  capot: TeamSchema.nullable(),
  taker: SeatSchema.nullable(),
  trump: SuitSchema.nullable(),
  /** Coinche results only (docs/rules/RECORD-COINCHE.md). */
  contract: BidValueSchema.nullable().optional(),
  coinche: MultiplierSchema.optional(),
  points: Pair,
  belote: Pair,
  announcements: Pair,
  written: Pair,
  litigePot: int,
  totals: Pair,
});

const CombinationKindSchema = z.enum(['tierce', 'quarte', 'quinte', 'carre']);

export const SeatCombinationSchema = z.strictObject({
  seat: SeatSchema,
  combination: z.strictObject({
    kind: CombinationKindSchema,
    points: int,
    cards: z.array(CardSchema).max(8),
    suit: SuitSchema.nullable(),
    top: RankSchema,
    length: int,
  }),
});

const DeclarationsSchema = z.array(z.strictObject({ seat: SeatSchema, kinds: z.array(CombinationKindSchema) }));

export const BidViewSchema = z.strictObject({
  seat: SeatSchema,
  type: z.enum(['pass', 'take']),
  suit: SuitSchema.nullable(),
  round: z.union([z.literal(1), z.literal(2)]),
});

/** A coinche call (docs/rules/COINCHE.md §3), without its seat. */
export const CallSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('pass') }),
  z.strictObject({ type: z.literal('bid'), value: BidValueSchema, suit: SuitSchema }),
  z.strictObject({ type: z.literal('coinche') }),
  z.strictObject({ type: z.literal('surcoinche') }),
]);

/** The public coinche auction of a deal view. */
export const AuctionViewSchema = z.strictObject({
  calls: z.array(z.strictObject({ seat: SeatSchema, call: CallSchema })),
  contract: z.strictObject({ value: BidValueSchema, suit: SuitSchema, bidder: SeatSchema }).nullable(),
  coinche: MultiplierSchema,
  coinchedBy: SeatSchema.nullable(),
  surcoinchedBy: SeatSchema.nullable(),
  legal: z.strictObject({ pass: z.boolean(), bids: z.array(BidValueSchema).max(10), coinche: z.boolean(), surcoinche: z.boolean() }),
});

export const DealViewSchema = z.strictObject({
  number: int.min(0),
  dealer: SeatSchema,
  eldest: SeatSchema,
  phase: z.enum(['bidding', 'play', 'over']),
  round: z.union([z.literal(1), z.literal(2)]),
  turn: SeatSchema.nullable(),
  /** Classic only (coinche has no retourne). */
  retourne: CardSchema.optional(),
  bids: z.array(BidViewSchema).max(8),
  /** Coinche only. */
  auction: AuctionViewSchema.optional(),
  taker: SeatSchema.nullable(),
  trump: SuitSchema.nullable(),
  hand: z.array(CardSchema).max(8).nullable(),
  legal: z.array(CardSchema).max(8),
  handCounts: z.tuple([int, int, int, int]),
  trick: z.strictObject({ leader: SeatSchema, cards: z.array(CardSchema).max(4) }),
  lastTrick: TrickRecordSchema.nullable(),
  tricks: z.array(TrickRecordSchema).max(8),
  tricksWon: Pair,
  points: Pair,
  belote: z.strictObject({ seat: SeatSchema, calls: int }).nullable(),
  declared: DeclarationsSchema.nullable(),
  shown: z.strictObject({ team: TeamSchema.nullable(), combinations: z.array(SeatCombinationSchema) }).nullable(),
  result: DealSummarySchema.nullable(),
});

/** One viewer's redacted game (`viewFor(state, viewer)`). */
export const GameViewSchema = z.strictObject({
  viewer: z.union([SeatSchema, z.literal('spectator')]),
  rules: RulesViewSchema,
  totals: Pair,
  litigePot: int,
  winner: TeamSchema.nullable(),
  history: z.array(DealSummarySchema),
  deal: DealViewSchema.nullable(),
});

/** Public events a change causes: what `step` frames carry (with the table events of socket.ts). */
export const GAME_EVENT_SCHEMAS = [
  z.strictObject({ type: z.literal('dealStarted'), dealer: SeatSchema, deal: int, retourne: CardSchema.optional() }),
  z.strictObject({ type: z.literal('bid'), seat: SeatSchema, bid: z.enum(['pass', 'take']), suit: SuitSchema.nullable(), round: z.union([z.literal(1), z.literal(2)]) }),
  z.strictObject({ type: z.literal('trumpChosen'), taker: SeatSchema, trump: SuitSchema }),
  z.strictObject({ type: z.literal('call'), seat: SeatSchema, call: CallSchema }),
  z.strictObject({ type: z.literal('contractSet'), taker: SeatSchema, trump: SuitSchema, contract: BidValueSchema, coinche: MultiplierSchema }),
  z.strictObject({ type: z.literal('redeal'), dealer: SeatSchema }),
  z.strictObject({ type: z.literal('announcementsDeclared'), declarations: DeclarationsSchema }),
  z.strictObject({ type: z.literal('cardPlayed'), seat: SeatSchema, card: CardSchema }),
  z.strictObject({ type: z.literal('belote'), seat: SeatSchema, card: CardSchema, call: z.enum(['belote', 'rebelote']) }),
  z.strictObject({ type: z.literal('announcementsShown'), team: TeamSchema.nullable(), combinations: z.array(SeatCombinationSchema) }),
  z.strictObject({ type: z.literal('trickWon'), winner: SeatSchema, leader: SeatSchema, cards: z.array(CardSchema).length(4), points: int }),
  z.strictObject({ type: z.literal('dealScored'), result: DealSummarySchema }),
  z.strictObject({ type: z.literal('gameOver'), winner: TeamSchema, totals: Pair }),
] as const;
export const GameEventSchema = z.discriminatedUnion('type', GAME_EVENT_SCHEMAS);

// Compile-time proof that the schemas and the engine's types describe the same data.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const viewMatches: Same<z.infer<typeof GameViewSchema>, GameView> = true;
const eventMatches: Same<z.infer<typeof GameEventSchema>, GameEvent> = true;
void viewMatches;
void eventMatches;
