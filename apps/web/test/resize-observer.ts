import { vi } from 'vitest';

/**
 * jsdom has no ResizeObserver and lays nothing out: a stub that reports `width()` at once to
 * what it observes (the charts' `trackWidth`). Undone by `vi.unstubAllGlobals()`.
 */
export function stubResizeObserver(width: () => number): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly cb: (entries: { contentRect: { width: number } }[]) => void) {}
      observe() {
        this.cb([{ contentRect: { width: width() } }]);
      }
      disconnect() {}
    },
  );
}
