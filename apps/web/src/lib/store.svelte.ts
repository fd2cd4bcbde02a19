/**
 * The client of one table: what the components read and call. It wires five parts, each in
 * its own file — the connection (store-connection), the folded table state (store-state), the
 * short-lived cues (store-cues), the player's commands (store-commands) and the chat
 * (store-chat); saved secrets are in storage.ts. Frames flow connection → state → cues; a gap in them asks for a snapshot.
 * No rules live here: legality comes from the view (`deal.legal`) and `refusalReason`.
 */
import type { NextDeal, ProtocolError, Snapshot, TableSummary, You } from '@belote/protocol/client';
import type { BidValue, Card, DealView, GameView, Seat, Suit } from '@belote/rules';
import type { BotLevel } from '@belote/protocol/client';
import type { ConnectionStatus } from './socket.js';
import { prefs } from './prefs.svelte.js';
import { ChatClient } from './store-chat.svelte.js';
import { Commands, type TableSettingsChange } from './store-commands.svelte.js';
import { TableConnection, type Fatal, type TransportFactory } from './store-connection.svelte.js';
import { Cues, type Callout, type HeldTrick, type ShownSummary } from './store-cues.svelte.js';
import { LiveTable, type Clock } from './store-state.svelte.js';
import type { Refusal } from './refusal.js';

export type { Callout, Fatal, HeldTrick, ShownSummary, TransportFactory };
export { TRICK_HOLD_MS, LAST_TRICK_MS } from './store-cues.svelte.js';

export class TableClient {
  readonly tableId: string;
  readonly live: LiveTable;
  readonly cues = new Cues();
  readonly connection: TableConnection;
  readonly commands: Commands;
  readonly chat: ChatClient;

  constructor(tableId: string, clock?: Clock) {
    this.tableId = tableId;
    this.live = new LiveTable(clock);
    this.connection = new TableConnection(tableId, {
      snapshot: (s) => this.receive(s),
      step: (f) => {
        const r = this.live.step(f);
        if (r === 'gap') void this.connection.resync();
        if (r !== 'applied') return;
        this.cues.onEvents(f.events);
        const refused = this.cues.refusal;
        if (refused && !this.live.deal?.hand?.includes(refused.card)) this.cues.refuse(null);
      },
      presence: (f) => {
        if (this.live.presence(f) === 'gap') void this.connection.resync();
      },
      chat: (f) => this.chat.onEntry(f),
      reaction: (f) => this.chat.onReaction(f),
    });
    this.commands = new Commands(tableId, () => this.connection.transport, this.live, this.cues);
    this.chat = new ChatClient({
      transport: () => this.connection.transport,
      me: () => ({ seat: this.live.mySeat, isHost: this.live.you.isHost }),
      muted: () => prefs.chatMuted,
      notify: (e) => this.cues.notify(e),
    });
  }

  // ── state ──
  get table(): TableSummary | null {
    return this.live.table;
  }
  get you(): You {
    return this.live.you;
  }
  get view(): GameView | null {
    return this.live.view;
  }
  get deal(): DealView | null {
    return this.live.deal;
  }
  get version(): number {
    return this.live.version;
  }
  get mySeat(): Seat | null {
    return this.live.mySeat;
  }
  get isMyTurn(): boolean {
    return this.commands.isMyTurn;
  }
  get pending(): boolean {
    return this.commands.pending;
  }
  /** When the turn timer runs out, on `performance.now()`'s clock. */
  get turnEndsAt(): number | null {
    return this.live.turnEndsAt;
  }
  /** Between deals: who is ready, and when the next deal starts at the latest (`performance.now()` clock). */
  get nextDeal(): (NextDeal & { at: number }) | null {
    const n = this.live.timers?.nextDeal;
    return n ? { ...n, at: this.live.nextDealAt! } : null;
  }

  // ── connection ──
  get status(): ConnectionStatus {
    return this.connection.status;
  }
  get fatal(): Fatal | null {
    return this.connection.fatal;
  }
  connect(factory: TransportFactory): void {
    this.connection.open(factory);
  }
  disconnect(): void {
    this.connection.close();
    this.cues.dispose();
    this.chat.dispose();
  }
  resync(): Promise<void> {
    return this.connection.resync();
  }

  /** Take a snapshot (from the server, or a test): it replaces what was known. */
  receive(s: Snapshot): void {
    this.live.load(s);
    this.cues.reset(s.view?.deal ?? null, s.timers.nextDeal !== null);
    this.chat.onSnapshot(s.chat);
  }

  // ── cues ──
  get callouts(): Callout[] {
    return this.cues.callouts;
  }
  get heldTrick(): HeldTrick | null {
    return this.cues.heldTrick;
  }
  get dealSummary(): ShownSummary | null {
    return this.cues.dealSummary;
  }
  get notice(): ProtocolError | null {
    return this.cues.notice;
  }
  get refusal(): Refusal | null {
    return this.cues.refusal;
  }
  closeSummary(): void {
    this.cues.closeSummary();
  }

  // ── commands ──
  sit(seat: Seat, name: string): Promise<boolean> {
    return this.commands.sit(seat, name);
  }
  stand(): Promise<void> {
    return this.commands.stand();
  }
  start(): Promise<void> {
    return this.commands.start();
  }
  addBot(seat: Seat, level?: BotLevel): Promise<void> {
    return this.commands.addBot(seat, level);
  }
  removeBot(seat: Seat): Promise<void> {
    return this.commands.removeBot(seat);
  }
  rematch(): Promise<void> {
    return this.commands.rematch();
  }
  /** Host, between games: the next game's rules and options (what is not given stays). */
  settings(change: TableSettingsChange): Promise<boolean> {
    return this.commands.settings(change);
  }
  ready(): Promise<void> {
    return this.commands.ready();
  }
  pass(): Promise<void> {
    return this.commands.pass();
  }
  take(suit?: Suit): Promise<void> {
    return this.commands.take(suit);
  }
  bid(value: BidValue, suit: Suit): Promise<void> {
    return this.commands.bid(value, suit);
  }
  call(type: 'coinche' | 'surcoinche'): Promise<void> {
    return this.commands.call(type);
  }
  tapCard(card: Card): Promise<void> {
    return this.commands.tapCard(card);
  }
}
