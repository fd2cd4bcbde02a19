/**
 * Heuristic classic bidding. The normal level takes when taking is worth more than passing in
 * expectation (take-value.ts: a model fitted on simulated deals), in round 2 in the suit where it
 * is worth most. The easy level keeps the club rule of thumb (the normal level's before issue 23),
 * loosened: take with the jack or the nine of the proposed trump plus one or two more trumps and
 * an outside ace; in round 2 pick the best suit the same way.
 */
import {
  RANK_9,
  RANK_J,
  RANK_K,
  RANK_Q,
  SUITS,
  bit,
  cardId,
  maskOf,
  suitMask,
  suitOf,
  popcount,
  type Card,
  type CardId,
  type DealView,
  type Seat,
  type Suit,
  type SuitId,
} from '@belote/rules';
import { placeOf, takeValue } from './take-value.js';

const RANK_A = 7;
const RANK_10 = 3;

export interface HandEstimate {
  trumps: number;
  jack: boolean;
  nine: boolean;
  sideAces: number;
  /** Rough strength on a 0..~12 scale: trump honours, side aces, guarded tens, belote. */
  score: number;
}

const TRUMP_VALUE = [0.8, 0.8, 2.6, 1.4, 3.2, 1, 1, 1.7]; // by rank index 7 8 9 10 J Q K A

/** Estimate a hand (a mask of the cards the taker would hold) with `trump` as trump. */
export function estimateHand(hand: number, trump: SuitId): HandEstimate {
  const t = hand & suitMask(trump);
  let score = 0;
  for (let r = 0; r < 8; r++) if (t & bit(trump * 8 + r)) score += TRUMP_VALUE[r]!;
  let sideAces = 0;
  for (let s = 0; s < 4; s++) {
    if (s === trump) continue;
    const ace = (hand & bit(s * 8 + RANK_A)) !== 0;
    const ten = (hand & bit(s * 8 + RANK_10)) !== 0;
    if (ace) {
      sideAces++;
      score += 1.3;
      if (ten) score += 0.7;
    } else if (ten && popcount(hand & suitMask(s)) >= 2) score += 0.3;
    if ((hand & suitMask(s)) === 0) score += 0.4; // a void lets the trumps ruff
  }
  if ((t & bit(trump * 8 + RANK_K)) && (t & bit(trump * 8 + RANK_Q))) score += 1;
  return {
    trumps: popcount(t),
    jack: (t & bit(trump * 8 + RANK_J)) !== 0,
    nine: (t & bit(trump * 8 + RANK_9)) !== 0,
    sideAces,
    score,
  };
}

/** The rule of thumb, with a looseness knob (`easy` bids on weaker hands). */
export function worthTaking(e: HandEstimate, loose = false): boolean {
  const honour = e.jack || e.nine;
  if (!honour) return loose && e.trumps >= 4;
  if (e.jack && e.nine && e.trumps >= 3) return true;
  if (e.trumps >= 4) return true;
  if (e.trumps >= 3 && (e.sideAces >= 1 || e.jack)) return e.score >= (loose ? 5 : 6);
  return loose && e.trumps >= 2 && e.jack && e.sideAces >= 2;
}

export type BidChoice = { type: 'pass' } | { type: 'take'; suit?: Suit };

/**
 * Bid for the seat holding `hand` (its five cards) in `deal`'s current bidding round. The normal
 * level takes when taking is worth more than passing in expectation (take-value.ts), in round 2
 * in the suit where it is worth most; `loose` (the easy level) keeps the rule of thumb, bidding
 * on weaker hands.
 */
export function heuristicBid(deal: DealView, hand: readonly Card[], loose = false): BidChoice {
  const retourne = cardId(deal.retourne!); // classic deals always have one
  return classicBid(deal.round, placeOf(deal.turn as Seat, deal.dealer), maskOf(hand), retourne, loose);
}

/**
 * The same from masks: the seat at `place` after the dealer (0 = eldest) holding `hand` (five
 * cards) in round `round` with the retourne `retourne` (the strong bot's model of other seats).
 */
export function classicBid(round: 1 | 2, place: number, hand: number, retourne: CardId, loose = false): BidChoice {
  const mine = hand | bit(retourne);
  if (loose) return ruleOfThumbBid(round, mine, retourne, true);
  if (round === 1) return takeValue(mine, suitOf(retourne), 1, place) > TAKE_MARGIN ? { type: 'take' } : { type: 'pass' };
  let best: { suit: SuitId; value: number } | null = null;
  for (let s = 0; s < 4; s++) {
    if (s === suitOf(retourne)) continue;
    const value = takeValue(mine, s, 2, place);
    if (value > TAKE_MARGIN && (!best || value > best.value)) best = { suit: s, value };
  }
  return best ? { type: 'take', suit: SUITS[best.suit]! } : { type: 'pass' };
}

/** The gain (points per deal) a take must promise over passing. */
export const TAKE_MARGIN = 0;

/** The club rule of thumb (jack or nine with support): the easy level's bidding, and the normal one's before issue 23. */
export function ruleOfThumbBid(round: 1 | 2, mine: number, retourne: CardId, loose = false): BidChoice {
  if (round === 1) {
    return worthTaking(estimateHand(mine, suitOf(retourne)), loose) ? { type: 'take' } : { type: 'pass' };
  }
  let best: { suit: SuitId; score: number } | null = null;
  for (let s = 0; s < 4; s++) {
    if (s === suitOf(retourne)) continue;
    const e = estimateHand(mine, s);
    if (!worthTaking(e, loose)) continue;
    if (!best || e.score > best.score) best = { suit: s, score: e.score };
  }
  return best ? { type: 'take', suit: SUITS[best.suit]! } : { type: 'pass' };
}
