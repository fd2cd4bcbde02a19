/**
 * The table registry: creates tables, finds them by id and restores them from the store at
 * start (one process), or loads one when this process claims it (cluster). A process serves the
 * tables it holds; the store fences every write by version, so a copy that was overtaken is
 * refused and reloaded (table-room.ts), never forked.
 */
import type { CreateTableRequest } from '@belote/protocol';
import { rulesWithDefaults } from '@belote/rules';
import type { Logger } from 'pino';
import { StoreWriteFailed, type TableSettings } from '../store/types.js';
import { newSecret, newTableId, sha256Hex } from './secrets.js';
import { initialTableState, replayLog, statusOf, type TableState } from './table-state.js';
import { TableRoom, type RoomDeps } from './table-room.js';

export class TableRegistry {
  private readonly rooms = new Map<string, TableRoom>();

  private readonly deps: RoomDeps;

  constructor(deps: RoomDeps & { log: Logger }) {
    this.deps = { ...deps, gone: (id) => void this.remove(id) };
  }

  get size(): number {
    return this.rooms.size;
  }

  get(id: string): TableRoom | undefined {
    return this.rooms.get(id);
  }

  /** Create a table from validated settings; returns the room and the host key (shown once). A failed write is `StoreWriteFailed`. */
  async create(req: CreateTableRequest): Promise<{ room: TableRoom; hostKey: string }> {
    const { settings, hostKey } = await this.createStored(req);
    const room = new TableRoom(initialTableState(settings), this.deps);
    this.rooms.set(settings.id, room);
    return { room, hostKey };
  }

  /** Create a table in the store only (cluster: the process its first socket reaches runs it); returns its settings and host key. */
  async createStored(req: CreateTableRequest): Promise<{ settings: TableSettings; hostKey: string }> {
    const hostKey = newSecret();
    const o = req.options ?? {};
    const settings: TableSettings = {
      id: newTableId(),
      // The variant's defaults (coinche: target 2000); a classic table's rules carry no `variant` key.
      rules: rulesWithDefaults(req.rules),
      options: {
        turnTimerSeconds: o.turnTimerSeconds ?? null,
        fillWithBots: o.fillWithBots ?? false,
        botLevel: o.botLevel ?? 'normal',
        // like `variant`, present only when on: tables without hints look as before
        ...(o.hints ? { hints: true as const } : {}),
      },
      createdAt: Date.now(),
      hostKeyHash: sha256Hex(hostKey),
    };
    try {
      await this.deps.store.createTable(settings);
    } catch (e) {
      throw new StoreWriteFailed(e);
    }
    this.deps.log.info({ table: settings.id, rules: settings.rules, options: settings.options }, 'table created');
    return { settings, hostKey };
  }

  /** Rebuild every stored table by replaying its log; a table that cannot be read or replayed is skipped. */
  async restore(): Promise<{ restored: number; skipped: number }> {
    let restored = 0;
    const { tables, unreadable } = await this.deps.store.loadAll();
    for (const u of unreadable) this.deps.log.error({ table: u.id, err: u.error }, 'stored table is unreadable; skipped');
    let skipped = unreadable.length;
    for (const stored of tables) {
      let r: ReturnType<typeof replayLog>;
      try {
        r = replayLog(stored.settings, stored.entries);
      } catch (e) {
        r = { ok: false, index: -1, error: { code: 'INTERNAL', message: String(e) } };
      }
      if (!r.ok) {
        skipped++;
        this.deps.log.error({ table: stored.settings?.id, entry: r.index, error: r.error }, 'table log does not replay; skipped');
        continue;
      }
      this.rooms.set(stored.settings.id, new TableRoom(r.state, this.deps));
      restored++;
      // A crash between the last append and markFinished leaves the flag behind the log: fix it.
      const finished = statusOf(r.state) === 'finished';
      if (finished !== (stored.finishedAt !== null))
        await this.deps.store.markFinished(stored.settings.id, finished ? Date.now() : null);
    }
    return { restored, skipped };
  }

  /**
   * Load one stored table into a new room (cluster: this process just claimed it). `absent`
   * when the table is not in the store, `unreplayable` when its log does not replay here (an
   * entry of a newer version, during a rolling upgrade); rejects when it cannot be read.
   */
  async load(id: string): Promise<TableRoom | 'absent' | 'unreplayable'> {
    const stored = await this.deps.store.load(id);
    if (!stored) return 'absent';
    const r = replayLog(stored.settings, stored.entries);
    if (!r.ok) {
      this.deps.log.error({ table: id, entry: r.index, error: r.error }, 'table log does not replay; not loaded');
      return 'unreplayable';
    }
    this.rooms.get(id)?.handOff();
    const room = new TableRoom(r.state, this.deps);
    this.rooms.set(id, room);
    return room;
  }

  /**
   * A stored table's state without a room (cluster: one another process runs). Null: no such
   * table; `unreplayable`: its log does not replay here (a newer version wrote it, as in `load`).
   */
  async peek(id: string): Promise<TableState | null | 'unreplayable'> {
    const stored = await this.deps.store.load(id);
    if (!stored) return null;
    const r = replayLog(stored.settings, stored.entries);
    return r.ok ? r.state : 'unreplayable';
  }

  /** Cluster: this process no longer runs the table; the room stops and its sockets reconnect (to the table's next owner). */
  handOff(id: string): void {
    this.rooms.get(id)?.handOff();
    this.rooms.delete(id);
  }

  /** Forget a table (expiry): its timers stop and its sockets are disconnected. The store is not touched. */
  remove(id: string): boolean {
    const room = this.rooms.get(id);
    if (!room) return false;
    room.dispose();
    return this.rooms.delete(id);
  }

  ids(): string[] {
    return [...this.rooms.keys()];
  }

  /** Shutdown: stop every room's timers, let queued work finish, refuse anything later. */
  async drain(): Promise<void> {
    await Promise.all([...this.rooms.values()].map((r) => r.close()));
  }

  /** Wait for every room's queued work. */
  async idle(): Promise<void> {
    await Promise.all([...this.rooms.values()].map((r) => r.idle()));
  }

  dispose(): void {
    for (const r of this.rooms.values()) r.dispose();
    this.rooms.clear();
  }
}
