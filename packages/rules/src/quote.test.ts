import { describe, expect, it } from 'vitest';
import { quote, QUOTE_MAX } from './quote.js';

describe('quote', () => {
  it('quotes a short string whole, escaped', () => {
    expect(quote('a"b')).toBe('"a\\"b"');
  });

  it('cuts a long string after QUOTE_MAX code points, never inside a surrogate pair', () => {
    const cards = '🂡'.repeat(30); // 2 UTF-16 units each
    const q = quote(cards);
    expect(q).toBe(`"${'🂡'.repeat(QUOTE_MAX)}…"`);
    expect(q).not.toMatch(/\\ud[89a-f]/i);
    expect(quote(`x${'🂡'.repeat(QUOTE_MAX)}`)).toBe(`"x${'🂡'.repeat(QUOTE_MAX - 1)}…"`);
    expect(quote('🂡'.repeat(QUOTE_MAX))).toBe(`"${'🂡'.repeat(QUOTE_MAX)}"`);
  });

  it('escapes control characters, line separators and bidi controls as \\uXXXX, nothing else', () => {
    expect(quote('a\u202Eb')).toBe('"a\\u202eb"');
    const bidi = '\u061C\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';
    expect(quote(bidi)).toBe('"\\u061c\\u200e\\u200f\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069"');
    expect(quote('\u0000\u001b\u007f\u0085\u009f\u2028\u2029')).toBe('"\\u0000\\u001b\\u007f\\u0085\\u009f\\u2028\\u2029"');
    expect(quote('Zoé 李 🂡 \u200B\u200D')).toBe('"Zoé 李 🂡 \u200B\u200D"');
    // the cut still counts the sender's code points, before escaping
    expect(quote('\u202E'.repeat(30))).toBe(`"${'\\u202e'.repeat(QUOTE_MAX)}…"`);
    for (const q of [quote(bidi), quote('\u202E'.repeat(30))]) expect(q).not.toMatch(/[\p{Cc}\p{Bidi_Control}\u2028\u2029]/u);
  });

  it('describes other values by their kind', () => {
    expect(quote(undefined)).toBe('nothing');
    expect(quote(null)).toBe('null');
    expect(quote(3)).toBe('3');
  });
});
