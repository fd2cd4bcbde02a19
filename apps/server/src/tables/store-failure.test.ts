/**
 * A store that fails to write: the command is refused with INTERNAL, nothing changes, nothing
 * is broadcast, and the server keeps serving. A write whose answer was lost (OutcomeUnknown: a
 * connection lost while it committed) is found by re-reading the table and acknowledged; when
 * the table cannot be re-read, its ack waits until it can (never a refusal that may be false),
 * while later commands are refused, and the room reloads before its next write.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTable, settled, TestClient } from '../../test/clients.js';
import { startServer, type RunningServer } from '../server.js';
import { MemoryStore } from '../store/memory-store.js';
import { OutcomeUnknown, type LogEntry } from '../store/types.js';

class FlakyStore extends MemoryStore {
  failing = false;
  /** The next append commits, then reports a failure (its answer was lost). */
  loseNextAnswer = false;
  readsFail = false;
  /** The next append is not stored, and its answer is lost. */
  loseAndDropNext = false;
  override async append(tableId: string, version: number, entries: readonly LogEntry[]): Promise<void> {
    if (this.failing) throw new Error('disk full');
    if (this.loseAndDropNext) {
      this.loseAndDropNext = false;
      throw new OutcomeUnknown(tableId, new Error('connection lost before the write arrived'));
    }
    await super.append(tableId, version, entries);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new OutcomeUnknown(tableId, new Error('connection lost during COMMIT'));
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

it('when the table cannot be re-read, the ack waits until it can; later commands are refused meanwhile, then the table is reloaded', async () => {
  const t = await createTable(server);
  const c = await TestClient.connect(server, { tableId: t.id });
  const other = await TestClient.connect(server, { tableId: t.id });
  store.loseNextAnswer = true;
  store.readsFail = true;
  // Committed, but neither the answer nor a re-read came back: no answer yet (a refusal could be false).
  let first: unknown = null;
  const sat = c.emit('sit', { seat: 1, name: 'Cy' }).then((a) => (first = a));
  // Still unreadable: another write, queued after it, is refused without touching the store (nothing of it was applied).
  expect(await other.emit('sit', { seat: 3, name: 'Di' })).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  expect(first).toBeNull();
  expect(server.registry.get(t.id)!.state.version).toBe(0);
  expect((await MemoryStore.prototype.load.call(store, t.id))!.entries).toHaveLength(1);
  // Readable again: the room reads the table back, finds the first sit stored, and acknowledges it.
  store.readsFail = false;
  expect(await sat).toMatchObject({ ok: true, seat: 1 });
  expect(c.last.you.seat).toBe(1);
  expect((await other.next((u) => u.version === 1)).table.seats[1]?.name).toBe('Cy');
  expect(await other.emit('sit', { seat: 3, name: 'Di' })).toMatchObject({ ok: true, seat: 3 });
  expect((await store.load(t.id))!.entries.map((e) => e.type)).toEqual(['seat', 'seat']);
  for (const x of [c, other]) x.close();
});

it('a write whose answer was lost and that did not land is refused once the table is read back', async () => {
  const t = await createTable(server);
  const c = await TestClient.connect(server, { tableId: t.id });
  store.loseAndDropNext = true;
  expect(await c.emit('sit', { seat: 2, name: 'Ed' })).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  expect((await store.load(t.id))!.entries).toHaveLength(0);
  expect(await c.emit('sit', { seat: 2, name: 'Ed' })).toMatchObject({ ok: true, seat: 2 });
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
