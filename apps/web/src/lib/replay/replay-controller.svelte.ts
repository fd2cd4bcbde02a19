/**
 * The replay's position and how it moves: the cursor over the timeline (pure moves from
 * @belote/rules), the keys that move it, and autoplay at a chosen speed.
 */
import { assertNever, clampCursor, dealEdge, moveCursor, type ReplayCursor, type ReplayFrame, type ReplayTimeline, type ReplayUnit } from '@belote/rules';

export type ReplayCommand = { kind: 'move'; unit: ReplayUnit; dir: 1 | -1 } | { kind: 'edge'; edge: 'start' | 'end' } | { kind: 'play' };

/**
 * Keyboard: ← → a bid or card, ↑ ↓ a trick (up goes back), Home / End the deal's start and
 * end, Page Up / Page Down the previous and next deal, Space autoplay.
 */
export function commandForKey(key: string): ReplayCommand | null {
  switch (key) {
    case 'ArrowLeft':
      return { kind: 'move', unit: 'action', dir: -1 };
    case 'ArrowRight':
      return { kind: 'move', unit: 'action', dir: 1 };
    case 'ArrowUp':
      return { kind: 'move', unit: 'trick', dir: -1 };
    case 'ArrowDown':
      return { kind: 'move', unit: 'trick', dir: 1 };
    case 'PageUp':
      return { kind: 'move', unit: 'deal', dir: -1 };
    case 'PageDown':
      return { kind: 'move', unit: 'deal', dir: 1 };
    case 'Home':
      return { kind: 'edge', edge: 'start' };
    case 'End':
      return { kind: 'edge', edge: 'end' };
    case ' ':
      return { kind: 'play' };
    default:
      return null;
  }
}

/** Autoplay speeds (steps per second) offered by the speed control. */
export const SPEEDS = [0.5, 1, 2, 4] as const;
export type Speed = (typeof SPEEDS)[number];

export class ReplayController {
  cursor = $state<ReplayCursor>({ deal: 0, step: 0 });
  playing = $state(false);
  speed = $state<Speed>(1);
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    readonly timeline: ReplayTimeline,
    start: ReplayCursor = { deal: 0, step: 0 },
    private readonly schedule: (fn: () => void, ms: number) => ReturnType<typeof setTimeout> = (fn, ms) => setTimeout(fn, ms),
  ) {
    this.cursor = clampCursor(timeline, start) ?? { deal: 0, step: 0 };
  }

  get frame(): ReplayFrame | null {
    return this.timeline.deals[this.cursor.deal]?.frames[this.cursor.step] ?? null;
  }

  get atEnd(): boolean {
    const last = this.timeline.deals.length - 1;
    return this.cursor.deal === last && this.cursor.step === (this.timeline.deals[last]?.frames.length ?? 1) - 1;
  }

  goto(cur: ReplayCursor): void {
    const c = clampCursor(this.timeline, cur);
    if (c) this.cursor = c;
  }

  /** Run a command; a manual move stops autoplay. */
  run(cmd: ReplayCommand): void {
    if (this.timeline.deals.length === 0) return;
    switch (cmd.kind) {
      case 'move':
        this.pause();
        this.cursor = moveCursor(this.timeline, this.cursor, cmd.unit, cmd.dir);
        return;
      case 'edge':
        this.pause();
        this.cursor = dealEdge(this.timeline, this.cursor, cmd.edge);
        return;
      case 'play':
        if (this.playing) this.pause();
        else this.play();
        return;
      default:
        assertNever(cmd);
    }
  }

  play(): void {
    if (this.timeline.deals.length === 0) return;
    if (this.atEnd) this.cursor = { deal: 0, step: 0 };
    this.playing = true;
    this.next();
  }

  pause(): void {
    this.playing = false;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  setSpeed(s: Speed): void {
    this.speed = s;
  }

  /** One autoplay step after a delay; a completed trick or a deal's end is held a little longer. */
  private next(): void {
    const hold = this.frame?.table.winner !== null || this.frame?.view.deal?.phase === 'over' ? 1.8 : 1;
    this.timer = this.schedule(() => {
      if (!this.playing) return;
      this.cursor = moveCursor(this.timeline, this.cursor, 'action', 1);
      if (this.atEnd) this.pause();
      else this.next();
    }, (1000 * hold) / this.speed);
  }

  dispose(): void {
    this.pause();
  }
}
