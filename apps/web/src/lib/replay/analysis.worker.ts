/// <reference lib="webworker" />
/**
 * The Web Worker that analyses finished deals off the main thread (see analysis-host.ts): the
 * page never stalls, and the server spends nothing, which also makes it work on a record file
 * opened offline.
 */
import { analysisHost, type ToWorker } from './analysis-host.js';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const handle = analysisHost((m) => scope.postMessage(m));
scope.onmessage = (e: MessageEvent<ToWorker>) => handle(e.data);
