/**
 * A store that fails to write: the command is refused with INTERNAL, nothing changes, nothing
 * is broadcast, and the server keeps serving. A write whose answer was lost (OutcomeUnknown: a
 * connection lost while it committed) is found by re-reading the table and acknowledged; when
 * the table cannot be re-read, its ack waits until it can (never a refusal that may be false),
 * while later commands are refused, and the room reloads before its next write.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTable, settled, TestClient } from '../../test/clients.js';
import { startServer, type RunningServer } from '../server.js';
import { MemoryStore } from '../store/memory-store.js';
import type { ChatEntry, ChatSettings } from '@belote/protocol';
import { OutcomeUnknown, type LogEntry } from '../store/types.js';
import { TableRoom } from './table-room.js';

class FlakyStore extends MemoryStore {
  failing = false;
  /** The next append commits, then reports a failure (its answer was lost). */
  loseNextAnswer = false;
  readsFail = false;
  /** The next append is not stored, and its answer is lost. */
  loseAndDropNext = false;
  override async append(tableId: string, version: number, entries: readonly LogEntry[]): Promise<void> {
    if (this.failing) throw new Error('disk full');
    await this.answerLost(tableId, 'loseAndDropNext', 'loseNextAnswer', () => super.append(tableId, version, entries));
  }
  /** The next chat append commits, then reports its answer lost. */
  loseNextChatAnswer = false;
  /** The next chat append is not stored, and its answer is lost. */
  loseAndDropNextChat = false;
  chatReadsFail = false;
  override async appendChat(tableId: string, entry: ChatEntry, settings?: ChatSettings): Promise<void> {
    await this.answerLost(tableId, 'loseAndDropNextChat', 'loseNextChatAnswer', () => super.appendChat(tableId, entry, settings));
  }
  /** A write whose answer is lost as the flags ask (each flag counts for one write): before it is stored, or after. */
  private async answerLost(tableId: string, dropped: 'loseAndDropNext' | 'loseAndDropNextChat', committed: 'loseNextAnswer' | 'loseNextChatAnswer', write: () => Promise<void>): Promise<void> {
    if (this[dropped]) {
      this[dropped] = false;
      throw new OutcomeUnknown(tableId, new Error('connection lost before the write arrived'));
    }
    await write();
    if (this[committed]) {
      this[committed] = false;
      throw new OutcomeUnknown(tableId, new Error('connection lost during COMMIT'));
    }
  }
  override async loadChat(tableId: string) {
    if (this.chatReadsFail) throw new Error('connection refused');
    return super.loadChat(tableId);
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

it('a bug after a change was stored does not refuse it: the ack is ok and everyone gets a snapshot of the new state', async () => {
  const t = await createTable(server);
  const watcher = await TestClient.connect(server, { tableId: t.id });
  const c = await TestClient.connect(server, { tableId: t.id });
  await settled(server, t.id, [watcher, c]);
  // (the private step after every commit, made to throw once)
  const after = vi.spyOn(TableRoom.prototype as unknown as { afterChange: () => void }, 'afterChange').mockImplementationOnce(() => {
    throw new Error('a bug');
  });
  try {
    const ack = await c.emit('sit', { seat: 1, name: 'Flo' });
    expect(after).toHaveBeenCalledTimes(1);
    expect(ack).toMatchObject({ ok: true, seat: 1 });
    expect((await store.load(t.id))!.entries.map((e) => e.type)).toEqual(['seat']);
    expect(server.registry.get(t.id)!.state.version).toBe(1);
    const seen = await watcher.next((u) => u.version === 1);
    expect(seen.kind).toBe('snapshot');
    expect(seen.table.seats[1]?.name).toBe('Flo');
    expect(c.last.you.seat).toBe(1);
  } finally {
    after.mockRestore();
  }
  // and the table goes on as usual
  expect(await c.emit('stand', {})).toMatchObject({ ok: true });
  await settled(server, t.id, [watcher, c]);
  expect(watcher.frames.filter((u) => u.version === 2).map((u) => u.kind)).toContain('step');
  expect(watcher.last.table.seats[1]?.name ?? null).toBeNull();
  for (const x of [watcher, c]) x.close();
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

describe('a chat line whose answer was lost', () => {
  it('is acknowledged and sent when the chat read back holds it', async () => {
    const t = await createTable(server);
    const a = await TestClient.connect(server, { tableId: t.id });
    const b = await TestClient.connect(server, { tableId: t.id });
    expect((await a.emit('sit', { seat: 0, name: 'Ann' })).ok).toBe(true);
    store.loseNextChatAnswer = true;
    expect(await a.emit('chat', { text: 'landed' })).toEqual({ ok: true, id: 1 });
    await b.next((u) => u.kind === 'chat' && u.entry?.type === 'line' && u.entry.text === 'landed');
    expect((await store.loadChat(t.id))!.entries.map((e) => e.id)).toEqual([1]);
    expect(await a.emit('chat', { text: 'next' })).toEqual({ ok: true, id: 2 });
    for (const x of [a, b]) x.close();
  });

  it('is refused, nothing sent, when the chat read back does not hold it', async () => {
    const t = await createTable(server);
    const a = await TestClient.connect(server, { tableId: t.id });
    const b = await TestClient.connect(server, { tableId: t.id });
    expect((await a.emit('sit', { seat: 0, name: 'Ann' })).ok).toBe(true);
    store.loseAndDropNextChat = true;
    expect(await a.emit('chat', { text: 'lost' })).toMatchObject({ ok: false, error: { code: 'INTERNAL', message: 'could not save the chat; nothing was sent' } });
    expect(await a.emit('chat', { text: 'again' })).toEqual({ ok: true, id: 1 });
    await b.next((u) => u.kind === 'chat' && u.entry?.type === 'line' && u.entry.text === 'again');
    expect(b.chatEntries.map((e) => e.id)).toEqual([1]);
    for (const x of [a, b]) x.close();
  });

  it('is refused as unconfirmed while the chat cannot be read back', async () => {
    const t = await createTable(server);
    const a = await TestClient.connect(server, { tableId: t.id });
    expect((await a.emit('sit', { seat: 0, name: 'Ann' })).ok).toBe(true);
    store.loseNextChatAnswer = true;
    store.chatReadsFail = true;
    try {
      expect(await a.emit('chat', { text: 'maybe' })).toMatchObject({ ok: false, error: { code: 'INTERNAL', message: 'could not confirm that the chat was saved: it may still appear' } });
    } finally {
      store.chatReadsFail = false;
    }
    // It had landed: the history has it, and the next line follows it.
    expect(await a.emit('chat', { text: 'after' })).toEqual({ ok: true, id: 2 });
    expect(((await a.emit('chatHistory', { after: 0 })) as unknown as { entries: { text: string }[] }).entries.map((e) => e.text)).toEqual(['maybe', 'after']);
    a.close();
  });
});

it('refuses a handshake while the table chat cannot be read (a snapshot must not show made-up chat settings), then admits', async () => {
  const t = await createTable(server);
  store.chatReadsFail = true;
  try {
    const refused = await TestClient.connect(server, { tableId: t.id }).then(
      () => null,
      (e: Error & { data?: { code?: string; message?: string } }) => e.data,
    );
    expect(refused).toEqual({ code: 'INTERNAL', message: 'the table could not be read: try again in a moment' });
  } finally {
    store.chatReadsFail = false;
  }
  const c = await TestClient.connect(server, { tableId: t.id });
  expect(c.last.chat.last).toBe(0);
  c.close();
});
