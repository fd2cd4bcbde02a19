/**
 * The server's one rate limiter: at most `points` events per key in a window of `windowMs` that
 * starts at the key's first event (a fixed window), decided synchronously. Socket events (every
 * client event, thousands per second on a busy server), chat lines and reactions, and table
 * creation all use it. No promise, no object and no timer per event: rate-limiter-flexible's
 * memory limiter, which did this before, costs 23 × as much per event (bench/rate-limit.bench.ts
 * at 7bba4b1: 441 ns against 10.2 µs) and answers a tick later. Keys are kept in two generations of
 * one window each; a key untouched for two windows is forgotten with its generation, so memory
 * follows the keys active lately.
 */
interface Window {
  count: number;
  endsAt: number;
}

export class EventBudget {
  private current = new Map<string, Window>();
  private previous = new Map<string, Window>();
  private generationEndsAt = 0;

  constructor(
    private readonly points: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Count one event of `key` at time `t`; false when it is beyond the key's budget for its current window. */
  take(key: string, t: number = this.now()): boolean {
    if (t >= this.generationEndsAt) {
      this.previous = this.current;
      this.current = new Map();
      this.generationEndsAt = t + this.windowMs;
    }
    let w = this.current.get(key);
    if (w === undefined) {
      w = this.previous.get(key);
      if (w !== undefined) {
        this.previous.delete(key);
        this.current.set(key, w);
      }
    }
    if (w === undefined || t >= w.endsAt) {
      w = { count: 0, endsAt: t + this.windowMs };
      this.current.set(key, w);
    }
    return ++w.count <= this.points;
  }

  /** Keys held (tests: memory is bounded). */
  get size(): number {
    return this.current.size + this.previous.size;
  }
}
