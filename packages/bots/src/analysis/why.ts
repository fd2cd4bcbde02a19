/**
 * Why a decision was worse than the best option, in one fact a player can check: the trick it
 * gave away (the last card of a trick, where nothing is hidden any more), how often the
 * contract is made or beaten after it against after the best option (the sampled deals say
 * so), or the card points it lets go on average. Bids: how often the team comes out ahead.
 * Computed from the same values as the verdict (the seat's knowledge), never from the hidden
 * cards.
 */
import { cardId, teamOf, trickPoints, winningIndex, type GameView, type Seat, type SuitId, SUITS } from '@belote/rules';
import type { OptionValue } from './judge.js';

export type Why =
  /** The last card of a trick: the other team takes the trick (`points`, last trick's 10 included) the best card would have won. */
  | { kind: 'trick'; points: number }
  /**
   * Cards: the contract is made (the seat's team took) or beaten (it defends) in `played` of
   * `samples` sampled deals after the card played, in `best` after the best card.
   */
  | { kind: 'contract'; defending: boolean; played: number; best: number; samples: number }
  /** Cards: the team's card points for the deal are `points` fewer on average. */
  | { kind: 'points'; points: number }
  /** Bids: the team writes more than the other in `played` of `samples` played-out deals after the bid made, `best` after the best. */
  | { kind: 'ahead'; played: number; best: number; samples: number }
  /** Nothing simpler to say: the written score is lower on average (the loss itself). */
  | { kind: 'score' };

type Option = OptionValue & { ahead: number };

/** A count differs enough to be the reason: by a tenth of the samples, and at least one. */
const differs = (a: number, b: number, samples: number): boolean => Math.abs(a - b) >= Math.max(1, Math.ceil(samples / 10));

/** The reason the option `played` of `options` was worse than `best`; null when it was the best. */
export function whyOf(view: GameView, kind: 'card' | 'bid', options: readonly Option[], played: string, best: string, samples: number): Why | null {
  if (played === best) return null;
  const p = options.find((o) => o.option === played)!;
  const b = options.find((o) => o.option === best)!;
  if (kind === 'bid') return differs(p.ahead, b.ahead, samples) ? { kind: 'ahead', played: p.ahead, best: b.ahead, samples } : { kind: 'score' };
  const deal = view.deal!;
  const me = view.viewer as Seat;
  if (deal.trick.cards.length === 3 && deal.trump) {
    // The last card of the trick: who takes it is certain.
    const trump = SUITS.indexOf(deal.trump) as SuitId;
    const cards = deal.trick.cards.map(cardId);
    const winner = (card: string): Seat => ((deal.trick.leader + winningIndex([...cards, cardId(card as never)], trump)) & 3) as Seat;
    const mine = teamOf(me);
    if (teamOf(winner(played)) !== mine && teamOf(winner(best)) === mine) {
      const last = deal.tricks.length === 7 ? 10 : 0;
      return { kind: 'trick', points: trickPoints([...cards, cardId(played as never)], trump) + last };
    }
  }
  if (differs(p.ahead, b.ahead, samples)) return { kind: 'contract', defending: teamOf(deal.taker!) !== teamOf(me), played: p.ahead, best: b.ahead, samples };
  const points = Math.round((b.points ?? 0) - (p.points ?? 0));
  return points >= 1 ? { kind: 'points', points } : { kind: 'score' };
}
