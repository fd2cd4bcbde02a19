import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesText, quote } from './refusal.js';
import { ClientEventSchemas } from './socket.js';

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

describe('issuesText names binary data where an object belongs', () => {
  // what Socket.IO hands over for a client's binary attachment
  const bytes = Buffer.from('x'.repeat(100));
  const text = (schema: z.ZodType, input: unknown, prefix: string) => {
    const r = schema.safeParse(input);
    if (r.success) throw new Error('parsed');
    return issuesText(r.error, prefix, input);
  };

  it('a whole payload: one problem, not a field per byte and method', () => {
    expect(text(ClientEventSchemas.sit, bytes, 'sit')).toBe('sit: must be an object, got binary data');
    expect(text(ClientEventSchemas.stand, bytes, 'stand')).toBe('stand: must be an object, got binary data');
    expect(text(ClientEventSchemas.stand, new Uint8Array(3), 'stand')).toBe('stand: must be an object, got binary data');
  });

  it('a field that takes an object; a field that takes a string or number keeps its own problem', () => {
    expect(text(ClientEventSchemas.settings, { rules: bytes }, 'settings')).toBe('settings.rules: must be an object, got binary data');
    expect(text(ClientEventSchemas.sit, { seat: bytes, name: 'Ann' }, 'sit')).toBe('sit.seat: not a seat (0-3): binary data');
  });

  it('without the input, as before', () => {
    const r = ClientEventSchemas.stand.safeParse(bytes);
    if (r.success) throw new Error('parsed');
    expect(issuesText(r.error, 'stand')).toMatch(/^stand: unknown fields "0", "1", "2" and \d+ more$/);
  });
});
