/**
 * Refusal messages that never echo what a client sent: a value is described by its type or
 * quoted as a short escaped prefix, never turned into text by its own methods (a client can
 * send `{ "toString": 1 }`), and a list of validation problems is cut to a few lines. What the
 * server writes into every BAD_REQUEST and PROTOCOL_MISMATCH message (issue 17).
 */
import type { z } from 'zod';

/** Longest quoted prefix of a client string. */
export const QUOTE_MAX = 24;
/** At most this many validation problems are listed. */
const MAX_ISSUES = 3;
/** Longest message of one problem. */
const MAX_MESSAGE = 120;

/** A client value as short text: primitives quoted (strings as an escaped prefix), objects by kind. */
export function quote(v: unknown, max = QUOTE_MAX): string {
  switch (typeof v) {
    case 'string':
      return v.length > max ? `${JSON.stringify(v.slice(0, max)).slice(0, -1)}…"` : JSON.stringify(v);
    case 'number':
    case 'boolean':
      return `${v}`;
    case 'undefined':
      return 'nothing';
    case 'object':
      if (v === null) return 'null';
      if (Array.isArray(v)) return 'an array';
      if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) return 'binary data';
      return 'an object';
    default:
      return `a ${typeof v}`;
  }
}

function clip(s: string, max = MAX_MESSAGE): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
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
        ? `unknown field${i.keys.length > 1 ? 's' : ''} ${i.keys.slice(0, MAX_ISSUES).map((k) => quote(k)).join(', ')}${i.keys.length > MAX_ISSUES ? ` and ${i.keys.length - MAX_ISSUES} more` : ''}`
        : clip(i.message);
    return `${path || '(payload)'}: ${message}`;
  });
  const more = error.issues.length - MAX_ISSUES;
  return lines.join('; ') + (more > 0 ? `; and ${more} more` : '');
}
