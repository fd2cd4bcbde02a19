/**
 * What a chat line may hold: text only. Line breaks and tabs become spaces; every other
 * control character (C0, C1), every bidirectional formatting character (marks, embeddings,
 * overrides, isolates: they could make a line read as something else) and lone surrogates are
 * removed; the text is NFC normalised and trimmed. A line that would show as nothing (white
 * space and invisible characters only) is refused. Markup is left as typed: clients render
 * lines as text, never as HTML. The server applies these; a client counts a line as cleaned
 * and uses `chatTextProblem` to not offer a line the server would refuse
 * (zod-free: exported by `@belote/protocol/client` too).
 */
import { CHAT_MAX_CHARS } from './chat-constants.js';

/** Lone surrogates go first: `normalize` needs well-formed text. */
const CONTROLS_LONE = /\p{Cs}/gu;
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
/**
 * In `u` mode `\p{Cs}` matches only lone surrogates (a pair is one code point). Bidi_Control is
 * U+061C, U+200E, U+200F, U+202A–U+202E and U+2066–U+2069.
 */
const CONTROLS = /[\p{Cc}\p{Cs}\p{Bidi_Control}\uFEFF]/gu;
/**
 * Nothing a reader would see: white space and default-ignorable characters (U+200B–U+200D,
 * U+2060, variation selectors, U+3164, …). They stay in a line that has something else: a
 * joiner belongs to an emoji sequence or a word.
 */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}]*$/u;

/** The line as it will be kept and shown. */
export function cleanChatText(raw: string): string {
  return raw.replace(CONTROLS_LONE, '').normalize('NFC').replace(BREAKS, ' ').replace(CONTROLS, '').trim();
}

/** Characters as the chat counts them: Unicode code points. */
export const chatLength = (text: string): number => [...text].length;

/** Why a cleaned line cannot be posted, or null. */
export function chatTextProblem(text: string): { code: 'BAD_REQUEST' | 'CHAT_TOO_LONG'; message: string } | null {
  if (INVISIBLE_ONLY.test(text)) return { code: 'BAD_REQUEST', message: 'chat.text: nothing to send but spaces and invisible characters' };
  const n = chatLength(text);
  if (n > CHAT_MAX_CHARS) return { code: 'CHAT_TOO_LONG', message: `a chat line holds at most ${CHAT_MAX_CHARS} characters (this one has ${n})` };
  return null;
}
