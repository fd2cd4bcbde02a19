/**
 * The client of one table. It wires five parts, each in its own file, and components use the
 * parts directly: `live` the folded table state (store-state), `cues` the short-lived cues
 * (store-cues), `commands` the player's commands (store-commands), `connection` its status
 * (store-connection) and `chat` (store-chat, loaded a moment after the table with the step's
 * feel: store-late.ts); saved secrets are in storage.ts. Frames flow connection → state → cues;
 * a gap in them asks for a snapshot.
 * No rules live here: legality comes from the view (`deal.legal`) and `refusalReason`.
 */
import type { ChatEntry, ChatState, Snapshot } from '@belote/protocol/client';
import { prefs } from './prefs.svelte.js';
import { lateParts } from './store-late.js';
import type { ChatClient } from './store-chat.svelte.js';
import { Commands } from './store-commands.svelte.js';
import { TableConnection, type Fatal, type TransportFactory } from './store-connection.svelte.js';
import { Cues, NOTICE_MS, type Callout, type HeldTrick, type ShownSummary } from './store-cues.svelte.js';
import type { TableFeel } from './feel.svelte.js';
import { LiveTable, type Clock } from './store-state.svelte.js';

export type { Callout, Fatal, HeldTrick, ShownSummary, TransportFactory };
export { TRICK_HOLD_MS, LAST_TRICK_MS } from './store-cues.svelte.js';

export class TableClient {
  readonly tableId: string;
  readonly live: LiveTable;
  readonly cues = new Cues();
  /** Motion, marks and sounds of live steps (never of a snapshot), once started (store-late.ts). */
  #feel = $state.raw<TableFeel | null>(null);
  readonly connection: TableConnection;
  readonly commands: Commands;
  #chat = $state.raw<ChatClient | null>(null);
  /** Until the chat starts: the last snapshot's chat state and the lines since, for it to catch up. */
  #chatState: ChatState | null = null;
  #chatBacklog: ChatEntry[] = [];

  constructor(tableId: string, clock?: Clock) {
    this.tableId = tableId;
    this.live = new LiveTable(clock);
    this.connection = new TableConnection(tableId, {
      snapshot: (s) => this.receive(s),
      step: (f) => {
        const before = this.live.deal;
        const r = this.live.step(f);
        if (r === 'gap') void this.connection.resync();
        if (r !== 'applied') return;
        this.cues.onEvents(f.events);
        this.#feel?.onStep(f.events, before, this.live.deal, this.live.mySeat);
        const refused = this.cues.refusal;
        if (refused && !this.live.deal?.hand?.includes(refused.card)) this.cues.refuse(null);
      },
      presence: (f) => {
        if (this.live.presence(f) === 'gap') void this.connection.resync();
      },
      // Before the chat has started, its lines wait for it; a reaction (a few seconds' worth) is let go.
      chat: (f) => (this.#chat ? this.#chat.onEntry(f) : this.#chatBacklog.push(f)),
      reaction: (f) => this.#chat?.onReaction(f),
    });
    this.commands = new Commands(tableId, () => this.connection.transport, this.live, this.cues, () => this.connection.status === 'connected');
    this.startLate();
  }

  get feel(): TableFeel | null {
    return this.#feel;
  }

  /** The chat, once started (`chatReady`). */
  get chat(): ChatClient {
    if (!this.#chat) throw new Error('the chat has not started (store-late.ts)');
    return this.#chat;
  }
  get chatReady(): boolean {
    return this.#chat !== null;
  }
  /** Start the chat and the feel if their module is there (again when it arrives: TableView); the chat with what came before. */
  startLate(): void {
    const late = lateParts();
    if (!late) return;
    this.#feel ??= new late.TableFeel();
    if (this.#chat) return;
    const chat = new late.ChatClient({
      transport: () => this.connection.transport,
      me: () => ({ seat: this.live.mySeat, isHost: this.live.you.isHost }),
      muted: () => prefs.chatMuted,
      notify: (e) => this.cues.notify(e),
      noticeMs: NOTICE_MS,
    });
    if (this.#chatState) chat.onSnapshot(this.#chatState);
    for (const e of this.#chatBacklog.splice(0)) chat.onEntry(e);
    this.#chat = chat;
  }

  connect(factory: TransportFactory): void {
    this.connection.open(factory, this.cues);
  }
  disconnect(): void {
    this.connection.close();
    this.cues.dispose();
    this.#feel?.dispose();
    this.#chat?.dispose();
  }

  /** Take a snapshot (from the server, or a test): it replaces what was known. */
  receive(s: Snapshot): void {
    this.live.load(s);
    this.cues.reset(s.view?.deal ?? null, s.timers.nextDeal !== null);
    this.#feel?.reset();
    this.#chatState = s.chat;
    this.#chatBacklog = [];
    this.#chat?.onSnapshot(s.chat);
  }
}
