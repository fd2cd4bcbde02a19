/**
 * Spreading a change's rendering over two frames: what can show a frame later is added after the
 * frame that draws the change (the taking's deal score, a table's first screen's hand and backs),
 * so one frame does not style, lay out and paint all of it (a long task on a slow phone: perf-log
 * 2026-12-02-practice, session h).
 */

const raf = (f: () => void): number => (globalThis.requestAnimationFrame ? globalThis.requestAnimationFrame(f) : (setTimeout(f, 16) as unknown as number));
const unraf = (id: number): void => (globalThis.cancelAnimationFrame ? globalThis.cancelAnimationFrame(id) : clearTimeout(id));

/**
 * Runs `run` in a task of its own once the next frame has been drawn (an animation frame, then a
 * timer: the change it makes is drawn in the frame after). Returns what cancels it.
 */
export function afterFrame(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const id = raf(() => (timer = setTimeout(run, 0)));
  return () => {
    unraf(id);
    clearTimeout(timer);
  };
}

/**
 * A flag that follows `source` (read in an effect: create it in a component's script), but turns
 * on a frame late (`afterFrame`) and off at once. Starts off (unless `startOn`): something shown
 * from the first screen on with it comes in the frame after the first.
 */
export class FrameLate {
  #on = $state(false);

  constructor(source: () => boolean, startOn = false) {
    this.#on = startOn;
    // (derived: the effect runs again when the flag would change, not at every step)
    const want = $derived.by(source);
    $effect(() => {
      if (!want) return void (this.#on = false);
      return afterFrame(() => (this.#on = true));
    });
  }

  get on(): boolean {
    return this.#on;
  }
}
