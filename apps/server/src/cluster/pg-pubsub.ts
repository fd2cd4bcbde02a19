/**
 * PostgreSQL LISTEN/NOTIFY for a cluster of server processes, shared by the Socket.IO
 * PostgreSQL adapter (`@socket.io/postgres-adapter`: room frames to every process) and the node
 * bus (node-bus.ts: messages addressed to one process). Both ride one ordered stream per
 * process pair, which is why they share it:
 *   - every notification this process sends goes through one publishing connection, in call
 *     order, batched per tick into one statement (one commit, notifications in order);
 *   - every notification it receives arrives on one listening connection, handled in order.
 * So a snapshot addressed to a socket and the room frames that follow it reach the socket's
 * process in the order the table's owner sent them. The adapter is given `adapterPool()`: its
 * `query` for NOTIFY joins the batch, and its listening connection is ours, seen through a view
 * that shows it the adapter's messages only (it would parse every notification otherwise).
 *
 * Room frames are addressed: a publish made inside `routed(channels, …)` (the table's owner
 * broadcasting to a room whose other sockets are on those processes) goes to those processes'
 * own channels, tagged, instead of the adapter's channel that every process hears — so no
 * process receives, or parses, its own frames or those of tables it holds no socket of. The
 * receiving process hands them to its adapter exactly as if they came on the adapter's channel.
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import pg from 'pg';
import type { Logger } from 'pino';

/** NOTIFY payloads must stay under 8000 bytes; larger messages are compressed and chunked. */
const MAX_PAYLOAD = 7000;

/** The adapter's NOTIFY statement (util.js of @socket.io/postgres-adapter 0.5). */
const ADAPTER_NOTIFY = 'SELECT pg_notify($1, $2)';

/** The adapter's channel (its default prefix, the default namespace), where unaddressed adapter messages go. */
export const ADAPTER_CHANNEL = 'socket.io#/';

/** First character of an adapter message sent on a process's own channel (other messages are JSON objects). */
const ADAPTER_TAG = '~';

export interface PubSubOptions {
  url: string;
  /** `application_name` of this process's connections: how others see it is alive. */
  applicationName: string;
  log: Logger;
  connectTimeoutMs?: number;
}

interface Pending {
  channel: string;
  payload: string;
  resolve: () => void;
  reject: (e: unknown) => void;
}

type Handler = (message: unknown) => void;

export class PgPubSub {
  private readonly publisher: pg.Pool;
  private readonly listenPool: pg.Pool;
  private pending: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private readonly handlers = new Map<string, Handler>();
  private listener: pg.PoolClient | null = null;
  /** What the adapter sees of the listening connection. */
  private adapterView: AdapterView | null = null;
  /** Inside `routed`: the channels the adapter's publishes go to. */
  private route: readonly string[] | null = null;
  private readonly chunks = new Map<string, string[]>();
  private nextChunkId = 0;
  private readonly chunkPrefix = randomBytes(6).toString('hex');
  private closed = false;
  /** Called each time the listening connection is (re)established (after a database restart). */
  onListening: () => void = () => {};
  /** Counters (benchmarks): notifications sent and received, and the statements that sent them. */
  readonly counters = { sent: 0, batches: 0, received: 0 };
  /** Resolves once the listening connection is up the first time. */
  readonly ready: Promise<void>;
  private markReady: () => void = () => {};

  constructor(private readonly opts: PubSubOptions) {
    const base = { connectionString: opts.url, application_name: opts.applicationName, connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000, keepAlive: true };
    // One connection: notifications are committed in the order they were sent. They need no
    // durability, so their commits do not wait for the disk.
    this.publisher = new pg.Pool({ ...base, max: 1, options: '-c synchronous_commit=off' });
    this.listenPool = new pg.Pool({ ...base, max: 1, idleTimeoutMillis: 0 });
    for (const p of [this.publisher, this.listenPool]) p.on('error', (e) => opts.log.warn({ err: e }, 'PostgreSQL pub/sub connection lost; reconnecting'));
    this.ready = new Promise((resolve) => (this.markReady = resolve));
  }

  /** Receive the messages sent to `channel` (its LISTEN is renewed on every reconnection). */
  listen(channel: string, handler: Handler): void {
    this.handlers.set(channel, handler);
    this.listener?.query(`LISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
  }

  /** Send `message` (JSON) to whoever listens on `channel`; resolves once committed. */
  publish(channel: string, message: unknown): Promise<void> {
    return this.send(channel, JSON.stringify(message));
  }

  /**
   * Run `fn` (a Socket.IO broadcast) with the adapter's publishes addressed to `channels` (the
   * processes that hold sockets of the room) rather than to every process. The adapter publishes
   * synchronously within the broadcast call; anything it publishes later goes to all.
   */
  routed(channels: readonly string[], fn: () => void): void {
    this.route = channels;
    try {
      fn();
    } finally {
      this.route = null;
    }
  }

  private send(channel: string, text: string): Promise<void> {
    if (Buffer.byteLength(text) <= MAX_PAYLOAD) return this.notify(channel, text);
    // Compressed and split; the parts are consecutive in this process's stream.
    const data = deflateRawSync(text).toString('base64');
    const id = `${this.chunkPrefix}.${this.nextChunkId++}`;
    const n = Math.ceil(data.length / MAX_PAYLOAD);
    const parts: Promise<void>[] = [];
    for (let i = 0; i < n; i++) parts.push(this.notify(channel, JSON.stringify({ chunk: id, i, n, d: data.slice(i * MAX_PAYLOAD, (i + 1) * MAX_PAYLOAD) })));
    return Promise.all(parts).then(() => undefined);
  }

  /**
   * A `pg.Pool` stand-in for `createAdapter`: its NOTIFY joins this process's ordered batch and
   * its listening connection is this one's; other statements (attachments) go to the publisher.
   */
  adapterPool(): pg.Pool {
    const pool = {
      query: (text: string, values?: unknown[]) => (text === ADAPTER_NOTIFY && values ? this.adapterNotify(String(values[0]), String(values[1])) : this.publisher.query(text, values)),
      connect: async () => {
        const client = await this.connectListener();
        return (this.adapterView = new AdapterView(client));
      },
    };
    return pool as unknown as pg.Pool;
  }

  private adapterNotify(channel: string, payload: string): Promise<void> {
    const route = this.route;
    if (route === null) return this.notify(channel, payload);
    return Promise.all(route.map((c) => this.send(c, ADAPTER_TAG + payload))).then(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.flushing;
    this.listener?.release(true);
    this.listener = null;
    await Promise.all([this.publisher.end(), this.listenPool.end()]).catch(() => undefined);
  }

  private notify(channel: string, payload: string): Promise<void> {
    if (this.closed) return Promise.reject(new Error('pub/sub closed'));
    return new Promise((resolve, reject) => {
      this.pending.push({ channel, payload, resolve, reject });
      this.flushing ??= this.flushLoop();
    });
  }

  private async flushLoop(): Promise<void> {
    await new Promise((r) => setImmediate(r)); // this tick's notifications share one commit
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      this.counters.batches++;
      this.counters.sent += batch.length;
      try {
        // rows are produced, and notifications queued, in array order
        await this.publisher.query('SELECT pg_notify(m.c, m.p) FROM unnest($1::text[], $2::text[]) AS m(c, p)', [batch.map((b) => b.channel), batch.map((b) => b.payload)]);
        for (const b of batch) b.resolve();
      } catch (e) {
        for (const b of batch) b.reject(e);
      }
    }
    this.flushing = null;
  }

  /** The one listening connection (the adapter asks for it, and again after it ended). */
  private async connectListener(): Promise<pg.PoolClient> {
    const client = await this.listenPool.connect();
    // A checked-out client reports a lost connection as 'error' (then 'end', on which the adapter reconnects).
    client.on('error', (e) => this.opts.log.warn({ err: e }, 'PostgreSQL listening connection lost'));
    // The adapter forgets a connection that ended without giving it back; give it back here (once),
    // or the pool would stay full and the adapter could never listen again.
    let released = false;
    const release = client.release.bind(client);
    client.release = (err?: Error | boolean) => {
      if (this.listener === client) this.listener = null;
      if (released) return;
      released = true;
      release(err);
    };
    client.on('end', () => client.release(true));
    this.dispatchInOrder(client);
    for (const channel of this.handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    this.listener = client;
    this.markReady();
    queueMicrotask(() => this.onListening());
    return client;
  }

  /**
   * Every notification of this connection goes through one queue in arrival order, to the node
   * bus (its channel's handler) or to the adapter (its own channel, or a message addressed to this
   * process). After a node-bus message (a forwarded command's reply) the next one waits for a turn
   * of the event loop: the reply's continuation — the socket's ack — runs first, so a room frame
   * that followed the reply on the stream cannot overtake it (pg emits every notification of one
   * network read at once, before any promise continuation).
   */
  private dispatchInOrder(client: pg.PoolClient): void {
    const queue: pg.Notification[] = [];
    let draining = false;
    const drain = async () => {
      draining = true;
      while (queue.length > 0) if (this.dispatch(queue.shift()!) === 'bus') await new Promise((r) => setImmediate(r));
      draining = false;
    };
    client.on('notification', (n) => {
      this.counters.received++;
      queue.push(n);
      if (!draining) void drain();
    });
  }

  /** One notification to its reader: what got it ('bus', 'adapter'), or null (nobody, or a part of a longer message). */
  private dispatch(n: pg.Notification): 'bus' | 'adapter' | null {
    if (n.payload === undefined) return null;
    if (n.channel === ADAPTER_CHANNEL) return this.toAdapter(n.channel, n.payload);
    const handler = this.handlers.get(n.channel);
    return handler ? this.receive(n.channel, n.payload, handler) : null;
  }

  private toAdapter(channel: string, payload: string): 'adapter' {
    try {
      this.adapterView?.deliver(channel, payload);
    } catch (e) {
      this.opts.log.error({ err: e }, 'cluster message handler failed');
    }
    return 'adapter';
  }

  private receive(channel: string, payload: string, handler: Handler): 'bus' | 'adapter' | null {
    if (payload.startsWith(ADAPTER_TAG)) return this.toAdapter(channel, payload.slice(ADAPTER_TAG.length));
    let message: unknown;
    try {
      message = JSON.parse(payload);
      const c = message as { chunk?: string; i?: number; n?: number; d?: string };
      if (typeof c.chunk === 'string') {
        const parts = this.chunks.get(c.chunk) ?? [];
        parts[c.i!] = c.d!;
        if (parts.filter((p) => p !== undefined).length < c.n!) {
          this.chunks.set(c.chunk, parts);
          return null;
        }
        this.chunks.delete(c.chunk);
        return this.receive(channel, inflateRawSync(Buffer.from(parts.join(''), 'base64')).toString(), handler);
      }
    } catch (e) {
      this.opts.log.error({ err: e }, 'unreadable cluster message dropped');
      return null;
    }
    try {
      handler(message);
    } catch (e) {
      this.opts.log.error({ err: e }, 'cluster message handler failed');
    }
    return 'bus';
  }
}

/**
 * The listening connection as the adapter sees it (it listens, reads notifications, learns the
 * connection ended, gives it back): only the adapter's messages are shown to it.
 */
class AdapterView extends EventEmitter {
  constructor(private readonly client: pg.PoolClient) {
    super();
    client.on('end', () => this.emit('end'));
  }

  query(text: string): Promise<unknown> {
    return this.client.query(text);
  }

  release(err?: Error | boolean): void {
    this.client.release(err);
  }

  /** An adapter message, whichever channel it came on. */
  deliver(channel: string, payload: string): void {
    this.emit('notification', { channel, payload });
  }
}
