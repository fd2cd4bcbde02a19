/**
 * The table controller: all client state of one table and the logic around it, as Svelte 5
 * runes. Components only render what it holds and call its methods. It keeps the latest
 * `update` (dropping stale ones by `seq`), turns events into short-lived cues (a finished
 * trick held on the table, belote callouts, the deal summary) and sends typed events.
 * No rules live here: legality comes from the view (`deal.legal`) and `refusalReason`.
 */
import type { BotLevel, ConnectErrorData, GameAction, ProtocolError, TableSummary, UpdateMessage, You } from '@belote/protocol';
import { assertNever, type Card, type GameEvent, type Seat, type Suit } from '@belote/rules';
import type { CombinationKind, DealResult, GameView, TrickRecord } from '@belote/rules';
import type { Credentials, ConnectionStatus, Transport, TransportHandlers } from './socket.js';
import { loadSecrets, savePref, saveSecrets } from './storage.js';
import { refusalFor, type Refusal } from './refusal.js';

export type DealView = NonNullable<GameView['deal']>;

export type Callout =
  | { id: number; seat: Seat; kind: 'belote' | 'rebelote' }
  | { id: number; seat: Seat; kind: 'declared'; combos: CombinationKind[] }
  | { id: number; seat: Seat; kind: 'redeal' };

export interface HeldTrick extends TrickRecord {
  winner: Seat;
}

export type Fatal = 'NO_SUCH_TABLE' | 'PROTOCOL_MISMATCH' | 'BAD_REQUEST' | 'INTERNAL';

export type TransportFactory = (credentials: () => Credentials, on: TransportHandlers) => Transport;

/** How long a finished trick stays in the middle before it slides to its winner. */
export const TRICK_HOLD_MS = 1100;
const CALLOUT_MS = 2600;
const NOTICE_MS = 3500;

export class TableStore {
  readonly tableId: string;
  table = $state.raw<TableSummary | null>(null);
  you = $state.raw<You>({ role: 'spectator', seat: null, isHost: false });
  view = $state.raw<GameView | null>(null);
  version = $state(0);
  status = $state<ConnectionStatus>('connecting');
  fatal = $state<Fatal | null>(null);
  notice = $state.raw<ProtocolError | null>(null);
  refusal = $state.raw<Refusal | null>(null);
  callouts = $state.raw<Callout[]>([]);
  heldTrick = $state.raw<HeldTrick | null>(null);
  dealSummary = $state.raw<DealResult | null>(null);
  pending = $state(false);
  /** Highest `seq` applied on the current connection (-1: none yet). */
  lastSeq = -1;

  #transport: Transport | null = null;
  #nextId = 1;
  #timers: ReturnType<typeof setTimeout>[] = [];

  constructor(tableId: string) {
    this.tableId = tableId;
  }

  get deal(): DealView | null {
    return this.view?.deal ?? null;
  }
  get mySeat(): Seat | null {
    return this.you.role === 'player' ? this.you.seat : null;
  }
  get isMyTurn(): boolean {
    const d = this.deal;
    return d !== null && this.mySeat !== null && d.phase !== 'over' && d.turn === this.mySeat && this.table?.status === 'playing';
  }
  get hasSeated(): boolean {
    return this.mySeat !== null;
  }

  /** Open the connection. The factory is injected so tests can fake the server. */
  connect(factory: TransportFactory): void {
    this.#transport = factory(
      () => ({ tableId: this.tableId, ...loadSecrets(this.tableId) }),
      {
        update: (msg) => this.receive(msg),
        status: (s) => this.setStatus(s),
        refused: (d) => this.refused(d),
      },
    );
  }

  disconnect(): void {
    this.#transport?.close();
    this.#transport = null;
    for (const t of this.#timers) clearTimeout(t);
    this.#timers = [];
  }

  setStatus(s: ConnectionStatus): void {
    // A new connection starts a new sequence: its first update is a full state.
    if (s === 'connected' && this.status !== 'connected') this.lastSeq = -1;
    this.status = s;
  }

  refused(d: ConnectErrorData): void {
    if (d.code === 'BAD_TOKEN') {
      // The stored seat token (or host key) is no longer valid: come back as a spectator.
      saveSecrets(this.tableId, { token: null, hostKey: null });
      this.#transport?.reconnect();
      return;
    }
    this.fatal = d.code;
  }

  /** Apply one `update`. Returns false when it was dropped as stale or duplicate. */
  receive(msg: UpdateMessage): boolean {
    if (msg.seq <= this.lastSeq) return false;
    this.lastSeq = msg.seq;
    this.table = msg.table;
    this.you = msg.you;
    this.version = msg.version;
    this.view = msg.view;
    this.pending = false;
    if (this.refusal && !this.deal?.hand?.includes(this.refusal.card)) this.refusal = null;
    for (const e of msg.events) this.#onEvent(e);
    // A new trick started: stop holding the previous one.
    if (this.heldTrick && (this.deal?.trick.cards.length ?? 0) > 0) this.heldTrick = null;
    return true;
  }

  #onEvent(e: GameEvent): void {
    switch (e.type) {
      case 'trickWon':
        this.heldTrick = { leader: e.leader, cards: e.cards, winner: e.winner };
        this.#later(TRICK_HOLD_MS, () => (this.heldTrick = null));
        return;
      case 'belote':
        this.#callout({ id: 0, seat: e.seat, kind: e.call });
        return;
      case 'announcementsDeclared':
        for (const d of e.declarations) if (d.kinds.length) this.#callout({ id: 0, seat: d.seat, kind: 'declared', combos: d.kinds });
        return;
      case 'redeal':
        this.#callout({ id: 0, seat: e.dealer, kind: 'redeal' });
        return;
      case 'dealScored':
        this.dealSummary = e.result;
        return;
      case 'dealStarted':
        this.dealSummary = null;
        this.heldTrick = null;
        return;
      case 'bid':
      case 'trumpChosen':
      case 'call':
      case 'contractSet':
      case 'cardPlayed':
      case 'announcementsShown':
      case 'gameOver':
        return; // the view shows these directly
      default:
        assertNever(e);
    }
  }

  #callout(c: Callout): void {
    const id = this.#nextId++;
    this.callouts = [...this.callouts, { ...c, id }];
    this.#later(CALLOUT_MS, () => (this.callouts = this.callouts.filter((x) => x.id !== id)));
  }

  #later(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.#timers = this.#timers.filter((x) => x !== t);
      fn();
    }, ms);
    this.#timers.push(t);
  }

  #notify(error: ProtocolError): void {
    this.notice = error;
    const shown = error;
    this.#later(NOTICE_MS, () => {
      if (this.notice === shown) this.notice = null;
    });
  }

  async #send<T extends { ok: boolean }>(run: (t: Transport) => Promise<T>): Promise<T | null> {
    if (!this.#transport) return null;
    const ack = await run(this.#transport);
    if (!ack.ok && 'error' in ack) {
      const error = (ack as { error: ProtocolError }).error;
      // A stale version means the table moved on; the next update shows where.
      if (error.code !== 'STALE_VERSION') this.#notify(error);
      this.pending = false;
    }
    return ack;
  }

  /**
   * Ask for a full update now (e.g. when a sleeping phone wakes up). The answer carries the
   * current `seq` again, so it is let through once.
   */
  async resync(): Promise<void> {
    if (!this.#transport || this.status !== 'connected') return;
    this.lastSeq -= 1;
    await this.#transport.send('sync', {});
  }

  async sit(seat: Seat, name: string): Promise<boolean> {
    savePref('name', name.trim());
    const ack = await this.#send((t) => t.send('sit', { seat, name: name.trim() }));
    if (ack?.ok) saveSecrets(this.tableId, { token: ack.token });
    return ack?.ok ?? false;
  }

  async stand(): Promise<void> {
    const ack = await this.#send((t) => t.send('stand', {}));
    if (ack?.ok) saveSecrets(this.tableId, { token: null });
  }

  async start(): Promise<void> {
    await this.#send((t) => t.send('start', {}));
  }

  /** Seats a bot at `level` (the table's default level when not given). */
  async addBot(seat: Seat, level?: BotLevel): Promise<void> {
    await this.#send((t) => t.send('addBot', { seat, level: level ?? this.table?.options.botLevel ?? 'normal' }));
  }

  async removeBot(seat: Seat): Promise<void> {
    await this.#send((t) => t.send('removeBot', { seat }));
  }

  async rematch(): Promise<void> {
    await this.#send((t) => t.send('rematch', {}));
  }

  async #act(action: GameAction): Promise<void> {
    if (this.pending || !this.isMyTurn) return;
    this.pending = true;
    this.refusal = null;
    await this.#send((t) => t.send('action', { version: this.version, action }));
  }

  pass(): Promise<void> {
    return this.#act({ type: 'pass' });
  }

  /** Round 1: take the retourne's suit (no suit); round 2: name another suit. */
  take(suit?: Suit): Promise<void> {
    return this.#act(suit ? { type: 'take', suit } : { type: 'take' });
  }

  /**
   * Tap on a card of one's hand: play it when legal, otherwise explain why not
   * (`refusal.rule` holds the engine's reason, or `notYourTurn`).
   */
  async tapCard(card: Card): Promise<void> {
    const d = this.deal;
    if (!d?.hand) return;
    if (d.legal.includes(card)) {
      await this.#act({ type: 'play', card });
      return;
    }
    const refusal = this.isMyTurn && d.phase === 'play' && d.trump ? refusalFor(d.hand, d.trick.cards, d.trump, card) : { card, rule: 'notYourTurn' };
    this.refusal = refusal;
    this.#later(NOTICE_MS, () => {
      if (this.refusal === refusal) this.refusal = null;
    });
  }

  dismissRefusal(): void {
    this.refusal = null;
  }

  closeSummary(): void {
    this.dealSummary = null;
  }
}
