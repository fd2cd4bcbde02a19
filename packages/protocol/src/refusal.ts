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

/** `path: problem` lines of a zod error, `prefix` first in every path, short and escaped. */
export function issuesText(error: z.ZodError, prefix = ''): string {
  const lines = error.issues.slice(0, MAX_ISSUES).map((i) => {
    const path = i.path.reduce<string>((acc, p) => {
      if (typeof p === 'number') return `${acc}[${p}]`;
      const key = typeof p === 'string' && /^[A-Za-z_][A-Za-z0-9_]{0,30}$/.test(p) ? p : quote(typeof p === 'string' ? p : String(p.description));
      return acc ? `${acc}.${key}` : key;
    }, prefix);
    const message =
      i.code === 'unrecognized_keys'
        ? // the keys are the client's: their quotes are cut like any other message
          clip(`unknown field${i.keys.length > 1 ? 's' : ''} ${i.keys.slice(0, MAX_ISSUES).map((k) => quote(k)).join(', ')}${i.keys.length > MAX_ISSUES ? ` and ${i.keys.length - MAX_ISSUES} more` : ''}`)
        : clip(i.message);
    return `${path || '(payload)'}: ${message}`;
  });
  const more = error.issues.length - MAX_ISSUES;
  return clip(lines.join('; '), MAX_TEXT) + (more > 0 ? `; and ${more} more` : '');
}
