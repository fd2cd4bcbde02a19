/// <reference lib="webworker" />
/**
 * Hints at an online table whose host allows them: the player's own view in, the hint out
 * (practice/hints.ts), computed off the page's thread. Nothing but the view crosses over.
 */
import type { GameView } from '@belote/rules/core';
import { hintFor, hintSeed, type Hint } from './hints.js';

export type ToHintWorker = { n: number; view: GameView };
export type FromHintWorker = { n: number; ok: true; hint: Hint } | { n: number; ok: false; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (e: MessageEvent<ToHintWorker>) => {
  const { n, view } = e.data;
  try {
    scope.postMessage({ n, ok: true, hint: hintFor(view, hintSeed(view)) } satisfies FromHintWorker);
  } catch (err) {
    scope.postMessage({ n, ok: false, message: err instanceof Error ? err.message : String(err) } satisfies FromHintWorker);
  }
};
