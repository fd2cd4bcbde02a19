/**
 * The tables this process owns in a cluster, and its lease on them. A table is claimed when a
 * socket of it reaches this process; a live owner is asked for it first. Each heartbeat renews
 * the lease and says which tables were lost (claimed elsewhere while this process was taken for
 * dead: dropped) and which were asked for (given up: queued commands finish, then released);
 * either way their sockets reconnect through the proxy. While the lease holds no other process
 * can have claimed a table of this one; once it lapses (database unreachable, process frozen, a
 * connection lost) nothing of them is served until a heartbeat renews it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { PgStore } from '../store/pg-store.js';
import type { TableRegistry } from '../tables/registry.js';
import type { TableRoom } from '../tables/table-room.js';
import { HEARTBEAT_MS, NODE_TTL_MS, type Ownership } from './ownership.js';

/** The lease ends this long before the heartbeat it rests on could expire for the other processes. */
const LEASE_MARGIN_MS = 200;
/** How long a handshake waits for a table's live owner to give it up (longer than a frozen owner's heartbeat lasts). */
export const HANDOVER_WAIT_MS = NODE_TTL_MS + 1000;
const CLAIM_RETRY_MS = 50;
/** How long a command waits for a heartbeat to renew a lapsed lease before it is refused. */
export const RENEW_WAIT_MS = NODE_TTL_MS;
/** A table nobody is connected to is given up after this long: memory holds the tables in use. */
export const IDLE_RELEASE_MS = 30_000;

/**
 * What a claim gives: the room, or why not — `gone` (no such table), `unreadable` (its log does
 * not replay in this version: the claim is released for a process that can), `unreachable`
 * (the database), `busy` (its owner did not give it up in time).
 */
export type Acquired = TableRoom | 'gone' | 'unreadable' | 'unreachable' | 'busy';

export interface HoldingsDeps {
  registry: TableRegistry;
  store: PgStore;
  ownership: Ownership;
  log: Logger;
  /** Tests: IDLE_RELEASE_MS. */
  idleReleaseMs?: number;
}

export class Holdings {
  /** The tables this process runs, with the epoch of its claim. */
  private readonly epochs = new Map<string, number>();
  /** Tables this process stopped running and has not released in PostgreSQL yet (retried by each heartbeat). */
  private readonly unreleased = new Map<string, number>();
  private readonly acquiring = new Map<string, Promise<Acquired>>();
  private readonly leaving = new Map<string, Promise<void>>();
  private readonly idleSince = new Map<string, number>();
  private leaseUntil = 0;
  private beating: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private failing = false;
  private left = false;

  constructor(private readonly deps: HoldingsDeps) {
    // a lost connection may make the others take this process for dead at once (NODE_ALIVE)
    deps.store.pool.on('error', () => (this.leaseUntil = 0));
  }

  /** The first heartbeat (the process is alive before it serves anything), then one every HEARTBEAT_MS. */
  async start(): Promise<void> {
    await this.renew();
    if (!this.leased) throw new Error('cannot heartbeat in PostgreSQL');
    this.timer = setInterval(() => void this.renew(), HEARTBEAT_MS);
    this.timer.unref();
  }

  get leased(): boolean {
    return performance.now() < this.leaseUntil;
  }

  /** The last heartbeat succeeded (/healthz). */
  get reachable(): boolean {
    return !this.failing && this.leased;
  }

  get size(): number {
    return this.epochs.size;
  }

  /** A heartbeat now, or the one under way. */
  renew(): Promise<void> {
    if (this.left) return Promise.resolve();
    return (this.beating ??= this.beat().finally(() => (this.beating = null)));
  }

  /** The room of a table this process runs, under a valid lease (renewed first if it lapsed). */
  async held(table: string): Promise<TableRoom | null | 'unreachable'> {
    // A silent database (paused, cut off) would hold the heartbeat until TCP gives up: wait for it
    // no longer than a heartbeat lives, then refuse.
    if (!this.leased) await Promise.race([this.renew(), sleep(RENEW_WAIT_MS)]);
    if (!this.leased) return 'unreachable';
    return this.epochs.has(table) ? (this.deps.registry.get(table) ?? null) : null;
  }

  /** Run `table` here: its room if this process runs it, else claimed (its live owner asked for it first) and loaded. */
  acquire(table: string): Promise<Acquired> {
    let p = this.acquiring.get(table);
    if (!p) {
      p = this.claim(table).finally(() => this.acquiring.delete(table));
      this.acquiring.set(table, p);
    }
    return p;
  }

  /** A room whose write was refused with NotOwner: its claim was overtaken. */
  lost(table: string): void {
    if (this.epochs.has(table)) this.drop(table, 'claimed by another process meanwhile');
  }

  /** Shutdown, once the rooms drained: every table and this process's row released. */
  async leave(): Promise<void> {
    this.left = true;
    if (this.timer) clearInterval(this.timer);
    await this.beating;
    await this.deps.ownership.leave();
  }

  private async claim(table: string): Promise<Acquired> {
    await this.leaving.get(table);
    const deadline = performance.now() + HANDOVER_WAIT_MS;
    for (let asked = false; ; asked = true) {
      const here = await this.held(table);
      if (here) return here;
      let c;
      try {
        c = await this.deps.ownership.claim(table);
      } catch (e) {
        this.deps.log.warn({ err: e, table }, 'could not claim a table (database unreachable?)');
        return 'unreachable';
      }
      if (c === null) return 'gone';
      if ('epoch' in c) return this.load(table, c.epoch);
      if (!asked) this.deps.log.info({ table, owner: c.owner }, 'table asked for: its owner is to give it up');
      if (performance.now() >= deadline) return 'busy';
      await sleep(CLAIM_RETRY_MS);
    }
  }

  private async load(table: string, epoch: number): Promise<Acquired> {
    this.unreleased.delete(table);
    this.epochs.set(table, epoch);
    this.deps.store.fence(table, epoch);
    let room: TableRoom | 'absent' | 'unreplayable';
    try {
      room = await this.deps.registry.load(table);
    } catch (e) {
      this.deps.log.warn({ err: e, table }, 'could not load a claimed table');
      this.forget(table);
      return 'unreachable'; // the claim stands; the next socket's claim takes it again
    }
    if (typeof room === 'string') {
      this.forget(table);
      this.unreleased.set(table, epoch);
      return room === 'absent' ? 'gone' : 'unreadable';
    }
    this.deps.log.info({ table, epoch }, 'table claimed');
    return room;
  }

  private async beat(): Promise<void> {
    const held = new Map(this.epochs);
    const sentAt = performance.now();
    let news;
    try {
      news = await this.deps.ownership.heartbeat(held);
    } catch (e) {
      if (!this.failing) this.deps.log.warn({ err: e }, 'cluster heartbeat failed (database unreachable?)');
      this.failing = true;
      // Its connection may be the one lost (the others then take this process for dead at once).
      this.leaseUntil = 0;
      return;
    }
    if (this.failing) this.deps.log.info('cluster heartbeat back');
    this.failing = false;
    this.leaseUntil = sentAt + NODE_TTL_MS - LEASE_MARGIN_MS;
    const same = (t: string) => this.epochs.get(t) === held.get(t);
    for (const t of news.lost.filter(same)) this.drop(t, 'claimed by another process meanwhile');
    for (const t of news.wanted.filter(same)) this.giveUp(t, 'asked for by another process');
    const now = Date.now();
    for (const id of this.epochs.keys()) {
      const since = this.deps.registry.get(id)?.empty === false ? now : (this.idleSince.get(id) ?? now);
      this.idleSince.set(id, since);
      if (now - since >= (this.deps.idleReleaseMs ?? IDLE_RELEASE_MS)) this.giveUp(id, 'nobody connected');
    }
    await this.release();
  }

  /** Queued commands finish (later ones are refused), then the table is released and its sockets reconnect. */
  private giveUp(table: string, why: string): void {
    if (this.leaving.has(table)) return;
    const epoch = this.epochs.get(table)!;
    const done = (async () => {
      await this.deps.registry.get(table)?.retire();
      this.unreleased.set(table, epoch);
      await this.release();
      if (this.epochs.get(table) === epoch) this.drop(table, why);
    })().finally(() => this.leaving.delete(table));
    this.leaving.set(table, done);
  }

  private async release(): Promise<void> {
    if (this.unreleased.size === 0) return;
    const batch = new Map(this.unreleased);
    try {
      await this.deps.ownership.release(batch);
    } catch (e) {
      this.deps.log.warn({ err: e, tables: batch.size }, 'could not release tables; retrying with the next heartbeat');
      return;
    }
    for (const [t, epoch] of batch) if (this.unreleased.get(t) === epoch) this.unreleased.delete(t);
  }

  /** This process no longer runs the table: its room stops and its sockets reconnect. */
  private drop(table: string, why: string): void {
    this.forget(table);
    this.deps.registry.handOff(table);
    this.deps.log.info({ table }, `table given up: ${why}`);
  }

  private forget(table: string): void {
    this.epochs.delete(table);
    this.idleSince.delete(table);
    this.deps.store.fence(table, null);
  }
}
