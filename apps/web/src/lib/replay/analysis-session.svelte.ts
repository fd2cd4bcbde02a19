/**
 * One record's analysis on the page: what is known so far per deal (from the cache first),
 * the progress of the deal being analysed, and the worker doing it. The deal on screen is
 * analysed first; a deal already cached is never analysed again.
 */
import type { AnalysisBudget, DealAnalysis } from '@belote/bots';
import { assertNever, type GameRecord, type ReplayTimeline } from '@belote/rules';
import type { FromWorker } from './analysis-host.js';
import type { WorkerLike } from './spawn-worker.js';
import { dealStamps, loadAnalyses, recordKey, saveAnalyses } from './analysis-cache.js';
import { spawnAnalysisWorker } from './spawn-worker.js';

export type { WorkerLike } from './spawn-worker.js';

let nextId = 1;

export class AnalysisSession {
  /** Analyses by the record's deal index. */
  analyses = $state.raw<Record<number, DealAnalysis>>({});
  /** The deal being analysed and how far. */
  progress = $state.raw<{ deal: number; done: number; total: number } | null>(null);
  status = $state<'idle' | 'running' | 'done' | 'error'>('idle');
  error = $state<string | null>(null);

  readonly key: string;
  private readonly stamps: string[];
  private worker: WorkerLike | null = null;
  private readonly id = nextId++;

  constructor(
    private readonly record: GameRecord,
    private readonly timeline: ReplayTimeline,
    private readonly spawn: () => WorkerLike = spawnAnalysisWorker,
    private readonly budget?: AnalysisBudget,
  ) {
    this.key = recordKey(record);
    this.stamps = dealStamps(record);
    this.analyses = Object.fromEntries(loadAnalyses(this.key, this.stamps));
    if (this.missing().length === 0) this.status = 'done';
  }

  /** Deals of the timeline not analysed yet, in record order. */
  missing(): number[] {
    return this.timeline.deals.map((d) => d.index).filter((i) => !(i in this.analyses));
  }

  /** Start (or steer) the analysis, `first` deal first. */
  start(first: number | null = null): void {
    const todo = this.missing();
    if (todo.length === 0) {
      this.status = 'done';
      return;
    }
    const order = first !== null && todo.includes(first) ? [first, ...todo.filter((d) => d !== first)] : todo;
    if (this.worker) {
      if (first !== null) this.worker.postMessage({ type: 'prioritize', id: this.id, deal: first });
      return;
    }
    try {
      this.worker = this.spawn();
    } catch (e) {
      this.fail(e instanceof Error ? e.message : String(e));
      return;
    }
    this.worker.onmessage = (e) => this.receive(e.data);
    if ('onerror' in this.worker) this.worker.onerror = (e) => this.fail(e.message || 'worker error');
    this.status = 'running';
    this.worker.postMessage({ type: 'start', id: this.id, record: $state.snapshot(this.record) as GameRecord, deals: order, ...(this.budget ? { budget: this.budget } : {}) });
  }

  private receive(m: FromWorker): void {
    if (m.id !== this.id) return;
    switch (m.type) {
      case 'progress':
        this.progress = { deal: m.deal, done: m.done, total: m.total };
        return;
      case 'deal':
        this.analyses = { ...this.analyses, [m.analysis.deal]: m.analysis };
        saveAnalyses(this.key, Object.values(this.analyses), this.stamps);
        return;
      case 'idle':
        this.progress = null;
        this.status = 'done';
        this.stopWorker();
        return;
      case 'error':
        this.fail(m.message);
        return;
      case 'variation':
        return; // asked of the variations' own worker, never of this one
      default:
        assertNever(m);
    }
  }

  private fail(message: string): void {
    this.status = 'error';
    this.error = message;
    this.progress = null;
    this.stopWorker();
  }

  private stopWorker(): void {
    this.worker?.terminate();
    this.worker = null;
  }

  dispose(): void {
    this.worker?.postMessage({ type: 'stop', id: this.id });
    this.stopWorker();
  }
}
