/**
 * The messages between the main thread and a bot worker: a seat's GameView (structured clone),
 * the level, an rng seed and the search budget in; the Move (or an error message) out.
 * Nothing else of the table ever reaches a worker.
 */
import type { BotLevel, SearchBudget } from '@belote/bots';
import type { GameView, Move } from '@belote/rules';

export interface DecideRequest {
  id: number;
  view: GameView;
  level: BotLevel;
  seed: number;
  budget: Partial<SearchBudget> | null;
}

/** `ready` once the worker has loaded (boot time never counts against a decision's deadline). */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'decided'; id: number; ok: true; action: Move; ms: number }
  | { type: 'decided'; id: number; ok: false; error: string };
