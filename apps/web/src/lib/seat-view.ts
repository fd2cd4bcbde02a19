/**
 * What each seat shows besides its name, derived from the view: its bid in the current
 * bidding round (coinche: its latest call) and its announcement chips (the types during
 * trick 1, then the winning team's combinations once the rules reveal them).
 */
import { SUITS, type BidValue, type Seat, type Suit } from '@belote/rules';
import type { GameView } from '@belote/rules';
import { SUIT_SYMBOL, combinationKey, rankLetter, translate, type Lang } from './i18n.js';

type DealView = NonNullable<GameView['deal']>;

export type SeatBid = { type: 'pass' } | { type: 'take'; suit: Suit } | { type: 'bid'; value: BidValue; suit: Suit } | { type: 'coinche' } | { type: 'surcoinche' };

/** Each seat's latest bid of the round in progress (classic), or its latest call of the auction (coinche); bidding only. */
export function currentBids(deal: DealView | null): Partial<Record<Seat, SeatBid>> {
  const out: Partial<Record<Seat, SeatBid>> = {};
  if (!deal || deal.phase !== 'bidding') return out;
  if (deal.auction) {
    for (const { seat, call } of deal.auction.calls) out[seat] = call;
    return out;
  }
  for (const b of deal.bids) {
    if (b.round !== deal.round) continue;
    out[b.seat] = b.type === 'take' && b.suit ? { type: 'take', suit: b.suit } : { type: 'pass' };
  }
  return out;
}

/** Announcement chips of one seat. */
export function announcementChips(deal: DealView | null, seat: Seat, lang: Lang): string[] {
  if (!deal || deal.phase === 'bidding') return [];
  if (deal.shown) {
    return deal.shown.combinations
      .filter((c) => c.seat === seat)
      .map((c) => {
        const name = translate(lang, combinationKey(c.combination.kind));
        const suit = c.combination.suit ? SUIT_SYMBOL[c.combination.suit] : '';
        return `${name} ${rankLetter(lang, c.combination.top)}${suit}`;
      });
  }
  if (deal.declared && deal.tricks.length === 0) {
    const mine = deal.declared.find((d) => d.seat === seat);
    return (mine?.kinds ?? []).map((k) => translate(lang, combinationKey(k)));
  }
  return [];
}

/** The three suits a round-2 taker may name (all but the retourne's). */
export function round2Suits(retourne: string): Suit[] {
  const turned = retourne.slice(-1);
  return SUITS.filter((s) => s !== turned);
}
