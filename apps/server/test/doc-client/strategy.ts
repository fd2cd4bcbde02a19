/**
 * How the doc-client's seats decide, only from what their snapshot shows: the legal cards
 * (`deal.legal`), the legal calls (`deal.auction.legal`), their hand and the retourne. Scripted
 * by deal number so every kind of bidding is met: a redeal, a round-2 take, round-1 takes; in
 * coinche a plain contract, a coinche, a surcoinche and a capot bid.
 */
import { next, suitOf, SUITS } from './rules.js';
import type { BidValue, Card, DealView, GameAction, Seat, Snapshot, Suit } from './wire.js';

/** A small seeded generator (mulberry32) so card choices repeat for the same deals. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface StrategyOptions {
  /** Deal 0 of each game: everyone passes (a redeal). */
  redealFirst: boolean;
  random: () => number;
}

const longest = (hand: readonly Card[], not?: Suit): Suit =>
  [...SUITS].filter((s) => s !== not).sort((a, b) => hand.filter((c) => suitOf(c) === b).length - hand.filter((c) => suitOf(c) === a).length)[0]!;

/** The scripted deal number, counting from the first deal after the redeal when there is one. */
const script = (d: DealView, o: StrategyOptions) => (o.redealFirst ? d.number : d.number + 1);

function classicBid(d: DealView, seat: Seat, o: StrategyOptions): GameAction {
  const n = script(d, o);
  const hand = d.hand ?? [];
  const rs = suitOf(d.retourne!);
  if (n === 0) return { type: 'pass' };
  if (d.round === 1) {
    if (n === 1) return { type: 'pass' }; // everyone passes round 1: a round-2 take follows
    const strong = hand.some((c) => c === `J${rs}` || c === `9${rs}`);
    return strong || seat === d.dealer ? { type: 'take' } : { type: 'pass' };
  }
  return { type: 'take', suit: longest(hand, rs) };
}

function coincheCall(d: DealView, seat: Seat, o: StrategyOptions): GameAction {
  const a = d.auction!;
  const n = script(d, o);
  const suit = longest(d.hand ?? []);
  const calls = a.calls.length;
  const want = (x: GameAction): GameAction => {
    if (x.type === 'bid' && !a.legal.bids.includes(x.value)) return { type: 'pass' };
    if (x.type === 'coinche' && !a.legal.coinche) return { type: 'pass' };
    if (x.type === 'surcoinche' && !a.legal.surcoinche) return { type: 'pass' };
    return x;
  };
  const bid = (value: BidValue): GameAction => want({ type: 'bid', value, suit });
  if (n === 0) return { type: 'pass' };
  if (n === 1) return calls === 0 ? bid(80) : { type: 'pass' };
  // eldest 80, next 90, the eldest's partner coinches, then passes: ×2
  if (n === 2) return calls === 0 ? bid(80) : calls === 1 ? bid(90) : calls === 2 ? want({ type: 'coinche' }) : { type: 'pass' };
  // eldest 80, the next coinches, the eldest's partner surcoinches: ×4
  if (n === 3) return calls === 0 ? bid(80) : calls === 1 ? want({ type: 'coinche' }) : calls === 2 ? want({ type: 'surcoinche' }) : { type: 'pass' };
  if (n === 4) return calls === 0 ? bid('capot') : { type: 'pass' };
  return calls === 0 ? bid(80) : calls === 1 && seat === next(d.eldest) ? bid(100) : { type: 'pass' };
}

/** The move of the seat to act, from its own snapshot. */
export function decide(s: Snapshot, o: StrategyOptions): GameAction {
  const d = s.view!.deal!;
  const seat = s.you.seat as Seat;
  if (d.phase === 'play') {
    if (!d.legal.length) throw new Error(`seat ${seat} to play with no legal card`);
    return { type: 'play', card: d.legal[Math.floor(o.random() * d.legal.length)]! };
  }
  return d.auction ? coincheCall(d, seat, o) : classicBid(d, seat, o);
}
