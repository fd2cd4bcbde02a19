/**
 * Test support: the frame of a test of what waits for the live deal (the bidding does: it is
 * shown once the cards have landed and the retourne has turned). Test-only.
 */
import type { Seat } from '@belote/rules';
import { tick } from 'svelte';
import { vi } from 'vitest';
import { startDeal, stopDeal } from '../src/lib/deal-flight.js';
import { dealMotion, type DealMotion } from '../src/lib/deal-motion.js';

export interface DealInFlight {
  /** The deal's motion (`plan.ends`: when its cards have landed and its retourne turned). */
  plan: DealMotion;
  /** Moves the fake clock on by `ms`, then lets Svelte apply what changed. */
  advance(ms: number): Promise<void>;
}

/**
 * Runs `body` with fake timers (setTimeout, clearTimeout and performance: the deal's clock) and
 * a deal in flight: `dealMotion(dealer, retourne)`, started for the viewer at `me` (no card
 * held before). Afterwards, whatever happened, the deal is stopped and the real timers are back.
 */
export async function withDealInFlight({ dealer, retourne, me }: { dealer: Seat; retourne: boolean; me: Seat }, body: (deal: DealInFlight) => Promise<void>): Promise<void> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  try {
    const plan = dealMotion(dealer, retourne);
    startDeal(plan, new Map(), me, [0, 0, 0, 0]);
    await body({
      plan,
      async advance(ms) {
        vi.advanceTimersByTime(ms);
        await tick();
      },
    });
  } finally {
    stopDeal();
    vi.useRealTimers();
  }
}
