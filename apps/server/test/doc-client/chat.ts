/** The chat state's fold (PROTOCOL.md §15.1) and keeping up with the chat (§15.4), written from the document. */
import type { ChatEntry, ChatState } from './wire.js';

/** `last = id`; a `muted` entry adds or removes its target; a `spectatorChat` entry sets the switch. */
export function foldChat(state: ChatState, e: ChatEntry): ChatState {
  const s: ChatState = { ...state, last: e.id, mutedSeats: [...state.mutedSeats], mutedSpectators: [...state.mutedSpectators] };
  if (e.type === 'spectatorChat') s.spectatorChat = e.on;
  if (e.type === 'muted') {
    if ('seat' in e.target) {
      const seat = e.target.seat;
      s.mutedSeats = s.mutedSeats.filter((x) => x !== seat);
      if (e.muted) s.mutedSeats = [...s.mutedSeats, seat].sort((a, b) => a - b);
    } else {
      const tag = e.target.spectator;
      s.mutedSpectators = s.mutedSpectators.filter((x) => x !== tag);
      if (e.muted) s.mutedSpectators.push(tag);
    }
  }
  return s;
}

type Ack = { ok: boolean; [k: string]: unknown };

/**
 * §15.4 for one socket: the chat state and the lines held. `ask` sends `chatHistory` and calls
 * back with its ack as it arrives (in its callback, §6); `problem` reports a mismatch.
 */
export class ChatFollower {
  chat: ChatState | null = null;
  readonly lines = new Map<number, ChatEntry>();
  catchingUp = false;

  constructor(
    private readonly ask: (after: number, onAck: (ack: Ack) => void) => Promise<unknown>,
    private readonly problem: (text: string) => void,
  ) {}

  newest(): number {
    return this.lines.size ? Math.max(...this.lines.keys()) : 0;
  }

  /** On a snapshot: take its chat state; fetch the lines above the newest held. */
  onSnapshot(chat: ChatState): void {
    this.chat = chat;
    if (chat.last > this.newest()) void this.catchUp();
  }

  /** On a `chat` frame: fold the next one, drop one seen, catch up after a hole; only collect while catching up. */
  onEntry(e: ChatEntry): void {
    if (!this.chat) return this.problem('chat frame before any snapshot');
    if (this.catchingUp) {
      this.lines.set(e.id, e);
      return;
    }
    if (e.id === this.chat.last + 1) {
      this.chat = foldChat(this.chat, e);
      this.lines.set(e.id, e);
    } else if (e.id > this.chat.last + 1) void this.catchUp();
  }

  async catchUp(): Promise<void> {
    if (this.catchingUp) return;
    this.catchingUp = true;
    const newest = this.newest();
    try {
      await this.ask(newest, (ack) => {
        if (!ack.ok) return this.problem('chatHistory refused');
        const { entries, chat } = ack as unknown as { entries: ChatEntry[]; chat: ChatState };
        if (entries.length && entries[0]!.id > newest + 1) this.lines.clear(); // the lines in between are gone
        for (const e of entries) this.lines.set(e.id, e);
        this.chat = chat;
        this.catchingUp = false;
      });
    } finally {
      this.catchingUp = false;
    }
  }
}
