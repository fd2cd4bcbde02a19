/** One-shot timers owned by a part of the client, all cleared when it is disposed. */
export class Later {
  #timers = new Set<ReturnType<typeof setTimeout>>();

  /** Run `fn` after `ms`, unless cleared (or cancelled) first: its handle, for `cancel`. */
  run(ms: number, fn: () => void): ReturnType<typeof setTimeout> {
    const t = setTimeout(() => {
      this.#timers.delete(t);
      fn();
    }, ms);
    this.#timers.add(t);
    return t;
  }

  /** Drop one timer of `run` (none: nothing). */
  cancel(t: ReturnType<typeof setTimeout> | undefined): void {
    clearTimeout(t);
    this.#timers.delete(t!);
  }

  clear(): void {
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
  }
}
