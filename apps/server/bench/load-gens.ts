/**
 * Several load-generator processes behind one interface: tables are split between them and
 * their counters merged, so the client side can use more than one core (the server under test
 * is still one process).
 */
import { fileURLToPath } from 'node:url';
import { Child } from './ipc.js';
import { summarize, type LatencySummary } from './stats.js';

export interface Lag {
  p50: number;
  p99: number;
  max: number;
  /** Delay samples taken (one per 5 ms timer run): few means the figures say little. */
  samples?: number;
}

interface OneGenStats {
  actions: number;
  refused: Record<string, number>;
  samples: number[];
  frames: number;
  privateFrames: number;
  presenceFrames: number;
  roomBytes: number;
  roomSampled: number;
  privateBytes: number;
  privateSampled: number;
  lag: Lag;
  /** This generator process's CPU time so far. */
  cpuMs: number;
}

export interface GenStats {
  actions: number;
  refused: Record<string, number>;
  latency: LatencySummary;
  /** Frames received by all sockets together, and of them the seats' own (private) and presence ones. */
  frames: number;
  privateFrames: number;
  presenceFrames: number;
  /** Average wire size of a room-wide frame (steps and presence) and of a private one. */
  roomFrameBytes: number;
  privateFrameBytes: number;
  /** Bytes received per socket per action (five sockets per table). */
  bytesPerSocketAction: number;
  /** The worst load generator's event-loop lag. */
  lag: Lag;
  /** CPU time of all the generator processes so far (ms). */
  cpuMs: number;
}

export interface StormResult {
  sockets: number;
  seconds: number;
  seats: number;
  seatsWithView: number;
}

export class LoadGens {
  private readonly gens: Child[];

  constructor(n: number) {
    const file = fileURLToPath(new URL('./load-gen.ts', import.meta.url));
    this.gens = Array.from({ length: n }, () => new Child(file));
  }

  private all<T>(cmd: string, args: unknown = null): Promise<T[]> {
    return Promise.all(this.gens.map((g) => g.call<T>(cmd, args)));
  }

  /**
   * Add `count` tables, split between the generators; returns the tables held and the slowest
   * setup time. Several servers (`url` comma-separated): tables go round them, and each table's
   * sockets too (`spread`) or all on the table's server. `turnTimerSeconds`: the tables' turn timer.
   */
  async setup(url: string, kind: 'full' | 'bare', count: number, spread = true, turnTimerSeconds: number | null = null): Promise<{ tables: number; seconds: number }> {
    const n = this.gens.length;
    const r = await Promise.all(
      this.gens.map((g, i) => g.call<{ tables: number; seconds: number }>('setup', { url, kind, spread, turnTimerSeconds, count: Math.floor(count / n) + (i < count % n ? 1 : 0) })),
    );
    return { tables: r.reduce((a, x) => a + x.tables, 0), seconds: Math.max(...r.map((x) => x.seconds)) };
  }

  async run(intervalMs: number): Promise<void> {
    await this.all('run', { intervalMs });
  }

  async pause(): Promise<void> {
    await this.all('pause');
  }

  async stats(): Promise<GenStats> {
    const r = await this.all<OneGenStats>('stats');
    const refused: Record<string, number> = {};
    for (const x of r) for (const [k, v] of Object.entries(x.refused)) refused[k] = (refused[k] ?? 0) + v;
    const sum = (k: keyof OneGenStats) => r.reduce((a, x) => a + (x[k] as number), 0);
    const roomFrameBytes = sum('roomSampled') ? sum('roomBytes') / sum('roomSampled') : 0;
    const privateFrameBytes = sum('privateSampled') ? sum('privateBytes') / sum('privateSampled') : 0;
    const actions = sum('actions');
    const privateFrames = sum('privateFrames');
    return {
      actions,
      refused,
      latency: summarize(r.flatMap((x) => x.samples)),
      frames: sum('frames'),
      privateFrames,
      presenceFrames: sum('presenceFrames'),
      roomFrameBytes,
      privateFrameBytes,
      bytesPerSocketAction: actions ? ((sum('frames') - privateFrames) * roomFrameBytes + privateFrames * privateFrameBytes) / (actions * 5) : 0,
      lag: { p50: Math.max(...r.map((x) => x.lag.p50)), p99: Math.max(...r.map((x) => x.lag.p99)), max: Math.max(...r.map((x) => x.lag.max)) },
      cpuMs: sum('cpuMs'),
    };
  }

  async drop(): Promise<void> {
    await this.all('drop');
  }

  async reconnect(): Promise<StormResult> {
    const r = await this.all<StormResult>('reconnect');
    return {
      sockets: r.reduce((a, x) => a + x.sockets, 0),
      seconds: Math.max(...r.map((x) => x.seconds)),
      seats: r.reduce((a, x) => a + x.seats, 0),
      seatsWithView: r.reduce((a, x) => a + x.seatsWithView, 0),
    };
  }

  /** Idle tables and spectators come from the first generator only. */
  createIdle(url: string, count: number): Promise<number> {
    return this.gens[0]!.call<number>('createIdle', { url, count });
  }

  connectSpectators(url: string, perTable: number): Promise<number> {
    return this.gens[0]!.call<number>('connectSpectators', { url, perTable });
  }

  async stop(): Promise<void> {
    await Promise.all(this.gens.map((g) => g.stop()));
  }
}
