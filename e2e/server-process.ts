/**
 * Starts the real table server (e2e/serve.ts) in a child process with the given environment
 * and waits for the URL it prints. Used by the global setup (the shared server) and by tests
 * that need their own settings (short grace period, fast turn timer).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface ServerProcess {
  url: string;
  stop: () => Promise<void>;
  /** Send the process a signal (SIGSTOP / SIGCONT: a server that stops answering, then comes back). */
  signal: (signal: NodeJS.Signals) => void;
}

export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', path.join(root, 'e2e/serve.ts')], {
    cwd: root,
    env: { ...process.env, WEB_DIST: path.join(root, 'apps/web/dist'), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('server did not start within 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (!line) return;
      clearTimeout(timer);
      resolve({ url: (JSON.parse(line) as { url: string }).url, stop, signal: (s) => void child.kill(s) });
    });
  });
}
