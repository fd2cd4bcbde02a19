/**
 * Starting the analysis Web Worker (bundled by Vite as its own ES module chunk).
 */
import type { FromWorker, ToWorker } from './analysis-host.js';

/** The part of a Worker the analysis session uses (a fake in tests). */
export interface WorkerLike {
  postMessage(m: ToWorker): void;
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null;
  onerror?: ((e: ErrorEvent) => void) | null;
  terminate(): void;
}

export const spawnAnalysisWorker = (): WorkerLike =>
  new Worker(new URL('./analysis.worker.ts', import.meta.url), { type: 'module', name: 'belote-analysis' }) as unknown as WorkerLike;
