/**
 * The wire as docs/PROTOCOL.md describes it, written from the document alone (no import from
 * @belote/protocol or @belote/rules): strict zod schemas, so a field the document does not list,
 * or a value of another type, fails. The doc-client checks every frame and ack against these.
 */
import { z } from 'zod';

/** §3: the protocol version this client speaks. */
export const PROTOCOL = 3;

const int = z.number().int();
const nat = int.min(0);
export const SeatS = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export const CARD_RE = /^(7|8|9|10|J|Q|K|A)[SHDC]$/;
export const CardS = z.string().regex(CARD_RE);
export const SuitS = z.enum(['S', 'H', 'D', 'C']);
const RankS = z.enum(['7', '8', '9', '10', 'J', 'Q', 'K', 'A']);
const TeamS = z.union([z.literal(0), z.literal(1)]);
const Pair = z.tuple([int, int]);
const LevelS = z.enum(['easy', 'normal', 'strong']);
const HashS = z.string().regex(/^[0-9a-f]{64}$/);
export const TAG_RE = /^[A-Za-z0-9_-]{11}$/;
const TagS = z.string().regex(TAG_RE);
const BidValueS = z.union([z.literal(80), z.literal(90), z.literal(100), z.literal(110), z.literal(120), z.literal(130), z.literal(140), z.literal(150), z.literal(160), z.literal('capot')]);
const MultS = z.union([z.literal(1), z.literal(2), z.literal(4)]);

// §5.2
export const RulesS = z.strictObject({
  variant: z.literal('coinche').optional(),
  target: int,
  announcements: z.boolean(),
  tie: z.enum(['litige', 'dedans']),
  direction: z.enum(['counterclockwise', 'clockwise']),
});
const OptionsS = z.strictObject({ turnTimerSeconds: int.min(5).max(300).nullable(), fillWithBots: z.boolean(), botLevel: LevelS, hints: z.literal(true).optional() });
const SeatInfoS = z.strictObject({ seat: SeatS, name: z.string().nullable(), connected: z.boolean(), bot: LevelS.nullable(), botPlaying: z.boolean() });
export const TableSummaryS = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
  rules: RulesS,
  options: OptionsS,
  status: z.enum(['lobby', 'playing', 'finished']),
  seats: z.tuple([SeatInfoS, SeatInfoS, SeatInfoS, SeatInfoS]),
  spectators: nat,
  games: nat,
  commitment: z.strictObject({ deal: nat, hash: HashS }).nullable(),
  createdAt: z.number(),
});

// §5.3
const DealSummaryS = z.strictObject({
  outcome: z.enum(['made', 'dedans', 'litige', 'redeal', 'unfinished']),
  capot: TeamS.nullable(),
  taker: SeatS.nullable(),
  trump: SuitS.nullable(),
  contract: BidValueS.nullable().optional(),
  coinche: MultS.optional(),
  points: Pair,
  belote: Pair,
  announcements: Pair,
  written: Pair,
  litigePot: nat,
  totals: Pair,
});
const TrickRecordS = z.strictObject({ leader: SeatS, cards: z.array(CardS).length(4), winner: SeatS });
const KindS = z.enum(['tierce', 'quarte', 'quinte', 'carre']);
const CombinationS = z.strictObject({
  kind: KindS,
  points: int,
  cards: z.array(CardS),
  suit: SuitS.nullable(),
  top: RankS,
  length: int,
});
const SeatCombinationS = z.strictObject({ seat: SeatS, combination: CombinationS });
const DeclarationS = z.strictObject({ seat: SeatS, kinds: z.array(KindS) });
const CallS = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('pass') }),
  z.strictObject({ type: z.literal('bid'), value: BidValueS, suit: SuitS }),
  z.strictObject({ type: z.literal('coinche') }),
  z.strictObject({ type: z.literal('surcoinche') }),
]);
const AuctionS = z.strictObject({
  calls: z.array(z.strictObject({ seat: SeatS, call: CallS })),
  contract: z.strictObject({ value: BidValueS, suit: SuitS, bidder: SeatS }).nullable(),
  coinche: MultS,
  coinchedBy: SeatS.nullable(),
  surcoinchedBy: SeatS.nullable(),
  legal: z.strictObject({ pass: z.boolean(), bids: z.array(BidValueS), coinche: z.boolean(), surcoinche: z.boolean() }),
});
const DealViewS = z.strictObject({
  number: nat,
  dealer: SeatS,
  eldest: SeatS,
  phase: z.enum(['bidding', 'play', 'over']),
  round: z.union([z.literal(1), z.literal(2)]),
  turn: SeatS.nullable(),
  retourne: CardS.optional(),
  bids: z.array(z.strictObject({ seat: SeatS, type: z.enum(['pass', 'take']), suit: SuitS.nullable(), round: z.union([z.literal(1), z.literal(2)]) })),
  auction: AuctionS.optional(),
  taker: SeatS.nullable(),
  trump: SuitS.nullable(),
  hand: z.array(CardS).nullable(),
  legal: z.array(CardS),
  handCounts: z.tuple([nat, nat, nat, nat]),
  trick: z.strictObject({ leader: SeatS, cards: z.array(CardS).max(4) }),
  lastTrick: TrickRecordS.nullable(),
  tricks: z.array(TrickRecordS).max(8),
  tricksWon: Pair,
  points: Pair,
  belote: z.strictObject({ seat: SeatS, calls: z.union([z.literal(1), z.literal(2)]) }).nullable(),
  declared: z.array(DeclarationS).nullable(),
  shown: z.strictObject({ team: TeamS.nullable(), combinations: z.array(SeatCombinationS) }).nullable(),
  result: DealSummaryS.nullable(),
});
const GameViewS = z.strictObject({
  viewer: z.union([SeatS, z.literal('spectator')]),
  rules: RulesS,
  totals: Pair,
  litigePot: nat,
  winner: TeamS.nullable(),
  history: z.array(DealSummaryS),
  deal: DealViewS.nullable(),
});

// §15.1
export const ChatStateS = z.strictObject({
  last: nat,
  spectatorChat: z.boolean(),
  mutedSeats: z.array(SeatS),
  mutedSpectators: z.array(TagS),
  tag: TagS.nullable(),
});
const NameS = z.string().min(1).max(24);
const ChatSenderS = z.union([
  z.strictObject({ role: z.literal('player'), seat: SeatS, name: NameS }),
  z.strictObject({ role: z.literal('spectator'), tag: TagS, name: NameS.nullable() }),
]);
const ChatTargetS = z.union([z.strictObject({ seat: SeatS }), z.strictObject({ spectator: TagS })]);
const entryBase = { id: int.min(1), at: z.number() };
export const ChatEntryS = z.discriminatedUnion('type', [
  z.strictObject({ ...entryBase, type: z.literal('line'), from: ChatSenderS, text: z.string().min(1) }),
  z.strictObject({ ...entryBase, type: z.literal('muted'), target: ChatTargetS, muted: z.boolean(), name: z.string().nullable() }),
  z.strictObject({ ...entryBase, type: z.literal('spectatorChat'), on: z.boolean() }),
]);
export const REACTION_IDS = ['wellPlayed', 'oops', 'thanksPartner', 'hello', 'clap', 'laugh', 'wow', 'thinking'] as const;
export const ReactionFrameS = z.strictObject({ from: ChatSenderS, reaction: z.enum(REACTION_IDS) });

// §5.1
const NextDealS = z.strictObject({ msLeft: nat, ready: z.tuple([z.boolean(), z.boolean(), z.boolean(), z.boolean()]) });
const TimersS = z.strictObject({ turnMsLeft: int.nullable(), nextDeal: NextDealS.nullable() });
export const SnapshotS = z.strictObject({
  seq: nat,
  version: nat,
  table: TableSummaryS,
  you: z.strictObject({ role: z.enum(['player', 'spectator']), seat: SeatS.nullable(), isHost: z.boolean() }),
  view: GameViewS.nullable(),
  timers: TimersS,
  chat: ChatStateS,
});

// §5.4
const ev = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.strictObject({ type: z.literal(type), ...shape });
export const StepEventS = z.discriminatedUnion('type', [
  ev('seated', { seat: SeatS, name: z.string(), bot: LevelS.nullable() }),
  ev('unseated', { seat: SeatS }),
  ev('gameStarted', { game: nat }),
  ev('dealCommitted', { deal: nat, hash: HashS }),
  ev('settingsChanged', { rules: RulesS, options: OptionsS }),
  ev('dealStarted', { dealer: SeatS, deal: nat, retourne: CardS.optional() }),
  ev('bid', { seat: SeatS, bid: z.enum(['pass', 'take']), suit: SuitS.nullable(), round: z.union([z.literal(1), z.literal(2)]) }),
  ev('trumpChosen', { taker: SeatS, trump: SuitS }),
  ev('call', { seat: SeatS, call: CallS }),
  ev('contractSet', { taker: SeatS, trump: SuitS, contract: BidValueS, coinche: MultS }),
  ev('redeal', { dealer: SeatS }),
  ev('announcementsDeclared', { declarations: z.array(DeclarationS) }),
  ev('cardPlayed', { seat: SeatS, card: CardS }),
  ev('belote', { seat: SeatS, card: CardS, call: z.enum(['belote', 'rebelote']) }),
  ev('announcementsShown', { team: TeamS.nullable(), combinations: z.array(SeatCombinationS) }),
  ev('trickWon', { winner: SeatS, leader: SeatS, cards: z.array(CardS).length(4), points: nat }),
  ev('dealScored', { result: DealSummaryS }),
  ev('gameOver', { winner: TeamS, totals: Pair }),
]);
export const StepS = z.strictObject({
  seq: int.min(1),
  version: nat,
  events: z.array(StepEventS).min(1),
  private: z.strictObject({ hand: z.array(CardS) }).optional(),
  timers: TimersS.optional(),
});

// §5.5
const PresenceSeatS = z.strictObject({ connected: z.boolean(), botPlaying: z.boolean() });
export const PresenceS = z.strictObject({
  seq: int.min(1),
  seats: z.tuple([PresenceSeatS, PresenceSeatS, PresenceSeatS, PresenceSeatS]),
  spectators: nat,
  turnMsLeft: int.nullable(),
  nextDeal: NextDealS.nullable(),
});

// §4, §12
export const ERROR_CODES = [
  'BAD_REQUEST', 'RATE_LIMITED', 'PROTOCOL_MISMATCH', 'NO_SUCH_TABLE', 'BAD_TOKEN', 'TOO_MANY_SOCKETS', 'ORIGIN_NOT_ALLOWED',
  'UNSUPPORTED_MEDIA_TYPE', 'NOT_SEATED', 'SEAT_TAKEN', 'ALREADY_SEATED', 'NOT_HOST', 'NOT_ENOUGH_PLAYERS', 'GAME_IN_PROGRESS',
  'GAME_NOT_STARTED', 'STALE_VERSION', 'WRITE_CONFLICT', 'NOT_FOUND', 'CHAT_OFF', 'CHAT_MUTED', 'CHAT_TOO_LONG', 'CHAT_TOO_FAST',
  'INTERNAL', 'NOT_YOUR_TURN', 'CARD_NOT_IN_HAND', 'ILLEGAL_CARD', 'ILLEGAL_BID', 'WRONG_PHASE', 'GAME_OVER', 'BAD_DECK', 'BAD_DEALER',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export const ErrorS = z.strictObject({ code: z.enum(ERROR_CODES), message: z.string().min(1) });
export const RefusalS = z.strictObject({ ok: z.literal(false), error: ErrorS });
export const HttpErrorS = z.strictObject({ error: ErrorS });
export const ConnectErrorDataS = z.strictObject({ code: z.enum(ERROR_CODES), message: z.string().min(1), serverVersion: z.literal(PROTOCOL).optional() });

/** Success acks, by event (§4 and §15.2). */
export const AckOkS = {
  sit: z.strictObject({ ok: z.literal(true), seat: SeatS, token: z.string().regex(/^[A-Za-z0-9_-]{32}$/) }),
  stand: z.strictObject({ ok: z.literal(true) }),
  addBot: z.strictObject({ ok: z.literal(true) }),
  removeBot: z.strictObject({ ok: z.literal(true) }),
  unseat: z.strictObject({ ok: z.literal(true) }),
  start: z.strictObject({ ok: z.literal(true) }),
  action: z.strictObject({ ok: z.literal(true), version: nat }),
  ready: z.strictObject({ ok: z.literal(true) }),
  rematch: z.strictObject({ ok: z.literal(true) }),
  settings: z.strictObject({ ok: z.literal(true) }),
  sync: z.strictObject({ ok: z.literal(true), snapshot: SnapshotS }),
  chat: z.strictObject({ ok: z.literal(true), id: int.min(1) }),
  react: z.strictObject({ ok: z.literal(true) }),
  chatHistory: z.strictObject({ ok: z.literal(true), entries: z.array(ChatEntryS).max(200), chat: ChatStateS }),
  chatMute: z.strictObject({ ok: z.literal(true) }),
  spectatorChat: z.strictObject({ ok: z.literal(true) }),
} as const;
export type EventName = keyof typeof AckOkS;

// §2
export const CreateTableResponseS = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/), url: z.string(), hostKey: z.string().min(1) });
export const HealthS = z.strictObject({ ok: z.literal(true), tables: nat, uptime: z.number().min(0) });

// §2 and docs/rules/RECORD.md / docs/rules/RECORD-COINCHE.md: a table's record (extra fields are allowed by docs/rules/RECORD.md).
const RecordActionS = z.union([
  z.strictObject({ seat: SeatS, type: z.literal('pass') }),
  z.strictObject({ seat: SeatS, type: z.literal('take'), suit: SuitS.optional() }),
  z.strictObject({ seat: SeatS, type: z.literal('bid'), value: BidValueS, suit: SuitS }),
  z.strictObject({ seat: SeatS, type: z.literal('coinche') }),
  z.strictObject({ seat: SeatS, type: z.literal('surcoinche') }),
  z.strictObject({ seat: SeatS, type: z.literal('play'), card: CardS }),
]);
export const RecordDealS = z.looseObject({
  dealer: SeatS,
  deck: z.array(CardS).length(32),
  actions: z.array(RecordActionS),
  commitment: HashS,
  salt: z.string().min(1),
});
export const RecordS = z.looseObject({
  format: z.literal('belote-record/1'),
  rules: z.looseObject({ variant: z.enum(['classic', 'coinche']).optional(), target: int.optional(), announcements: z.boolean().optional(), tie: z.enum(['litige', 'dedans']).optional() }),
  deals: z.array(RecordDealS),
  table: z.string(),
  game: nat,
  players: z.array(z.string().nullable()).length(4),
});
export type GameRecord = z.infer<typeof RecordS>;
export type RecordAction = z.infer<typeof RecordActionS>;

export type Card = z.infer<typeof CardS>;
export type Suit = z.infer<typeof SuitS>;
export type Seat = 0 | 1 | 2 | 3;
export type Snapshot = z.infer<typeof SnapshotS>;
export type GameView = z.infer<typeof GameViewS>;
export type DealView = z.infer<typeof DealViewS>;
export type Step = z.infer<typeof StepS>;
export type StepEvent = z.infer<typeof StepEventS>;
export type Presence = z.infer<typeof PresenceS>;
export type ChatEntry = z.infer<typeof ChatEntryS>;
export type ChatState = z.infer<typeof ChatStateS>;
export type ReactionFrame = z.infer<typeof ReactionFrameS>;
export type Call = z.infer<typeof CallS>;
export type BidValue = z.infer<typeof BidValueS>;
export type DealSummary = z.infer<typeof DealSummaryS>;
export type Ack = ({ ok: true } & Record<string, unknown>) | { ok: false; error: { code: ErrorCode; message: string } };
export type GameAction =
  | { type: 'pass' }
  | { type: 'play'; card: Card }
  | { type: 'take'; suit?: Suit }
  | { type: 'bid'; value: BidValue; suit: Suit }
  | { type: 'coinche' }
  | { type: 'surcoinche' };
