/**
 * A hint: the strong bot's choice for the player's bid or card, with what every option is worth
 * — the analysis's values (`judgeCard`, `judgeBid`, `judgeCall` of @belote/bots), computed from
 * the player's own view only, so a hint knows nothing the player does not. The choice is the
 * option with the best mean written difference over the sampled deals, the strong bot's own
 * rule on the analysis's values (the bot's card play also weighs heuristic play-outs, which the
 * analysis does not: a hint's card can differ from the one the bot would play). Effort is bounded by sample and node counts (HINT_BUDGET), within the bot's time budget.
 */
import { ANALYSIS_BUDGET, decide, decisionSeed, judgeBid, judgeCall, judgeCard, type AnalysisBudget } from '@belote/bots';
import { seededRng, type Call, type GameView } from '@belote/rules/core';

/**
 * The analysis's budget, without the extra samples it draws before marking a card (a hint marks
 * nothing). A bid or call gets all `bidSamples` decks: the analysis stops at the first
 * `bidFirst` when those show the bid made clear of any mark, and those are the hint's first decks.
 */
export const HINT_BUDGET: AnalysisBudget = Object.freeze({ ...ANALYSIS_BUDGET, markSamples: 0 });

/**
 * The analysis's seed for this decision (`decisionSeed(deal, step)`: the deal's index in the game,
 * the action's index in the deal), so a hint draws the very deals the replay's analysis will draw
 * for it, and shows the values the analysis will show (unless the card played is then judged on
 * more samples before a mark, or the bid made is judged clear of any mark on the first decks only).
 */
export function hintSeed(view: GameView): string {
  const d = view.deal!;
  const calls = d.auction ? d.auction.calls.length : d.bids.length;
  return decisionSeed(d.number, calls + 4 * d.tricks.length + d.trick.cards.length);
}

export interface Hint {
  kind: 'bid' | 'card';
  /** The option the strong bot chooses (a card, or an option key as in the analysis: `pass`, `take`, `take:H`, `bid:100:S`…). */
  best: string;
  /** Every option with its value: the expected written difference for the player's team (written points minus the other team's). */
  options: { option: string; value: number }[];
  /** Sampled deals behind the values. */
  samples: number;
  /** Time spent, in ms. */
  ms: number;
}

/** A hint for the seat whose view this is, on its turn (throws otherwise, like `decide`). */
export function hintFor(view: GameView, seed: string | number, budget: AnalysisBudget = HINT_BUDGET, now: () => number = () => performance.now()): Hint {
  const start = now();
  const deal = view.deal;
  if (!deal || view.viewer === 'spectator' || deal.turn !== view.viewer || view.winner !== null) throw new Error('hintFor(): not this seat’s turn');
  const rng = seededRng(seed);
  let kind: Hint['kind'];
  let judged;
  if (deal.phase === 'play') {
    kind = 'card';
    judged = judgeCard(view, rng, budget);
  } else if (deal.auction) {
    kind = 'bid';
    // the heuristic's call is among the options the strong bot weighs; it only completes the list
    judged = judgeCall(view, decide(view, { level: 'normal', rng }) as Call, rng, budget);
  } else {
    kind = 'bid';
    judged = judgeBid(view, rng, budget);
  }
  let best = judged.options[0]!;
  for (const o of judged.options) if (o.value > best.value + 1e-9) best = o;
  return {
    kind,
    best: best.option,
    options: judged.options.map((o) => ({ option: o.option, value: o.value })),
    samples: judged.margins[0]?.length ?? 0,
    ms: now() - start,
  };
}
