/**
 * Test support: a real server in-process and socket.io clients that speak protocol 2 like a
 * real client: each validates every frame with the outbound schemas, checks that `seq` runs
 * without gaps, folds steps and presence into its snapshot (`applyStep`, `applyPresence`) and
 * records both the raw frames (for the leak audit) and the folded state after each one. Chat
 * entries are folded into the snapshot's chat state (`applyChatEntry`, their own `id` order)
 * and kept in `chatEntries`; reactions in `reactions`.
 */
import {
  PROTOCOL_VERSION,
  ServerFrameSchemas,
  SnapshotSchema,
  applyChatEntry,
  applyPresence,
  applyStep,
  chatEntryOrder,
  frameOrder,
  type ChatEntry,
  type ReactionFrame,
  type Ack,
  type ClientEventName,
  type ClientEventPayload,
  type CreateTableResponse,
  type GameAction,
  type ServerFrameName,
  type Snapshot,
  type StepEvent,
} from '@belote/protocol';
import { seededRng, type LegalCalls, type Rng, type Seat } from '@belote/rules';
import { io, type Socket } from 'socket.io-client';
import type { Config } from '../src/config.js';
import { startServer, type RunningServer } from '../src/server.js';

export async function testServer(overrides: Partial<Config> = {}): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    botDelayMs: 0,
    dealPauseMs: 0,
    webDist: '/nonexistent',
    maxSocketsPerAddress: 100_000,
    rateLimitAddressEvents: 1_000_000,
    ...overrides,
  });
}

export async function createTable(server: Pick<RunningServer, 'url'>, body: unknown = {}): Promise<CreateTableResponse> {
  const r = await fetch(`${server.url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (r.status !== 201) throw new Error(`create table: ${r.status} ${await r.text()}`);
  return (await r.json()) as CreateTableResponse;
}

export interface ConnectOptions {
  tableId: string;
  token?: string;
  hostKey?: string;
  protocolVersion?: number;
  /** Headers of the handshake request (e.g. X-Forwarded-For). */
  extraHeaders?: Record<string, string>;
  /** Like the web client: on a `seq` gap, drop frames and `sync` (counted in `resyncs`, not in `orderErrors`). */
  resyncOnGap?: boolean;
  /**
   * Like the web client behind a proxy: reconnect by itself when the connection drops (with the
   * seat token of its last `sit`), and connect again after an INTERNAL handshake refusal (the
   * table moving between processes, the database unreachable). Counted in `reconnects`.
   */
  reconnect?: boolean;
  /** Socket.IO transports (default: WebSocket only; socket.io-client's own default is long-polling first). */
  transports?: ('polling' | 'websocket')[];
}

/** The client's state after one frame: the folded snapshot, and what the frame brought. */
export interface TestUpdate extends Snapshot {
  /** The step's events ([] for a snapshot or presence frame). */
  events: StepEvent[];
  kind: 'snapshot' | 'step' | 'presence' | 'chat' | 'reaction';
  /** The chat entry of a `chat` frame. */
  entry?: ChatEntry;
  /** The reaction of a `reaction` frame. */
  reaction?: ReactionFrame;
}

/** A frame as it came off the wire (the sync ack's snapshot included). */
export interface RawFrame {
  name: ServerFrameName | 'syncAck';
  frame: unknown;
}

/** A protocol-2 client that records every frame, validates it and folds it. */
export class TestClient {
  readonly frames: TestUpdate[] = [];
  readonly raw: RawFrame[] = [];
  readonly schemaErrors: string[] = [];
  /** Frames that did not follow the last one (a gap or a repeat of `seq`): a server bug in these tests. */
  readonly orderErrors: string[] = [];
  /** Every chat entry received, in arrival order. */
  readonly chatEntries: ChatEntry[] = [];
  readonly reactions: ReactionFrame[] = [];
  /** Gaps this client recovered from with `sync` (resyncOnGap). */
  resyncs = 0;
  /** Connections after the first (`reconnect`), and the codes of the handshake refusals met on the way. */
  reconnects = 0;
  readonly refusedHandshakes: string[] = [];
  private resyncing = false;
  private resyncOnGap = false;
  private state: Snapshot | null = null;
  private waiters: { pred: (u: TestUpdate) => boolean; resolve: (u: TestUpdate) => void }[] = [];
  private listeners: ((u: TestUpdate) => void)[] = [];

  private constructor(readonly socket: Socket) {
    for (const name of ['snapshot', 'step', 'presence', 'chat', 'reaction'] as const) socket.on(name, (f: unknown) => this.receive(name, f));
  }

  private receive(name: ServerFrameName | 'syncAck', frame: unknown): void {
    this.raw.push({ name, frame });
    const schema = name === 'syncAck' ? SnapshotSchema : ServerFrameSchemas[name];
    const p = schema.safeParse(frame);
    if (!p.success) this.schemaErrors.push(`${name}: ${p.error.message}`);
    let next: TestUpdate;
    if (name === 'snapshot' || name === 'syncAck') {
      const s = frame as Snapshot;
      this.state = s;
      next = { ...s, events: [], kind: 'snapshot' };
    } else if (name === 'chat' || name === 'reaction') {
      if (!this.state) {
        this.orderErrors.push(`${name} before any snapshot`);
        return;
      }
      if (name === 'chat') {
        const entry = frame as ChatEntry;
        this.chatEntries.push(entry);
        const order = chatEntryOrder(this.state.chat, entry);
        if (order !== 'next') this.orderErrors.push(`chat ${entry.id} after ${this.state.chat.last}: ${order}`);
        else this.state = { ...this.state, chat: applyChatEntry(this.state.chat, entry) };
        next = { ...this.state, events: [], kind: 'chat', entry };
      } else {
        this.reactions.push(frame as ReactionFrame);
        next = { ...this.state, events: [], kind: 'reaction', reaction: frame as ReactionFrame };
      }
    } else {
      const f = frame as { seq: number };
      if (!this.state) {
        this.orderErrors.push(`${name} ${f.seq} before any snapshot`);
        return;
      }
      const order = frameOrder(this.state, f);
      if (this.resyncOnGap && (this.resyncing || order !== 'next')) {
        this.raw.pop();
        if (this.resyncing || order === 'stale') return;
        this.resyncs++;
        this.resyncing = true;
        void this.emit('sync', {}).finally(() => (this.resyncing = false));
        return;
      }
      if (order !== 'next') this.orderErrors.push(`${name} ${f.seq} after ${this.state.seq}: ${order}`);
      if (name === 'step') {
        const step = frame as Parameters<typeof applyStep>[1];
        this.state = applyStep(this.state, step);
        next = { ...this.state, events: step.events, kind: 'step' };
      } else {
        this.state = applyPresence(this.state, frame as Parameters<typeof applyPresence>[1]);
        next = { ...this.state, events: [], kind: 'presence' };
      }
    }
    this.frames.push(next);
    for (const l of this.listeners) l(next);
    this.waiters = this.waiters.filter((w) => {
      if (!w.pred(next)) return true;
      w.resolve(next);
      return false;
    });
  }

  /** Connect and wait for the first snapshot (rejects with the connect_error). */
  static async connect(server: Pick<RunningServer, 'url'>, opts: ConnectOptions): Promise<TestClient> {
    const socket = io(server.url, {
      auth: { protocolVersion: opts.protocolVersion ?? PROTOCOL_VERSION, tableId: opts.tableId, ...(opts.token ? { token: opts.token } : {}), ...(opts.hostKey ? { hostKey: opts.hostKey } : {}) },
      // the table in the URL too: a proxy routes every socket of a table to the process that runs it
      query: { table: opts.tableId },
      transports: opts.transports ?? ['websocket'],
      forceNew: true,
      ...(opts.reconnect ? { reconnection: true, reconnectionDelay: 250, reconnectionDelayMax: 2000 } : { reconnection: false }),
      ...(opts.extraHeaders ? { extraHeaders: opts.extraHeaders } : {}),
    });
    const client = new TestClient(socket);
    client.resyncOnGap = opts.resyncOnGap ?? false;
    await new Promise<void>((resolve, reject) => {
      socket.once('connect_error', (e) => reject(e));
      client.next(() => true).then(() => resolve(), reject);
    });
    if (opts.reconnect) {
      socket.on('connect', () => client.reconnects++);
      if (process.env.DEBUG_RECONNECT) socket.on('disconnect', (r) => console.info(`${Date.now() % 100000} ${opts.tableId.slice(0, 4)} disconnect ${r}`));
      if (process.env.DEBUG_RECONNECT) socket.on('connect', () => console.info(`${Date.now() % 100000} ${opts.tableId.slice(0, 4)} connect`));
      socket.on('connect_error', (e: Error & { data?: { code?: string } }) => {
        if (process.env.DEBUG_RECONNECT) console.info(`${Date.now() % 100000} ${opts.tableId.slice(0, 4)} connect_error ${e.data?.code ?? ''} ${e.message}`);
        client.refusedHandshakes.push(e.data?.code ?? e.message);
        // a refusal by the server is not retried by socket.io-client; a transient one is, here
        if (e.data?.code === 'INTERNAL') setTimeout(() => socket.connect(), 250);
      });
    }
    return client;
  }

  get last(): TestUpdate {
    const u = this.frames[this.frames.length - 1];
    if (!u) throw new Error('no frame yet');
    return u;
  }

  /** Called with the state after every frame from now on. */
  onUpdate(fn: (u: TestUpdate) => void): () => void {
    this.listeners.push(fn);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== fn);
    };
  }

  /** The next state (from now on, or the latest if it already matches) satisfying `pred`. */
  next(pred: (u: TestUpdate) => boolean, timeoutMs = 10_000): Promise<TestUpdate> {
    const last = this.frames[this.frames.length - 1];
    if (last && pred(last)) return Promise.resolve(last);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for a frame: ${pred.toString().slice(0, 120)} (connected: ${this.socket.connected}, last version ${this.frames.at(-1)?.version})`)), timeoutMs);
      this.waiters.push({ pred, resolve: (u) => (clearTimeout(timer), resolve(u)) });
    });
  }

  /** Send an event and wait for its ack; the snapshot in a `sync` ack is applied like a frame. */
  async emit<E extends ClientEventName>(name: E, payload: ClientEventPayload<E> | unknown): Promise<Ack<Record<string, unknown>>> {
    const ack = (await this.socket.timeout(8000).emitWithAck(name, payload)) as Ack<Record<string, unknown>>;
    if (name === 'sync' && ack.ok) this.receive('syncAck', ack.snapshot);
    // the seat's token from now on, for the reconnections socket.io-client makes by itself
    if (name === 'sit' && ack.ok) (this.socket.auth as Record<string, unknown>).token = ack.token;
    return ack;
  }

  close(): void {
    this.socket.disconnect();
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Make a seated client play by itself: on each state where it is this seat's turn, send a
 * bid (classic: take or pass; coinche: one of the legal calls its view offers) or a legal card
 * chosen from its own (folded) view with a seeded rng. Returns a stop function.
 */
export function autoPlay(client: TestClient, seed: string, opts: { takeProbability?: number } = {}): () => void {
  const rng: Rng = seededRng(seed);
  let actedAt = -1;
  let stopped = false;
  const act = (u: TestUpdate) => {
    const d = u.view?.deal;
    const seat = u.you.seat;
    if (stopped || !d || seat === null || d.turn !== seat || d.phase === 'over' || u.view?.winner !== null || actedAt === u.version) return;
    actedAt = u.version;
    const take = rng() < (opts.takeProbability ?? 0.4);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
    let action: GameAction;
    if (d.phase === 'bidding' && d.auction) action = randomCall(d.auction.legal, take, pick);
    else if (d.phase === 'bidding') {
      if (!take) action = { type: 'pass' as const };
      else if (d.round === 1) action = { type: 'take' as const };
      else action = { type: 'take' as const, suit: pick((['S', 'H', 'D', 'C'] as const).filter((s) => !d.retourne!.endsWith(s))) };
    } else action = { type: 'play' as const, card: pick(d.legal) };
    client.emit('action', { version: u.version, action }).then(
      (a) => {
        if (!stopped && !a.ok && a.error.code !== 'STALE_VERSION') throw new Error(`seat ${seat}: ${a.error.code} ${a.error.message}`);
      },
      (e: unknown) => {
        if (!stopped && client.socket.connected) throw e;
      },
    );
  };
  const off = client.onUpdate(act);
  if (client.frames.length) act(client.last);
  return () => {
    stopped = true;
    off();
  };
}

/**
 * A coinche call from the legal ones: with probability `bid` the lowest or a slightly higher bid
 * in a random suit; otherwise a coinche or surcoinche now and then, else pass.
 */
function randomCall(legal: LegalCalls, bid: boolean, pick: <T>(xs: readonly T[]) => T): GameAction {
  if (legal.surcoinche && pick([true, false])) return { type: 'surcoinche' };
  if (legal.coinche && pick([true, false, false, false])) return { type: 'coinche' };
  if (bid && legal.bids.length) return { type: 'bid', value: pick(legal.bids.slice(0, 3)), suit: pick(['S', 'H', 'D', 'C'] as const) };
  return { type: 'pass' };
}

/** Four seated clients and a host-connected spectator at a new table. */
export async function seatedTable(server: Pick<RunningServer, 'url'>, body: unknown = {}, names = ['Ann', 'Bob', 'Cid', 'Dee']) {
  const t = await createTable(server, body);
  const host = await TestClient.connect(server, { tableId: t.id, hostKey: t.hostKey });
  const players: TestClient[] = [];
  const tokens: string[] = [];
  for (let seat = 0; seat < 4; seat++) {
    const c = await TestClient.connect(server, { tableId: t.id });
    const a = await c.emit('sit', { seat: seat as Seat, name: names[seat] });
    if (!a.ok) throw new Error(a.error.message);
    tokens.push(a.token as string);
    players.push(c);
  }
  return { table: t, host, players, tokens };
}

/**
 * Everything the server has done so far has reached these clients: the table's queue ran, its
 * presence frame (coalesced per tick) went out, and one round trip on each socket (a `sync`
 * whose answer is not recorded) — frames sent before it arrive before its ack. For "nothing
 * happened" checks, instead of sleeping.
 */
export async function settled(server: Pick<RunningServer, 'registry'>, tableId: string, clients: readonly TestClient[]): Promise<void> {
  await server.registry.get(tableId)?.idle();
  await new Promise((r) => setImmediate(r));
  await Promise.all(clients.map((c) => c.socket.timeout(5000).emitWithAck('sync', {})));
}
