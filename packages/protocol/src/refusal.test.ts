import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesText, quote } from './refusal.js';

/** A backslash that does not start a whole JSON escape, or a surrogate without its other half. */
const BROKEN_ESCAPE = /\\(?!u[0-9a-fA-F]{4}|["\\/bfnrt])/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function whole(s: string): void {
  // An escape "\\" counts as one: drop the complete ones before looking for a dangling backslash.
  expect(s.replace(/\\\\/g, '')).not.toMatch(BROKEN_ESCAPE);
  expect(s).not.toMatch(LONE_SURROGATE);
}

/** One problem whose message quotes the client's value after a prefix of `pad` letters. */
const oneProblem = (pad: number, value: string): string => {
  const schema = z.string().refine(() => false, { error: (iss) => `${'p'.repeat(pad)} got ${quote(iss.input, 100)}` });
  const r = schema.safeParse(value);
  if (r.success) throw new Error('parsed');
  return issuesText(r.error);
};

describe('issuesText cuts long messages', () => {
  it('never inside a \\u escape, a \\" escape or a surrogate pair, and marks the cut with …', () => {
    for (const value of ['\u202E'.repeat(40), '"'.repeat(80), '🂡'.repeat(80), '\\'.repeat(80), 'a\u202E🂡"\\'.repeat(30)])
      for (let pad = 0; pad < 8; pad++) {
        const text = oneProblem(pad, value);
        expect(text.endsWith('…'), text).toBe(true);
        expect(text.length).toBeLessThanOrEqual(`(payload): `.length + 121);
        expect(text.length).toBeGreaterThan(`(payload): `.length + 110); // cut at the last whole piece, not much earlier
        whole(text);
      }
  });

  it('the list of problems too', () => {
    const field = z.string().refine(() => false, { error: (iss) => `got ${quote(iss.input, 100)}` });
    for (let pad = 0; pad < 8; pad++) {
      const r = z.object({ a: field, b: field, c: field }).safeParse({ a: 'x'.repeat(pad) + '\u202E'.repeat(40), b: '🂡'.repeat(60), c: '"'.repeat(60) });
      if (r.success) throw new Error('parsed');
      const text = issuesText(r.error);
      expect(text.endsWith('…'), text).toBe(true);
      whole(text);
    }
  });

  it('an unknown field\'s problem too (its keys are the client\'s)', () => {
    // one key quoted in full escapes is 24 × 6 units: the problem is cut at 120 like any other
    for (const keys of [['\u202E'.repeat(40)], ['q'.repeat(60), '\u2028'.repeat(60)], ['\u0000'.repeat(30), 'b', 'c', 'd']]) {
      const r = z.strictObject({}).safeParse(Object.fromEntries(keys.map((k) => [k, 1])));
      if (r.success) throw new Error('parsed');
      const text = issuesText(r.error, 'sit');
      const problem = text.slice('sit: '.length);
      expect(problem.startsWith('unknown field'), text).toBe(true);
      expect(problem.length, text).toBeLessThanOrEqual(121);
      expect(problem.endsWith('…'), text).toBe(true);
      whole(text);
    }
  });

  it('keeps a short message whole', () => {
    expect(oneProblem(3, 'a\u202Eb')).toBe('(payload): ppp got "a\\u202eb"');
  });
});
