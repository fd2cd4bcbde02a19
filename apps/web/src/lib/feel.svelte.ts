/**
 * How a live step feels, beside what it changes: the deal's motion (lib/motion.ts, from the
 * packets of lib/deal-motion.ts), short marks on the felt (a belote or rebelote card in the
 * trick, a capot) and sounds (lib/sound-cue.ts). Only live steps count: a snapshot (connection,
 * resync, a spectator arriving) shows the table as it is, with nothing replayed.
 */
import type { StepEvent } from '@belote/protocol/client';
import type { Card, DealView, Seat, Team } from '@belote/rules';
import { completeMotion, dealMotion, newCards } from './deal-motion.js';
import { Later } from './later.js';
import { startDeal, stopDeal } from './deal-flight.js';
import { playSound } from './sound-cue.js';

/** How long a mark stays on the felt. */
export const MARK_MS = 1600;
/** After the deal's last trick, the deal-end sound comes with the summary. */
const DEAL_END_DELAY_MS = 1600;

export type MarkKind = 'belote' | 'rebelote';
export type Marks = Readonly<Partial<Record<Card, MarkKind>>>;

export class TableFeel {
  /** Cards of the trick marked belote or rebelote, for a moment. */
  marks = $state.raw<Marks>({});
  /** A capot just made (the team that took every trick), for a moment. */
  capot = $state.raw<{ team: Team; id: number } | null>(null);

  #later = new Later();
  #capots = 0;

  /** One live step: `before`/`after` are the deal as seen before and after it, `me` the viewer's seat. */
  onStep(events: readonly StepEvent[], before: DealView | null, after: DealView | null, me: Seat | null): void {
    for (const e of events) {
      switch (e.type) {
        case 'dealStarted':
          if (after) startDeal(dealMotion(e.dealer, e.retourne !== undefined), newCards(null, after.hand ?? [], 0, null), me, [0, 0, 0, 0]);
          break;
        case 'trumpChosen':
          if (before && after && before.retourne) {
            const held = before.handCounts;
            const mine = newCards(before.hand, after.hand ?? [], me === null ? 0 : held[me], e.taker === me ? before.retourne : null);
            startDeal(completeMotion(after.dealer, e.taker, held), mine, me, held);
          }
          break;
        case 'cardPlayed':
          playSound('card');
          break;
        case 'trickWon':
          this.#later.run(180, () => playSound('trick'));
          break;
        case 'belote':
          this.mark(e.card, e.call);
          playSound('belote');
          break;
        case 'dealScored':
          if (e.result.capot !== null) this.showCapot(e.result.capot);
          this.#later.run(DEAL_END_DELAY_MS, () => playSound('dealEnd'));
          break;
        default:
          break; // nothing to feel
      }
    }
  }

  /** It became the viewer's turn (to bid or to play). */
  yourTurn(): void {
    playSound('turn');
  }

  /** A snapshot: the table as it is, nothing in flight or marked. */
  reset(): void {
    stopDeal();
    this.dispose();
    this.marks = {};
    this.capot = null;
  }

  dispose(): void {
    this.#later.clear();
  }

  private mark(card: Card, kind: MarkKind): void {
    this.marks = { ...this.marks, [card]: kind };
    this.#later.run(MARK_MS, () => {
      const { [card]: _gone, ...rest } = this.marks;
      this.marks = rest;
    });
  }

  private showCapot(team: Team): void {
    const shown = { team, id: ++this.#capots };
    this.capot = shown;
    this.#later.run(MARK_MS, () => {
      if (this.capot === shown) this.capot = null;
    });
  }
}
