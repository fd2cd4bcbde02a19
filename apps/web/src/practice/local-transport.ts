/**
 * The practice table's transport: the `Transport` the web client's table store depends on
 * (lib/socket.ts), spoken to the practice Web Worker instead of a socket. Client events go to
 * the worker and come back as the protocol's acks; its snapshot, step and presence frames go to
 * the same handlers a server's do — so the table, its motion, sounds, callouts, score sheet and
 * deal summary are the online table's own. Beside the protocol: take back, hint.
 */
import type { ClientEventName, ClientEventPayload, Snapshot } from '@belote/protocol/client';
import { afterFrame } from '../lib/frame-late.svelte.js';
import type { AckOf, Credentials, Transport, TransportHandlers } from '../lib/socket.js';
import type { Hint } from './hints.js';
import type { FromPractice, PracticeReply, PracticeRequest, ToPractice } from './messages.js';
import { youName } from './texts.js';
import { ME } from './types.js';

/** The part of a Worker the transport uses (an in-process host in tests). */
export interface PracticeWorker {
  postMessage(m: ToPractice): void;
  onmessage: ((e: MessageEvent<FromPractice>) => void) | null;
  terminate(): void;
}

export type OpenResult = { ok: true; id: string } | { ok: false; message: string };

export interface PracticeTransport extends Transport {
  /** Resolves once the table is open (its id) or could not be. */
  readonly opened: Promise<OpenResult>;
  takeBack(): Promise<PracticeReply>;
  hint(): Promise<{ ok: true; hint: Hint } | { ok: false; code: string; message: string }>;
}

/** The table as the page shows it: a player who never gave a name ('' in the worker) is "You" in the page's language, then. */
function named(s: Snapshot): Snapshot {
  if (s.table.seats[ME].name !== '') return s;
  const seats = s.table.seats.map((x) => (x.seat === ME ? { ...x, name: youName() } : x)) as Snapshot['table']['seats'];
  return { ...s, table: { ...s.table, seats } };
}

/** The ack of a `sync` carries a snapshot. */
const namedAck = (a: PracticeReply): PracticeReply => (a.ok && 'snapshot' in a ? { ...a, snapshot: named(a.snapshot as Snapshot) } : a);

/**
 * `run` once the page has drawn what it holds now: after two frames (a change's own and the one
 * its late parts take, lib/frame-late), or at once where nothing is drawn (a hidden page, no
 * `requestAnimationFrame`) — not by a timer: a hidden page's timers may wait a second, past the
 * worker's bounded wait.
 */
function afterDrawn(run: () => void): void {
  if (typeof globalThis.requestAnimationFrame !== 'function' || globalThis.document?.hidden !== false) queueMicrotask(run);
  else afterFrame(() => afterFrame(run));
}

/**
 * A transport factory for `TableClient.connect`: `start` opens the table (a kept id, or new
 * settings). `onThought` hears each bot's thinking time (measurements).
 */
export function practiceTransport(
  worker: PracticeWorker,
  start: Extract<ToPractice, { type: 'open' | 'create' }>,
  onThought?: (seat: number, ms: number) => void,
): { factory: (credentials: () => Credentials, on: TransportHandlers) => PracticeTransport; transport: () => PracticeTransport | null } {
  let made: PracticeTransport | null = null;
  const factory = (_credentials: () => Credentials, on: TransportHandlers): PracticeTransport => {
    let n = 0;
    const waiting = new Map<number, (r: PracticeReply) => void>();
    let resolveOpened!: (r: OpenResult) => void;
    const opened = new Promise<OpenResult>((r) => (resolveOpened = r));
    worker.onmessage = (e) => {
      const m = e.data;
      switch (m.type) {
        case 'opened':
          resolveOpened({ ok: true, id: m.id });
          on.status('connected');
          return;
        case 'failed':
          resolveOpened({ ok: false, message: m.message });
          on.refused({ code: 'NO_SUCH_TABLE', message: m.message });
          return;
        case 'frame':
          if (m.name === 'snapshot') on.snapshot(named(m.frame));
          else if (m.name === 'step') on.step(m.frame);
          else on.presence(m.frame);
          if (m.name !== 'presence') afterDrawn(() => worker.postMessage({ type: 'drawn', version: m.frame.version }));
          return;
        case 'reply': {
          const done = waiting.get(m.n);
          waiting.delete(m.n);
          done?.(m.reply);
          return;
        }
        case 'thought':
          onThought?.(m.seat, m.ms);
          return;
      }
    };
    const ask = (r: PracticeRequest): Promise<PracticeReply> =>
      new Promise((resolve) => {
        const id = ++n;
        waiting.set(id, resolve);
        worker.postMessage({ n: id, ...r } as ToPractice);
      });
    on.status('connecting');
    worker.postMessage(start);
    made = {
      opened,
      send<E extends ClientEventName>(event: E, payload: ClientEventPayload<E>): Promise<AckOf<E>> {
        return ask({ type: 'send', event, payload: payload as ClientEventPayload<ClientEventName> }).then(namedAck) as Promise<AckOf<E>>;
      },
      takeBack: () => ask({ type: 'takeBack' }),
      async hint() {
        const r = await ask({ type: 'hint' });
        if (r.ok && 'hint' in r) return { ok: true as const, hint: r.hint as Hint };
        return r.ok ? { ok: false as const, code: 'INTERNAL', message: 'no hint' } : { ok: false as const, code: r.error.code, message: r.error.message };
      },
      reconnect() {
        // nothing to reconnect to: ask for a snapshot instead
        void ask({ type: 'send', event: 'sync', payload: {} }).then((a) => {
          if (a.ok && 'snapshot' in a) on.snapshot(named(a.snapshot as Snapshot));
        });
      },
      close() {
        // nothing from the game reaches a page that closed it (a worker's last messages may be under way)
        worker.onmessage = null;
        for (const done of waiting.values()) done({ ok: false, error: { code: 'INTERNAL', message: 'the practice table was closed' } });
        waiting.clear();
        worker.terminate();
      },
    };
    return made;
  };
  return { factory, transport: () => made };
}
