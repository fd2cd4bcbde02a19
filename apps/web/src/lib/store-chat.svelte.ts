/**
 * The table's chat as this client knows it: the entries (lines and the host's notices) merged
 * by id, the chat state (folded from the snapshot with `applyChatEntry`), the unread count while
 * the panel is closed, reaction bubbles on their timers, and the chat's commands. Entries have
 * their own numbering, outside the table's `seq`: a snapshot says which is the newest, and a
 * missing one (after a reload, a reconnection, a gap in ids) is fetched with `chatHistory`.
 */
import {
  CHAT_KEPT,
  DEFAULT_CHAT_SETTINGS,
  applyChatEntry,
  chatEntryOrder,
  chatRefusal,
  type ChatEntry,
  type ChatSender,
  type ChatState,
  type ChatTarget,
  type ProtocolError,
  type ReactionFrame,
  type ReactionId,
} from '@belote/protocol/client';
import type { Seat } from '@belote/rules';
import type { Transport } from './socket.js';
import { Later } from './later.js';
import { newSeatToken } from './storage.js';

/** A reaction shown at its sender's seat. */
export interface Bubble {
  id: number;
  from: ChatSender;
  reaction: ReactionId;
}

/** How long a reaction stays at the sender's seat. */
export const REACTION_SHOW_MS = 3500;

export interface ChatDeps {
  transport: () => Transport | null;
  /** This client's seat (null: spectating) and host key. */
  me: () => { seat: Seat | null; isHost: boolean };
  /** The player muted the chat: no unread count, no bubbles. */
  muted: () => boolean;
  /** A refused command, shown like every other. */
  notify: (error: ProtocolError) => void;
  /** How long a notice shows (given, not imported: that module stays in the first screen's chunk). */
  noticeMs: number;
}

const INITIAL: ChatState = { last: 0, ...DEFAULT_CHAT_SETTINGS, tag: null };

/** `a` and `b` merged by id, sorted, the newest CHAT_KEPT kept. */
function merged(a: readonly ChatEntry[], b: readonly ChatEntry[]): ChatEntry[] {
  // A stable sort keeps `a`'s copy before `b`'s; of equal ids the last (b's) stays.
  const all = [...a, ...b].sort((x, y) => x.id - y.id);
  return all.filter((e, i) => all[i + 1]?.id !== e.id).slice(-CHAT_KEPT);
}

export class ChatClient {
  entries = $state.raw<ChatEntry[]>([]);
  state = $state.raw<ChatState>(INITIAL);
  open = $state(false);
  unread = $state(0);
  bubbles = $state.raw<Bubble[]>([]);
  /** The newest line from someone else while the chat is not muted (spoken by a live region). */
  heard = $state.raw<ChatEntry | null>(null);
  /** How long a refusal of our line stands where the panel says it: as long as the table's notice. */
  get refusalMs(): number {
    return this.deps.noticeMs;
  }
  /**
   * Our line last known posted, by its ack or, the ack lost, by its showing in the chat (each
   * send a new object, so the same text posted again signals again): a field still holding it
   * is done with it.
   */
  posted = $state.raw<{ readonly text: string; readonly nonce: string } | null>(null);
  /** Waiting for a `chatHistory` ack: frames only fill in entries until it comes. */
  #syncing = false;
  #nextBubble = 1;
  /** The line sent last until it is acknowledged or shows in the chat, with its nonce: sent again, it cannot post twice. */
  #unsent: { text: string; nonce: string } | null = null;
  readonly #later = new Later();

  constructor(private readonly deps: ChatDeps) {}

  /** Why this client may not write now (CHAT_OFF, CHAT_MUTED), or null. */
  get refusal(): 'CHAT_OFF' | 'CHAT_MUTED' | null {
    const me = this.deps.me();
    return chatRefusal(this.state, { seat: me.seat, tag: this.state.tag, isHost: me.isHost });
  }

  /** The newest entry id held. */
  get newest(): number {
    return this.entries.at(-1)?.id ?? 0;
  }

  /** A line or reaction of this client's own. */
  isMine(from: ChatSender): boolean {
    const me = this.deps.me();
    return from.role === 'player' ? from.seat === me.seat : me.seat === null && from.tag === this.state.tag;
  }

  /** A snapshot came: its chat state replaces ours; entries we lack are fetched. */
  onSnapshot(chat: ChatState): void {
    if (this.#syncing) return; // the history ack will bring a newer state
    this.state = chat;
    if (chat.last > this.newest) void this.fetch();
  }

  /** One `chat` frame. */
  onEntry(e: ChatEntry): void {
    if (this.#syncing) {
      this.entries = merged(this.entries, [e]);
      this.found([e]);
      return;
    }
    const order = chatEntryOrder(this.state, e);
    if (order === 'stale') return;
    if (order === 'gap') {
      void this.fetch();
      return;
    }
    this.state = applyChatEntry(this.state, e);
    this.entries = merged(this.entries, [e]);
    this.found([e]);
    this.arrived([e]);
  }

  /** One `reaction` frame. */
  onReaction(r: ReactionFrame): void {
    if (this.deps.muted()) return;
    const bubble: Bubble = { id: this.#nextBubble++, ...r };
    // One bubble per sender: a new reaction replaces the last.
    this.bubbles = [...this.bubbles.filter((b) => !sameSender(b.from, r.from)), bubble];
    this.#later.run(REACTION_SHOW_MS, () => (this.bubbles = this.bubbles.filter((b) => b !== bubble)));
  }

  setOpen(open: boolean): void {
    this.open = open;
    if (open) this.unread = 0;
  }

  /** Fetch what we lack; the ack's state replaces ours. */
  async fetch(): Promise<void> {
    const t = this.deps.transport();
    if (!t || this.#syncing) return;
    this.#syncing = true;
    const had = this.newest;
    try {
      const ack = await t.send('chatHistory', { after: had });
      if (!ack.ok) return;
      // Past a hole (only the newest 200 are kept) what we held is no longer continuous: drop it.
      const hole = (ack.entries[0]?.id ?? had + 1) > had + 1;
      this.entries = hole ? ack.entries.slice(-CHAT_KEPT) : merged(this.entries, ack.entries);
      this.state = ack.chat;
      this.found(ack.entries);
      // What came while we were away is news; the history of a table just opened is not.
      if (had > 0) this.arrived(ack.entries.filter((e) => e.id > had));
    } finally {
      this.#syncing = false;
    }
  }

  /**
   * Post a line; false when refused. The reason is shown as a notice, or given to `show`: a
   * field that says it where the line was typed (the chat docked on a desktop).
   */
  async send(text: string, name?: string, show?: (error: ProtocolError) => void): Promise<boolean> {
    // The same text again keeps its nonce: if the first ack was lost, the server answers with the posted line.
    // (32 random url-safe characters, drawn as a seat token is.)
    const nonce = this.#unsent?.text === text ? this.#unsent.nonce : newSeatToken();
    this.#unsent = { text, nonce };
    const post = (extra: { nonce?: string }) => this.command((t) => t.send('chat', { text, ...(name ? { name } : {}), ...extra }), '"nonce"', show);
    let ack = await post({ nonce });
    // A process of the version before (a rolling upgrade) knows no `nonce`: the line goes again without it.
    if (ack && !ack.ok && ack.error.message.includes('"nonce"')) ack = await post({});
    if (ack?.ok) this.done(nonce);
    return ack?.ok ?? false;
  }

  /**
   * Send a reaction. Refused as too fast, `tooFast` says so where it was tapped (the tray: the
   * chat lines' "too many messages" notice would not be about reactions); any other refusal is a notice.
   */
  async react(reaction: ReactionId, tooFast?: () => void): Promise<void> {
    await this.command((t) => t.send('react', { reaction }), undefined, (e) => (e.code === 'CHAT_TOO_FAST' && tooFast ? tooFast() : this.deps.notify(e)));
  }

  async mute(target: ChatTarget, muted: boolean): Promise<void> {
    await this.command((t) => t.send('chatMute', { target, muted }));
  }

  async setSpectatorChat(on: boolean): Promise<void> {
    await this.command((t) => t.send('spectatorChat', { on }));
  }

  dispose(): void {
    this.#later.clear();
  }

  /** Our unsent line among `entries` is posted, whether or not its ack comes (it may be lost). */
  private found(entries: readonly ChatEntry[]): void {
    for (const e of entries) if (e.type === 'line' && e.nonce !== undefined && this.isMine(e.from)) this.done(e.nonce);
  }

  /** The line with this nonce is posted, if it is still the one unsent (not settled already, nor replaced). */
  private done(nonce: string): void {
    if (this.#unsent?.nonce !== nonce) return;
    this.posted = this.#unsent;
    this.#unsent = null;
  }

  private arrived(entries: readonly ChatEntry[]): void {
    if (this.deps.muted()) return;
    const news = entries.filter((e) => e.type === 'line' && !this.isMine(e.from));
    if (news.length === 0) return;
    this.heard = news.at(-1)!;
    if (!this.open) this.unread += news.length;
  }

  /** Runs a command and shows its refusal (as a notice, or by `show`), unless the refusal's message names `quiet`. */
  private async command<T extends { ok: boolean }>(run: (t: Transport) => Promise<T>, quiet?: string, show = this.deps.notify): Promise<T | null> {
    const t = this.deps.transport();
    if (!t) return null;
    const ack = await run(t);
    const error = !ack.ok && 'error' in ack ? (ack as { error: ProtocolError }).error : null;
    if (error && !(quiet && error.message.includes(quiet))) show(error);
    return ack;
  }
}

function sameSender(a: ChatSender, b: ChatSender): boolean {
  return a.role === 'player' ? b.role === 'player' && a.seat === b.seat : b.role === 'spectator' && a.tag === b.tag;
}
