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
  /** The timer that takes the notice down. */
  #noticeTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #later = new Later();
  /** The deal being played (the last dealStarted), for the summary's number. */
  #deal = 0;
  /**
   * The summary waiting for the last trick to be seen: a deal or a game started, or a snapshot,
   * drops it. (Not told by the deal's number: a rematch starts again at 0.)
   */
  #pending: ShownSummary | null = null;

  /** React to the events of one step. */
  onEvents(events: readonly StepEvent[]): void {
    // The deal's last trick stays in the middle until the summary opens over it.
    const lastTrick = events.some((e) => e.type === 'dealScored');
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
          // Let the last trick be seen first.
          const shown = (this.#pending = { deal: this.#deal, result: e.result });
          this.#later.run(LAST_TRICK_MS, () => {
            if (this.#pending === shown) this.dealSummary = shown;
          });
          break;
        }
        // a game's start clears what the last game left, as a deal's does
        case 'dealStarted':
        case 'gameStarted':
          if (e.type === 'dealStarted') this.#deal = e.deal;
          this.#pending = this.dealSummary = this.heldTrick = null;
          break;
        case 'cardPlayed':
          // A new trick started: stop holding the previous one.
          this.heldTrick = null;
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
    this.#pending = this.heldTrick = null;
    this.dealSummary = deal?.result && waiting ? { deal: deal.number, result: deal.result } : null;
    if (deal) this.#deal = deal.number;
  }

  closeSummary(): void {
    this.dealSummary = null;
  }

  /** Show a refusal for NOTICE_MS from now; again for the one shown when its words change (TableView). */
  notify(error: ProtocolError): void {
    this.notice = error;
    // One timer owns the notice: a new one, or its words changed, starts it again.
    this.#later.cancel(this.#noticeTimer);
    this.#noticeTimer = this.#later.run(NOTICE_MS, () => (this.notice = null));
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
