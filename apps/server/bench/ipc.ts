/**
 * A tiny request/reply protocol over a forked child's IPC channel, so the benchmark can
 * drive its server and load-generator processes step by step (start, measure, stop).
 */
import { fork, type ChildProcess } from 'node:child_process';

interface Request {
  id: number;
  cmd: string;
  args: unknown;
}
interface Reply {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: string;
}

type Handler = (args: unknown) => unknown;

/** Child side: answer requests with the named handlers. */
export function serve(handlers: Record<string, Handler>): void {
  process.on('message', (m: Request) => {
    const h = handlers[m.cmd];
    const reply = (r: Omit<Reply, 'id'>) => process.send?.({ id: m.id, ...r });
    if (!h) return reply({ ok: false, error: `unknown command ${m.cmd}` });
    Promise.resolve()
      .then(() => h(m.args))
      .then(
        (result) => reply({ ok: true, result }),
        (e: unknown) => reply({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
      );
  });
  process.on('disconnect', () => process.exit(0));
}

/** Parent side: a forked TypeScript child (inherits tsx's loader) with typed-enough calls. */
export class Child {
  readonly proc: ChildProcess;
  private next = 1;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readonly exited: Promise<number | null>;

  constructor(file: string, env: Record<string, string> = {}, extraExecArgv: string[] = []) {
    this.proc = fork(file, [], { env: { ...process.env, ...env }, execArgv: [...process.execArgv, ...extraExecArgv], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.proc.on('message', (m: Reply) => {
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (m.ok) w.resolve(m.result);
      else w.reject(new Error(m.error));
    });
    this.exited = new Promise((resolve) =>
      this.proc.on('exit', (code) => {
        for (const w of this.waiting.values()) w.reject(new Error(`${file} exited (${code})`));
        this.waiting.clear();
        resolve(code);
      }),
    );
  }

  call<T>(cmd: string, args: unknown = null): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.proc.send({ id, cmd, args } satisfies Request);
    });
  }

  /** Ask the child to close cleanly, then make sure it is gone. */
  async stop(): Promise<void> {
    if (this.proc.exitCode !== null) return;
    await this.call('close').catch(() => undefined);
    const killer = setTimeout(() => this.proc.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(killer);
  }
}
