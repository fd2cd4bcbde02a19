/**
 * What the player does, as typed events with their acks: seats, bots, an absent player's seat freed, start, rematch, the host's
 * settings between games, bids
 * (classic takes, coinche calls) and cards (quoting the current version, one at a time), continuing after a deal. A refused
 * command becomes a notice (a stale version is not news: the next frame shows where the table
 * is); a card that may not be played is explained locally with the rules' own reason.
 */
import type { BotLevel, ClientEventPayload, GameAction, ProtocolError } from '@belote/protocol/client';
import type { BidValue, Card, Seat, Suit } from '@belote/rules';
import { refusalFor } from './refusal.js';
import type { Transport } from './socket.js';
import { NO_ANSWER } from './local-errors.js';
import { loadSecrets, newSeatToken, saveSecrets, savePref } from './storage.js';
import { givingUp } from './store-connection.svelte.js';
import type { Cues } from './store-cues.svelte.js';
import type { LiveTable } from './store-state.svelte.js';

/** What the host may change between games (PROTOCOL.md §4 `settings`). */
export type TableSettingsChange = ClientEventPayload<'settings'>;

export class Commands {
  /** An action is on its way; no second one until its ack. */
  pending = $state(false);

  constructor(
    private readonly tableId: string,
    private readonly transport: () => Transport | null,
    private readonly live: LiveTable,
    private readonly cues: Cues,
    /** The connection is up: nothing is sent otherwise (socket.ts). */
    private readonly connected: () => boolean = () => true,
  ) {}

  get isMyTurn(): boolean {
    const d = this.live.deal;
    const me = this.live.mySeat;
    return d !== null && me !== null && d.phase !== 'over' && d.turn === me && this.live.table?.status === 'playing';
  }

  /** The player's turn and the connection up: the hand and the bidding buttons take a tap. */
  get canAct(): boolean {
    return this.isMyTurn && this.connected();
  }

  async sit(seat: Seat, name: string): Promise<boolean> {
    savePref('name', name.trim());
    // The token is chosen and kept before the sit is sent: if its ack is lost (the connection
    // drops), the reconnection presents it and finds the seat, or is refused and forgets it.
    const token = newSeatToken();
    saveSecrets(this.tableId, { pendingToken: token });
    let ack = await this.send((t) => t.send('sit', { seat, name: name.trim(), token }), 'BAD_REQUEST');
    // A server of the version before (a rolling upgrade) knows no `token`: it draws one itself.
    if (ack && !ack.ok && ack.error.code === 'BAD_REQUEST' && ack.error.message.includes('"token"'))
      ack = await this.send((t) => t.send('sit', { seat, name: name.trim() }));
    else if (ack && !ack.ok && ack.error.code === 'BAD_REQUEST') this.cues.notify(ack.error);
    if (ack?.ok) saveSecrets(this.tableId, { token: ack.token, pendingToken: null });
    else if (!(ack && !ack.ok && ack.error.message === NO_ANSWER)) saveSecrets(this.tableId, { pendingToken: null });
    return ack?.ok ?? false;
  }

  async stand(): Promise<void> {
    givingUp(loadSecrets(this.tableId).token);
    const ack = await this.send((t) => t.send('stand', {}));
    if (ack?.ok) saveSecrets(this.tableId, { token: null });
  }

  async start(): Promise<void> {
    await this.send((t) => t.send('start', {}));
  }

  /** Seats a bot at `level` (the table's default level when not given). */
  async addBot(seat: Seat, level?: BotLevel): Promise<void> {
    await this.send((t) => t.send('addBot', { seat, level: level ?? this.live.table?.options.botLevel ?? 'normal' }));
  }

  async removeBot(seat: Seat): Promise<void> {
    await this.send((t) => t.send('removeBot', { seat }));
  }

  /** Host, between games: free the seat of a player who has left (no socket holds it); whether it was freed. */
  async unseat(seat: Seat): Promise<boolean> {
    return (await this.send((t) => t.send('unseat', { seat })))?.ok ?? false;
  }

  async rematch(): Promise<void> {
    await this.send((t) => t.send('rematch', {}));
  }

  /** Host, between games: change the next game's settings. True when the table took them. */
  async settings(change: TableSettingsChange): Promise<boolean> {
    return (await this.send((t) => t.send('settings', change)))?.ok ?? false;
  }

  /** Done with the deal summary: the next deal starts once every player is. */
  async ready(): Promise<void> {
    await this.send((t) => t.send('ready', {}));
  }

  pass(): Promise<void> {
    return this.act({ type: 'pass' });
  }

  /** Round 1: take the retourne's suit (no suit); round 2: name another suit. */
  take(suit?: Suit): Promise<void> {
    return this.act(suit ? { type: 'take', suit } : { type: 'take' });
  }

  /** Coinche: bid a contract (the picker offers only the values `deal.auction.legal` lists). */
  bid(value: BidValue, suit: Suit): Promise<void> {
    return this.act({ type: 'bid', value, suit });
  }

  /** Coinche: double the other team's bid, or redouble one's own team's coinched bid. */
  call(type: 'coinche' | 'surcoinche'): Promise<void> {
    return this.act({ type });
  }

  /**
   * Tap on a card of one's hand: play it when legal, otherwise explain why not
   * (`refusal.rule` holds the engine's reason, or `notYourTurn`); nothing while one bids.
   */
  async tapCard(card: Card): Promise<void> {
    const d = this.live.deal;
    if (!d?.hand) return;
    if (d.legal.includes(card)) return this.act({ type: 'play', card });
    // One's own turn to bid: the bidding buttons are the answer, and a notice would take their place.
    if (d.phase === 'bidding' && this.isMyTurn) return;
    this.cues.refuse(this.isMyTurn && d.phase === 'play' && d.trump ? refusalFor(d.hand, d.trick.cards, d.trump, card) : { card, rule: 'notYourTurn' });
  }

  private async act(action: GameAction): Promise<void> {
    if (this.pending || !this.canAct) return;
    this.pending = true;
    this.cues.refuse(null);
    await this.send((t) => t.send('action', { version: this.live.version, action }));
    this.pending = false;
  }

  /** Sends one command; a refusal becomes a notice (but a stale version, and `quiet`'s code, the caller handles). */
  private async send<T extends { ok: boolean }>(run: (t: Transport) => Promise<T>, quiet?: ProtocolError['code']): Promise<T | null> {
    const transport = this.transport();
    if (!transport) return null;
    const ack = await run(transport);
    if (!ack.ok && 'error' in ack) {
      const error = (ack as { error: ProtocolError }).error;
      // A stale version means the table moved on; the next frame shows where.
      if (error.code !== 'STALE_VERSION' && error.code !== quiet) this.cues.notify(error);
    }
    return ack;
  }
}
