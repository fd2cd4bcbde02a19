/**
 * A table as PROTOCOL.md's client sees it: created over HTTP (§2), four players who each `sit`
 * (seat 0 also holds the host key), and a spectator. `play` drives whole games from the
 * snapshots alone (the seat to act, its legal moves, the pause between deals), comparing every
 * client's fold with a fresh `sync` snapshot after every change (§6); `audit` replays every
 * frame against the game records (audit.ts).
 */
import { LeakAudit } from './audit.js';
import { DocClient, type ConnectOptions } from './client.js';
import { createTable, parsed, request } from './http.js';
import { decide, rng, type StrategyOptions } from './strategy.js';
import { RecordS, type GameRecord, type Seat, type Snapshot, PROTOCOL } from './wire.js';

export const NAMES = ['Alice', 'Bob', 'Chloé', 'Dan'] as const;

export class DocTable {
  readonly seats: DocClient[] = [];
  readonly tokens: string[] = [];
  spectator!: DocClient;
  /** Further sockets joined by a test (their frames are audited too). */
  readonly extra: DocClient[] = [];
  /** Every ack of an action: its version, for the "one version per change" check. */
  readonly acted: { version: number; ack: number }[] = [];

  private constructor(
    readonly base: string,
    readonly id: string,
    readonly hostKey: string,
    readonly variant: 'classic' | 'coinche',
  ) {}

  static async create(
    base: string,
    body: { rules?: Record<string, unknown>; options?: Record<string, unknown> } = {},
    opts: ConnectOptions & { humans?: Seat[]; via?: (who: Seat | 'spectator') => string } = {},
  ): Promise<DocTable> {
    const { id, hostKey } = await createTable(base, body);
    const t = new DocTable(base, id, hostKey, body.rules?.variant === 'coinche' ? 'coinche' : 'classic');
    const via = opts.via ?? (() => base);
    for (const seat of opts.humans ?? ([0, 1, 2, 3] as Seat[])) {
      const c = await DocClient.connect(via(seat), { protocolVersion: PROTOCOL, tableId: id, ...(seat === 0 ? { hostKey } : {}) }, { ...opts, label: `seat ${seat}` });
      const ack = await c.send('sit', { seat, name: NAMES[seat] });
      if (!ack.ok) throw new Error(`sit ${seat}: ${ack.error.code}`);
      t.tokens[seat] = ack.token as string;
      await c.waitFor(() => c.seat === seat, 3000, 'the snapshot of my seat');
      t.seats[seat] = c;
    }
    t.spectator = await DocClient.connect(via('spectator'), { protocolVersion: PROTOCOL, tableId: id }, { ...opts, label: 'spectator' });
    return t;
  }

  get host(): DocClient {
    return this.seats[0]!;
  }

  all(): DocClient[] {
    return [...this.seats, this.spectator, ...this.extra].filter((c): c is DocClient => c !== undefined);
  }

  live(): DocClient[] {
    return this.all().filter((c) => c.socket.connected);
  }

  problems(): string[] {
    return this.all().flatMap((c) => c.problems);
  }

  /** Connected clients that hold every frame so far (not one that missed a frame on purpose). */
  current(): DocClient[] {
    return this.live().filter((c) => !c.missed);
  }

  /** The state the driver decides from: the spectator's, or a seat's while the spectator missed a frame. */
  ref(): DocClient {
    return this.current().find((c) => c === this.spectator) ?? this.current()[0]!;
  }

  /** Until every connected client has folded the same frames. */
  async settle(): Promise<void> {
    const target = () => Math.max(...this.current().map((c) => c.state!.seq));
    await Promise.all(this.current().map((c) => c.waitFor(() => c.missed || c.state!.seq >= target(), 3000, `seq ${target()}`)));
  }

  /** Every connected client syncs and compares its fold with the server's snapshot. */
  async syncAll(): Promise<Snapshot[]> {
    return Promise.all(this.current().map((c) => c.sync()));
  }

  /** Plays until the game is won (or `until` holds), every seat deciding from its own snapshot. */
  async play(o: Partial<StrategyOptions> & { until?: (s: Snapshot) => boolean; maxSteps?: number; onTurn?: (t: DocTable) => Promise<void> } = {}): Promise<Snapshot> {
    const opts: StrategyOptions = { redealFirst: o.redealFirst ?? false, random: o.random ?? rng(7) };
    const readySent = new Set<string>();
    for (let i = 0; i < (o.maxSteps ?? 2000); i++) {
      await this.settle();
      await this.syncAll();
      const ref = this.ref();
      const s = ref.state!;
      if (s.view?.winner !== null && s.view?.winner !== undefined) return s;
      if (o.until?.(s)) return s;
      const d = s.view?.deal;
      const seq = s.seq;
      if (d && d.phase === 'over' && s.timers.nextDeal) {
        const key = `${s.table.games}/${d.number}`;
        if (!readySent.has(key)) {
          readySent.add(key);
          await Promise.all(
            this.seats.map(async (c, seat) => {
              if (s.timers.nextDeal!.ready[seat]) return;
              const ack = await c.send('ready', {});
              if (!ack.ok) c.problem(`ready refused in the pause: ${ack.error.code} ${ack.error.message}`);
            }),
          );
        }
      } else if (d && d.turn !== null && this.seats[d.turn]) {
        await o.onTurn?.(this);
        const c = this.seats[d.turn]!;
        // An automatic step (the next deal after the pause) may land between two seats' syncs:
        // decide only from the reference's version, else sync again.
        if (c.state!.version !== s.version) continue;
        const before = c.state!.version;
        const action = decide(c.state!, opts);
        const ack = await c.send('action', { version: before, action });
        if (!ack.ok) throw new Error(`seat ${d.turn} ${JSON.stringify(action)} refused: ${ack.error.code} ${ack.error.message}`);
        this.acted.push({ version: before, ack: ack.version as number });
        if (ack.version !== before + 1) c.problem(`action at version ${before} acknowledged with version ${String(ack.version)} (§6: one change, one version)`);
        await c.waitFor(() => c.state!.version >= (ack.version as number), 3000, `version ${String(ack.version)}`);
        continue;
      }
      await ref.waitFor(() => ref.state!.seq > seq, 6000, 'the next frame');
    }
    throw new Error('the game did not end');
  }

  /** The records of every game played at this table (§2). */
  async records(): Promise<GameRecord[]> {
    const games = this.spectator.state!.table.games;
    const out: GameRecord[] = [];
    for (let g = 0; g < games; g++) {
      const r = await request(this.base, `/api/tables/${this.id}/record?game=${g}`);
      if (r.status !== 200) throw new Error(`record ${g}: ${r.status} ${r.text}`);
      out.push(parsed(RecordS, r.json, `record of game ${g}`));
    }
    return out;
  }

  /** The leak audit of every frame every client of this table received. */
  async audit(): Promise<LeakAudit> {
    const frames = this.all().map((c) => [c.label, [...c.frames]] as const);
    const audit = new LeakAudit(this.variant, await this.records());
    for (const [label, f] of frames) audit.socket(label, f);
    return audit;
  }

  close(): void {
    for (const c of this.all()) c.close();
  }
}
