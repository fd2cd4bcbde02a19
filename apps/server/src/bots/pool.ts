/**
 * A small pool of worker threads for bot decisions, so a `strong` search (up to ~250 ms of CPU)
 * never blocks the event loop that serves every table. Workers start lazily, one request at a
 * time each; requests beyond the pool size wait in order. A worker that errors, exits or
 * overruns its deadline is dropped (its request fails, the caller falls back) and replaced on
 * demand. Workers are unref'd: an idle pool never keeps the process alive.
 *
 * From TypeScript sources (tests, `pnpm dev`) a worker boots tsx with the `source` condition;
 * from the build (`node dist/main.js`) it loads the compiled `worker.js` beside this file.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BotLevel, SearchBudget } from '@belote/bots';
import type { GameView, Move } from '@belote/rules';
import type { Logger } from 'pino';
import type { DecideRequest, WorkerMessage } from './messages.js';

/** What the autoplay needs to get a decision off the main thread. */
export interface BotRunner {
  decide(view: GameView, level: BotLevel, seed: number, budget: Partial<SearchBudget> | null): Promise<Move>;
}

interface Job {
  req: DecideRequest;
  resolve: (a: Move) => void;
  reject: (e: Error) => void;
  timer?: NodeJS.Timeout;
}

const FROM_SOURCE = import.meta.url.endsWith('.ts');

/** Boots tsx in the worker, then imports the TypeScript worker module (dev and tests only). */
const SOURCE_BOOT = `const { workerData } = require('node:worker_threads');
import(workerData.tsx).then((m) => { m.register(); return import(workerData.entry); });`;

function spawnWorker(): Worker {
  const entry = new URL(FROM_SOURCE ? './worker.ts' : './worker.js', import.meta.url);
  if (!FROM_SOURCE) return new Worker(entry);
  // tsx's ES module API (its CommonJS twin beside it registers a loader path that breaks here).
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  return new Worker(SOURCE_BOOT, { eval: true, execArgv: ['--conditions=source'], workerData: { tsx, entry: entry.href } });
}

export class BotPool implements BotRunner {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private readonly waiting: Job[] = [];
  private readonly all = new Set<Worker>();
  private nextId = 1;
  /** Workers started but not yet loaded. */
  private booting = 0;
  private closed = false;

  /** `timeoutMs`: a decision taking longer than this fails (a worker's boot does not count). */
  constructor(
    readonly size: number,
    private readonly timeoutMs = 15_000,
    private readonly log?: Logger,
  ) {
    if (size < 1) throw new RangeError('a bot pool needs at least one worker');
  }

  /** Workers currently started (tests, metrics). */
  get started(): number {
    return this.all.size;
  }

  decide(view: GameView, level: BotLevel, seed: number, budget: Partial<SearchBudget> | null): Promise<Move> {
    if (this.closed) return Promise.reject(new Error('bot pool closed'));
    return new Promise<Move>((resolve, reject) => {
      this.waiting.push({ req: { id: this.nextId++, view, level, seed, budget }, resolve, reject });
      this.dispatch();
    });
  }

  /** Terminate every worker; pending and waiting decisions fail. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new Error('bot pool closed'));
    await Promise.all([...this.all].map((w) => this.drop(w, new Error('bot pool closed'))));
  }

  private dispatch(): void {
    while (this.waiting.length > 0 && !this.closed) {
      const worker = this.idle.pop();
      if (!worker) {
        // Start workers for the waiting requests (they join `idle` once loaded).
        if (this.all.size < this.size && this.booting < this.waiting.length) this.start();
        else return;
        continue;
      }
      const job = this.waiting.shift()!;
      this.busy.set(worker, job);
      job.timer = setTimeout(() => void this.drop(worker, new Error(`bot decision timed out after ${this.timeoutMs} ms`)), this.timeoutMs);
      job.timer.unref();
      worker.postMessage(job.req);
    }
  }

  private start(): Worker {
    const t0 = performance.now();
    const w = spawnWorker();
    w.unref();
    this.all.add(w);
    this.booting++;
    w.on('message', (reply: WorkerMessage) => {
      if (reply.type === 'ready') {
        if (!this.all.has(w)) return;
        this.booting--;
        this.log?.info({ workers: this.all.size, bootMs: Math.round(performance.now() - t0) }, 'bot worker ready');
        this.idle.push(w);
        this.dispatch();
        return;
      }
      const job = this.busy.get(w);
      if (!job || job.req.id !== reply.id) return;
      clearTimeout(job.timer);
      this.busy.delete(w);
      this.idle.push(w);
      if (reply.ok) job.resolve(reply.action);
      else job.reject(new Error(reply.error));
      this.dispatch();
    });
    w.on('error', (e: unknown) => void this.drop(w, e instanceof Error ? e : new Error(String(e))));
    w.on('exit', (code) => void this.drop(w, new Error(`bot worker exited with code ${code}`)));
    return w;
  }

  /** Forget a worker (failing its job), terminate it, and start a replacement if work waits. */
  private async drop(w: Worker, why: Error): Promise<void> {
    if (!this.all.delete(w)) return;
    const i = this.idle.indexOf(w);
    if (i >= 0) this.idle.splice(i, 1);
    const job = this.busy.get(w);
    if (i < 0 && !job) {
      // It never loaded: a broken install fails every waiting request rather than respawning forever.
      this.booting--;
      for (const waiting of this.waiting.splice(0)) waiting.reject(why);
    }
    this.busy.delete(w);
    if (!this.closed) this.log?.warn({ err: why }, 'bot worker dropped');
    if (job) {
      clearTimeout(job.timer);
      job.reject(why);
    }
    this.dispatch();
    await w.terminate();
  }
}
