import { describe, expect, it } from 'vitest';
import { EventBudget } from './event-budget.js';

describe('EventBudget', () => {
  it('allows `points` events per key in a window that starts at the key’s first event', () => {
    let now = 1_000;
    const b = new EventBudget(3, 1000, () => now);
    expect([b.take('a'), b.take('a'), b.take('a'), b.take('a')]).toEqual([true, true, true, false]);
    expect(b.take('b')).toBe(true); // another key has its own budget
    now += 999;
    expect(b.take('a')).toBe(false); // still a's first window
    now += 1;
    expect([b.take('a'), b.take('a'), b.take('a'), b.take('a')]).toEqual([true, true, true, false]);
  });

  it('keeps a key’s window across the generation swap', () => {
    let now = 0;
    const b = new EventBudget(2, 1000, () => now);
    now = 900;
    expect(b.take('k')).toBe(true); // k's window: 900–1900; the first generation ends at 1000
    now = 1_500;
    expect(b.take('x')).toBe(true); // a new generation starts here
    expect(b.take('k')).toBe(true);
    expect(b.take('k')).toBe(false);
    now = 1_900;
    expect(b.take('k')).toBe(true);
  });

  it('forgets keys idle for two windows', () => {
    let now = 0;
    const b = new EventBudget(5, 1000, () => now);
    for (let i = 0; i < 100; i++) b.take(`key${i}`);
    expect(b.size).toBe(100);
    now = 1_000;
    b.take('other');
    now = 2_000;
    b.take('other');
    expect(b.size).toBe(1);
  });
});
