/**
 * Many server processes on one PostgreSQL (DATABASE_URL): any process accepts any socket of any
 * table, and exactly one process — the table's owner (ownership.ts) — runs it: its room, queue,
 * bots, turn timer, pause between deals and disconnect grace. Another process that holds sockets
 * of the table forwards their handshake checks, joins, leaves and commands (any room command,
 * opaque) to the owner over the node bus, and the owner's answers come back as acks. The owner
 * sees those sockets as `Connection`s of its room (proxies), so presence counts every process.
 *
 * Frames: room frames go through the Socket.IO PostgreSQL adapter to every process holding
 * sockets of the table; a seat's private copy and a socket's snapshot are addressed by the owner
 * to the one process holding that socket (node bus) — no other process ever receives a hand.
 *
 * Failover: every process heartbeats each second and, in the same sweep, learns which processes
 * are alive. A table whose owner died (or gave it up) is claimed by the next process that needs
 * it — a command, a handshake, HTTP, or the sweep for a process that holds its sockets — which
 * loads it from the store and takes every socket it holds along; other processes learn the new
 * owner from its announcement and join their sockets to it. Clients get a fresh snapshot.
 */
import type { CreateTableRequest, ServerFrameName, ServerFrames, TableRecord, TableSummary } from '@belote/protocol';
import type { Seat } from '@belote/rules';
import type { Logger } from 'pino';
import type { Admission, Health, LocalConnection, RoomAck, RoomCommand, TableDirectory } from '../tables/directory.js';
import type { TableRegistry } from '../tables/registry.js';
import type { Connection, TableRoom } from '../tables/table-room.js';
import { NodeUnreachable, type NodeBus } from './node-bus.js';
import { HEARTBEAT_MS, type Ownership } from './ownership.js';

/** How long a forwarded request may wait for a live owner. */
export const REQUEST_TIMEOUT_MS = 5000;
/** A socket whose table moved is joined to the new owner this many times (a second apart) before it is disconnected. */
const REJOIN_ATTEMPTS = 10;
/** A room nobody is connected to is given up after this long (the next process to need it claims it). */
export const IDLE_RELEASE_MS = 30_000;
/** /healthz says the database is unreachable when the last heartbeat failed, or none succeeded for this long. */
const DB_STALE_MS = 3000;

interface ConnInfo {
  id: string;
  seat: Seat | null;
  tokenHash: string | null;
  isHost: boolean;
  /** The client's address (the chat's spectator tag and rate-limit key, at the owner). */
  address: string;
}

/** A process asks the owner. */
type Request =
  | { t: 'admit'; table: string; tokenHash: string | null; hostKeyHash: string | null }
  | { t: 'join'; table: string; conn: ConnInfo }
  | { t: 'command'; table: string; conn: string; cmd: RoomCommand }
  | { t: 'summary'; table: string }
  | { t: 'record'; table: string; game?: number };

/** One-way: the owner to a process holding sockets (deliver, seat, toSeat, kick), a process to the owner (leave), anyone to all (owner). */
type Notice =
  | { t: 'leave'; table: string; conn: string }
  | { t: 'deliver'; conn: string; event: ServerFrameName; frame: unknown }
  | { t: 'seat'; conn: string; seat: Seat | null; tokenHash: string | null }
  | { t: 'toSeat'; table: string; seat: Seat; event: ServerFrameName; frame: unknown }
  | { t: 'kick'; conn: string }
  | { t: 'owner'; table: string; node: string | null };

type Reply<T> = { moved: true } | { value: T };
const MOVED = { moved: true } as const;

type Handle = { kind: 'local'; room: TableRoom } | { kind: 'remote'; node: string };

const UNREACHABLE: RoomAck = {
  ok: false,
  error: { code: 'INTERNAL', message: 'the server process running this table did not answer in time; your command may or may not have been applied: the next frames tell (or send sync)' },
};
const NOT_CONNECTED: RoomAck = { ok: false, error: { code: 'BAD_REQUEST', message: 'not connected to this table' } };

export interface ClusterDeps {
  registry: TableRegistry;
  ownership: Ownership;
  bus: NodeBus;
  log: Logger;
  /** Deliver a private frame the owner addressed to this process's sockets of a seat. */
  toLocalSeat(tableId: string, seat: Seat, event: ServerFrameName, frame: unknown): void;
  /** Tests: IDLE_RELEASE_MS. */
  idleReleaseMs?: number;
}

export class ClusterDirectory implements TableDirectory {
  readonly node: string;
  /** This process's sockets, by table and id. */
  private readonly sockets = new Map<string, Map<string, LocalConnection>>();
  private readonly socketTable = new Map<string, string>();
  /** The owner of tables this process holds sockets of, when it is another process. */
  private readonly owners = new Map<string, string>();
  /** Owner side: sockets of other processes in this process's rooms (table → socket → process). */
  private readonly remoteConns = new Map<string, Map<string, string>>();
  private readonly claiming = new Map<string, Promise<Handle | null>>();
  private readonly rehoming = new Map<string, Promise<void>>();
  private readonly idleSince = new Map<string, number>();
  private alive = new Set<string>();
  private lastDbOk = 0;
  private lastHeartbeatFailed = false;
  /** A heartbeat failed: this process may have been taken for dead; check what it still owns. */
  private suspect = false;
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;

  constructor(private readonly deps: ClusterDeps) {
    this.node = deps.ownership.node;
    deps.bus.onMessage((body, from) => this.onMessage(body as Request | Notice, from));
  }

  /** First heartbeat (the process is alive before it serves anything), then one sweep a second. */
  async start(): Promise<void> {
    await this.deps.ownership.heartbeat();
    this.lastDbOk = Date.now();
    this.alive = await this.deps.ownership.alive();
    this.timer = setInterval(() => {
      this.sweeping ??= this.sweep().finally(() => (this.sweeping = null));
    }, HEARTBEAT_MS);
    this.timer.unref();
  }

  /** A seat's private frame to that seat's sockets on process `node` alone (SocketHub's TableRemote). */
  toSeat(node: string, table: string, seat: Seat, event: ServerFrameName, frame: unknown): void {
    this.deps.bus.notify(node, { t: 'toSeat', table, seat, event, frame } satisfies Notice).catch((e: unknown) => this.deps.log.warn({ err: e, node }, 'could not reach a process holding a socket'));
  }

  /**
   * The listening connection came back (after a database outage): re-check what this process
   * owns, and join this process's sockets to their owners again — frames sent while it could not
   * listen are lost, and the join brings each socket a fresh snapshot.
   */
  reconnected(): void {
    this.suspect = true;
    for (const table of [...this.owners.keys()]) void this.rehome(table, false);
  }

  /** Called by a room whose write was refused with NotOwner. */
  deposed(table: string): void {
    this.deps.log.info({ table }, 'table taken over by another process; handing its sockets over');
    this.deps.registry.handOff(table);
    this.remoteConns.delete(table);
    void this.moved(table);
  }

  // ---- TableDirectory -------------------------------------------------------------------

  async admit(tableId: string, tokenHash: string | null, hostKeyHash: string | null): Promise<Admission> {
    try {
      const r = await this.onOwner<Admission>(tableId, (room) => room.admission(tokenHash, hostKeyHash), { t: 'admit', table: tableId, tokenHash, hostKeyHash });
      return r.found ? r.value : { ok: false, code: 'NO_SUCH_TABLE', message: 'no such table' };
    } catch (e) {
      this.deps.log.warn({ err: e, table: tableId }, 'handshake: the table could not be reached');
      return { ok: false, code: 'INTERNAL', message: 'the server process running this table could not be reached: try again in a moment' };
    }
  }

  async attach(tableId: string, conn: LocalConnection): Promise<boolean> {
    let conns = this.sockets.get(tableId);
    if (!conns) this.sockets.set(tableId, (conns = new Map()));
    conns.set(conn.id, conn);
    this.socketTable.set(conn.id, tableId);
    await this.rehoming.get(tableId);
    return this.joinOne(tableId, conn);
  }

  async detach(tableId: string, connId: string): Promise<void> {
    const conns = this.sockets.get(tableId);
    conns?.delete(connId);
    this.socketTable.delete(connId);
    if (conns?.size === 0) this.sockets.delete(tableId);
    const room = this.owned(tableId);
    if (room) return room.leave(connId);
    const owner = this.owners.get(tableId);
    if (conns === undefined || conns.size === 0) this.owners.delete(tableId);
    if (owner) await this.deps.bus.notify(owner, { t: 'leave', table: tableId, conn: connId } satisfies Notice).catch((e: unknown) => this.deps.log.warn({ err: e, table: tableId }, 'could not tell the owner a socket left'));
  }

  async command(tableId: string, connId: string, cmd: RoomCommand): Promise<RoomAck> {
    try {
      const r = await this.onOwner<RoomAck>(tableId, (room) => room.command(connId, cmd), { t: 'command', table: tableId, conn: connId, cmd });
      return r.found ? r.value : NOT_CONNECTED;
    } catch (e) {
      this.deps.log.warn({ err: e, table: tableId, command: cmd.name }, 'command could not reach the table');
      return UNREACHABLE;
    }
  }

  async summary(tableId: string): Promise<TableSummary | null> {
    const r = await this.onOwner<TableSummary>(tableId, (room) => room.summary(), { t: 'summary', table: tableId });
    return r.found ? r.value : null;
  }

  async record(tableId: string, game?: number): Promise<TableRecord | null | undefined> {
    const r = await this.onOwner<TableRecord | null>(tableId, (room) => room.record(game), { t: 'record', table: tableId, ...(game === undefined ? {} : { game }) });
    return r.found ? r.value : undefined;
  }

  async create(req: CreateTableRequest): Promise<{ id: string; hostKey: string }> {
    const { room, hostKey } = await this.deps.registry.create(req); // the store names this process the owner
    return { id: room.id, hostKey };
  }

  health(): Health {
    const ok = !this.lastHeartbeatFailed && Date.now() - this.lastDbOk < DB_STALE_MS;
    return { ok, tables: this.deps.registry.size, uptime: Math.round(process.uptime()), database: ok ? 'ok' : 'unreachable', node: this.node };
  }

  /** Shutdown (after the rooms drained): give every table up and tell the processes holding their sockets. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.sweeping;
    const notices: Promise<void>[] = [];
    for (const [table, conns] of this.remoteConns)
      for (const node of new Set(conns.values())) notices.push(this.deps.bus.notify(node, { t: 'owner', table, node: null } satisfies Notice).catch(() => undefined));
    await this.deps.ownership.leave().catch((e: unknown) => this.deps.log.warn({ err: e }, 'could not release the tables at shutdown'));
    await Promise.all(notices);
  }

  // ---- routing ----------------------------------------------------------------------------

  private owned(table: string): TableRoom | null {
    const room = this.deps.registry.get(table);
    return room && !room.deposed ? room : null;
  }

  /** Where the table runs: here (claimed and loaded if nobody runs it), another process, or nowhere (no such table). */
  private resolve(table: string): Promise<Handle | null> {
    const room = this.owned(table);
    if (room) return Promise.resolve({ kind: 'local', room });
    const node = this.owners.get(table);
    if (node) return Promise.resolve({ kind: 'remote', node });
    let p = this.claiming.get(table);
    if (!p) {
      p = this.claim(table).finally(() => this.claiming.delete(table));
      this.claiming.set(table, p);
    }
    return p;
  }

  private async claim(table: string): Promise<Handle | null> {
    const c = await this.deps.ownership.claim(table);
    if (!c) return null;
    if (!c.mine) {
      // remembered only while this process holds sockets of the table
      if (this.sockets.has(table)) this.owners.set(table, c.owner);
      return { kind: 'remote', node: c.owner };
    }
    this.owners.delete(table);
    const room = await this.deps.registry.load(table);
    if (!room) {
      await this.deps.ownership.release([table]);
      return null;
    }
    this.deps.log.info({ table, node: this.node }, 'table claimed');
    for (const node of this.alive) if (node !== this.node) void this.deps.bus.notify(node, { t: 'owner', table, node: this.node } satisfies Notice).catch(() => undefined);
    return { kind: 'local', room };
  }

  /**
   * Run an operation where the table runs: `local` in this process's room, else `request` at the
   * owner. When the owner moved (it answers MOVED, or died), this process's sockets rejoin the
   * new owner and the operation is tried there.
   */
  private async onOwner<T>(table: string, local: (room: TableRoom) => T | Promise<T>, request: Request): Promise<{ found: false } | { found: true; value: T }> {
    for (let attempt = 0; attempt < 4; attempt++) {
      const h = await this.resolve(table);
      if (!h) return { found: false };
      if (h.kind === 'local') {
        const value = await local(h.room);
        if (!h.room.deposed) return { found: true, value };
        await this.rehoming.get(table);
        continue;
      }
      try {
        const r = await this.deps.bus.request<Reply<T>>(h.node, request, REQUEST_TIMEOUT_MS);
        if ('value' in r) return { found: true, value: r.value };
      } catch (e) {
        if (!(e instanceof NodeUnreachable) || !(await this.isDead(h.node))) throw e;
      }
      await this.moved(table);
    }
    throw new Error(`table ${table}: its owner kept changing`);
  }

  private async isDead(node: string): Promise<boolean> {
    this.alive = await this.deps.ownership.alive();
    return !this.alive.has(node);
  }

  /** Join one socket of this process to the table's owner. False: no such table. */
  private async joinOne(table: string, conn: LocalConnection): Promise<boolean> {
    for (let attempt = 0; attempt < 4; attempt++) {
      if (this.sockets.get(table)?.get(conn.id) !== conn) return true; // disconnected meanwhile
      const h = await this.resolve(table);
      if (!h) return false;
      if (h.kind === 'local') {
        await h.room.join(conn); // if the room was deposed meanwhile, its hand-over moves this socket too
        return true;
      }
      try {
        const r = await this.deps.bus.request<Reply<true>>(h.node, { t: 'join', table, conn: infoOf(conn) } satisfies Request, REQUEST_TIMEOUT_MS);
        if ('value' in r) return true;
      } catch (e) {
        if (!(e instanceof NodeUnreachable) || !(await this.isDead(h.node))) throw e;
      }
      this.owners.delete(table);
    }
    throw new Error(`table ${table}: its owner kept changing`);
  }

  /** The table's owner changed (or died): forget it, and join this process's sockets to the new one. */
  private moved(table: string): Promise<void> {
    return this.rehome(table, true);
  }

  /** Join this process's sockets of `table` to its owner again (`forget`: the owner changed; find it again). */
  private rehome(table: string, forget: boolean): Promise<void> {
    if (forget) this.owners.delete(table);
    const prev = this.rehoming.get(table) ?? Promise.resolve();
    const next = prev
      .then(() => this.rejoinAll(table))
      .catch((e: unknown) => this.deps.log.error({ err: e, table }, 'could not move the sockets to the new owner'))
      .finally(() => {
        if (this.rehoming.get(table) === next) this.rehoming.delete(table);
      });
    this.rehoming.set(table, next);
    return next;
  }

  private async rejoinAll(table: string): Promise<void> {
    const conns = [...(this.sockets.get(table)?.values() ?? [])];
    if (conns.length === 0) return;
    // no frame of either owner reaches them until the new owner's snapshot
    for (const c of conns) c.mute();
    let left = conns;
    for (let attempt = 1; left.length > 0; attempt++) {
      const results = await Promise.allSettled(left.map((c) => this.joinOne(table, c)));
      const failed = left.filter((_, i) => results[i]!.status === 'rejected');
      for (const [i, r] of results.entries()) if (r.status === 'fulfilled' && !r.value) left[i]!.kick(); // the table is gone
      if (failed.length > 0 && attempt >= REJOIN_ATTEMPTS) {
        this.deps.log.warn({ table, sockets: failed.length }, 'sockets could not follow their table; disconnecting them (they reconnect)');
        for (const c of failed) c.kick();
        return;
      }
      left = failed;
      if (left.length > 0) await new Promise((r) => setTimeout(r, HEARTBEAT_MS));
    }
  }

  // ---- messages from other processes ------------------------------------------------------

  private onMessage(m: Request | Notice, from: string): Promise<Reply<unknown>> | void {
    switch (m.t) {
      case 'admit':
      case 'join':
      case 'command':
      case 'summary':
      case 'record':
        return this.onRequest(m, from);
      case 'leave': {
        this.remoteConns.get(m.table)?.delete(m.conn);
        void this.owned(m.table)?.leave(m.conn);
        return;
      }
      case 'deliver':
        return this.local(m.conn)?.send(m.event, m.frame as ServerFrames[typeof m.event]);
      case 'seat': {
        const c = this.local(m.conn);
        if (!c) return;
        c.seat = m.seat;
        c.tokenHash = m.tokenHash;
        return c.listen(m.seat);
      }
      case 'toSeat':
        return this.deps.toLocalSeat(m.table, m.seat, m.event, m.frame);
      case 'kick':
        return this.local(m.conn)?.kick();
      case 'owner': {
        if (m.node === this.node) return;
        if (this.owned(m.table)) return this.deposed(m.table);
        if (!this.sockets.has(m.table) || (m.node !== null && this.owners.get(m.table) === m.node)) return;
        void this.moved(m.table).then(() => undefined);
        if (m.node !== null) this.owners.set(m.table, m.node);
        return;
      }
    }
  }

  private async onRequest(m: Request, from: string): Promise<Reply<unknown>> {
    let room = this.owned(m.table);
    if (!room) {
      // Asked as the owner: the database says (this process may own it without having loaded it,
      // or it has no owner); a cached owner is not asked. If this process takes it, its own
      // sockets of the table, joined elsewhere until now, join here.
      const cached = this.owners.delete(m.table);
      const h = await this.resolve(m.table).catch(() => null);
      room = h?.kind === 'local' ? h.room : null;
      if (room && cached) void this.rehome(m.table, false);
    }
    if (!room) return MOVED;
    switch (m.t) {
      case 'admit':
        return { value: room.admission(m.tokenHash, m.hostKeyHash) };
      case 'join': {
        let conns = this.remoteConns.get(m.table);
        if (!conns) this.remoteConns.set(m.table, (conns = new Map()));
        conns.set(m.conn.id, from);
        await room.join(this.proxy(from, m.conn));
        return room.deposed ? MOVED : { value: true };
      }
      case 'command': {
        const ack = await room.command(m.conn, m.cmd);
        return room.deposed ? MOVED : { value: ack };
      }
      case 'summary':
        return { value: room.summary() };
      case 'record':
        return { value: room.record(m.game) };
    }
  }

  private local(connId: string): LocalConnection | undefined {
    const table = this.socketTable.get(connId);
    return table === undefined ? undefined : this.sockets.get(table)?.get(connId);
  }

  /** The owner's stand-in for a socket on process `node`: frames and seat changes are addressed to that process. */
  private proxy(node: string, info: ConnInfo): Connection {
    const bus = this.deps.bus;
    const warn = (e: unknown) => this.deps.log.warn({ err: e, node }, 'could not reach a process holding a socket');
    const conn: Connection = {
      id: info.id,
      node,
      isHost: info.isHost,
      seat: info.seat,
      tokenHash: info.tokenHash,
      address: info.address,
      send: (event, frame) => void bus.notify(node, { t: 'deliver', conn: info.id, event, frame } satisfies Notice).catch(warn),
      listen: (seat) => void bus.notify(node, { t: 'seat', conn: info.id, seat, tokenHash: conn.tokenHash } satisfies Notice).catch(warn),
      kick: () => void bus.notify(node, { t: 'kick', conn: info.id } satisfies Notice).catch(warn),
    };
    return conn;
  }

  // ---- the sweep --------------------------------------------------------------------------

  private async sweep(): Promise<void> {
    const { ownership, registry, bus, log } = this.deps;
    try {
      await ownership.heartbeat();
      this.lastDbOk = Date.now();
      this.lastHeartbeatFailed = false;
      this.alive = await ownership.alive();
    } catch (e) {
      this.lastHeartbeatFailed = true;
      if (!this.suspect) log.warn({ err: e }, 'cluster heartbeat failed (database unreachable?)');
      this.suspect = true;
      return;
    }
    const alive = this.alive;
    bus.abandonAllBut(alive);
    // sockets of processes that died leave the rooms (their players' grace starts)
    for (const [table, conns] of this.remoteConns)
      for (const [conn, node] of conns)
        if (!alive.has(node)) {
          conns.delete(conn);
          void this.owned(table)?.leave(conn);
        }
    // tables whose owner died: claim them (or learn who did) and move this process's sockets
    for (const [table, node] of this.owners) if (!alive.has(node)) void this.moved(table);
    if (this.suspect) {
      this.suspect = false;
      for (const table of await ownership.lost(registry.ids()).catch(() => [])) this.deposed(table);
    }
    await this.releaseIdle().catch((e: unknown) => log.warn({ err: e }, 'could not release idle tables'));
  }

  /** Rooms nobody used for IDLE_RELEASE_MS are given up: memory stays bounded by the tables in use. */
  private async releaseIdle(): Promise<void> {
    const now = Date.now();
    const idle: string[] = [];
    for (const id of this.deps.registry.ids()) {
      const room = this.deps.registry.get(id)!;
      const busy = !room.empty || (this.sockets.get(id)?.size ?? 0) > 0 || (this.remoteConns.get(id)?.size ?? 0) > 0;
      if (busy) {
        this.idleSince.delete(id);
        continue;
      }
      const since = this.idleSince.get(id) ?? now;
      this.idleSince.set(id, since);
      if (now - since < (this.deps.idleReleaseMs ?? IDLE_RELEASE_MS)) continue;
      this.idleSince.delete(id);
      this.remoteConns.delete(id);
      this.deps.registry.remove(id);
      idle.push(id);
    }
    await this.deps.ownership.release(idle);
  }
}

const infoOf = (c: Connection): ConnInfo => ({ id: c.id, seat: c.seat, tokenHash: c.tokenHash, isHost: c.isHost, address: c.address });
