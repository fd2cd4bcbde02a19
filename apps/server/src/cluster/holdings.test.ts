/**
 * The lease with a database that stops answering: a command waits for the heartbeat no longer
 * than RENEW_WAIT_MS, then is refused; a failed heartbeat ends the lease at once.
 */
import { EventEmitter } from 'node:events';
import pino from 'pino';
import { expect, it } from 'vitest';
import type { PgStore } from '../store/pg-store.js';
import type { TableRegistry } from '../tables/registry.js';
import { Holdings, RENEW_WAIT_MS } from './holdings.js';
import type { HeartbeatNews, Ownership } from './ownership.js';

/** An ownership whose heartbeats answer, hang or fail as the test says. */
function fakeOwnership() {
  const o = {
    mode: 'answer' as 'answer' | 'hang' | 'fail',
    beats: 0,
    heartbeat(): Promise<HeartbeatNews> {
      o.beats++;
      if (o.mode === 'hang') return new Promise(() => {});
      if (o.mode === 'fail') return Promise.reject(new Error('connection terminated unexpectedly'));
      return Promise.resolve({ lost: [], wanted: [] });
    },
    claim: () => Promise.resolve(null),
    leave: () => Promise.resolve(),
  };
  return o;
}

/** Holdings on a fake ownership, after a first heartbeat that answered (leased). */
async function leased(): Promise<{ o: ReturnType<typeof fakeOwnership>; h: Holdings }> {
  const o = fakeOwnership();
  const registry = { get: () => undefined } as unknown as TableRegistry;
  const store = { pool: new EventEmitter() } as unknown as PgStore;
  const h = new Holdings({ registry, store, ownership: o as unknown as Ownership, log: pino({ level: 'silent' }) });
  await h.renew();
  expect(h.leased).toBe(true);
  return { o, h };
}

it('refuses a command after RENEW_WAIT_MS when the heartbeat that would renew the lease hangs', async () => {
  const { o, h } = await leased();
  o.mode = 'hang';
  // Let the lease lapse (its heartbeat is older than the TTL less the margin).
  (h as unknown as { leaseUntil: number }).leaseUntil = 0;
  const t0 = performance.now();
  expect(await h.held('t')).toBe('unreachable');
  const waited = performance.now() - t0;
  expect(waited).toBeGreaterThanOrEqual(RENEW_WAIT_MS - 20);
  expect(waited).toBeLessThan(RENEW_WAIT_MS + 1000);
});

it('ends the lease at once when a heartbeat fails, and serves again after one succeeds', async () => {
  const { o, h } = await leased();
  o.mode = 'fail';
  await h.renew();
  expect(h.leased).toBe(false);
  expect(h.reachable).toBe(false);
  o.mode = 'answer';
  expect(await h.held('t')).toBeNull(); // renewed, and this process runs no table `t`
  expect(h.leased).toBe(true);
});
