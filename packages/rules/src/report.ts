/**
 * A deal as `pnpm verify` reports it (docs/rules/RECORD.md, docs/rules/RECORD-COINCHE.md): the scored result of a
 * finished deal, or the `unfinished` shape for the last deal of a record or the one holding
 * an error.
 */
import { SUITS, cardOf } from './cards.js';
import type { DealState, GameState } from './state.js';
import type { BidValue, DealResult, Multiplier, TrickRecord } from './types.js';

/**
 * docs/rules/RECORD-COINCHE.md's `contract` and `coinche` of a coinche deal: the final bid and the
 * multiplier once the auction is over, else null and 1. Nothing for a classic deal.
 */
export function contractFields(deal: DealState): { contract?: BidValue | null; coinche?: Multiplier } {
  if (!deal.auction) return {};
  const over = deal.auction.end === 'contract';
  return { contract: over ? deal.auction.high!.value : null, coinche: over ? deal.auction.coinche : 1 };
}

/** Completed tricks, then the trick in progress (winner null) if it holds cards. */
export function tricksOf(deal: DealState): TrickRecord[] {
  const out: TrickRecord[] = deal.tricks.map((t) => ({ leader: t.leader, cards: t.cards.map(cardOf), winner: t.winner }));
  if (deal.phase === 'play' && deal.trick.cards.length > 0)
    out.push({ leader: deal.trick.leader, cards: deal.trick.cards.map(cardOf), winner: null });
  return out;
}

/** The report of a deal: its result when over, else the `unfinished` shape of docs/rules/RECORD.md. */
export function dealReport(state: GameState, deal: DealState): DealResult {
  if (deal.result) return deal.result;
  return {
    outcome: 'unfinished',
    capot: null,
    taker: deal.taker,
    trump: deal.trump === null ? null : SUITS[deal.trump]!,
    ...contractFields(deal),
    tricks: tricksOf(deal),
    points: [deal.points[0], deal.points[1]],
    belote: [0, 0],
    announcements: [0, 0],
    written: [0, 0],
    litigePot: state.litigePot,
    totals: [state.totals[0], state.totals[1]],
  };
}
