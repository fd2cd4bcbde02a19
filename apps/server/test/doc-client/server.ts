/**
 * The server under audit, configured the way PROTOCOL.md §13 documents it: by its environment
 * variables (read by the server's own `loadConfig`), started in-process on an ephemeral port.
 * This file is the harness; nothing of the server reaches the doc-client's other modules.
 */
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';

export type DocEnv = Record<string, string>;

/** A real server with the documented defaults, overridden by `env` (PROTOCOL.md §13 names). */
export async function docServer(env: DocEnv = {}): Promise<RunningServer> {
  return startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env }));
}

/** Limits high enough that a test playing fast from one address never meets them. */
export const FAST: DocEnv = {
  BOT_DELAY_MS: '0',
  RATE_LIMIT_EVENTS: '10000',
  RATE_LIMIT_ADDRESS_EVENTS: '1000000',
  MAX_SOCKETS_PER_ADDRESS: '1000',
  CREATE_LIMIT_PER_MINUTE: '100000',
};
