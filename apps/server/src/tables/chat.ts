/**
 * One table's chat, owned by its room and reached through the room's queue like every other
 * command: lines, quick reactions, history, and the host's switches (mute a seat or a
 * spectator, spectator chat on or off). The chat is not the game: its entries have their own
 * numbering and their own store fencing (`appendChat`, ChatConflict), so a line never moves the
 * table's `version` or `seq` and never races an action for a log position. Every entry is
 * stored before it is sent and acknowledged; the newest CHAT_KEPT are kept in memory to answer
 * `chatHistory`. Spectators are told apart by a tag of their address (an HMAC keyed by the
 * table's host-key hash: the same on every process and after a restart, unreadable elsewhere),
 * the key their mutes use; rate limits use the keys of the socket limits (seat token, address).
 */
import { createHmac } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  CHAT_KEPT,
  CHAT_LINE_LIMIT,
  DEFAULT_CHAT_SETTINGS,
  REACTION_LIMIT,
  applyChatSettings,
  chatRefusal,
  chatTextProblem,
  cleanChatText,
  type Ack,
  type ChatEntry,
  type ChatEventName,
  type ChatSender,
  type ChatSettings,
  type ChatState,
  type ChatTarget,
  type ClientEventPayload,
  type ProtocolError,
  type ReactionFrame,
} from '@belote/protocol';
import { assertNever, type Seat } from '@belote/rules';
import type { Logger } from 'pino';
import { EventBudget } from '../event-budget.js';
import { ChatConflict, OutcomeUnknown, type TableStore } from '../store/types.js';

export type ChatCommand = { [E in ChatEventName]: { name: E; payload: ClientEventPayload<E> } }[ChatEventName];

/** The sender of a chat command, as the room knows its socket. */
export interface ChatConn {
  seat: Seat | null;
  tokenHash: string | null;
  isHost: boolean;
  /** The client's address (the spectator tag and the rate-limit key of a socket without a seat). */
  address: string;
}

export interface ChatDeps {
  tableId: string;
  /** The table's host-key hash: the key of the spectator tags. */
  hostKeyHash: string;
  store: TableStore;
  log: Logger;
  /** To every socket of the table (a room broadcast, like steps). */
  broadcast(frame: { name: 'chat'; frame: ChatEntry } | { name: 'reaction'; frame: ReactionFrame }): void;
  /** The name on a seat now (null: empty). */
  seatName(seat: Seat): string | null;
  /** The addresses of the table's spectator sockets now. */
  spectatorAddresses(): Iterable<string>;
}

type Result = Ack<Record<string, unknown>>;

const no = (code: ProtocolError['code'], message: string): Result => ({ ok: false, error: { code, message } });
const UNSAVED: ProtocolError = { code: 'INTERNAL', message: 'could not save the chat; nothing was sent' };
const UNCONFIRMED: ProtocolError = { code: 'INTERNAL', message: 'could not confirm that the chat was saved: it may still appear' };
const UNREADABLE: ProtocolError = { code: 'INTERNAL', message: 'the chat could not be read; try again in a moment' };
const CONFLICT: ProtocolError = { code: 'WRITE_CONFLICT', message: 'the chat was changed elsewhere at the same moment (another server process); nothing was sent: try again' };
const REFUSALS = {
  CHAT_OFF: 'the host has turned spectator chat off',
  CHAT_MUTED: 'the host has muted you in this chat',
} as const;

export const TAG_LENGTH = 11;

/** A spectator's tag at one table (see the module comment). */
export function spectatorTag(hostKeyHash: string, address: string): string {
  return createHmac('sha256', hostKeyHash).update(address).digest('base64url').slice(0, TAG_LENGTH);
}

export class TableChat {
  /** The newest entries (at most CHAT_KEPT), oldest first; null until read from the store. */
  private entries: ChatEntry[] | null = null;
  private settings: ChatSettings = DEFAULT_CHAT_SETTINGS;
  /** The stored chat may differ from this copy (a write failed or conflicted): read it before the next write. */
  private stale = false;
  /** A read from the store on its way (shared by the calls made meanwhile). */
  private loading: Promise<boolean> | null = null;
  private attempted = false;
  /** Budgets, made at the first line or reaction (an idle table holds none). */
  private budgets: { lines: EventBudget; reactions: EventBudget } | null = null;

  constructor(private readonly deps: ChatDeps) {}

  /** Read the chat from the store once (at the first join); false when it could not be read. Calls made while a read is on its way share it. */
  load(): Promise<boolean> {
    if (this.entries && !this.stale) return Promise.resolve(true);
    return (this.loading ??= this.read().finally(() => (this.loading = null)));
  }

  /** A read was tried (it may have failed: a snapshot then shows no entry yet). */
  get tried(): boolean {
    return this.attempted && this.loading === null;
  }

  private async read(): Promise<boolean> {
    try {
      const stored = await this.deps.store.loadChat(this.deps.tableId);
      this.entries = stored?.entries.slice(-CHAT_KEPT) ?? [];
      this.settings = stored?.settings ?? DEFAULT_CHAT_SETTINGS;
      this.stale = false;
      return true;
    } catch (e) {
      this.deps.log.error({ err: e, table: this.deps.tableId }, 'could not read the chat');
      return false;
    } finally {
      this.attempted = true;
    }
  }

  /** The chat as a snapshot shows it to this socket. */
  stateFor(conn: ChatConn): ChatState {
    return { last: this.last, ...this.settings, tag: conn.seat === null ? this.tagOf(conn.address) : null };
  }

  /** Run one chat command (the room's queue calls it, one at a time). */
  async command(conn: ChatConn, cmd: ChatCommand): Promise<Result> {
    if (!(await this.load())) return { ok: false, error: UNREADABLE };
    switch (cmd.name) {
      case 'chatHistory':
        return { ok: true, entries: this.entries!.filter((e) => e.id > cmd.payload.after), chat: this.stateFor(conn) };
      case 'chat':
        return this.line(conn, cmd.payload);
      case 'react':
        return this.react(conn, cmd.payload.reaction);
      case 'chatMute':
        return this.mute(conn, cmd.payload.target, cmd.payload.muted);
      case 'spectatorChat':
        return this.spectatorChat(conn, cmd.payload.on);
      default:
        return assertNever(cmd);
    }
  }

  private get last(): number {
    return this.entries?.at(-1)?.id ?? 0;
  }

  private tagOf(address: string): string {
    return spectatorTag(this.deps.hostKeyHash, address);
  }

  /** CHAT_OFF or CHAT_MUTED for this sender under the current settings, else null. */
  private refusal(conn: ChatConn): Result | null {
    const code = chatRefusal(this.settings, { seat: conn.seat, tag: conn.seat === null ? this.tagOf(conn.address) : null, isHost: conn.isHost });
    return code ? no(code, REFUSALS[code]) : null;
  }

  private senderOf(conn: ChatConn, name: string | null): ChatSender {
    return conn.seat !== null
      ? { role: 'player', seat: conn.seat, name: this.deps.seatName(conn.seat) ?? '' }
      : { role: 'spectator', tag: this.tagOf(conn.address), name };
  }

  /** Take one from a budget keyed like the socket limits (seat token, else address); false when spent. */
  private spend(kind: 'lines' | 'reactions', conn: ChatConn): boolean {
    this.budgets ??= {
      lines: new EventBudget(CHAT_LINE_LIMIT.count, CHAT_LINE_LIMIT.seconds * 1000),
      reactions: new EventBudget(REACTION_LIMIT.count, REACTION_LIMIT.seconds * 1000),
    };
    return this.budgets[kind].take(conn.tokenHash === null ? `a:${conn.address}` : `t:${conn.tokenHash}`);
  }

  private async line(conn: ChatConn, p: ClientEventPayload<'chat'>): Promise<Result> {
    const text = cleanChatText(p.text);
    // A resend of a line already posted (its ack was lost) is answered before anything else: it was written.
    const again = this.resent(conn, p.nonce, text);
    if (again) return again;
    const refused = this.refusal(conn);
    if (refused) return refused;
    const problem = chatTextProblem(text);
    if (problem) return no(problem.code, problem.message);
    if (!this.spend('lines', conn))
      return no('CHAT_TOO_FAST', `at most ${CHAT_LINE_LIMIT.count} chat lines in ${CHAT_LINE_LIMIT.seconds} s: wait a moment`);
    const nonce = p.nonce === undefined ? {} : { nonce: p.nonce };
    const r = await this.post(
      (id) => ({ id, at: Date.now(), type: 'line', from: this.senderOf(conn, p.name ?? null), text, ...nonce }),
      () => this.resent(conn, p.nonce, text) ?? this.refusal(conn),
    );
    return 'ok' in r ? r : { ok: true, id: r.id };
  }

  /**
   * A kept line of this sender's with this nonce: the same text is acknowledged with its id
   * (nothing posted again), another text is refused. Null when there is none (or no nonce).
   */
  private resent(conn: ChatConn, nonce: string | undefined, text: string): Result | null {
    if (nonce === undefined) return null;
    const from = this.senderOf(conn, null);
    const line = this.entries!.find((e) => e.type === 'line' && e.nonce === nonce && sameSender(e.from, from));
    if (line?.type !== 'line') return null;
    return line.text === text ? { ok: true, id: line.id } : no('BAD_REQUEST', 'chat.nonce: already used for another line');
  }

  private async react(conn: ChatConn, reaction: ReactionFrame['reaction']): Promise<Result> {
    const refused = this.refusal(conn);
    if (refused) return refused;
    if (!this.spend('reactions', conn))
      return no('CHAT_TOO_FAST', `at most ${REACTION_LIMIT.count} reactions in ${REACTION_LIMIT.seconds} s: wait a moment`);
    // Kept nowhere: a reaction is a moment, not a line of the chat.
    this.deps.broadcast({ name: 'reaction', frame: { from: this.senderOf(conn, null), reaction } });
    return { ok: true };
  }

  private async mute(conn: ChatConn, target: ChatTarget, muted: boolean): Promise<Result> {
    if (!conn.isHost) return no('NOT_HOST', 'only the host may mute in the chat');
    if ('spectator' in target && !this.knownTags().has(target.spectator)) return no('BAD_REQUEST', 'chatMute.target.spectator: no such spectator at this table');
    const already = 'seat' in target ? this.settings.mutedSeats.includes(target.seat) : this.settings.mutedSpectators.includes(target.spectator);
    if (already === muted) return { ok: true };
    const name = 'seat' in target ? this.deps.seatName(target.seat) : this.lastNameOf(target.spectator);
    const r = await this.post((id) => ({ id, at: Date.now(), type: 'muted', target, name, muted }), () => null);
    return 'ok' in r ? r : { ok: true };
  }

  private async spectatorChat(conn: ChatConn, on: boolean): Promise<Result> {
    if (!conn.isHost) return no('NOT_HOST', 'only the host may turn spectator chat on or off');
    if (this.settings.spectatorChat === on) return { ok: true };
    const r = await this.post((id) => ({ id, at: Date.now(), type: 'spectatorChat', on }), () => null);
    return 'ok' in r ? r : { ok: true };
  }

  /** Tags a host may mute: the table's spectators now, those in the kept chat, those muted. */
  private knownTags(): Set<string> {
    const tags = new Set<string>(this.settings.mutedSpectators);
    for (const a of this.deps.spectatorAddresses()) tags.add(this.tagOf(a));
    for (const e of this.entries ?? []) if (e.type === 'line' && e.from.role === 'spectator') tags.add(e.from.tag);
    return tags;
  }

  private lastNameOf(tag: string): string | null {
    for (const e of [...(this.entries ?? [])].reverse()) if (e.type === 'line' && e.from.role === 'spectator' && e.from.tag === tag && e.from.name) return e.from.name;
    return null;
  }

  /**
   * Store one entry at the next id (with the settings it makes, for a notice), then keep it and
   * send it to the table. A conflict (another process wrote this table's chat) re-reads the
   * chat, checks the sender again (`recheck`) and tries once more at the new next id; clients
   * that missed entries see the gap in ids and ask `chatHistory`.
   */
  private async post(make: (id: number) => ChatEntry, recheck: () => Result | null): Promise<ChatEntry | Result> {
    for (let attempt = 0; ; attempt++) {
      if (this.stale && !(await this.load())) return { ok: false, error: UNSAVED };
      if (attempt > 0) {
        const refused = recheck();
        if (refused) return refused;
      }
      const entry = make(this.last + 1);
      const settings = entry.type === 'line' ? undefined : applyChatSettings(this.settings, entry);
      try {
        await this.deps.store.appendChat(this.deps.tableId, entry, settings);
      } catch (e) {
        this.stale = true;
        if (e instanceof ChatConflict) {
          this.deps.log.warn({ table: this.deps.tableId, id: e.id, stored: e.newest }, 'the stored chat moved on without this copy; reading it again');
          if (attempt === 0) continue;
          return { ok: false, error: CONFLICT };
        }
        if (e instanceof OutcomeUnknown) return this.landed(entry, e);
        this.deps.log.error({ err: e, table: this.deps.tableId }, 'chat append failed');
        return { ok: false, error: UNSAVED };
      }
      this.entries = [...this.entries!, entry].slice(-CHAT_KEPT);
      if (settings) this.settings = settings;
      this.deps.broadcast({ name: 'chat', frame: entry });
      return entry;
    }
  }

  /**
   * The answer to a write was lost with the connection: the stored chat tells whether it landed
   * (read back a few times while the store does not answer). Landed: sent and acknowledged as
   * any entry; not there: refused, nothing was sent; still unreadable: refused as unconfirmed.
   */
  private async landed(entry: ChatEntry, e: OutcomeUnknown): Promise<ChatEntry | Result> {
    this.deps.log.warn({ err: e, table: this.deps.tableId }, 'the answer to a chat write was lost; reading the chat back');
    for (let attempt = 0; attempt < RE_READS; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, RE_READ_PAUSE_MS * attempt));
      if (!(await this.load())) continue;
      const stored = this.entries!.find((x) => x.id === entry.id);
      // Compared as stored (JSON: key order and absent fields may differ from this copy).
      if (stored === undefined || !isDeepStrictEqual(stored, JSON.parse(JSON.stringify(entry)))) return { ok: false, error: UNSAVED };
      this.deps.broadcast({ name: 'chat', frame: entry });
      return entry;
    }
    return { ok: false, error: UNCONFIRMED };
  }
}

/** The same writer: a seat, or a spectator's tag (the names may differ). */
function sameSender(a: ChatSender, b: ChatSender): boolean {
  return a.role === 'player' ? b.role === 'player' && a.seat === b.seat : b.role === 'spectator' && a.tag === b.tag;
}

/** Reads of the chat after a write whose answer was lost, with growing pauses (ms) between them. */
const RE_READS = 4;
const RE_READ_PAUSE_MS = 250;
