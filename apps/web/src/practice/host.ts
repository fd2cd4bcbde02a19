/**
 * The practice loop that runs inside the Web Worker (practice.worker.ts), written against a
 * `post` function and injected storage, clock and bots so tests run it in-process. It opens one
 * table (new, or kept on the device), forwards the page's client events to it and its frames
 * back, and answers the practice's own requests: take back, hint.
 */
import type { BotLevel } from '@belote/protocol/client';
import type { GameView, Move } from '@belote/rules/core';
import { hintFor, hintSeed } from './hints.js';
import type { FromPractice, PracticeRequest, ToPractice } from './messages.js';
import { PracticeTable, type Clock, type Timing } from './table.js';
import type { SavedPractice } from './types.js';

export interface HostStore {
  put(saved: SavedPractice): Promise<void>;
  get(id: string): Promise<SavedPractice | null>;
  prune?(keep: string): Promise<void>;
}

export interface HostDeps {
  store: () => Promise<HostStore>;
  decide(view: GameView, level: BotLevel, seed: number, waitedMs: number): Move;
  clock: Clock;
  random(bytes: number): Uint8Array;
  /** The hint's computation (tests may give a cheaper one). */
  hint?: typeof hintFor;
  /** The table once open (tests look into it). */
  onTable?(table: PracticeTable): void;
}

export function practiceHost(post: (m: FromPractice) => void, deps: HostDeps): (m: ToPractice) => void {
  let table: PracticeTable | null = null;
  let opening: Promise<void> | null = null;

  const tableDeps = async (timing: Partial<Timing> | undefined) => {
    const store = await deps.store();
    return {
      store,
      deps: {
        clock: deps.clock,
        random: deps.random,
        decide: deps.decide,
        save: (s: SavedPractice) => store.put(s),
        send: <E extends 'snapshot' | 'step' | 'presence'>(name: E, frame: unknown) => post({ type: 'frame', name, frame } as FromPractice),
        thought: (seat: number, ms: number) => post({ type: 'thought', seat, ms, at: performance.timeOrigin + performance.now() }),
        ...(timing ? { timing } : {}),
      },
    };
  };

  async function open(m: Extract<ToPractice, { type: 'open' | 'create' }>): Promise<void> {
    try {
      const { store, deps: d } = await tableDeps(m.timing);
      if (m.type === 'create') table = await PracticeTable.create(m.settings, d);
      else {
        const saved = await store.get(m.id);
        table = saved ? PracticeTable.restore(saved, d) : null;
        if (!table) {
          post({ type: 'failed', message: saved ? 'this practice game could not be rebuilt' : 'no such practice game on this device' });
          return;
        }
      }
      await store.prune?.(table.id);
      deps.onTable?.(table);
      post({ type: 'opened', id: table.id });
      table.open();
    } catch (e) {
      post({ type: 'failed', message: e instanceof Error ? e.message : String(e) });
    }
  }

  async function request(n: number, r: PracticeRequest): Promise<void> {
    await opening;
    const t = table;
    if (!t) {
      post({ type: 'reply', n, reply: { ok: false, error: { code: 'INTERNAL', message: 'no practice game is open' } } });
      return;
    }
    switch (r.type) {
      case 'send':
        post({ type: 'reply', n, reply: await t.command(r.event, r.payload) });
        return;
      case 'takeBack':
        post({ type: 'reply', n, reply: await t.takeBack() });
        return;
      case 'hint': {
        const view = t.view();
        if (!view?.deal || view.deal.turn !== view.viewer || view.deal.phase === 'over' || view.winner !== null) {
          post({ type: 'reply', n, reply: { ok: false, error: { code: 'NOT_YOUR_TURN', message: 'a hint is for your own turn' } } });
          return;
        }
        await t.countHint();
        const hint = (deps.hint ?? hintFor)(view, hintSeed(view));
        post({ type: 'reply', n, reply: { ok: true, hint } });
        return;
      }
    }
  }

  return (m) => {
    if (m.type === 'open' || m.type === 'create') {
      table?.close();
      table = null;
      opening = open(m);
      return;
    }
    if (m.type === 'drawn') {
      table?.drawn(m.version);
      return;
    }
    void request(m.n, m).catch((e: unknown) =>
      post({ type: 'reply', n: m.n, reply: { ok: false, error: { code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) } } }),
    );
  };
}
