/**
 * What one seat knows about the hidden cards, derived only from its GameView: the cards
 * played in this deal, which cards each other seat cannot hold (voids revealed by not
 * following or not trumping, failed overtrumps, a king or queen of trump played without a
 * belote call) and which it must hold (classic: the retourne at the taker; the second belote
 * card, shown announcements). The heuristic uses it to count; the search samples from it.
 */
import {
  RANK_K,
  RANK_Q,
  SUITS,
  TRUMP_STRENGTH,
  bit,
  cardId,
  maskOf,
  rankOf,
  suitMask,
  suitOf,
  type CardId,
  type DealView,
  type GameView,
  type Seat,
  type SuitId,
} from '@belote/rules';
import { FULL_DECK, winningIndex } from './cards.js';

export interface PlayedCard {
  seat: Seat;
  card: CardId;
}

export interface Knowledge {
  seat: Seat;
  deal: DealView;
  /** Trump suit id, null while bidding. */
  trump: SuitId | null;
  taker: Seat | null;
  hand: number;
  /** Every card played this deal (completed tricks and the trick in progress). */
  played: number;
  /** Played cards in order, with who played them (completed tricks, then the current one). */
  plays: PlayedCard[];
  /** Cards of the current trick, in play order, and its leader. */
  trick: CardId[];
  leader: Seat;
  /** Cards not in the seat's hand and not played: held by someone else (or the talon). */
  unseen: number;
  /** Per seat: cards it certainly does not hold now. */
  cannotHold: [number, number, number, number];
  /** Per seat: cards it certainly holds now (disjoint from cannotHold). */
  mustHold: [number, number, number, number];
  handCounts: [number, number, number, number];
}

/** Trumps stronger than trump strength `above`, as a mask. */
export function trumpsAbove(trump: SuitId, above: number): number {
  let m = 0;
  for (let r = 0; r < 8; r++) if (TRUMP_STRENGTH[r]! > above) m |= bit(trump * 8 + r);
  return m;
}

function highestTrump(cards: readonly CardId[], trump: SuitId): number {
  let h = -1;
  for (const c of cards) if (suitOf(c) === trump) h = Math.max(h, TRUMP_STRENGTH[rankOf(c)]!);
  return h;
}

/**
 * Cards a seat cannot have held when it played `card` after `prefix` (play order): the
 * cards that would have made `card` illegal. Holdings only shrink, so this stays true.
 */
export function excludedBy(prefix: readonly CardId[], card: CardId, trump: SuitId): number {
  if (prefix.length === 0) return 0;
  const led = suitOf(prefix[0]!);
  const trumps = suitMask(trump);
  const s = suitOf(card);
  if (led === trump) {
    if (s !== trump) return trumps;
    const h = highestTrump(prefix, trump);
    return TRUMP_STRENGTH[rankOf(card)]! < h ? trumpsAbove(trump, h) : 0;
  }
  if (s === led) return 0;
  let out = suitMask(led);
  const n = prefix.length;
  const partnerWins = n >= 2 && winningIndex(prefix, trump) === n - 2;
  if (partnerWins) return out;
  if (s !== trump) return out | trumps;
  const top = highestTrump(prefix, trump);
  if (top >= 0 && TRUMP_STRENGTH[rankOf(card)]! < top) out |= trumpsAbove(trump, top);
  return out;
}

/** Every play of the deal so far, in order, with the prefix of its trick. */
export function playsOf(deal: DealView): { seat: Seat; card: CardId; prefix: CardId[] }[] {
  const out: { seat: Seat; card: CardId; prefix: CardId[] }[] = [];
  const tricks = [...deal.tricks, { leader: deal.trick.leader, cards: deal.trick.cards }];
  for (const t of tricks) {
    const ids = t.cards.map(cardId);
    ids.forEach((c, i) => out.push({ seat: ((t.leader + i) & 3) as Seat, card: c, prefix: ids.slice(0, i) }));
  }
  return out;
}

/** Derive the seat's knowledge from its view. Throws if the view has no deal or no hand. */
export function knowledgeOf(view: GameView): Knowledge {
  const deal = view.deal;
  if (!deal || deal.hand === null || view.viewer === 'spectator') throw new Error('knowledgeOf: not a seat view of a deal');
  const seat = view.viewer;
  const trump = deal.trump === null ? null : SUITS.indexOf(deal.trump);
  const hand = maskOf(deal.hand);
  const all = playsOf(deal);
  let played = 0;
  for (const p of all) played |= bit(p.card);
  const cannot: [number, number, number, number] = [0, 0, 0, 0];
  const must: [number, number, number, number] = [0, 0, 0, 0];
  // Coinche has no retourne: every card not the seat's own nor played is in another hand.
  const retourne = deal.retourne === undefined ? null : cardId(deal.retourne);
  if (trump !== null) {
    for (const p of all) cannot[p.seat] |= excludedBy(p.prefix, p.card, trump);
    // A king or queen of trump played without a belote call by that seat: it lacked the pair.
    const k = trump * 8 + RANK_K;
    const q = trump * 8 + RANK_Q;
    for (const p of all) {
      if (p.card !== k && p.card !== q) continue;
      const other = p.card === k ? q : k;
      if (deal.belote && deal.belote.seat === p.seat) must[p.seat] |= bit(other);
      else cannot[p.seat] |= bit(other);
    }
    if (deal.taker !== null && retourne !== null) must[deal.taker] |= bit(retourne);
  }
  for (const c of deal.shown?.combinations ?? []) must[c.seat] |= maskOf(c.combination.cards);
  const unseen = FULL_DECK & ~hand & ~played & ~(trump === null && retourne !== null ? bit(retourne) : 0);
  for (let s = 0; s < 4; s++) {
    if (s === seat) {
      must[s] = hand;
      cannot[s] = ~hand;
      continue;
    }
    must[s] = must[s]! & unseen;
    cannot[s] = (cannot[s]! | ~unseen) & ~must[s]!;
    // A card another seat must hold is out of everyone else's reach.
    for (let o = 0; o < 4; o++) if (o !== s && o !== seat) cannot[s] = cannot[s]! | (must[o]! & unseen & ~must[s]!);
  }
  return {
    seat,
    deal,
    trump,
    taker: deal.taker,
    hand,
    played,
    plays: all.map((p) => ({ seat: p.seat, card: p.card })),
    trick: deal.trick.cards.map(cardId),
    leader: deal.trick.leader,
    unseen,
    cannotHold: cannot,
    mustHold: must,
    handCounts: [...deal.handCounts],
  };
}

/**
 * What `seat` knows holding `hand` after the cards `played`, given what was public about each
 * other seat (`cannot`/`must`: voids shown, belote facts, the retourne): the model of another
 * player's view that the inference and the play-outs replay the heuristic on. Same rules as
 * `knowledgeOf`: a card another seat must hold is out of everyone else's reach.
 */
export function seatKnowledge(
  seat: Seat,
  hand: number,
  played: number,
  cannot: readonly number[],
  must: readonly number[],
  at: Pick<Knowledge, 'deal' | 'trump' | 'taker' | 'trick' | 'leader' | 'handCounts'>,
): Knowledge {
  const unseen = FULL_DECK & ~hand & ~played;
  const cannotHold = [0, 0, 0, 0] as Knowledge['cannotHold'];
  const mustHold = [0, 0, 0, 0] as Knowledge['mustHold'];
  for (let o = 0; o < 4; o++) {
    if (o === seat) {
      cannotHold[o] = ~hand;
      mustHold[o] = hand;
      continue;
    }
    mustHold[o] = must[o]! & unseen;
    cannotHold[o] = (cannot[o]! | ~unseen) & ~mustHold[o]!;
  }
  for (let o = 0; o < 4; o++) {
    if (o === seat) continue;
    for (let q = 0; q < 4; q++) if (q !== o && q !== seat) cannotHold[o] = cannotHold[o]! | (mustHold[q]! & ~mustHold[o]!);
  }
  return { ...at, seat, hand, played, plays: [], unseen, cannotHold, mustHold };
}
