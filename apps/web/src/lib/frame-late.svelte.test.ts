import { flushSync } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFrame, FrameLate } from './frame-late.svelte.js';

afterEach(() => void vi.useRealTimers());

describe('afterFrame', () => {
  it('runs in a task after the next animation frame, not in it', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
    const run = vi.fn();
    afterFrame(run);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    // the frame has run its callbacks: the change waits for the task after it
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledOnce();
  });

  it('can be cancelled before the frame or after it', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
    const early = vi.fn();
    afterFrame(early)();
    const late = vi.fn();
    const cancel = afterFrame(late);
    vi.advanceTimersToNextFrame();
    cancel();
    vi.advanceTimersByTime(50);
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});

describe('FrameLate', () => {
  it('turns on a frame after its source, off at once, and starts off', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
    let source = $state(true);
    let flag!: FrameLate;
    const stop = $effect.root(() => {
      flag = new FrameLate(() => source);
    });
    flushSync();
    // the first screen: shown a frame after it
    expect(flag.on).toBe(false);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    expect(flag.on).toBe(true);
    source = false;
    flushSync();
    expect(flag.on).toBe(false);
    source = true;
    flushSync();
    expect(flag.on).toBe(false);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    expect(flag.on).toBe(true);
    // off before its frame came: it stays off
    source = false;
    flushSync();
    source = true;
    flushSync();
    source = false;
    flushSync();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    expect(flag.on).toBe(false);
    stop();
  });
});
