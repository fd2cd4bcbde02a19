/**
 * Heuristic choice of the card to lead: draw trumps while holding the master trump and the
 * opponents may still have some; cash masters (aces first) where no opponent is known to
 * ruff; lead into the partner's void; otherwise lead cheaply, away from unguarded tens.
 */
import { bit, popcount, suitMask, suitOf, type CardId } from '@belote/rules';
import { argmax, argmin, points, suitStrength } from '../cards.js';
import { master, oppsMayTrump, possible, ruffRisk, trumpMask, type PlayContext } from './context.js';

const RANK_A = 7;
const RANK_10 = 3;

export function chooseLead(ctx: PlayContext): CardId {
  const { k, trump } = ctx;
  const hand = ctx.legal;
  const trumps = hand & trumpMask(ctx);
  const plain = hand & ~trumpMask(ctx);
  const oppTrumps = oppsMayTrump(ctx);

  // 1. Draw trumps with the master trump (the takers), keeping the last trumps once the opponents have none.
  if (ctx.attacking && trumps !== 0 && oppTrumps) {
    const top = argmax(trumps, (c) => suitStrength(c, trump));
    if (master(ctx, top) && (k.taker === ctx.seat || popcount(trumps) >= 2)) return top;
    // Partner took: return a small trump early so the taker can draw.
    if (k.taker === ctx.partner && k.deal.tricks.length <= 2 && !master(ctx, top) && popcount(trumps) <= 2)
      return argmin(trumps, (c) => suitStrength(c, trump));
  }

  // 2. Cash master plain cards where nobody is known to ruff (aces, then other masters).
  let bestMaster = -1;
  let bestKey = -Infinity;
  for (let s = 0; s < 4; s++) {
    if (s === trump) continue;
    const inSuit = plain & suitMask(s);
    if (inSuit === 0) continue;
    const top = argmax(inSuit, (c) => suitStrength(c, trump));
    if (!master(ctx, top) || (oppTrumps && ruffRisk(ctx, s))) continue;
    // Only cash a non-ace master when the suit still has cards out (otherwise it is a sure later trick too).
    const key = points(top, trump) + popcount(inSuit) * 0.1;
    if (key > bestKey) {
      bestKey = key;
      bestMaster = top;
    }
  }
  if (bestMaster >= 0) return bestMaster;

  // 3. Lead a small card into the partner's void when he may ruff and the opponents can't overruff cheaply.
  const pPossible = possible(ctx, ctx.partner);
  if ((pPossible & trumpMask(ctx)) !== 0) {
    for (let s = 0; s < 4; s++) {
      if (s === trump || (plain & suitMask(s)) === 0) continue;
      if ((pPossible & suitMask(s)) === 0 && !ruffRisk(ctx, s)) return argmin(plain & suitMask(s), (c) => points(c, trump));
    }
  }

  // 4. Lead cheaply: low cards, away from a ten whose ace is out, no trumps for the defence.
  if (plain !== 0) {
    return argmin(plain, (c) => {
      const s = suitOf(c);
      const tenGuard = (hand & bit(s * 8 + RANK_10)) !== 0 && (hand & bit(s * 8 + RANK_A)) === 0 && (k.unseen & bit(s * 8 + RANK_A)) !== 0;
      let cost = points(c, trump) * 2;
      if (tenGuard) cost += 8;
      if (oppTrumps && ruffRisk(ctx, s)) cost += 6;
      if (master(ctx, c)) cost += 12;
      // Prefer short suits only slightly (they create voids for ruffing).
      cost += popcount(plain & suitMask(s)) * 0.5;
      return cost;
    });
  }
  return argmin(trumps, (c) => suitStrength(c, trump));
}
