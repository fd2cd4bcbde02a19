/**
 * Heuristic coinche calls (docs/rules/COINCHE.md §3) from the point count of coinche-count.ts:
 *
 * - **Team estimate** for a trump suit: alone, 55 + 0.93 × own count (an unknown partner's
 *   average share is in the 55); once the partner has bid that suit, 4 + 1.31 × (own count +
 *   the partner's, read back from his bid as value − 40), or his bid + 15 when it raised ours
 *   (it already counts both hands); a partner who only passed counts 20. 10 less when an
 *   opponent bid another suit. (Both fits come from simulated deals.)
 * - **Bid** the suit with the best estimate at the highest ten ≤ estimate − 15 (a safety margin:
 *   a failed contract costs 160 + the contract), if that is a legal bid (≥ 80, above the current
 *   one). Over the partner's contract the bot raises his suit and only switches suit on a clearly
 *   better one (20 more). Capot with the jack, nine and ace of trump, six trumps or more and
 *   nothing but aces outside.
 * - **Coinche** an opposing contract when the defence clearly holds more: own defence count
 *   (coinche-count.ts) ≥ 45, less 10 when the partner bid another suit.
 * - **Surcoinche** when the team estimate still beats the contract by 40 after the coinche.
 *
 * The margin 15 and the coinche threshold 45 are the best of those tried in duplicate matches
 * of the heuristic against itself (margins 5–25, thresholds 40–55). `loose` (the easy level's
 * deliberate mistakes) bids with a margin of 8, coinches from 38 and never surcoinches.
 */
import {
  RANK_9,
  RANK_J,
  SUITS,
  bit,
  popcount,
  partnerOf,
  suitMask,
  teamOf,
  type BidValue,
  type Call,
  type Contract,
  type LegalCalls,
  type Seat,
  type SeatCall,
  type SuitId,
} from '@belote/rules';
import { defenceCount, takerCount } from './coinche-count.js';

const RANK_A = 7;

/** What a seat sees of the auction (a view's AuctionView or the engine's AuctionState). */
export interface AuctionInfo {
  calls: readonly SeatCall[];
  contract: Contract | null;
  coinchedBy: Seat | null;
  legal: LegalCalls;
}

export interface CallOptions {
  /** The easy level: a thin safety margin, eager coinches, no surcoinche. */
  loose?: boolean;
  /** Overrides of the safety margin and the coinche threshold (tuning, tests). */
  margin?: number;
  coincheAt?: number;
}

/**
 * What the partner showed per suit: his highest bid in it, and whether that bid raised one of
 * ours in the same suit (then it already counts both hands).
 */
function partnerBids(calls: readonly SeatCall[], seat: Seat): { bySuit: ({ value: number; raise: boolean } | null)[]; spoke: boolean } {
  const partner = partnerOf(seat);
  const bySuit: ({ value: number; raise: boolean } | null)[] = [null, null, null, null];
  const mineBid = [false, false, false, false];
  let spoke = false;
  for (const c of calls) {
    if (c.call.type === 'bid' && c.seat === seat) mineBid[SUITS.indexOf(c.call.suit)] = true;
    if (c.seat !== partner) continue;
    spoke = true;
    if (c.call.type !== 'bid') continue;
    const s = SUITS.indexOf(c.call.suit);
    bySuit[s] = { value: c.call.value === 'capot' ? 250 : c.call.value, raise: mineBid[s]! };
  }
  return { bySuit, spoke };
}

/** The team's estimated total (card points + belote) with `trump`, from this seat's point of view. */
export function teamEstimate(seat: Seat, hand: number, calls: readonly SeatCall[], trump: SuitId): number {
  const own = takerCount(hand, trump);
  const p = partnerBids(calls, seat);
  const shown = p.bySuit[trump];
  let est: number;
  // A raise of our own bid: the partner's bid is already the team's estimate (less his margin).
  if (shown?.raise) est = shown.value + 15;
  else if (shown) est = 4 + 1.31 * (own + Math.max(0, shown.value - 40));
  else if (p.spoke && p.bySuit.every((v) => v === null)) est = 4 + 1.31 * (own + 20);
  else est = 55 + 0.93 * own;
  const oppBidOther = calls.some((c) => teamOf(c.seat) !== teamOf(seat) && c.call.type === 'bid' && SUITS.indexOf(c.call.suit) !== trump);
  return oppBidOther ? est - 10 : est;
}

/** A near-sure capot: jack, nine and ace of trump, six trumps or more, only aces outside. */
function capotHand(hand: number, trump: SuitId): boolean {
  const t = hand & suitMask(trump);
  const top = bit(trump * 8 + RANK_J) | bit(trump * 8 + RANK_9) | bit(trump * 8 + RANK_A);
  if ((t & top) !== top || popcount(t) < 6) return false;
  for (let s = 0; s < 4; s++) if (s !== trump && (hand & suitMask(s) & ~bit(s * 8 + RANK_A)) !== 0) return false;
  return true;
}

/** The highest legal bid value ≤ `points` (null when none). */
function bidAtMost(legal: LegalCalls, points: number): BidValue | null {
  let best: BidValue | null = null;
  for (const v of legal.bids) if (v !== 'capot' && v <= points) best = v;
  return best;
}

/** The heuristic's call for `seat` holding `hand` (a mask) in the auction `a`; always legal. */
export function heuristicCall(seat: Seat, hand: number, a: AuctionInfo, opts: CallOptions = {}): Call {
  const margin = opts.margin ?? (opts.loose ? 8 : 15);
  const high = a.contract;
  const ours = high !== null && teamOf(high.bidder) === teamOf(seat);
  // After a coinche: the bidding side may surcoinche, the others pass.
  if (a.coinchedBy !== null) {
    if (a.legal.surcoinche && !opts.loose && high) {
      const est = teamEstimate(seat, hand, a.calls, SUITS.indexOf(high.suit)) - 20;
      if (est >= (high.value === 'capot' ? 250 : high.value) + 40) return { type: 'surcoinche' };
    }
    return { type: 'pass' };
  }
  // Our best suit and what we could bid in it.
  let best: { suit: SuitId; est: number } | null = null;
  for (let s = 0; s < 4; s++) {
    const est = teamEstimate(seat, hand, a.calls, s);
    if (!best || est > best.est) best = { suit: s, est };
  }
  const b = best!;
  if (a.legal.bids.includes('capot') && capotHand(hand, b.suit) && !(ours && high?.value === 'capot'))
    return { type: 'bid', value: 'capot', suit: SUITS[b.suit]! };
  if (ours && high) {
    // Raise the partner's suit, or switch only on a clearly better suit.
    const mine = SUITS.indexOf(high.suit);
    const raise = bidAtMost(a.legal, teamEstimate(seat, hand, a.calls, mine) - margin);
    const other = b.suit !== mine && b.est >= teamEstimate(seat, hand, a.calls, mine) + 20 ? bidAtMost(a.legal, b.est - margin) : null;
    if (other !== null) return { type: 'bid', value: other, suit: SUITS[b.suit]! };
    if (raise !== null && high.bidder !== seat) return { type: 'bid', value: raise, suit: high.suit };
    return { type: 'pass' };
  }
  const value = bidAtMost(a.legal, b.est - margin);
  if (value !== null) return { type: 'bid', value, suit: SUITS[b.suit]! };
  if (a.legal.coinche && high) {
    const trump = SUITS.indexOf(high.suit);
    const p = partnerBids(a.calls, seat);
    const partnerElsewhere = p.bySuit.some((v, s) => v !== null && s !== trump);
    if (defenceCount(hand, trump) >= (opts.coincheAt ?? (opts.loose ? 38 : 45)) - (partnerElsewhere ? 10 : 0)) return { type: 'coinche' };
  }
  return { type: 'pass' };
}
