/** One-shot timers owned by a part of the client, all cleared when it is disposed. */
export class Later {
  #timers = new Set<ReturnType<typeof setTimeout>>();

  /** Run `fn` after `ms`, unless cleared first. */
  run(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.#timers.delete(t);
      fn();
    }, ms);
    this.#timers.add(t);
  }

  clear(): void {
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
  }
}
