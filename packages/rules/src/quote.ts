/**
 * Client values in error messages: described by their type, or quoted as a short escaped
 * prefix — never turned into text by their own methods (a client can send `{ "toString": 1 }`)
 * and never echoed whole (a refusal must not reflect a 10 KB payload).
 */

/** Longest quoted prefix of a client string. */
export const QUOTE_MAX = 24;
/** A client value as short text: primitives quoted (strings as an escaped prefix), objects by kind. */
export function quote(v: unknown, max = QUOTE_MAX): string {
  switch (typeof v) {
    case 'string': {
      // Cut by code points (never half of a surrogate pair), reading no further than needed.
      let head = '';
      let n = 0;
      for (const ch of v) {
        if (n++ === max) return `${JSON.stringify(head).slice(0, -1)}…"`;
        head += ch;
      }
      return JSON.stringify(v);
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
