/**
 * The socket surface's per-event rate limit, two ways: `EventBudget` (synchronous, what
 * handlers.ts uses) against rate-limiter-flexible's `RateLimiterMemory` (a promise per call, the
 * library the chat and table creation use), both charging a sender budget then an address budget
 * as `SocketLimits.take` does. Events cycle over many senders and addresses within their budgets,
 * as a busy server's do. Prints ns per event (median of rounds) for each.
 *
 *   flock /tmp/belote-bench.lock pnpm --filter @belote/server exec tsx --conditions=source bench/rate-limit.bench.ts
 */
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { EventBudget } from '../src/socket/event-budget.js';

const EVENTS = Number(process.env.EVENTS ?? 200_000);
const SENDERS = 4_000;
const ADDRESSES = 1_000;
const ROUNDS = 7;
const senders = Array.from({ length: SENDERS }, (_, i) => `seat-token-hash-${i}`);
const addresses = Array.from({ length: ADDRESSES }, (_, i) => `10.0.${i >> 8}.${i & 255}`);

function budgetRound(): number {
  const sender = new EventBudget(1_000_000, 1000);
  const address = new EventBudget(1_000_000, 1000);
  let passed = 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < EVENTS; i++) {
    const now = Date.now();
    if (sender.take(senders[i % SENDERS]!, now) && address.take(addresses[i % ADDRESSES]!, now)) passed++;
  }
  const ns = Number(process.hrtime.bigint() - t0);
  if (passed !== EVENTS) throw new Error('budget refused');
  return ns / EVENTS;
}

async function libraryRound(): Promise<number> {
  const sender = new RateLimiterMemory({ points: 1_000_000, duration: 1 });
  const address = new RateLimiterMemory({ points: 1_000_000, duration: 1 });
  let passed = 0;
  const t0 = process.hrtime.bigint();
  // Each event's check runs as its own chain (events arrive independently); await them in batches
  // of one socket.io read's worth so pending promises do not pile up without bound.
  const BATCH = 64;
  for (let i = 0; i < EVENTS; i += BATCH) {
    const batch: Promise<void>[] = [];
    for (let j = i; j < Math.min(EVENTS, i + BATCH); j++)
      batch.push(
        sender
          .consume(senders[j % SENDERS]!)
          .then(() => address.consume(addresses[j % ADDRESSES]!))
          .then(() => void passed++),
      );
    await Promise.all(batch);
  }
  const ns = Number(process.hrtime.bigint() - t0);
  if (passed !== EVENTS) throw new Error('library refused');
  return ns / EVENTS;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const budget: number[] = [];
const library: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  budget.push(budgetRound());
  library.push(await libraryRound());
}
console.log(`rate limit per event (sender + address), ${EVENTS} events over ${SENDERS} senders / ${ADDRESSES} addresses, median of ${ROUNDS}:`);
console.log(`  EventBudget (sync)              ${median(budget).toFixed(0)} ns`);
console.log(`  RateLimiterMemory (2 promises)  ${median(library).toFixed(0)} ns`);
process.exit(0);
