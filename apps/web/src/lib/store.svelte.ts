/**
 * The client of one table. It wires five parts, each in its own file, and components use the
 * parts directly: `live` the folded table state (store-state), `cues` the short-lived cues
 * (store-cues), `commands` the player's commands (store-commands), `connection` its status
 * (store-connection) and `chat` (store-chat); saved secrets are in storage.ts. Frames flow
 * connection → state → cues; a gap in them asks for a snapshot.
 * No rules live here: legality comes from the view (`deal.legal`) and `refusalReason`.
 */
import type { Snapshot } from '@belote/protocol/client';
import { prefs } from './prefs.svelte.js';
import { ChatClient } from './store-chat.svelte.js';
import { Commands } from './store-commands.svelte.js';
import { TableConnection, type Fatal, type TransportFactory } from './store-connection.svelte.js';
import { Cues, type Callout, type HeldTrick, type ShownSummary } from './store-cues.svelte.js';
import { LiveTable, type Clock } from './store-state.svelte.js';

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

  connect(factory: TransportFactory): void {
    this.connection.open(factory);
  }
  disconnect(): void {
    this.connection.close();
    this.cues.dispose();
    this.chat.dispose();
  }

  /** Take a snapshot (from the server, or a test): it replaces what was known. */
  receive(s: Snapshot): void {
    this.live.load(s);
    this.cues.reset(s.view?.deal ?? null, s.timers.nextDeal !== null);
    this.chat.onSnapshot(s.chat);
  }
}
