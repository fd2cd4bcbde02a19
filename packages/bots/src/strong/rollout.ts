/**
 * Policy rollouts: a sampled deal played to its end with the heuristic card player in every
 * seat, each seat deciding only from what it could know (its own hand, the cards played, the
 * voids and belote facts shown) — unlike the double-dummy solver, whose players see every hand.
 * The strong bot's card play adds these to the solver's values (pimc.ts): a card that only pays if
 * the players after it guess right is worth less than double-dummy says.
 */
import { RANK_K, RANK_Q, bit, cardId, legalMask, teamOf, type CardId, type DealView, type Seat, type SuitId, type Team } from '@belote/rules';
import { points, winningIndex } from '../cards.js';
import { heuristicPlay } from '../heuristic/play.js';
import { excludedBy, seatKnowledge, type Knowledge } from '../knowledge.js';

/** What every seat knows of the others at the decision (public facts only), prepared once per decision. */
export interface PublicFacts {
  trump: SuitId;
  taker: Seat;
  /** Per seat: cards it is known not to hold / to hold, from the plays and announcements so far. */
  cannot: number[];
  must: number[];
  /** The belote holder, when called. */
  beloteSeat: Seat | null;
  /** Views of the deal with 0..8 tricks done (the heuristic reads only how many). */
  dealAt: DealView[];
}

/** The public facts of a decision: what `k`'s own hand does not add. */
export function publicFacts(k: Knowledge): PublicFacts {
  const trump = k.trump!;
  const cannot = [0, 0, 0, 0];
  const must = [0, 0, 0, 0];
  const deal = k.deal;
  const retourne = deal.retourne === undefined ? null : cardId(deal.retourne);
  const beloteSeat = deal.belote ? deal.belote.seat : null;
  // k.plays is trick by trick: every fourth card starts a trick.
  let prefix: CardId[] = [];
  k.plays.forEach((p, i) => {
    if (i % 4 === 0) prefix = [];
    cannot[p.seat] = cannot[p.seat]! | excludedKQ(p.seat, p.card, trump, beloteSeat) | excludedBy(prefix, p.card, trump);
    if (beloteSeat === p.seat && (p.card === trump * 8 + RANK_K || p.card === trump * 8 + RANK_Q)) must[p.seat] = must[p.seat]! | bit(p.card === trump * 8 + RANK_K ? trump * 8 + RANK_Q : trump * 8 + RANK_K);
    prefix.push(p.card);
  });
  if (retourne !== null) must[k.taker!] = must[k.taker!]! | bit(retourne);
  for (const c of deal.shown?.combinations ?? []) for (const card of c.combination.cards) must[c.seat] = must[c.seat]! | bit(cardId(card));
  const dealAt: DealView[] = [];
  for (let t = 0; t <= 8; t++) dealAt.push({ ...deal, tricks: deal.tricks.length === t ? deal.tricks : (new Array(t).fill(deal.tricks[0] ?? null) as DealView['tricks']) });
  return { trump, taker: k.taker!, cannot, must, beloteSeat, dealAt };
}

/** A king or queen of trump played without a belote call: that seat lacked the other. */
function excludedKQ(seat: Seat, card: CardId, trump: SuitId, beloteSeat: Seat | null): number {
  const k = trump * 8 + RANK_K;
  const q = trump * 8 + RANK_Q;
  if ((card !== k && card !== q) || beloteSeat === seat) return 0;
  return bit(card === k ? q : k);
}

/** The heuristic's card for `seat` holding `hand`, from the public facts and the cards played. */
function decide(f: PublicFacts, seat: Seat, hand: number, played: number, trick: CardId[], leader: Seat, counts: [number, number, number, number], tricksDone: number, cannot: number[], must: number[]): CardId {
  const legal = legalMask(hand, trick, f.trump);
  if ((legal & (legal - 1)) === 0) return 31 - Math.clz32(legal);
  const k = seatKnowledge(seat, hand, played, cannot, must, { deal: f.dealAt[tricksDone]!, trump: f.trump, taker: f.taker, trick, leader, handCounts: counts });
  return heuristicPlay(k, legal);
}

/**
 * Card points `team` ends the deal with when `first` is played now by `k.seat` and the sampled
 * `hands` are played out by heuristic players; `CAPOT_FOR`-style capot marking is left to the
 * caller through the returned trick counts.
 */
export function rolloutPoints(k: Knowledge, f: PublicFacts, hands: readonly number[], first: CardId, team: Team): { points: number; tricks: number; otherTricks: number } {
  const h = hands.slice();
  const cannot = f.cannot.slice();
  const must = f.must.slice();
  const counts = k.handCounts.slice() as [number, number, number, number];
  let played = k.played;
  let trick = k.trick.slice();
  let leader = k.leader;
  let tricksDone = k.deal.tricks.length;
  let pts = 0;
  let tricks = 0;
  let otherTricks = 0;
  let seat = ((leader + trick.length) & 3) as Seat;
  let card = first;
  for (;;) {
    cannot[seat] = cannot[seat]! | excludedBy(trick, card, f.trump) | excludedKQ(seat, card, f.trump, f.beloteSeat);
    h[seat] = h[seat]! & ~bit(card);
    counts[seat]--;
    played |= bit(card);
    trick.push(card);
    if (trick.length === 4) {
      const winner = ((leader + winningIndex(trick, f.trump)) & 3) as Seat;
      tricksDone++;
      let p = 0;
      for (const c of trick) p += points(c, f.trump);
      if (tricksDone === 8) p += 10;
      if (teamOf(winner) === team) {
        pts += p;
        tricks++;
      } else otherTricks++;
      if (tricksDone === 8) break;
      trick = [];
      leader = winner;
      seat = winner;
    } else seat = ((seat + 1) & 3) as Seat;
    card = decide(f, seat, h[seat]!, played, trick, leader, counts, tricksDone, cannot, must);
  }
  return { points: pts, tricks, otherTricks };
}
