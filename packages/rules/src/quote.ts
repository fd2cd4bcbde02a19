/**
 * Client values in error messages: described by their type, or quoted as a short escaped
 * prefix (a JSON string, every control and bidirectional control character as `\uXXXX`) —
 * never turned into text by their own methods (a client can send `{ "toString": 1 }`) and
 * never echoed whole (a refusal must not reflect a 10 KB payload).
 */

/** Longest quoted prefix of a client string. */
export const QUOTE_MAX = 24;
/**
 * What `JSON.stringify` leaves raw but a reader must not get raw: DEL and the C1 controls, the
 * line and paragraph separators, and the bidirectional controls (U+061C, U+200E, U+200F,
 * U+202A–U+202E, U+2066–U+2069), which would turn the rest of a message around.
 */
const UNSAFE = /[\u007F-\u009F\u2028\u2029\p{Bidi_Control}]/gu;
const escape = (json: string): string => json.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
/** A client value as short text: primitives quoted (strings as an escaped prefix), objects by kind. */
export function quote(v: unknown, max = QUOTE_MAX): string {
  switch (typeof v) {
    case 'string': {
      // Cut by code points (never half of a surrogate pair), reading no further than needed.
      let head = '';
      let n = 0;
      for (const ch of v) {
        if (n++ === max) return `${escape(JSON.stringify(head)).slice(0, -1)}…"`;
        head += ch;
      }
      return escape(JSON.stringify(v));
    }
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
