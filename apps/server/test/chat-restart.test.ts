/**
 * The chat through a kill -9 of the real server process (main.ts), on SQLite (DATA_DIR) and on
 * PostgreSQL (DATABASE_URL): every acknowledged line comes back in `chatHistory` after the
 * restart, the host's mutes and the spectator switch still hold, ids go on where they were, and
 * none of it ever entered the table's log (its version is what the seats made it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Ack, ChatEntry, ChatState } from '@belote/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { seatedTable, TestClient } from './clients.js';
import { createTestDatabase } from './pg/databases.js';
import { spawnServer, type ServerProcess } from './restart-harness.js';

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

type HistoryAck = Ack<{ entries: ChatEntry[]; chat: ChatState }> & { ok: true };

async function env(kind: 'sqlite' | 'pg'): Promise<Record<string, string>> {
  if (kind === 'sqlite') return {};
  const db = await createTestDatabase();
  cleanup.push(() => db.drop());
  return { DATABASE_URL: db.url };
}

describe.each(['sqlite', 'pg'] as const)('chat through a kill -9 (%s)', (kind) => {
  it('keeps every acknowledged line, the mutes and the spectator switch; the log never saw them', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'belote-chat-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const vars = await env(kind);
    let proc: ServerProcess = await spawnServer(dataDir, 0, vars);
    cleanup.push(() => proc.stop('SIGKILL'));
    const open: TestClient[] = [];
    cleanup.push(() => open.forEach((c) => c.close()));

    const t = await seatedTable(proc);
    open.push(t.host, ...t.players);
    const fan = await TestClient.connect(proc, { tableId: t.table.id, extraHeaders: { 'x-forwarded-for': '203.0.113.9' } });
    open.push(fan);
    for (const [c, text] of [
      [t.players[0]!, 'Salut !'],
      [fan, 'Go <b>Ann</b>'],
      [t.players[1]!, 'On y va'],
    ] as const)
      expect(await c.emit('chat', { text, ...(c === fan ? { name: 'Zoé' } : {}) })).toMatchObject({ ok: true });
    expect(await t.host.emit('chatMute', { target: { seat: 1 }, muted: true })).toEqual({ ok: true });
    expect(await t.host.emit('spectatorChat', { on: false })).toEqual({ ok: true });
    const before = (await t.host.emit('chatHistory', { after: 0 })) as HistoryAck;
    expect(before.chat).toMatchObject({ last: 5, spectatorChat: false, mutedSeats: [1] });
    const version = t.host.last.version;
    expect(version).toBe(4); // four seats taken; nothing of the chat

    expect((await proc.stop('SIGKILL')).signal).toBe('SIGKILL');
    open.forEach((c) => c.close());
    proc = await spawnServer(dataDir, 0, vars);
    // SQLite restores every table at start; on PostgreSQL the table is loaded (claimed) when its players come back
    if (kind === 'sqlite') expect(proc.logs.find((l) => l.msg === 'tables restored')).toMatchObject({ restored: 1, skipped: 0 });
    else expect(proc.logs.find((l) => l.msg === 'tables restored')).toBeUndefined();

    const host = await TestClient.connect(proc, { tableId: t.table.id, hostKey: t.table.hostKey });
    const bob = await TestClient.connect(proc, { tableId: t.table.id, token: t.tokens[1]! });
    const ann = await TestClient.connect(proc, { tableId: t.table.id, token: t.tokens[0]! });
    const fanBack = await TestClient.connect(proc, { tableId: t.table.id, extraHeaders: { 'x-forwarded-for': '203.0.113.9' } });
    open.push(host, bob, ann, fanBack);
    if (kind === 'pg') expect(proc.logs.filter((l) => l.msg === 'table claimed' && l.table === t.table.id)).toHaveLength(1);
    expect(host.last.version).toBe(version);
    expect(host.last.chat).toEqual(before.chat);
    const after = (await host.emit('chatHistory', { after: 0 })) as HistoryAck;
    expect(after.entries).toEqual(before.entries);
    expect(after.entries.flatMap((e) => (e.type === 'line' ? [`${e.from.name}: ${e.text}`] : [e.type]))).toEqual(['Ann: Salut !', 'Zoé: Go <b>Ann</b>', 'Bob: On y va', 'muted', 'spectatorChat']);
    expect(fanBack.last.chat.tag).toBe(fan.last.chat.tag);

    expect(await bob.emit('chat', { text: 'still muted?' })).toMatchObject({ ok: false, error: { code: 'CHAT_MUTED' } });
    expect(await fanBack.emit('chat', { text: 'and me?' })).toMatchObject({ ok: false, error: { code: 'CHAT_OFF' } });
    expect(await ann.emit('chat', { text: 'on reprend' })).toEqual({ ok: true, id: 6 });
    expect(host.last.version).toBe(version);
  });
});
