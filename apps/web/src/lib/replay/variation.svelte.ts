/**
 * "What if" on the replay: from a position of the game, another card for the seat on move, and
 * the rest of the deal with best play, every hand visible (worked out in a Web Worker of its
 * own, so it never waits behind the analysis). The variation is a side line: it is shown in
 * place of the game while it is open, can be stepped through, and is dropped when the player
 * goes back to the game. The game's own timeline is never touched.
 */
import type { Variation } from '@belote/bots';
import { cardOf, currentDeal, legalMask, maskCards, replayTimeline, type Card, type GameRecord, type ReplayCursor, type ReplayFrame, type ReplayTimeline, type Seat } from '@belote/rules';
import type { FromWorker } from './analysis-host.js';
import { spawnAnalysisWorker, type WorkerLike } from './spawn-worker.js';

export interface OpenVariation {
  /** The game position it starts from (the card is played from `from.step`). */
  from: ReplayCursor;
  seat: Seat;
  card: Card;
  /** The card actually played there, if the game went on with a card. */
  played: Card | null;
  status: 'running' | 'done' | 'error';
  error?: string;
  chosen?: Variation;
  /** The same best play after the card actually played (to compare), when there is one. */
  playedLine?: Variation | null;
  /** The variation's frames: `frames[0]` is the position after the chosen card. */
  frames?: ReplayFrame[];
  /** Which of `frames` is shown. */
  at: number;
}

export class VariationSession {
  open = $state.raw<OpenVariation | null>(null);
  private worker: WorkerLike | null = null;
  private request = 0;

  constructor(
    private readonly record: GameRecord,
    private readonly timeline: ReplayTimeline,
    private readonly spawn: () => WorkerLike = spawnAnalysisWorker,
  ) {}

  /** The legal cards of the seat on move at a game position (none while bidding or at the end). */
  choices(at: ReplayCursor): { seat: Seat; cards: Card[] } | null {
    const state = this.timeline.deals[at.deal]?.states[at.step];
    const d = state ? currentDeal(state) : null;
    if (!d || d.phase !== 'play' || d.turn === null || d.trump === null) return null;
    return { seat: d.turn, cards: maskCards(legalMask(d.hands[d.turn]!, d.trick.cards, d.trump)).map((c) => cardOf(c)) };
  }

  /** Open a variation: `card` played by the seat on move at `from`. */
  start(from: ReplayCursor, card: Card): void {
    const deal = this.timeline.deals[from.deal];
    const state = deal?.states[from.step];
    const choice = this.choices(from);
    if (!deal || !state || !choice || !choice.cards.includes(card)) return;
    const next = deal.frames[from.step + 1]?.action;
    const played = next?.type === 'play' ? next.card : null;
    const id = ++this.request;
    this.open = { from, seat: choice.seat, card, played, status: 'running', at: 0 };
    try {
      this.worker ??= this.listen(this.spawn());
    } catch (e) {
      this.open = { ...this.open, status: 'error', error: e instanceof Error ? e.message : String(e) };
      return;
    }
    this.worker.postMessage({ type: 'variation', id, state: $state.snapshot(state) as typeof state, card, played });
  }

  private listen(w: WorkerLike): WorkerLike {
    w.onmessage = (e) => this.receive(e.data);
    if ('onerror' in w) w.onerror = (e) => this.failed(e.message || 'worker error');
    return w;
  }

  private receive(m: FromWorker): void {
    const open = this.open;
    if (m.id !== this.request || !open) return; // an answer for a variation already left
    if (m.type === 'error') return this.failed(m.message);
    if (m.type !== 'variation') return;
    this.open = { ...open, status: 'done', chosen: m.chosen, playedLine: m.played, frames: this.framesOf(open.from, m.chosen), at: 0 };
  }

  private failed(message: string): void {
    if (this.open) this.open = { ...this.open, status: 'error', error: message };
  }

  /** The variation's positions: the deal replayed with its actions up to `from`, then the line. */
  private framesOf(from: ReplayCursor, v: Variation): ReplayFrame[] {
    const deal = this.timeline.deals[from.deal]!;
    const rd = this.record.deals[deal.index]!;
    const actions = [...rd.actions.slice(0, from.step), ...v.line.map((p) => ({ type: 'play' as const, seat: p.seat, card: p.card }))];
    const record: GameRecord = { ...this.record, deals: [...this.record.deals.slice(0, deal.index), { ...rd, actions }] };
    const replayed = replayTimeline(record).deals.find((d) => d.index === deal.index);
    if (!replayed) throw new Error('variation: the line does not replay');
    return replayed.frames.slice(from.step + 1);
  }

  /** Step through the open variation; before its first card is the game position it came from. */
  move(dir: 1 | -1): void {
    const o = this.open;
    if (!o?.frames) return;
    const at = o.at + dir;
    if (at < 0) return this.leave();
    this.open = { ...o, at: Math.min(at, o.frames.length - 1) };
  }

  goto(at: number): void {
    const o = this.open;
    if (o?.frames) this.open = { ...o, at: Math.max(0, Math.min(at, o.frames.length - 1)) };
  }

  /** Back to the game: the variation is dropped. */
  leave(): void {
    this.open = null;
    this.request++;
  }

  dispose(): void {
    this.leave();
    this.worker?.terminate();
    this.worker = null;
  }
}

