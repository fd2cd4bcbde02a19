/**
 * A store that fails to write: the command is refused with INTERNAL, nothing changes, nothing
 * is broadcast, and the server keeps serving. A write reported as failed that did commit (a
 * connection lost during COMMIT) is found by re-reading the table and acknowledged; when the
 * table cannot be re-read, the room reloads it before its next write.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTable, settled, TestClient } from '../../test/clients.js';
import { startServer, type RunningServer } from '../server.js';
import { MemoryStore } from '../store/memory-store.js';
import type { LogEntry } from '../store/types.js';

class FlakyStore extends MemoryStore {
  failing = false;
  /** The next append commits, then reports a failure (its answer was lost). */
  loseNextAnswer = false;
  readsFail = false;
  override async append(tableId: string, version: number, entries: readonly LogEntry[]): Promise<void> {
    if (this.failing) throw new Error('disk full');
    await super.append(tableId, version, entries);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new Error('connection lost during COMMIT');
    }
  }
  override async load(tableId: string) {
    if (this.readsFail) throw new Error('connection refused');
    return super.load(tableId);
  }
}

const store = new FlakyStore();
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', logLevel: 'silent' }, { store });
});
afterAll(async () => {
  await server.close();
});

it('refuses a change it could not persist and keeps the previous state', async () => {
  const t = await createTable(server);
  const c = await TestClient.connect(server, { tableId: t.id });
  expect((await c.emit('sit', { seat: 0, name: 'Ann' })).ok).toBe(true);
  await settled(server, t.id, [c]);
  const frames = c.frames.length;
  const version = c.last.version;
  store.failing = true;
  const ack = await c.emit('sit', { seat: 1, name: 'Ann' });
  expect(ack).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  await settled(server, t.id, [c]);
  expect(c.frames.length).toBe(frames);
  expect(server.registry.get(t.id)!.state.version).toBe(version);
  expect(c.last.you.seat).toBe(0);
  store.failing = false;
  expect((await c.emit('sit', { seat: 1, name: 'Ann' })).ok).toBe(true);
  expect((await store.load(t.id))!.entries.map((e) => e.type)).toEqual(['seat', 'unseat', 'seat']);
  c.close();
});

it('acknowledges a write reported as failed that did commit, found by re-reading the table', async () => {
  const t = await createTable(server);
  const watcher = await TestClient.connect(server, { tableId: t.id });
  const c = await TestClient.connect(server, { tableId: t.id });
  store.loseNextAnswer = true;
  const ack = await c.emit('sit', { seat: 2, name: 'Bea' });
  expect(ack).toMatchObject({ ok: true, seat: 2 });
  expect(c.last.you.seat).toBe(2);
  expect((await watcher.next((u) => u.version === 1)).table.seats[2]?.name).toBe('Bea');
  expect((await store.load(t.id))!.entries).toHaveLength(1);
  // The token of that ack is the seat's: it reconnects to it.
  const again = await TestClient.connect(server, { tableId: t.id, token: (ack as unknown as { token: string }).token });
  expect(again.last.you.seat).toBe(2);
  for (const x of [watcher, c, again]) x.close();
});

it('when the table cannot be re-read, reloads it before the next write and refuses a change planned on the old copy', async () => {
  const t = await createTable(server);
  const c = await TestClient.connect(server, { tableId: t.id });
  store.loseNextAnswer = true;
  store.readsFail = true;
  // Committed, but neither the answer nor a re-read came back: refused, and the room is stale.
  expect(await c.emit('sit', { seat: 1, name: 'Cy' })).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  expect(server.registry.get(t.id)!.state.version).toBe(0);
  // Still unreadable: the next write is refused without touching the store.
  expect(await c.emit('sit', { seat: 3, name: 'Cy' })).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  store.readsFail = false;
  expect((await store.load(t.id))!.entries).toHaveLength(1); // the second attempt wrote nothing
  // Readable again: the room reloads first, finds the table moved on, and says so.
  const frames = c.frames.length;
  expect(await c.emit('sit', { seat: 3, name: 'Cy' })).toMatchObject({ ok: false, error: { code: 'WRITE_CONFLICT' } });
  expect(c.frames.length).toBe(frames + 1);
  expect(c.last.table.seats[1]?.name).toBe('Cy');
  expect(c.last.version).toBe(1);
  expect(await c.emit('sit', { seat: 3, name: 'Cy' })).toMatchObject({ ok: true });
  expect((await store.load(t.id))!.entries.map((e) => e.type)).toEqual(['seat', 'seat']);
  c.close();
});

it('a conflict whose reload fails is INTERNAL (no fresh update to decide from); the next write reloads, then WRITE_CONFLICT', async () => {
  const t = await createTable(server);
  const c = await TestClient.connect(server, { tableId: t.id });
  // Another writer takes position 0 behind the room's back.
  await store.append(t.id, 0, [{ type: 'seat', seat: 0, name: 'Else', tokenHash: null, bot: 'easy' }]);
  store.readsFail = true;
  const frames = c.frames.length;
  expect(await c.emit('sit', { seat: 1, name: 'Di' })).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  expect(c.frames.length).toBe(frames);
  store.readsFail = false;
  expect(await c.emit('sit', { seat: 1, name: 'Di' })).toMatchObject({ ok: false, error: { code: 'WRITE_CONFLICT' } });
  expect(c.last.table.seats[0]?.name).toBe('Else');
  expect(await c.emit('sit', { seat: 1, name: 'Di' })).toMatchObject({ ok: true });
  c.close();
});
