/**
 * Expiry of old tables: a finished game's table (and its downloadable record) is kept for
 * FINISHED_RETENTION_HOURS after the game ended, an unfinished one for IDLE_RETENTION_HOURS
 * after its last change; then it is removed from the store and from memory. A table with a
 * socket connected is never removed, whatever its age. Swept at start and on an interval.
 */
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { TableStore } from '../store/types.js';
import type { TableRegistry } from './registry.js';

const HOUR_MS = 3_600_000;

export interface ExpiryDeps {
  store: TableStore;
  registry: TableRegistry;
  config: Pick<Config, 'finishedRetentionHours' | 'idleRetentionHours' | 'expirySweepMinutes'>;
  log: Logger;
  /** Injectable clock (tests). */
  now?: () => number;
}

/** Remove what has expired now; returns the removed table ids. */
export async function sweepExpired(deps: ExpiryDeps): Promise<string[]> {
  const now = (deps.now ?? Date.now)();
  const { registry, config } = deps;
  const inUse = new Set(registry.ids().filter((id) => registry.get(id)?.empty === false));
  const removed = await deps.store.expire(now - config.finishedRetentionHours * HOUR_MS, now - config.idleRetentionHours * HOUR_MS, inUse);
  for (const id of removed) registry.remove(id);
  if (removed.length > 0) deps.log.info({ removed: removed.length, tables: removed }, 'expired tables removed');
  return removed;
}

/** Sweep every EXPIRY_SWEEP_MINUTES; returns the function that stops it. */
export function scheduleExpiry(deps: ExpiryDeps): () => void {
  const handle = setInterval(() => {
    sweepExpired(deps).catch((e: unknown) => deps.log.error({ err: e }, 'expiry sweep failed'));
  }, Math.min(2 ** 31 - 1, Math.max(1000, deps.config.expirySweepMinutes * 60_000)));
  handle.unref();
  return () => clearInterval(handle);
}
