/**
 * Inference: what the other seats' actions say about their hands, as a likelihood of a sampled
 * deal. The model of another player is the normal bot's own decision rules (the policy the
 * sampler can replay cheaply): for each action a seat took, the sampled deal's hand for that seat
 * is asked what the normal bot would have done in its place, from what that seat could see then.
 *
 * - **Bids** (classic): each other seat's pass or take, replayed on the five cards it held then
 *   with the normal bot's bidding and with the club rule of thumb (`bidAgreement`); the
 *   partner's bids count as the square root of that (softer, like his cards). A sampled start hand has eight cards; which
 *   five came first is unknown (uniform given the hand), so one split is drawn per evaluation —
 *   an unbiased estimate of the likelihood, which is all that importance resampling needs.
 *   Coinche: every call compared with the heuristic's in its place (coinche-prior.ts).
 * - **Cards**: each card another seat played with a choice (two legal cards or more), replayed
 *   with the heuristic card player (`heuristicPlay`) on the knowledge that seat had then (its
 *   sampled holding, the cards played before, the voids shown before). A card equivalent to the
 *   heuristic's (same suit and points, nothing between them held by others) counts as the same.
 *
 * An action the model agrees with counts 1, another one `EPS_*` (the model is a guess at how the
 * others play: the partner and humans deviate from it, so the evidence is soft). The likelihood
 * is the product. The sampler (sampler.ts) draws candidate deals that satisfy every hard
 * constraint (cards seen, voids shown, announcements) and picks one in proportion to this
 * likelihood (sampling–importance–resampling): no deal that contradicts a seen card or a shown
 * void can ever get weight, since none is drawn.
 */
import { RANK_K, RANK_Q, bit, cardId, legalMask, popcount, suitOf, type CardId, type DealView, type Seat, type SuitId } from '@belote/rules';
import { classicBid, ruleOfThumbBid, type BidChoice } from '../heuristic/bid.js';
import { placeOf } from '../heuristic/take-value.js';
import { heuristicPlay } from '../heuristic/play.js';
import { points, suitStrength } from '../cards.js';
import { excludedBy, seatKnowledge, type Knowledge } from '../knowledge.js';
import { auctionContexts, contextLikelihood, type CallContext } from './coinche-prior.js';

/** Weight of an opponent's card the heuristic would not have played. */
export const EPS_PLAY_OPPONENT = 0.2;
/** Weight of the partner's card the heuristic would not have played (the partner may be a strong bot or a human). */
export const EPS_PLAY_PARTNER = 0.5;
/** Weight of a classic bid neither the normal bot nor the rule of thumb would have made with that hand. */
export const EPS_BID = 0.15;

/** One card another seat played with a choice, and what that seat knew just before. */
interface PlaySnap {
  seat: Seat;
  card: CardId;
  /** The trick so far (play order) and its leader. */
  prefix: CardId[];
  leader: Seat;
  /** Cards the seat played from this card on (its holding then = its current hand | these). */
  later: number;
  playedBefore: number;
  /** Per seat: what was public then (cards it could not / must hold), and hand sizes. */
  cannot: number[];
  must: number[];
  handCounts: [number, number, number, number];
  deal: DealView;
  eps: number;
  /** Whether the model agrees with the card, by the seat's holding then (its only unknown): many sampled deals share one. */
  memo: Map<number, boolean>;
}

interface BidSnap {
  seat: Seat;
  round: 1 | 2;
  place: number;
  /** The bid made: null for a pass, else the trump named. */
  took: SuitId | null;
  /** The seat received the retourne (the taker): its first five cards are among the other seven. */
  taker: boolean;
  /** The seat is the partner's (a strong bot or a human may bid unlike the model: softer evidence). */
  partner: boolean;
}

export interface Evidence {
  plays: PlaySnap[];
  bids: BidSnap[];
  retourne: CardId | null;
  contexts: CallContext[];
  trump: SuitId;
  taker: Seat;
}

/** What the seat has seen, prepared once per decision (the per-deal work is in `likelihood`). */
export function evidenceOf(k: Knowledge): Evidence | null {
  if (k.trump === null || k.taker === null) return null;
  const deal = k.deal;
  const trump = k.trump;
  const retourne = deal.retourne === undefined ? null : cardId(deal.retourne);
  const bids: BidSnap[] = [];
  for (const b of deal.bids) {
    if (b.seat === k.seat) continue;
    bids.push({ seat: b.seat, round: b.round, place: placeOf(b.seat, deal.dealer), took: b.type === 'take' ? suitIndex(b.suit!) : null, taker: b.seat === k.taker, partner: b.seat === ((k.seat + 2) & 3) });
  }
  const contexts = deal.auction ? auctionContexts(deal.auction.calls, deal.eldest, k.seat) : [];
  // Every play in order with its trick's prefix and the number of tricks done before it.
  const all: { seat: Seat; card: CardId; prefix: CardId[]; leader: Seat; trick: number }[] = [];
  const tricks = [...deal.tricks, { leader: deal.trick.leader, cards: deal.trick.cards }];
  tricks.forEach((t, ti) => {
    const ids = t.cards.map(cardId);
    ids.forEach((c, i) => all.push({ seat: ((t.leader + i) & 3) as Seat, card: c, prefix: ids.slice(0, i), leader: t.leader, trick: ti }));
  });
  const plays: PlaySnap[] = [];
  const cannot = [0, 0, 0, 0];
  const must = [0, 0, 0, 0];
  if (retourne !== null) must[k.taker] = bit(retourne);
  const counts: [number, number, number, number] = [8, 8, 8, 8];
  let played = 0;
  const partner = (k.seat + 2) & 3;
  for (let i = 0; i < all.length; i++) {
    const p = all[i]!;
    if (p.seat !== k.seat) {
      let later = 0;
      for (let j = i; j < all.length; j++) if (all[j]!.seat === p.seat) later |= bit(all[j]!.card);
      plays.push({
        seat: p.seat,
        card: p.card,
        prefix: p.prefix,
        leader: p.leader,
        later,
        playedBefore: played,
        cannot: cannot.slice(),
        must: must.map((m) => m & ~played),
        handCounts: [...counts],
        deal: { ...deal, tricks: deal.tricks.slice(0, p.trick) },
        eps: p.seat === partner ? EPS_PLAY_PARTNER : EPS_PLAY_OPPONENT,
        memo: new Map(),
      });
    }
    cannot[p.seat] = cannot[p.seat]! | excludedBy(p.prefix, p.card, trump);
    if (p.card === trump * 8 + RANK_K || p.card === trump * 8 + RANK_Q) {
      const other = p.card === trump * 8 + RANK_K ? trump * 8 + RANK_Q : trump * 8 + RANK_K;
      if (deal.belote && deal.belote.seat === p.seat) must[p.seat] = must[p.seat]! | bit(other);
      else cannot[p.seat] = cannot[p.seat]! | bit(other);
    }
    played |= bit(p.card);
    counts[p.seat]--;
  }
  return { plays, bids, retourne, contexts, trump, taker: k.taker };
}

const suitIndex = (s: string): SuitId => 'SHDC'.indexOf(s) as SuitId;

/** A uniformly drawn subset of `n` cards of `mask`. */
function drawSubset(mask: number, n: number, rng: () => number): number {
  let out = 0;
  let left = popcount(mask);
  for (let m = mask; m !== 0 && n > 0; m &= m - 1) {
    if (rng() * left < n) {
      out |= m & -m;
      n--;
    }
    left--;
  }
  return out;
}

/** Likelihood of the classic bids given the sampled start hands (one random split per seat). */
function bidsLikelihood(ev: Evidence, start: readonly number[], rng: () => number): number {
  let p = 1;
  const five: (number | null)[] = [null, null, null, null];
  for (const b of ev.bids) {
    let h = five[b.seat];
    if (h === null || h === undefined) {
      const pool = start[b.seat]! & ~(b.taker && ev.retourne !== null ? bit(ev.retourne) : 0);
      h = five[b.seat] = drawSubset(pool, 5, rng);
    }
    const a = bidAgreement(b.round, b.place, h, ev.retourne!, b.took);
    p *= b.partner ? Math.sqrt(a) : a;
  }
  return p;
}

/** The trump a classic bid names (null for a pass). */
const trumpOf = (bid: BidChoice, retourne: CardId): SuitId | null => (bid.type === 'pass' ? null : bid.suit === undefined ? suitOf(retourne) : suitIndex(bid.suit));

/**
 * How well a classic bid (`took`: the trump named, null for a pass) fits the seat at `place`
 * holding `five` in round `round`: the model of the other players is an even mixture of the
 * normal bot's bidding (by expected value) and the club rule of thumb it replaced (jack or nine
 * with support, the easy bot's rule without its looseness), many players' rule. 1 when both
 * agree with the bid, 1/2 when one does, `EPS_BID` when neither.
 */
export function bidAgreement(round: 1 | 2, place: number, five: number, retourne: CardId, took: SuitId | null): number {
  const byValue = trumpOf(classicBid(round, place, five, retourne), retourne) === took;
  const byRule = trumpOf(ruleOfThumbBid(round, five | bit(retourne), retourne), retourne) === took;
  return byValue && byRule ? 1 : byValue || byRule ? 0.5 : EPS_BID;
}

/** The heuristic's card `h` and the card played `c` are interchangeable for a seat holding `holding`. */
function sameChoice(h: CardId, c: CardId, holding: number, played: number, trump: SuitId): boolean {
  if (h === c) return true;
  if (suitOf(h) !== suitOf(c) || points(h, trump) !== points(c, trump)) return false;
  const lo = Math.min(suitStrength(h, trump), suitStrength(c, trump));
  const hi = Math.max(suitStrength(h, trump), suitStrength(c, trump));
  const s = suitOf(c);
  for (let r = 0; r < 8; r++) {
    const e = s * 8 + r;
    const st = suitStrength(e, trump);
    if (st > lo && st < hi && ((holding | played) & bit(e)) === 0) return false;
  }
  return true;
}

/** Likelihood of the cards the other seats played, given the sampled current hands. */
export function playsLikelihood(ev: Evidence, hands: readonly number[]): number {
  let p = 1;
  const trump = ev.trump;
  for (const s of ev.plays) {
    const holding = hands[s.seat]! | s.later;
    let agrees = s.memo.get(holding);
    if (agrees === undefined) s.memo.set(holding, (agrees = modelAgrees(s, holding, trump, ev.taker)));
    if (!agrees) p *= s.eps;
  }
  return p;
}

/** Would the heuristic, holding `holding` with what the seat of `s` knew then, have played its card (or an equivalent)? */
function modelAgrees(s: PlaySnap, holding: number, trump: SuitId, taker: Seat): boolean {
  const legal = legalMask(holding, s.prefix, trump);
  if ((legal & (legal - 1)) === 0) return true;
  const k = seatKnowledge(s.seat, holding, s.playedBefore, s.cannot, s.must, { deal: s.deal, trump, taker, trick: s.prefix, leader: s.leader, handCounts: s.handCounts });
  return sameChoice(heuristicPlay(k, legal), s.card, holding, s.playedBefore, trump);
}

/**
 * Relative likelihood (0..1] of the sampled current `hands` given the other seats' bids (or
 * calls) and cards; `start` are the hands as dealt (current + played). `rng` draws the classic
 * five-card splits.
 */
export function likelihood(ev: Evidence, hands: readonly number[], start: readonly number[], rng: () => number): number {
  const bids = ev.contexts.length > 0 ? contextLikelihood(ev.contexts, start) : ev.retourne !== null ? bidsLikelihood(ev, start, rng) : 1;
  return bids * playsLikelihood(ev, hands);
}
