/**
 * The analysis loop that runs inside the Web Worker (analysis.worker.ts), written against a
 * `post` function so tests can run it in-process. It rebuilds the replay timeline from the
 * record (nothing but the record crosses over), then analyses the requested deals one at a
 * time, the most wanted first, yielding between deals so a new priority or a stop is heard.
 * A "what if" line is worked out at once (the page asks a worker of its own for those, so
 * they never wait behind a deal).
 */
import { analyseDeal, variationOf, type AnalysisBudget, type DealAnalysis, type Variation } from '@belote/bots';
import { assertNever, replayTimeline, type Card, type GameRecord, type GameState, type ReplayTimeline } from '@belote/rules';

export type ToWorker =
  | { type: 'start'; id: number; record: GameRecord; deals: number[]; budget?: AnalysisBudget }
  | { type: 'prioritize'; id: number; deal: number }
  | { type: 'stop'; id: number }
  /** What if `card` were played from `state` (and, to compare, the card actually played). */
  | { type: 'variation'; id: number; state: GameState; card: Card; played: Card | null };

export type FromWorker =
  | { type: 'progress'; id: number; deal: number; done: number; total: number }
  | { type: 'deal'; id: number; analysis: DealAnalysis }
  | { type: 'idle'; id: number }
  | { type: 'variation'; id: number; chosen: Variation; played: Variation | null }
  | { type: 'error'; id: number; message: string };

interface Job {
  id: number;
  timeline: ReplayTimeline;
  queue: number[];
  budget: AnalysisBudget | undefined;
}

const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

/** A message handler for the worker side. */
export function analysisHost(post: (m: FromWorker) => void): (m: ToWorker) => void {
  let job: Job | null = null;
  let running = false;

  async function run(): Promise<void> {
    if (running) return;
    running = true;
    try {
      for (;;) {
        await tick();
        const j = job;
        if (!j) return;
        const index = j.queue.shift();
        if (index === undefined) {
          job = null;
          post({ type: 'idle', id: j.id });
          return;
        }
        const deal = j.timeline.deals.find((d) => d.index === index);
        if (!deal) continue;
        try {
          const analysis = analyseDeal(deal, {
            ...(j.budget ? { budget: j.budget } : {}),
            onProgress: (done, total) => post({ type: 'progress', id: j.id, deal: index, done, total }),
          });
          if (job === j) post({ type: 'deal', id: j.id, analysis });
        } catch (e) {
          post({ type: 'error', id: j.id, message: e instanceof Error ? e.message : String(e) });
        }
      }
    } finally {
      running = false;
    }
  }

  return (m) => {
    switch (m.type) {
      case 'start':
        job = { id: m.id, timeline: replayTimeline(m.record), queue: [...m.deals], budget: m.budget };
        void run();
        return;
      case 'prioritize':
        if (job?.id === m.id && job.queue.includes(m.deal)) job.queue = [m.deal, ...job.queue.filter((d) => d !== m.deal)];
        return;
      case 'stop':
        if (job?.id === m.id) job = null;
        return;
      case 'variation':
        try {
          post({ type: 'variation', id: m.id, chosen: variationOf(m.state, m.card), played: m.played === null || m.played === m.card ? null : variationOf(m.state, m.played) });
        } catch (e) {
          post({ type: 'error', id: m.id, message: e instanceof Error ? e.message : String(e) });
        }
        return;
      default:
        assertNever(m);
    }
  };
}
