/**
 * Playing whole games with a policy, for tests, benchmarks and bots: deals shuffled from a
 * seeded PRNG, each seat's choice made by `choose`. Deterministic for a given seed.
 */
import { legalCallsOf, type LegalCalls } from './auction.js';
import { SUITS, cardOf, maskCards, type Card } from './cards.js';
import { apply, currentDeal, newGame, nextDealer, startDeal, type GameState } from './game.js';
import { legalMask } from './play.js';
import { randomInt, shuffledDeck, type Rng } from './rng.js';
import type { Action, GameEvent, Rules, Seat } from './types.js';
import type { SuitId } from './cards.js';

/** Picks the next action for the seat to act. */
export type Policy = (state: GameState, seat: Seat, rng: Rng) => Action;

/**
 * A random legal coinche call: coinche 12% and surcoinche 15% of the times they are legal,
 * otherwise a bid 30% of the time (usually one of the three lowest open values, capot 3%),
 * otherwise pass.
 */
export function randomCall(legal: LegalCalls, seat: Seat, rng: Rng): Action {
  if (legal.surcoinche && rng() < 0.15) return { type: 'surcoinche', seat };
  if (legal.coinche && rng() < 0.12) return { type: 'coinche', seat };
  if (legal.bids.length > 0 && rng() < 0.3) {
    const k = rng() < 0.03 ? legal.bids.length - 1 : Math.min(randomInt(rng, 3), legal.bids.length - 1);
    return { type: 'bid', seat, value: legal.bids[k]!, suit: SUITS[randomInt(rng, 4)]! };
  }
  return { type: 'pass', seat };
}

/** A uniformly random legal action (bids weighted towards passing, like real tables). */
export const randomPolicy: Policy = (state, seat, rng) => {
  const deal = currentDeal(state)!;
  if (deal.phase === 'bidding') {
    if (deal.auction) return randomCall(legalCallsOf(deal.auction, seat), seat, rng);
    const r = rng();
    if (r < 0.7) return { type: 'pass', seat };
    if (deal.round === 1) return { type: 'take', seat };
    const others = ['S', 'H', 'D', 'C'].filter((s, i) => i !== (deal.retourne as number) >> 3) as ('S' | 'H' | 'D' | 'C')[];
    return { type: 'take', seat, suit: others[randomInt(rng, 3)]! };
  }
  const legal = maskCards(legalMask(deal.hands[seat]!, deal.trick.cards, deal.trump as SuitId));
  return { type: 'play', seat, card: cardOf(legal[randomInt(rng, legal.length)]!) as Card };
};

export interface PlayedGame {
  state: GameState;
  events: GameEvent[];
}

/**
 * Play deals until the game is won or `maxDeals` deals were dealt.
 * `onStep` sees every intermediate state (for property tests on views).
 */
export function playGame(
  rules: Partial<Rules>,
  rng: Rng,
  policy: Policy = randomPolicy,
  opts: { maxDeals?: number; onStep?: (state: GameState, events: GameEvent[]) => void } = {},
): PlayedGame {
  let state = newGame(rules);
  const events: GameEvent[] = [];
  const maxDeals = opts.maxDeals ?? 200;
  const firstDealer = randomInt(rng, 4) as Seat;
  for (let n = 0; n < maxDeals && state.winner === null; n++) {
    const started = startDeal(state, nextDealer(state) ?? firstDealer, shuffledDeck(rng));
    if (!started.ok) throw new Error(started.error.message);
    state = started.state;
    events.push(...started.events);
    opts.onStep?.(state, started.events);
    for (;;) {
      const deal = currentDeal(state)!;
      if (deal.phase === 'over') break;
      const r = apply(state, policy(state, deal.turn!, rng));
      if (!r.ok) throw new Error(`policy chose an illegal action: ${r.error.code} ${r.error.message}`);
      state = r.state;
      events.push(...r.events);
      opts.onStep?.(state, r.events);
    }
  }
  return { state, events };
}
