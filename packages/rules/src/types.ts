/**
 * The engine's public vocabulary: seats, settings, actions, results, errors, events.
 * Everything here is plain data (JSON-serialisable) so it can cross the wire unchanged.
 */
import type { Card, Rank, Suit } from './cards.js';

export type Seat = 0 | 1 | 2 | 3;
export type Team = 0 | 1;
export const SEATS: readonly Seat[] = [0, 1, 2, 3];

export const teamOf = (seat: Seat): Team => (seat & 1) as Team;
export const nextSeat = (seat: Seat): Seat => ((seat + 1) & 3) as Seat;
export const partnerOf = (seat: Seat): Seat => ((seat + 2) & 3) as Seat;

/** The game's rule set (docs/rules/COINCHE.md §1): classic Belote (docs/rules/RULES.md) or coinche (docs/rules/COINCHE.md). */
export const VARIANTS = ['classic', 'coinche'] as const;
export type Variant = (typeof VARIANTS)[number];

/** Classic targets (docs/rules/RULES.md §8), the default first. */
export const TARGETS = [1000, 501, 301, 1001] as const;
/** Coinche targets (docs/rules/COINCHE.md §1), the default first. */
export const COINCHE_TARGETS = [2000, 501, 1000, 1001, 3000] as const;
export type ClassicTarget = (typeof TARGETS)[number];
export type CoincheTarget = (typeof COINCHE_TARGETS)[number];
export type Target = ClassicTarget | CoincheTarget;

/**
 * Table settings (docs/rules/RULES.md, docs/rules/COINCHE.md §1). `variant` is present only for coinche: a classic
 * game's settings (and so its views and records) read exactly as before the variant existed.
 */
export interface Rules {
  variant?: Variant;
  target: Target;
  announcements: boolean;
  tie: 'litige' | 'dedans';
  direction: 'counterclockwise' | 'clockwise';
}

export const DEFAULT_RULES: Rules = Object.freeze({
  target: 1000,
  announcements: false,
  tie: 'litige',
  direction: 'counterclockwise',
});

/** The contract values of a coinche bid (docs/rules/COINCHE.md §3), lowest first. */
export const BID_VALUES = [80, 90, 100, 110, 120, 130, 140, 150, 160, 'capot'] as const;
export type BidValue = (typeof BID_VALUES)[number];
/** The coinche multiplier: 1, 2 after a coinche, 4 after a surcoinche. */
export type Multiplier = 1 | 2 | 4;

/** A call of the coinche auction (docs/rules/COINCHE.md §3), without the seat. */
export type Call =
  | { type: 'pass' }
  | { type: 'bid'; value: BidValue; suit: Suit }
  | { type: 'coinche' }
  | { type: 'surcoinche' };

/**
 * The only game actions a player makes. Classic: `pass`, `take` (without suit = round 1, with
 * suit = round 2), `play`. Coinche: `pass`, `bid`, `coinche`, `surcoinche`, `play`.
 */
export type Action =
  | { type: 'pass'; seat: Seat }
  | { type: 'take'; seat: Seat; suit?: Suit }
  | { type: 'bid'; seat: Seat; value: BidValue; suit: Suit }
  | { type: 'coinche'; seat: Seat }
  | { type: 'surcoinche'; seat: Seat }
  | { type: 'play'; seat: Seat; card: Card };

/**
 * A move as a player chooses it: an `Action` without its seat (the seat is whoever makes it —
 * the socket's own seat on the server). What clients send and what bots decide.
 */
export type Move =
  | { type: 'pass' }
  | { type: 'take'; suit?: Suit }
  | { type: 'bid'; value: BidValue; suit: Suit }
  | { type: 'coinche' }
  | { type: 'surcoinche' }
  | { type: 'play'; card: Card };

/** The action of `seat` making `move`. */
export function actionOf(move: Move, seat: Seat): Action {
  switch (move.type) {
    case 'pass':
      return { type: 'pass', seat };
    case 'take':
      return move.suit === undefined ? { type: 'take', seat } : { type: 'take', seat, suit: move.suit };
    case 'bid':
      return { type: 'bid', seat, value: move.value, suit: move.suit };
    case 'coinche':
    case 'surcoinche':
      return { type: move.type, seat };
    case 'play':
      return { type: 'play', seat, card: move.card };
    default:
      return assertNever(move);
  }
}

export const ERROR_CODES = [
  'NOT_YOUR_TURN',
  'CARD_NOT_IN_HAND',
  'ILLEGAL_CARD',
  'ILLEGAL_BID',
  'WRONG_PHASE',
  'BAD_DECK',
  'BAD_DEALER',
  'GAME_OVER',
] as const;
export type RuleErrorCode = (typeof ERROR_CODES)[number];

export interface RuleError {
  code: RuleErrorCode;
  message: string;
}

export type Outcome = 'made' | 'dedans' | 'litige' | 'redeal' | 'unfinished';

export interface TrickRecord {
  leader: Seat;
  cards: Card[];
  winner: Seat | null;
}

/**
 * One deal's result, field for field as `pnpm verify` prints it (docs/rules/RECORD.md). `contract` and
 * `coinche` are present in coinche games only (docs/rules/RECORD-COINCHE.md), right after `trump`.
 */
export interface DealResult {
  outcome: Outcome;
  capot: Team | null;
  taker: Seat | null;
  trump: Suit | null;
  /** Coinche: the final bid's value; null on a redeal and while the auction is not over. */
  contract?: BidValue | null;
  /** Coinche: the multiplier (1 on a redeal and while the auction is not over). */
  coinche?: Multiplier;
  tricks: TrickRecord[];
  points: [number, number];
  belote: [number, number];
  announcements: [number, number];
  written: [number, number];
  litigePot: number;
  totals: [number, number];
}

/**
 * One finished deal as the score sheet shows it: its `DealResult` without the tricks (the
 * game record keeps those). What views and `dealScored` events carry.
 */
export type DealSummary = Omit<DealResult, 'tricks'>;

/** The summary of a result (a fresh object; `tricks` left out). */
export function summaryOfResult(r: DealResult): DealSummary {
  const { tricks: _tricks, ...summary } = r;
  return summary;
}

export type CombinationKind = 'tierce' | 'quarte' | 'quinte' | 'carre';

/** A declared combination (docs/rules/RULES.md §6). */
export interface Combination {
  kind: CombinationKind;
  points: number;
  /** Cards in natural order (sequences) or rank order (carré). */
  cards: Card[];
  /** Suit of a sequence; null for a carré. */
  suit: Suit | null;
  /** Highest card of a sequence in natural order, or the carré's rank. */
  top: Rank;
  length: number;
}

export interface SeatCombination {
  seat: Seat;
  combination: Combination;
}

/**
 * Events an action causes. They only carry public information, so they may be sent to every
 * viewer unchanged, and with a seat's own cards they are enough to follow its view step by
 * step (`applyEvents` in fold.ts rebuilds exactly what `viewFor` shows). Classic deals emit
 * `bid` and `trumpChosen` during the bidding, coinche deals `call` and `contractSet` (and no
 * retourne).
 */
export type GameEvent =
  | { type: 'dealStarted'; dealer: Seat; deal: number; retourne?: Card }
  | { type: 'bid'; seat: Seat; bid: 'pass' | 'take'; suit: Suit | null; round: 1 | 2 }
  | { type: 'trumpChosen'; taker: Seat; trump: Suit }
  | { type: 'call'; seat: Seat; call: Call }
  | { type: 'contractSet'; taker: Seat; trump: Suit; contract: BidValue; coinche: Multiplier }
  | { type: 'redeal'; dealer: Seat }
  | { type: 'announcementsDeclared'; declarations: { seat: Seat; kinds: CombinationKind[] }[] }
  | { type: 'cardPlayed'; seat: Seat; card: Card }
  | { type: 'belote'; seat: Seat; card: Card; call: 'belote' | 'rebelote' }
  | { type: 'announcementsShown'; team: Team | null; combinations: SeatCombination[] }
  | { type: 'trickWon'; winner: Seat; leader: Seat; cards: Card[]; points: number }
  | { type: 'dealScored'; result: DealSummary }
  | { type: 'gameOver'; winner: Team; totals: [number, number] };

export type ApplyResult<S> =
  | { ok: true; state: S; events: GameEvent[] }
  | { ok: false; error: RuleError };

export function assertNever(x: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(x)}`);
}
