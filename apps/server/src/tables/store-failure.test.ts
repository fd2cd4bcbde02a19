/**
 * A store that fails to write: the command is refused with INTERNAL, nothing changes, nothing
 * is broadcast, and the server keeps serving.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTable, sleep, TestClient } from '../../test/clients.js';
import { startServer, type RunningServer } from '../server.js';
import { MemoryStore } from '../store/memory-store.js';
import type { LogEntry } from '../store/types.js';

class FlakyStore extends MemoryStore {
  failing = false;
  override async append(tableId: string, version: number, entries: readonly LogEntry[]): Promise<void> {
    if (this.failing) throw new Error('disk full');
    return super.append(tableId, version, entries);
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
  const frames = c.frames.length;
  const version = c.last.version;
  store.failing = true;
  const ack = await c.emit('sit', { seat: 1, name: 'Ann' });
  expect(ack).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  await sleep(20);
  expect(c.frames.length).toBe(frames);
  expect(server.registry.get(t.id)!.state.version).toBe(version);
  expect(c.last.you.seat).toBe(0);
  store.failing = false;
  expect((await c.emit('sit', { seat: 1, name: 'Ann' })).ok).toBe(true);
  expect((await store.load(t.id))!.entries.map((e) => e.type)).toEqual(['seat', 'unseat', 'seat']);
  c.close();
});
