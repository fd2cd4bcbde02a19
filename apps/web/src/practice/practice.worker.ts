/// <reference lib="webworker" />
/**
 * The practice Web Worker: a whole table — rules, bots, the log kept in IndexedDB — off the
 * page's thread, so a strong bot's thinking never blocks the page (see host.ts, table.ts).
 */
import { DEFAULT_BUDGET, decide } from '@belote/bots';
import { seededRng } from '@belote/rules/core';
import { practiceHost } from './host.js';
import { thinkMs } from './table.js';
import type { ToPractice } from './messages.js';
import { SavedGames } from './saved-games.js';

const scope = self as unknown as DedicatedWorkerGlobalScope;
let store: Promise<SavedGames> | null = null;
const handle = practiceHost((m) => scope.postMessage(m), {
  store: () => (store ??= SavedGames.open()),
  decide: (view, level, seed, waitedMs) => decide(view, { level, rng: seededRng(seed), budget: { timeMs: thinkMs(DEFAULT_BUDGET.timeMs, waitedMs) } }),
  clock: { now: () => Date.now(), setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as number) },
  random: (n) => crypto.getRandomValues(new Uint8Array(n)),
});
scope.onmessage = (e: MessageEvent<ToPractice>) => handle(e.data);
