/**
 * Short-lived things the table shows on top of the state, each on its own timer: a finished
 * trick held in the middle before it slides to its winner, belote, announcement and
 * surcoinche callouts,
 * the deal summary (opened once the last trick has been seen, kept until the next deal
 * starts), error notices and the reason a tapped card cannot be played.
 */
import type { ProtocolError, StepEvent } from '@belote/protocol/client';
import { assertNever, type CombinationKind, type DealSummary, type DealView, type Seat, type TrickRecord } from '@belote/rules';
import type { Refusal } from './refusal.js';
import { Later } from './later.js';

export type Callout =
  | { id: number; seat: Seat; kind: 'belote' | 'rebelote' }
  | { id: number; seat: Seat; kind: 'declared'; combos: CombinationKind[] }
  | { id: number; seat: Seat; kind: 'redeal' }
  | { id: number; seat: Seat; kind: 'surcoinche' };

export interface HeldTrick extends TrickRecord {
  winner: Seat;
}

/** The summary of the deal just scored, with its number (0-based). */
export interface ShownSummary {
  deal: number;
  result: DealSummary;
}

/** How long a finished trick stays in the middle before it slides to its winner. */
export const TRICK_HOLD_MS = 1100;
/** After the last trick, how long it stays in view before the deal summary opens. */
export const LAST_TRICK_MS = 1600;
const CALLOUT_MS = 2600;
export const NOTICE_MS = 3500;

export class Cues {
  callouts = $state.raw<Callout[]>([]);
  heldTrick = $state.raw<HeldTrick | null>(null);
  dealSummary = $state.raw<ShownSummary | null>(null);
  notice = $state.raw<ProtocolError | null>(null);
  refusal = $state.raw<Refusal | null>(null);

  #nextId = 1;
  readonly #later = new Later();
  /** The deal being played (the last dealStarted), for the summary's number. */
  #deal = 0;
  /**
   * Counts the games and deals started and the snapshots taken: a summary waiting for the last
   * trick to be seen opens only if none came meanwhile. (Not the deal's number: a rematch starts again at 0,
   * so a game ended in its first deal and rematched at once would reopen its last summary.)
   */
  #shownEpoch = 0;

  /** React to the events of one step. */
  onEvents(events: readonly StepEvent[]): void {
    // The deal's last trick stays in the middle until the summary opens over it.
    const lastTrick = events.some((e) => e.type === 'dealScored');
    // The game's last deal has no summary to continue from: the game over opens after its last trick.
    const gameOver = events.some((e) => e.type === 'gameOver');
    for (const e of events) {
      switch (e.type) {
        case 'trickWon': {
          const held: HeldTrick = { leader: e.leader, cards: e.cards, winner: e.winner };
          this.heldTrick = held;
          this.#later.run(lastTrick ? LAST_TRICK_MS : TRICK_HOLD_MS, () => {
            if (this.heldTrick === held) this.heldTrick = null;
          });
          break;
        }
        case 'belote':
          this.callout({ id: 0, seat: e.seat, kind: e.call });
          break;
        case 'announcementsDeclared':
          for (const d of e.declarations) if (d.kinds.length) this.callout({ id: 0, seat: d.seat, kind: 'declared', combos: d.kinds });
          break;
        case 'redeal':
          this.callout({ id: 0, seat: e.dealer, kind: 'redeal' });
          break;
        case 'dealScored': {
          if (gameOver) break;
          // Let the last trick be seen first.
          const shown: ShownSummary = { deal: this.#deal, result: e.result };
          const epoch = this.#shownEpoch;
          this.#later.run(LAST_TRICK_MS, () => {
            if (this.#shownEpoch === epoch) this.dealSummary = shown;
          });
          break;
        }
        case 'dealStarted':
          this.#deal = e.deal;
          this.#shownEpoch++;
          this.dealSummary = null;
          this.heldTrick = null;
          break;
        case 'gameStarted':
          this.#shownEpoch++;
          this.dealSummary = null;
          this.heldTrick = null;
          break;
        case 'cardPlayed':
          // A new trick started: stop holding the previous one.
          if (this.heldTrick) this.heldTrick = null;
          break;
        case 'call':
          // A surcoinche ends the auction at once, so its bubble is never seen: call it out (a
          // coinche stays on the board and in the seat's bubble).
          if (e.call.type === 'surcoinche') this.callout({ id: 0, seat: e.seat, kind: 'surcoinche' });
          break;
        case 'bid':
        case 'trumpChosen':
        case 'contractSet':
        case 'announcementsShown':
        case 'gameOver':
        case 'seated':
        case 'unseated':
        case 'dealCommitted':
        case 'settingsChanged':
          break; // the state shows these directly
        default:
          assertNever(e);
      }
    }
  }

  /**
   * A snapshot came (connect, resync, a change of seat): it shows the table as it is. Drop what
   * was held; while the table waits between deals, the summary of the deal just scored is open.
   */
  reset(deal: DealView | null, waiting: boolean): void {
    this.heldTrick = null;
    this.#shownEpoch++;
    this.dealSummary = deal?.result && waiting ? { deal: deal.number, result: deal.result } : null;
    if (deal) this.#deal = deal.number;
  }

  closeSummary(): void {
    this.dealSummary = null;
  }

  notify(error: ProtocolError): void {
    this.notice = error;
    this.#later.run(NOTICE_MS, () => {
      if (this.notice === error) this.notice = null;
    });
  }

  refuse(r: Refusal | null): void {
    this.refusal = r;
    if (r)
      this.#later.run(NOTICE_MS, () => {
        if (this.refusal === r) this.refusal = null;
      });
  }

  dispose(): void {
    this.#later.clear();
  }

  private callout(c: Callout): void {
    const id = this.#nextId++;
    this.callouts = [...this.callouts, { ...c, id }];
    this.#later.run(CALLOUT_MS, () => (this.callouts = this.callouts.filter((x) => x.id !== id)));
  }
}
