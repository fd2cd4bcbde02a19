/**
 * A bot worker thread: runs `decide` (the CPU-heavy `strong` search) off the server's event
 * loop. Stateless: every request carries the seat's view, the level, a seed and a budget.
 */
import { parentPort } from 'node:worker_threads';
import { decide } from '@belote/bots';
import { seededRng } from '@belote/rules';
import type { WorkerMessage, DecideRequest } from './messages.js';

const port = parentPort;
if (!port) throw new Error('bots/worker.ts runs as a worker thread');

port.on('message', (req: DecideRequest) => {
  const t0 = performance.now();
  let reply: WorkerMessage;
  try {
    const action = decide(req.view, { level: req.level, rng: seededRng(req.seed), ...(req.budget ? { budget: req.budget } : {}) });
    reply = { type: 'decided', id: req.id, ok: true, action, ms: performance.now() - t0 };
  } catch (e) {
    reply = { type: 'decided', id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(reply);
});
port.postMessage({ type: 'ready' } satisfies WorkerMessage);
