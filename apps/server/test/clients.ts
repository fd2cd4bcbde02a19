/**
 * Test support: a real server in-process and socket.io clients that record every frame.
 */
import {
  PROTOCOL_VERSION,
  UpdateMessageSchema,
  type Ack,
  type ClientEventName,
  type ClientEventPayload,
  type CreateTableResponse,
  type UpdateMessage,
} from '@belote/protocol';
import { seededRng, type Rng, type Seat } from '@belote/rules';
import { io, type Socket } from 'socket.io-client';
import type { Config } from '../src/config.js';
import { startServer, type RunningServer } from '../src/server.js';

export async function testServer(overrides: Partial<Config> = {}): Promise<RunningServer> {
  return startServer({ port: 0, host: '127.0.0.1', logLevel: 'silent', botDelayMs: 0, dealPauseMs: 0, webDist: '/nonexistent', ...overrides });
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
}

/** A client that records every update it receives and validates it with the outbound schema. */
export class TestClient {
  readonly frames: UpdateMessage[] = [];
  private waiters: { pred: (u: UpdateMessage) => boolean; resolve: (u: UpdateMessage) => void }[] = [];
  readonly schemaErrors: string[] = [];

  private constructor(readonly socket: Socket) {
    socket.on('update', (u: UpdateMessage) => {
      const p = UpdateMessageSchema.safeParse(u);
      if (!p.success) this.schemaErrors.push(p.error.message);
      this.frames.push(u);
      this.waiters = this.waiters.filter((w) => {
        if (!w.pred(u)) return true;
        w.resolve(u);
        return false;
      });
    });
  }

  /** Connect and wait for the first update (rejects with the connect_error). */
  static async connect(server: Pick<RunningServer, 'url'>, opts: ConnectOptions): Promise<TestClient> {
    const socket = io(server.url, {
      auth: { protocolVersion: opts.protocolVersion ?? PROTOCOL_VERSION, tableId: opts.tableId, ...(opts.token ? { token: opts.token } : {}), ...(opts.hostKey ? { hostKey: opts.hostKey } : {}) },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    const client = new TestClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect_error', (e) => reject(e));
      client.next(() => true).then(() => resolve(), reject);
    });
    return client;
  }

  get last(): UpdateMessage {
    const u = this.frames[this.frames.length - 1];
    if (!u) throw new Error('no update yet');
    return u;
  }

  /** The next update (from now on, or the latest if it already matches) satisfying `pred`. */
  next(pred: (u: UpdateMessage) => boolean, timeoutMs = 10_000): Promise<UpdateMessage> {
    const last = this.frames[this.frames.length - 1];
    if (last && pred(last)) return Promise.resolve(last);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for an update')), timeoutMs);
      this.waiters.push({ pred, resolve: (u) => (clearTimeout(timer), resolve(u)) });
    });
  }

  emit<E extends ClientEventName>(name: E, payload: ClientEventPayload<E> | unknown): Promise<Ack<Record<string, unknown>>> {
    return this.socket.timeout(5000).emitWithAck(name, payload) as Promise<Ack<Record<string, unknown>>>;
  }

  close(): void {
    this.socket.disconnect();
  }
}

/** Wait until a client's socket is connected and not yet seen an update (for raw sends). */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Make a seated client play by itself: on each update where it is this seat's turn, send a
 * bid or a legal card chosen from its own view with a seeded rng. Returns a stop function.
 */
export function autoPlay(client: TestClient, seed: string, opts: { takeProbability?: number } = {}): () => void {
  const rng: Rng = seededRng(seed);
  let actedAt = -1;
  let stopped = false;
  const act = (u: UpdateMessage) => {
    const d = u.view?.deal;
    const seat = u.you.seat;
    if (stopped || !d || seat === null || d.turn !== seat || d.phase === 'over' || u.view?.winner !== null || actedAt === u.version) return;
    actedAt = u.version;
    const take = rng() < (opts.takeProbability ?? 0.4);
    let action;
    if (d.phase === 'bidding') {
      if (!take) action = { type: 'pass' as const };
      else if (d.round === 1) action = { type: 'take' as const };
      else action = { type: 'take' as const, suit: (['S', 'H', 'D', 'C'] as const).filter((s) => !d.retourne!.endsWith(s))[Math.floor(rng() * 3)]! };
    } else action = { type: 'play' as const, card: d.legal[Math.floor(rng() * d.legal.length)]! };
    client.emit('action', { version: u.version, action }).then(
      (a) => {
        if (!stopped && !a.ok && a.error.code !== 'STALE_VERSION') throw new Error(`seat ${seat}: ${a.error.code} ${a.error.message}`);
      },
      (e: unknown) => {
        if (!stopped && client.socket.connected) throw e;
      },
    );
  };
  client.socket.on('update', act);
  if (client.frames.length) act(client.last);
  return () => {
    stopped = true;
    client.socket.off('update', act);
  };
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
