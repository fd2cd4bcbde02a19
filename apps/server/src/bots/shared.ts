/**
 * One bot pool per process, shared by every table and counted by its users (each table's
 * autoplay): the workers start on the first `strong` decision and are terminated when the last
 * table goes away — which is what the server's graceful shutdown does (registry close/dispose).
 */
import type { Logger } from 'pino';
import { BotPool, type BotRunner } from './pool.js';

const pools = new Map<number, { pool: BotPool; users: number }>();

export interface PoolLease {
  runner: BotRunner;
  /** Stop using the pool; the last release terminates its workers. */
  release(): void;
}

/** `log`: where the pool reports worker starts and failures (the first user's logger). */
export function acquireBotPool(size: number, log?: Logger): PoolLease {
  let entry = pools.get(size);
  if (!entry) pools.set(size, (entry = { pool: new BotPool(size, undefined, log), users: 0 }));
  entry.users++;
  const e = entry;
  let released = false;
  return {
    runner: e.pool,
    release() {
      if (released) return;
      released = true;
      if (--e.users > 0) return;
      if (pools.get(size) === e) pools.delete(size);
      void e.pool.close();
    },
  };
}
