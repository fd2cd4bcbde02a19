/**
 * Runs the real table server for the end-to-end tests in its own process (so it resolves
 * workspace packages from source like `pnpm dev` does): listens on an ephemeral port and
 * prints `{"url": ...}` on stdout once ready. Settings come from the environment.
 */
import { startServer } from '../apps/server/src/server.js';

const env = (name: string, def: number): number => Number(process.env[name] ?? def);

const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  publicUrl: null,
  webDist: process.env.WEB_DIST ?? new URL('../apps/web/dist', import.meta.url).pathname,
  logLevel: 'silent',
  botDelayMs: env('BOT_DELAY_MS', 0),
  dealPauseMs: env('DEAL_PAUSE_MS', 60_000),
  graceMs: env('GRACE_MS', 60_000),
  turnSecondMs: env('TURN_SECOND_MS', 1000),
  rateLimitEvents: 200,
  rateLimitAddressEvents: 2000,
  maxSocketsPerAddress: 1000,
  createLimitPerMinute: 1000,
});
process.stdout.write(`${JSON.stringify({ url: server.publicUrl })}\n`);
const stop = (): void => void server.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
