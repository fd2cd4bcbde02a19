/**
 * A slow or locked store, as PROTOCOL.md §3 and §6 promise it to clients: a handshake is
 * answered within HANDSHAKE_TIMEOUT_MS — refused with INTERNAL when the table's storage does not
 * answer, and a late answer changes nothing; a socket that connects while a change waits for the
 * store gets its snapshot at once, without waiting behind it; no step leaves before its change is
 * stored, and the sender's step arrives before its ack. A table creation the store cannot write
 * (a full disk, SQLite's own SQLITE_FULL) is 503, not a server bug.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROTOCOL_VERSION, type ConnectErrorData } from '@belote/protocol';
import { io } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/server.js';
import { MemoryStore } from '../src/store/memory-store.js';
import { SqliteStore } from '../src/store/sqlite-store.js';
import type { LogEntry, StoredChat } from '../src/store/types.js';
import { createTable, seatedTable, TestClient } from './clients.js';

/** A gate a test opens when it wants the store to answer. */
class Gate {
  private open: (() => void) | null = null;
  readonly shut = new Promise<void>((resolve) => (this.open = resolve));
  release(): void {
    this.open?.();
  }
}

class SlowStore extends MemoryStore {
  /** Set: reads of a table's chat wait for it. */
  chatGate: Gate | null = null;
  /** Set: appends wait for it (the write is made once it opens). */
  appendGate: Gate | null = null;
  appendsWaiting = 0;
  override async loadChat(tableId: string): Promise<StoredChat | null> {
    if (this.chatGate) await this.chatGate.shut;
    return super.loadChat(tableId);
  }
  override async append(tableId: string, version: number, entries: readonly LogEntry[]): Promise<void> {
    const gate = this.appendGate;
    if (gate) {
      this.appendsWaiting++;
      await gate.shut;
      this.appendsWaiting--;
    }
    return super.append(tableId, version, entries);
  }
}

const TIMEOUT_MS = 300;
const store = new SlowStore();
let server: RunningServer;
beforeAll(async () => {
  server = await startServer(
    { port: 0, host: '127.0.0.1', logLevel: 'silent', webDist: '/nonexistent', botDelayMs: 0, handshakeTimeoutMs: TIMEOUT_MS, rateLimitEvents: 10_000, rateLimitAddressEvents: 100_000 },
    { store },
  );
});
afterEach(() => {
  store.chatGate?.release();
  store.appendGate?.release();
  store.chatGate = null;
  store.appendGate = null;
});
afterAll(async () => {
  await server.close();
});

const until = async (cond: () => boolean, what: string) => {
  for (let i = 0; i < 500 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!cond()) throw new Error(`timed out waiting for ${what}`);
};

/** The connect_error data of a handshake, or 'snapshot' when it got in. */
function handshake(tableId: string): Promise<ConnectErrorData | 'snapshot'> {
  const socket = io(server.url, { auth: { protocolVersion: PROTOCOL_VERSION, tableId }, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve) => {
    socket.once('connect_error', (e: Error & { data?: ConnectErrorData }) => (socket.close(), resolve(e.data!)));
    socket.once('snapshot', () => (socket.close(), resolve('snapshot')));
  });
}

describe('a slow or locked store', () => {
  it('a table whose storage does not answer refuses the handshake with INTERNAL within HANDSHAKE_TIMEOUT_MS; once it answers, sockets get in', async () => {
    const t = await createTable(server);
    store.chatGate = new Gate(); // the first socket of a table reads its chat: the store hangs
    const refusal = handshake(t.id);
    expect(await refusal).toEqual({ code: 'INTERNAL', message: 'the table did not answer in time: try again in a moment' });
    expect(server.registry.get(t.id)!.empty).toBe(true); // the late answer attaches nothing
    store.chatGate.release();
    expect(await handshake(t.id)).toBe('snapshot');
  });

  it('a socket that connects while a change waits for the store gets its snapshot at once; the step follows once stored, before the ack', async () => {
    const t = await seatedTable(server);
    await t.host.next((u) => u.table.seats.every((s) => s.name !== null));
    store.appendGate = new Gate();
    const before = server.registry.get(t.table.id)!.state.version;
    const acks: string[] = [];
    // the host starts the game: its write waits for the store
    const started = t.host.emit('start', {}).then((a) => (acks.push('start'), a));
    await until(() => store.appendsWaiting === 1, 'the write to wait');
    const watcher = await TestClient.connect(server, { tableId: t.table.id });
    expect(watcher.last.version).toBe(before); // the table as stored, not the change on its way
    // nothing has left for the change yet: no step, no ack
    for (const c of [t.host, ...t.players, watcher]) expect(c.raw.filter((f) => f.name === 'step' && (f.frame as { version: number }).version > before)).toEqual([]);
    expect(acks).toEqual([]);
    store.appendGate.release();
    expect(await started).toEqual({ ok: true });
    // the sender had its step (gameStarted) before the ack; the new socket got it as its next frame
    expect(t.host.frames.some((u) => u.events.some((e) => e.type === 'gameStarted'))).toBe(true);
    const step = await watcher.next((u) => u.events.some((e) => e.type === 'gameStarted'));
    expect(step.version).toBe(before + 1);
    expect(watcher.orderErrors).toEqual([]);
    watcher.close();
    for (const c of [...t.players, t.host]) c.close();
  });
});

describe('a full disk', () => {
  let dir: string;
  let sqlite: SqliteStore;
  let full: RunningServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'belote-full-'));
    sqlite = new SqliteStore({ dataDir: dir, synchronous: 'normal' });
    full = await startServer({ port: 0, host: '127.0.0.1', logLevel: 'silent', webDist: '/nonexistent' }, { store: sqlite });
  });
  afterAll(async () => {
    await full.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creating a table the store cannot write is 503 INTERNAL saying so, and creates nothing', async () => {
    const ok = await fetch(`${full.url}/api/tables`, { method: 'POST' });
    expect(ok.status).toBe(201);
    // SQLite's own "database or disk is full" (SQLITE_FULL): no page may be added any more
    const db = (sqlite as unknown as { db: { pragma(s: string, o?: object): unknown } }).db;
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages}`);
    const before = full.registry.size;
    let r = await fetch(`${full.url}/api/tables`, { method: 'POST' });
    for (let i = 0; i < 50 && r.status === 201; i++) r = await fetch(`${full.url}/api/tables`, { method: 'POST' }); // fill the last free page
    expect(r.status).toBe(503);
    expect(await r.json()).toEqual({
      error: { code: 'INTERNAL', message: 'the table could not be saved (the server cannot write to its storage); nothing was created: try again later' },
    });
    const made = full.registry.size - before;
    const stored = (await sqlite.loadAll()).tables.length;
    expect(stored).toBe(full.registry.size); // every table the server holds is stored, none half-made
    expect(made).toBeLessThan(51);
    db.pragma('max_page_count = 1073741823');
    expect((await fetch(`${full.url}/api/tables`, { method: 'POST' })).status).toBe(201);
  });

  it('/healthz answers 503 naming the cause while writes are refused, and 200 again once one can be made (no move needed)', async () => {
    const db = (sqlite as unknown as { db: { pragma(s: string, o?: object): unknown } }).db;
    const health = async () => {
      const r = await fetch(`${full.url}/healthz`);
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    expect(await health()).toMatchObject({ status: 200, body: { ok: true } });
    expect((await health()).body).not.toHaveProperty('database');

    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages}`);
    let r = await fetch(`${full.url}/api/tables`, { method: 'POST' });
    for (let i = 0; i < 50 && r.status === 201; i++) r = await fetch(`${full.url}/api/tables`, { method: 'POST' });
    expect(r.status).toBe(503);
    const down = await health();
    expect(down).toEqual({ status: 503, body: { ok: false, tables: full.registry.size, uptime: expect.any(Number), database: 'full' } });

    // space is freed: within a second /healthz tries a write of its own and answers 200
    db.pragma('max_page_count = 1073741823');
    await new Promise((res) => setTimeout(res, 1100));
    expect(await health()).toMatchObject({ status: 200, body: { ok: true } });

    // a read-only database (SQLITE_READONLY): the same, named so
    db.pragma('query_only = ON');
    expect((await fetch(`${full.url}/api/tables`, { method: 'POST' })).status).toBe(503);
    expect(await health()).toMatchObject({ status: 503, body: { ok: false, database: 'read-only' } });
    db.pragma('query_only = OFF');
    // the next write that succeeds clears it at once
    expect((await fetch(`${full.url}/api/tables`, { method: 'POST' })).status).toBe(201);
    expect(await health()).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('a move the disk cannot take (a group commit) makes /healthz 503 too; while healthy, /healthz writes nothing', async () => {
    const db = (sqlite as unknown as { db: { pragma(s: string, o?: object): unknown } }).db;
    const schema = () => db.pragma('schema_version', { simple: true }) as number;
    const t = await seatedTable(full);
    await t.host.next((u) => u.table.seats.every((s) => s.name !== null));
    // healthy: asking does not write (the probe's CREATE/DROP would move the schema's version)
    const v = schema();
    for (let i = 0; i < 3; i++) expect((await fetch(`${full.url}/healthz`)).status).toBe(200);
    expect(schema()).toBe(v);

    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages}`);
    // fill the last pages with tables (written at once), then the host's changes (the log's group commit) until one does not fit
    let made = await fetch(`${full.url}/api/tables`, { method: 'POST' });
    for (let i = 0; i < 50 && made.status === 201; i++) made = await fetch(`${full.url}/api/tables`, { method: 'POST' });
    expect(made.status).toBe(503);
    // forget what the table's creation saw: only the group commit below may set it again (and /healthz
    // probes only once it is set, so a 200 here would mean the commit's refusal went unnoticed)
    (sqlite as unknown as { problem: string | null }).problem = null;
    let refused: { ok: boolean; error?: { code: string } } = { ok: true };
    for (let i = 0; i < 60 && refused.ok; i++) {
      refused = (await t.host.emit('settings', { rules: { target: i % 2 ? 1000 : 501 } })) as typeof refused;
      await new Promise((res) => setTimeout(res, 60)); // under the host's 20 events a second
    }
    expect(refused).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    const r = await fetch(`${full.url}/healthz`);
    expect(r.status).toBe(503);
    expect(await r.json()).toMatchObject({ ok: false, database: 'full' });
    // while 503 the probe writes at most once a second
    const probed = schema();
    for (let i = 0; i < 3; i++) await fetch(`${full.url}/healthz`);
    expect(schema() - probed).toBeLessThanOrEqual(2); // one CREATE/DROP pair at most, and only when a second has passed

    db.pragma('max_page_count = 1073741823');
    await new Promise((res) => setTimeout(res, 1100));
    expect((await fetch(`${full.url}/healthz`)).status).toBe(200);
    for (const c of [...t.players, t.host]) c.close();
  });
});
