/**
 * Starting the analysis Web Worker (bundled by Vite as its own ES module chunk), and fetching
 * that chunk ahead of time: a record file may be opened after the connection is gone, and the
 * worker's script is the one part of the app not loaded with the page.
 */
import workerUrl from './analysis.worker.ts?worker&url';
import type { FromWorker, ToWorker } from './analysis-host.js';

/** The part of a Worker the analysis session uses (a fake in tests). */
export interface WorkerLike {
  postMessage(m: ToWorker): void;
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null;
  onerror?: ((e: ErrorEvent) => void) | null;
  terminate(): void;
}

export const spawnAnalysisWorker = (): WorkerLike => new Worker(workerUrl, { type: 'module', name: 'belote-analysis' }) as unknown as WorkerLike;

/**
 * Put the worker's script in the browser's cache at low priority (a `prefetch` link; assets are
 * cached for a year, their names change with their content), so the analysis also starts offline.
 */
export function prefetchAnalysisWorker(doc: Document = document): void {
  if ([...doc.querySelectorAll<HTMLLinkElement>('link[rel=prefetch]')].some((l) => l.getAttribute('href') === workerUrl)) return;
  const link = doc.createElement('link');
  link.rel = 'prefetch';
  link.href = workerUrl;
  doc.head.append(link);
}
