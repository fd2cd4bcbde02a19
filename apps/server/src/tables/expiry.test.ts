import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TableStore } from '../store/types.js';
import { scheduleExpiry } from './expiry.js';
import type { TableRegistry } from './registry.js';

/** A store and registry that only count sweeps. */
function counting(minutes: number) {
  const sweeps = { n: 0 };
  const store = { expire: async () => ((sweeps.n += 1), []) } as unknown as TableStore;
  const registry = { ids: () => [], get: () => undefined, remove: () => {} } as unknown as TableRegistry;
  const stop = scheduleExpiry({ store, registry, log: pino({ level: 'silent' }), config: { finishedRetentionHours: 1, idleRetentionHours: 1, expirySweepMinutes: minutes } });
  return { sweeps, stop };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('scheduleExpiry (PROTOCOL.md §13 EXPIRY_SWEEP_MINUTES)', () => {
  it('sweeps every EXPIRY_SWEEP_MINUTES', async () => {
    vi.useFakeTimers();
    const { sweeps, stop } = counting(0.5);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(sweeps.n).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sweeps.n).toBe(1);
    stop();
  });

  it('sweeps at most once a second and at least every 2^31 - 1 ms, as documented', async () => {
    vi.useFakeTimers();
    const often = counting(0.0005); // 30 ms asked: 1 s
    await vi.advanceTimersByTimeAsync(999);
    expect(often.sweeps.n).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(often.sweeps.n).toBe(1);
    often.stop();
    const rarely = counting(1_000_000); // 694 days asked: 24.8 days
    await vi.advanceTimersByTimeAsync(2 ** 31 - 1);
    expect(rarely.sweeps.n).toBe(1);
    rarely.stop();
  });
});
