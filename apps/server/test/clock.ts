/**
 * Moves the clock the in-process server reads (`Date.now`) ahead: a wait of seconds measured by
 * the server (`unseat`'s UNSEAT_AFTER_MS) without waiting them. `clockBack()` after each test.
 */
import { vi, type MockInstance } from 'vitest';

let offset = 0;
let spy: MockInstance<() => number> | null = null;

export function skipAhead(ms: number): void {
  const real = Date.now;
  spy ??= vi.spyOn(Date, 'now').mockImplementation(() => real() + offset);
  offset += ms;
}

export function clockBack(): void {
  spy?.mockRestore();
  spy = null;
  offset = 0;
}
