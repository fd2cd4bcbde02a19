/**
 * Messages addressed to one server process (a "node") over PostgreSQL NOTIFY: each node listens
 * on its own channel, so a message reaches that process only — never the others, unlike the
 * adapter's room frames. Requests get one reply (or fail: timeout, the node died); notices are
 * one-way. Everything a table's owner sends to one node arrives in order (pg-pubsub.ts).
 */
import type { Logger } from 'pino';
import type { PgPubSub } from './pg-pubsub.js';

/** The channel a node listens on. */
export const nodeChannel = (node: string): string => `belote:${node}`;

interface Envelope {
  from: string;
  /** A request's id (a reply is expected). */
  id?: number;
  /** The id of the request this replies to. */
  re?: number;
  /** A failed request: why (the handler threw). */
  failed?: string;
  body: unknown;
}

/** The node does not answer: it died (or lost the database) before replying. */
export class NodeUnreachable extends Error {
  constructor(
    readonly node: string,
    reason: string,
  ) {
    super(`node ${node}: ${reason}`);
    this.name = 'NodeUnreachable';
  }
}

interface Waiting {
  node: string;
  resolve: (body: unknown) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

export type BusHandler = (body: unknown, from: string) => unknown;

export class NodeBus {
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private handler: BusHandler = () => undefined;

  constructor(
    readonly node: string,
    private readonly pubsub: PgPubSub,
    private readonly log: Logger,
  ) {
    pubsub.listen(nodeChannel(node), (m) => this.receive(m as Envelope));
  }

  /** Handle requests and notices; a request's reply is the handler's result (awaited). */
  onMessage(handler: BusHandler): void {
    this.handler = handler;
  }

  /** One-way. Rejects only if it could not be sent. */
  notify(node: string, body: unknown): Promise<void> {
    return this.pubsub.publish(nodeChannel(node), { from: this.node, body } satisfies Envelope);
  }

  /** Send a request and wait for its reply, at most `timeoutMs`. */
  request<T>(node: string, body: unknown, timeoutMs: number): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => this.settle(id, new NodeUnreachable(node, `no answer in ${timeoutMs} ms`)), timeoutMs);
      this.waiting.set(id, { node, resolve: resolve as (b: unknown) => void, reject, timer });
      this.pubsub.publish(nodeChannel(node), { from: this.node, id, body } satisfies Envelope).catch((e: unknown) => this.settle(id, new NodeUnreachable(node, `not sent: ${(e as Error).message}`)));
    });
  }

  /** Fail every request waiting on a node that is not in `alive` (it died). */
  abandonAllBut(alive: ReadonlySet<string>): void {
    for (const [id, w] of this.waiting) if (!alive.has(w.node)) this.settle(id, new NodeUnreachable(w.node, 'the process is gone'));
  }

  /** Requests in flight (tests, shutdown). */
  get inFlight(): number {
    return this.waiting.size;
  }

  private settle(id: number, outcome: Error | { body: unknown }): void {
    const w = this.waiting.get(id);
    if (!w) return;
    this.waiting.delete(id);
    clearTimeout(w.timer);
    if (outcome instanceof Error) w.reject(outcome);
    else w.resolve(outcome.body);
  }

  private receive(m: Envelope): void {
    if (m.re !== undefined) {
      const w = this.waiting.get(m.re);
      if (w && m.failed !== undefined) this.settle(m.re, new Error(`node ${m.from}: ${m.failed}`));
      else this.settle(m.re, { body: m.body });
      return;
    }
    let result: unknown;
    try {
      result = this.handler(m.body, m.from);
    } catch (e) {
      result = Promise.reject(e);
    }
    if (m.id === undefined) {
      Promise.resolve(result).catch((e: unknown) => this.log.error({ err: e, from: m.from }, 'cluster notice failed'));
      return;
    }
    const id = m.id;
    Promise.resolve(result).then(
      (body) => this.pubsub.publish(nodeChannel(m.from), { from: this.node, re: id, body: body ?? null } satisfies Envelope),
      (e: unknown) => {
        this.log.error({ err: e, from: m.from }, 'cluster request failed');
        return this.pubsub.publish(nodeChannel(m.from), { from: this.node, re: id, failed: String((e as Error)?.message ?? e), body: null } satisfies Envelope);
      },
    ).catch((e: unknown) => this.log.warn({ err: e, to: m.from }, 'could not send a cluster reply'));
  }
}
