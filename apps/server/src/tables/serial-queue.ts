/**
 * One task at a time: a table applies its commands strictly in arrival order, so two actions
 * can never interleave between validation, persistence and broadcast.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  /** Run `task` after every task queued before it; its result (or error) is returned. */
  run<T>(task: () => Promise<T> | T): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves when everything queued so far has run. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}
