/**
 * Entry point: `node apps/server/dist/main.js`. Reads the environment, starts the server and
 * shuts down cleanly on SIGTERM/SIGINT (finishing in-flight writes).
 */
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { startServer } from './server.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
    return;
  }
  const log = createLogger(config);
  const server = await startServer(config, { logger: log });
  log.info(`open ${server.publicUrl}`);
  const stop = (signal: string) => {
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (e: unknown) => {
        log.error({ err: e }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

process.on('unhandledRejection', (e) => console.error('unhandled rejection', e));
void main();
