/**
 * What a chat line may hold: text only. Line breaks and tabs become spaces; every other
 * control character (C0, C1), bidirectional embeddings, overrides and isolates (which could
 * make a line read as something else) and lone surrogates are removed; the text is NFC
 * normalised and trimmed. Markup is left as typed: clients render lines as text, never as HTML.
 */
import { CHAT_MAX_CHARS } from '@belote/protocol';

/** Lone surrogates go first: `normalize` needs well-formed text. */
const CONTROLS_LONE = /\p{Cs}/gu;
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
/** In `u` mode `\p{Cs}` matches only lone surrogates (a pair is one code point). */
const CONTROLS = /[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069\uFEFF]/gu;

/** The line as it will be kept and shown. */
export function cleanChatText(raw: string): string {
  return raw.replace(CONTROLS_LONE, '').normalize('NFC').replace(BREAKS, ' ').replace(CONTROLS, '').trim();
}

/** Characters as the chat counts them: Unicode code points. */
export const chatLength = (text: string): number => [...text].length;

/** Why a cleaned line cannot be posted, or null. */
export function chatTextProblem(text: string): { code: 'BAD_REQUEST' | 'CHAT_TOO_LONG'; message: string } | null {
  if (text.length === 0) return { code: 'BAD_REQUEST', message: 'chat.text: nothing to send once spaces and control characters are removed' };
  const n = chatLength(text);
  if (n > CHAT_MAX_CHARS) return { code: 'CHAT_TOO_LONG', message: `a chat line holds at most ${CHAT_MAX_CHARS} characters (this one has ${n})` };
  return null;
}
