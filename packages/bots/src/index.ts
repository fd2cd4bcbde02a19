/**
 * @belote/bots — players that see only what one seat sees (its GameView, from viewFor) and
 * return a legal bid or card, in both variants (classic docs/rules/RULES.md, coinche docs/rules/COINCHE.md).
 * Levels: `easy` (the heuristic with deliberate mistakes), `normal` (the heuristic), `strong`
 * (determinized search over sampled deals).
 */
import { assertNever, cardOf, maskOf, randomInt, type GameView, type Move, type Rng } from '@belote/rules';
import { heuristicBid } from './heuristic/bid.js';
import { heuristicCall } from './heuristic/coinche-bid.js';
import { heuristicPlay } from './heuristic/play.js';
import { knowledgeOf } from './knowledge.js';
import { assertSeatView } from './seat-view.js';
import type { BotLevel } from '@belote/protocol/client';
import { strongBid, strongCall, strongPlay, type SearchBudget } from './strong/strong.js';

export { assertSeatView } from './seat-view.js';

// The levels are the wire's (one list, `BOT_LEVELS` of @belote/protocol); the type is all bots need.
export type { BotLevel } from '@belote/protocol/client';


export interface BotOptions {
  level: BotLevel;
  rng: Rng;
  /** Search effort of the `strong` level (defaults keep p95 well under 300 ms per move). */
  budget?: Partial<SearchBudget>;
}

export type { SearchBudget } from './strong/strong.js';
export { DEFAULT_BUDGET } from './strong/strong.js';

/** Probability that `easy` plays a random legal card instead of the heuristic's. */
const EASY_MISTAKE = 0.3;

/** Decide the action for the seat whose view this is. Throws if it is not that seat's turn (a bug). */
export function decide(view: GameView, opts: BotOptions): Move {
  assertSeatView(view);
  const deal = view.deal;
  if (!deal || view.viewer === 'spectator' || deal.turn !== view.viewer || deal.hand === null || view.winner !== null)
    throw new Error("decide(): not this seat's turn");
  if (deal.phase === 'bidding' && deal.auction) {
    const hand = maskOf(deal.hand);
    switch (opts.level) {
      case 'easy':
        return heuristicCall(view.viewer, hand, deal.auction, { loose: true });
      case 'normal':
        return heuristicCall(view.viewer, hand, deal.auction);
      case 'strong':
        return strongCall(view, opts.rng, opts.budget);
      default:
        return assertNever(opts.level);
    }
  }
  if (deal.phase === 'bidding') {
    switch (opts.level) {
      case 'easy':
        return heuristicBid(deal, deal.hand, true);
      case 'normal':
        return heuristicBid(deal, deal.hand);
      case 'strong':
        return strongBid(view, opts.rng, opts.budget);
      default:
        return assertNever(opts.level);
    }
  }
  if (deal.phase !== 'play' || deal.legal.length === 0) throw new Error("decide(): not this seat's turn");
  const legal = maskOf(deal.legal);
  switch (opts.level) {
    case 'easy': {
      if (opts.rng() < EASY_MISTAKE) return { type: 'play', card: deal.legal[randomInt(opts.rng, deal.legal.length)]! };
      return { type: 'play', card: cardOf(heuristicPlay(knowledgeOf(view), legal)) };
    }
    case 'normal':
      return { type: 'play', card: cardOf(heuristicPlay(knowledgeOf(view), legal)) };
    case 'strong':
      return { type: 'play', card: cardOf(strongPlay(knowledgeOf(view), view, opts.rng, opts.budget)) };
    default:
      return assertNever(opts.level);
  }
}
export * from './analysis/index.js';
