/**
 * The chat state's fold and who may write, shared by the server and clients (no zod:
 * `@belote/protocol/client`). The server computes its own chat state with `applyChatEntry`
 * too, so a client that folds every `chat` frame from its snapshot holds exactly the state
 * the server would send.
 */
import { assertNever, type Seat } from '@belote/rules/core';
import type { ChatEntry, ChatSettings, ChatState } from './chat.js';

/** A new table's chat: spectators may write, nobody is muted. */
export const DEFAULT_CHAT_SETTINGS: ChatSettings = { spectatorChat: true, mutedSeats: [], mutedSpectators: [] };

/** Where a chat entry stands relative to the state: the next one, already seen, or after a gap (ask `chatHistory`). */
export function chatEntryOrder(chat: Pick<ChatState, 'last'>, entry: Pick<ChatEntry, 'id'>): 'next' | 'stale' | 'gap' {
  if (entry.id === chat.last + 1) return 'next';
  return entry.id <= chat.last ? 'stale' : 'gap';
}

/** The settings after one entry (lines change nothing). */
export function applyChatSettings<S extends ChatSettings>(s: S, e: ChatEntry): S {
  switch (e.type) {
    case 'line':
      return s;
    case 'spectatorChat':
      return { ...s, spectatorChat: e.on };
    case 'muted': {
      const t = e.target;
      if ('seat' in t) {
        const others = s.mutedSeats.filter((x) => x !== t.seat);
        return { ...s, mutedSeats: e.muted ? [...others, t.seat].sort((a, b) => a - b) : others };
      }
      const others = s.mutedSpectators.filter((x) => x !== t.spectator);
      return { ...s, mutedSpectators: e.muted ? [...others, t.spectator] : others };
    }
    default:
      return assertNever(e);
  }
}

/** The chat state after one entry (its id must be the next one: see `chatEntryOrder`). */
export function applyChatEntry(chat: ChatState, e: ChatEntry): ChatState {
  return { ...applyChatSettings(chat, e), last: e.id };
}

/** Who is writing, as far as the chat's permissions go. */
export interface ChatWriter {
  seat: Seat | null;
  /** A spectator's tag (ignored for a seated player). */
  tag: string | null;
  isHost: boolean;
}

/**
 * Why this writer may not write or react now, in the server's order (CHAT_OFF, then
 * CHAT_MUTED), or null. The host is never refused: the switches are theirs.
 */
export function chatRefusal(s: ChatSettings, w: ChatWriter): 'CHAT_OFF' | 'CHAT_MUTED' | null {
  if (w.isHost) return null;
  if (w.seat === null && !s.spectatorChat) return 'CHAT_OFF';
  const muted = w.seat !== null ? s.mutedSeats.includes(w.seat) : w.tag !== null && s.mutedSpectators.includes(w.tag);
  return muted ? 'CHAT_MUTED' : null;
}
