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

  it('describes other values by their kind', () => {
    expect(quote(undefined)).toBe('nothing');
    expect(quote(null)).toBe('null');
    expect(quote(3)).toBe('3');
  });
});
