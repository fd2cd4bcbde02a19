/**
 * Refusal messages that never echo what a client sent: a value is described by its type or
 * quoted as a short escaped prefix, never turned into text by its own methods (a client can
 * send `{ "toString": 1 }`), and a list of validation problems is cut to a few lines. What the
 * server writes into every BAD_REQUEST and PROTOCOL_MISMATCH message.
 */
import { quote } from '@belote/rules';
import type { z } from 'zod';

export { quote };

/**
 * A schema's `error` for a value outside `values`, in the form of every such refusal
 * (`must be one of easy, normal, strong, got "hard"`) rather than zod's own text.
 */
export const oneOf =
  (values: readonly (string | number)[], where = '') =>
  (iss: { input: unknown }): string =>
    `must be one of ${values.join(', ')}${where}, got ${quote(iss.input)}`;

/** At most this many validation problems are listed. */
const MAX_ISSUES = 3;
/** Longest message of one problem, and of them all. */
const MAX_MESSAGE = 120;
const MAX_TEXT = 240;

/** One piece a cut must not split: an escape of a quoted value (`\u202e`, `\"`), a surrogate pair, or one unit. */
const PIECE = /\\u[0-9a-fA-F]{4}|\\[^]|[\uD800-\uDBFF][\uDC00-\uDFFF]|[^]/y;

/** At most `max` units of `s`, cut after the last whole piece and marked `…`. */
function clip(s: string, max = MAX_MESSAGE): string {
  if (s.length <= max) return s;
  let end = 0;
  PIECE.lastIndex = 0;
  while (PIECE.exec(s) && PIECE.lastIndex <= max) end = PIECE.lastIndex;
  return `${s.slice(0, end)}…`;
}

/** Binary data: what Socket.IO hands over for a client's binary attachment (a Buffer). */
const isBinary = (v: unknown): boolean => ArrayBuffer.isView(v) || v instanceof ArrayBuffer;

/**
 * The issues of `input`, those at or under binary data where an object is expected made one
 * problem of it. zod takes a Buffer for an object: every byte an unknown field, its methods too
 * (`unknown fields "0", "1", "2" and 98 more`), and its own fields missing.
 */
function problems(error: z.ZodError, input: unknown): { path: PropertyKey[]; message: string }[] {
  const out: { path: PropertyKey[]; message: string }[] = [];
  for (const i of error.issues) {
    // the shortest binary value on the issue's path; a binary value where a string or number belongs keeps its own issue
    let value = input;
    let depth = -1;
    for (let d = 0; d <= i.path.length; d++) {
      if (isBinary(value) && (d < i.path.length || i.code === 'unrecognized_keys')) {
        depth = d;
        break;
      }
      if (d < i.path.length) value = value !== null && typeof value === 'object' && Object.hasOwn(value, i.path[d]!) ? (value as Record<PropertyKey, unknown>)[i.path[d]!] : undefined;
    }
    if (depth < 0) {
      out.push({ path: i.path, message: messageOf(i) });
      continue;
    }
    const path = i.path.slice(0, depth);
    if (!out.some((o) => o.path.length === path.length && o.path.every((p, k) => p === path[k]))) out.push({ path, message: `must be an object, got ${quote(value)}` });
  }
  return out;
}

/** One issue's problem, short and escaped. */
function messageOf(i: z.core.$ZodIssue): string {
  return i.code === 'unrecognized_keys'
    ? // the keys are the client's: their quotes are cut like any other message
      clip(`unknown field${i.keys.length > 1 ? 's' : ''} ${i.keys.slice(0, MAX_ISSUES).map((k) => quote(k)).join(', ')}${i.keys.length > MAX_ISSUES ? ` and ${i.keys.length - MAX_ISSUES} more` : ''}`)
    : clip(i.message);
}

/**
 * `path: problem` lines of a zod error, `prefix` first in every path, short and escaped.
 * `input`: what was parsed, so that binary data where an object belongs is named as such.
 */
export function issuesText(error: z.ZodError, prefix = '', input?: unknown): string {
  const all = problems(error, input);
  const lines = all.slice(0, MAX_ISSUES).map((i) => {
    const path = i.path.reduce<string>((acc, p) => {
      if (typeof p === 'number') return `${acc}[${p}]`;
      const key = typeof p === 'string' && /^[A-Za-z_][A-Za-z0-9_]{0,30}$/.test(p) ? p : quote(typeof p === 'string' ? p : String(p.description));
      return acc ? `${acc}.${key}` : key;
    }, prefix);
    return `${path || '(payload)'}: ${i.message}`;
  });
  const more = all.length - MAX_ISSUES;
  return clip(lines.join('; '), MAX_TEXT) + (more > 0 ? `; and ${more} more` : '');
}
