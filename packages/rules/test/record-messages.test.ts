/**
 * A bad record's error lines quote its values short and escaped (docs/rules/RECORD.md §1.5 names
 * the field; how a value is quoted is free): never a huge line, a raw control character, a stack
 * overflow on a deeply nested value, or the word `undefined`.
 */
import { describe, expect, it } from 'vitest';
import { formatIssues, parseRecord } from '../src/index.js';

const base = (): Record<string, unknown> => ({
  format: 'belote-record/1',
  deals: [{ dealer: 0, deck: [], actions: [{ seat: 1, type: 'pass' }] }],
});
function problem(edit: (x: Record<string, unknown>, action: Record<string, unknown>) => void): string {
  const x = base();
  edit(x, ((x.deals as { actions: Record<string, unknown>[] }[])[0]!.actions)[0]!);
  const p = parseRecord(x);
  if (p.success) throw new Error('parsed');
  return formatIssues(p.error);
}
const deep = (n: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = [v];
  return v;
};
/** One short line, no raw control or bidi character, never `undefined`. */
function readable(s: string): void {
  expect(s.split('\n')).toHaveLength(1);
  expect(s.length).toBeLessThan(160);
  expect(s).not.toMatch(/[\p{Cc}\p{Bidi_Control}\u2028\u2029]/u);
  expect(s).not.toContain('undefined');
}

describe('a bad record value in verify\'s message', () => {
  it('a huge value is cut, not printed whole', () => {
    for (const edit of [
      (x: Record<string, unknown>) => void (x.rules = { variant: 'v'.repeat(100_000) }),
      (x: Record<string, unknown>) => void (x.rules = { target: '9'.repeat(100_000) }),
      (x: Record<string, unknown>) => void (x.rules = { variant: { big: 'v'.repeat(100_000) } }),
      (_: Record<string, unknown>, a: Record<string, unknown>) => void (a.type = 't'.repeat(100_000)),
    ]) readable(problem(edit));
    expect(problem((x) => void (x.rules = { variant: 'v'.repeat(100_000) }))).toMatch(/^rules\.variant: variant must be "classic" or "coinche", got "v+…"$/);
  });

  it('a deeply nested value is described by its kind, not printed', () => {
    const msg = problem((x) => void (x.rules = { variant: deep(200_000) }));
    readable(msg);
    expect(msg).toBe('rules.variant: variant must be "classic" or "coinche", got an array');
    readable(problem((x) => void (x.rules = { target: deep(200_000) })));
  });

  it('control and bidirectional characters are escaped', () => {
    const msg = problem((_, a) => void (a.type = 'pa\u202Ess\u0085'));
    readable(msg);
    expect(msg).toBe('deals[0].actions[0].type: unknown action type: "pa\\u202ess\\u0085"');
  });

  it('an action with no type, or that is no object, is said so, not "undefined"', () => {
    expect(problem((_, a) => void delete a.type)).toBe('deals[0].actions[0].type: missing action type');
    expect(problem((x) => void ((x.deals as { actions: unknown[] }[])[0]!.actions[0] = 5))).toBe('deals[0].actions[0]: not an action: 5');
    readable(problem((x) => void ((x.deals as { actions: unknown[] }[])[0]!.actions[0] = null)));
  });

  it('many bad values: the first ten are listed, then how many more', () => {
    const msg = problem((x) => void ((x.deals as { deck: unknown[] }[])[0]!.deck = Array<string>(1000).fill('11S')));
    const lines = msg.split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('deals[0].deck[0]: not a card: "11S"');
    expect(lines[9]).toBe('deals[0].deck[9]: not a card: "11S"');
    expect(lines[10]).toBe('and 990 more');
  });

  it('a bad bid value in a coinche record is quoted the same way', () => {
    const msg = problem((x, a) => {
      x.rules = { variant: 'coinche' };
      Object.assign(a, { type: 'bid', value: { v: 'x'.repeat(100_000) }, suit: 'H' });
    });
    readable(msg);
    expect(msg).toBe('deals[0].actions[0].value: bid value must be an integer or "capot", got an object');
  });
});
