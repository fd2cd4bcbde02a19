/**
 * Fencing at the table, with two servers on one store (a memory store and its twin, or two
 * PostgreSQL stores on one database), as two processes sharing a database would be: both hold
 * the same table, and each acts on its own copy. A write the other server got to first is
 * refused with WRITE_CONFLICT, the losing server reloads the table and sends everyone a
 * snapshot of the stored state, the client decides again from it, and the log never holds two entries for one
 * position: no two different actions are ever acknowledged at the same version.
 * On PostgreSQL, a connection dropped mid-write is a typed INTERNAL with nothing changed.
 */
import type { GameAction } from '@belote/protocol';
import type { Seat } from '@belote/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/server.js';
import { MemoryStore } from '../src/store/memory-store.js';
import { PgStore } from '../src/store/pg-store.js';
import type { LogEntry, TableStore } from '../src/store/types.js';
import { createTable, seatedTable, sleep, TestClient, type TestUpdate } from './clients.js';
import { createTestDatabase, sql } from './pg/databases.js';

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function serve(store: TableStore): Promise<RunningServer> {
  const server = await startServer({ port: 0, host: '127.0.0.1', logLevel: 'silent', botDelayMs: 0, dealPauseMs: 0, webDist: '/nonexistent', rateLimitEvents: 10_000, rateLimitAddressEvents: 1_000_000, maxSocketsPerAddress: 100_000 }, { store });
  cleanup.push(() => server.close());
  return server;
}

async function connect(server: RunningServer, opts: Parameters<typeof TestClient.connect>[1]): Promise<TestClient> {
  const c = await TestClient.connect(server, opts);
  cleanup.push(() => c.close());
  return c;
}

/** Two stores over one storage, and a reader of a table's stored log. */
async function storesFor(kind: 'memory' | 'pg'): Promise<{ a: TableStore; b: TableStore; url: string | null }> {
  if (kind === 'memory') {
    const a = new MemoryStore();
    return { a, b: a.twin(), url: null };
  }
  const db = await createTestDatabase();
  cleanup.push(() => db.drop());
  return { a: await PgStore.open({ url: db.url }), b: await PgStore.open({ url: db.url }), url: db.url };
}

const logOf = async (store: TableStore, id: string): Promise<LogEntry[]> => (await store.load(id))!.entries;

for (const kind of ['memory', 'pg'] as const) {
  describe(`two servers on one ${kind} store`, () => {
    it('a lobby change the other server made first: WRITE_CONFLICT, the table reloaded, the retry works', async () => {
      const stores = await storesFor(kind);
      const a = await serve(stores.a);
      const t = await createTable(a);
      const b = await serve(stores.b); // restores the table: both servers now hold it
      const onA = await connect(a, { tableId: t.id });
      const onB = await connect(b, { tableId: t.id });

      expect((await onA.emit('sit', { seat: 0, name: 'Ann' })).ok).toBe(true);
      // B's copy is still at version 0: its write for position 0 is refused.
      const frames = onB.frames.length;
      expect(await onB.emit('sit', { seat: 0, name: 'Bob' })).toMatchObject({ ok: false, error: { code: 'WRITE_CONFLICT' } });
      // ...after B reloaded the table and sent the stored state, before the refusal.
      expect(onB.frames.length).toBe(frames + 1);
      expect(onB.last).toMatchObject({ version: 1, you: { seat: null } });
      expect(onB.last.table.seats[0]?.name).toBe('Ann');
      // Deciding again from that state: seat 0 is taken, seat 1 is free.
      expect(await onB.emit('sit', { seat: 0, name: 'Bob' })).toMatchObject({ ok: false, error: { code: 'SEAT_TAKEN' } });
      expect(await onB.emit('sit', { seat: 1, name: 'Bob' })).toMatchObject({ ok: true, seat: 1 });
      // Now A is behind: Ann's move (two entries) is refused whole, then goes through.
      expect(await onA.emit('sit', { seat: 2, name: 'Ann' })).toMatchObject({ ok: false, error: { code: 'WRITE_CONFLICT' } });
      expect(onA.last.table.seats[1]?.name).toBe('Bob');
      expect(onA.last.you.seat).toBe(0);
      expect(await onA.emit('sit', { seat: 2, name: 'Ann' })).toMatchObject({ ok: true, seat: 2 });
      expect(onA.last.you.seat).toBe(2);

      const log = await logOf(stores.a, t.id);
      expect(log.map((e) => (e.type === 'seat' ? `seat ${e.seat} ${e.name}` : `${e.type} ${e.type === 'unseat' ? e.seat : ''}`))).toEqual([
        'seat 0 Ann',
        'seat 1 Bob',
        'unseat 0',
        'seat 2 Ann',
      ]);
      expect(a.registry.get(t.id)!.state.version).toBe(4);
    });

    it('the same seat acting on both servers at once: exactly one action is acknowledged per version', async () => {
      const stores = await storesFor(kind);
      const a = await serve(stores.a);
      const { table, host, players, tokens } = await seatedTable(a, { rules: { target: 301 } });
      cleanup.push(() => [host, ...players].forEach((c) => c.close()));
      expect((await host.emit('start', {})).ok).toBe(true);
      let v = (await host.next((u) => u.view?.deal?.phase === 'bidding')).version;
      const b = await serve(stores.b);
      const onB = new Map<Seat, TestClient>();

      const conflicts = { a: 0, b: 0 };
      for (let round = 0; round < 6; round++) {
        const seat = (await host.next((u) => u.version === v)).view!.deal!.turn as Seat;
        if (!onB.has(seat)) onB.set(seat, await connect(b, { tableId: table.id, token: tokens[seat]! }));
        const [ua, ub] = await Promise.all([players[seat]!.next((u) => u.version === v), onB.get(seat)!.next((u) => u.version === v)]);
        const [actA, actB] = twoActions(ua, ub);
        const [ackA, ackB] = await Promise.all([
          players[seat]!.emit('action', { version: v, action: actA }),
          onB.get(seat)!.emit('action', { version: v, action: actB }),
        ]);
        expect([ackA.ok, ackB.ok].filter(Boolean)).toHaveLength(1);
        const loser = ackA.ok ? ackB : ackA;
        expect(loser).toMatchObject({ ok: false, error: { code: 'WRITE_CONFLICT' } });
        conflicts[ackA.ok ? 'b' : 'a']++;
        const won = ackA.ok ? actA : actB;
        const log = await logOf(stores.a, table.id);
        expect(log).toHaveLength(v + 1);
        expect(log[v]).toEqual({ type: 'action', action: { ...won, seat }, by: 'player' });
        v++;
        // Both servers hold the stored table again: the winner applied it, the loser reloaded it.
        expect(a.registry.get(table.id)!.state.version).toBe(v);
        expect(b.registry.get(table.id)!.state.version).toBe(v);
      }
      console.info(`fencing race (${kind}): 6 races, lost by A ${conflicts.a}, by B ${conflicts.b}`);
    });
  });
}

/** Two different legal actions for the seat to play when possible (a take and a pass; two cards). */
function twoActions(ua: TestUpdate, ub: TestUpdate): [GameAction, GameAction] {
  const da = ua.view!.deal!;
  const db = ub.view!.deal!;
  if (da.phase === 'bidding') return [da.round === 1 ? { type: 'take' } : { type: 'take', suit: (['S', 'H', 'D', 'C'] as const).find((s) => !da.retourne!.endsWith(s))! }, { type: 'pass' }];
  return [
    { type: 'play', card: da.legal[0]! },
    { type: 'play', card: db.legal[db.legal.length - 1]! },
  ];
}

describe('PostgreSQL connection dropped while a table writes', () => {
  it('answers INTERNAL, changes and broadcasts nothing, and the next command goes through', async () => {
    const stores = await storesFor('pg');
    await stores.b.close();
    const server = await serve(stores.a);
    const t = await createTable(server);
    const watcher = await connect(server, { tableId: t.id });
    const player = await connect(server, { tableId: t.id });
    await watcher.next((u) => u.seq >= player.last.seq);
    // Inserts into this table's log sleep, so the test can cut the connection mid-transaction.
    await sql(
      stores.url!,
      `CREATE FUNCTION slow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(5); RETURN NEW; END $$;
       CREATE TRIGGER slow BEFORE INSERT ON belote_entries FOR EACH ROW EXECUTE FUNCTION slow();`,
    );
    const frames = watcher.frames.length;
    const ack = player.emit('sit', { seat: 0, name: 'Ann' });
    let pid: number | undefined;
    while (pid === undefined) {
      pid = (await sql<{ pid: number }>(stores.url!, "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'PgSleep'")).rows[0]?.pid;
      await sleep(20);
    }
    await sql(stores.url!, 'SELECT pg_terminate_backend($1)', [pid]);
    expect(await ack).toMatchObject({ ok: false, error: { code: 'INTERNAL', message: 'could not save the change; nothing was applied' } });
    // a later command through the table's queue (refused: not the host) is answered after anything
    // the failed write could have sent the watcher
    expect(await watcher.emit('start', {})).toMatchObject({ ok: false, error: { code: 'NOT_HOST' } });
    expect(watcher.frames.length).toBe(frames);
    expect(player.last.you.seat).toBeNull();
    expect(server.registry.get(t.id)!.state.version).toBe(0);
    expect(await logOf(stores.a, t.id)).toEqual([]);

    await sql(stores.url!, 'DROP TRIGGER slow ON belote_entries; DROP FUNCTION slow();');
    expect(await player.emit('sit', { seat: 0, name: 'Ann' })).toMatchObject({ ok: true, seat: 0 });
    expect((await watcher.next((u) => u.version === 1)).table.seats[0]?.name).toBe('Ann');
    expect((await logOf(stores.a, t.id)).length).toBe(1);
  });
});
