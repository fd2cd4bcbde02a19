/**
 * One end of the `transport` phase, in its own process: a receiver listening on a channel, or a
 * sender that publishes one message per timer tick (or, as a baseline, only ticks), both through
 * the cluster's pub/sub (cluster/pg-pubsub.ts) on BENCH_DATABASE_URL. Reports its own CPU time.
 */
import pino from 'pino';
import { PgPubSub } from '../src/cluster/pg-pubsub.js';
import { serve } from './ipc.js';

const pubsub = new PgPubSub({ url: process.env.BENCH_DATABASE_URL ?? '', applicationName: `bench-pubsub-${process.pid}`, log: pino({ level: 'silent' }) });
let received = 0;
let ticks = 0;
pubsub.listen('bench:receiver', () => void received++);
await pubsub.adapterPool().connect();
let timer: NodeJS.Timeout | null = null;

serve({
  stats: () => {
    const c = process.cpuUsage();
    return { cpuMs: (c.user + c.system) / 1000, received, ticks, statements: pubsub.counters.batches };
  },
  /** Every 1000/rate ms: publish a message of about `bytes` (or nothing: `publish` false). */
  start: (args) => {
    const { rate, bytes, publish } = args as { rate: number; bytes: number; publish: boolean };
    const pad = 'x'.repeat(bytes);
    timer = setInterval(() => {
      ticks++;
      // a different payload each time (PostgreSQL folds identical notifications of one transaction)
      if (publish) void pubsub.publish('bench:receiver', { from: 'bench', body: { t: 'deliver', n: ticks, pad } });
    }, 1000 / rate);
    return null;
  },
  stop: () => {
    if (timer) clearInterval(timer);
    return null;
  },
  close: async () => {
    await pubsub.close();
    setTimeout(() => process.exit(0), 20);
  },
});
