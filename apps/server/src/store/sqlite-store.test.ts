import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_RULES } from '@belote/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore } from './sqlite-store.js';
import type { LogEntry, TableSettings } from './types.js';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'belote-store-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const settings = (id: string, createdAt = 1): TableSettings => ({
  id,
  rules: { ...DEFAULT_RULES },
  options: { turnTimerSeconds: null, fillWithBots: false, botLevel: 'normal' },
  createdAt,
  hostKeyHash: 'h'.repeat(64),
});

const seat = (s: 0 | 1 | 2 | 3, name: string): LogEntry => ({ type: 'seat', seat: s, name, tokenHash: 't'.repeat(64), bot: null });

describe('SqliteStore', () => {
  it('keeps settings and the ordered log across a reopen', async () => {
    const dir = tempDir();
    const a = new SqliteStore({ dataDir: dir });
    await a.createTable(settings('table-a', 1));
    await a.createTable(settings('table-b', 2));
    await a.append('table-a', [seat(0, 'Anna'), seat(1, 'Bruno')]);
    await a.append('table-b', [seat(2, 'Chloé')]);
    await a.append('table-a', [{ type: 'gameStart' }]);
    await a.close();

    const b = new SqliteStore({ dataDir: dir });
    const all = await b.loadAll();
    expect(all.map((t) => t.settings.id)).toEqual(['table-a', 'table-b']);
    expect(all[0]!.entries).toEqual([seat(0, 'Anna'), seat(1, 'Bruno'), { type: 'gameStart' }]);
    expect(all[1]!.entries).toEqual([seat(2, 'Chloé')]);
    expect(all[0]!.settings).toEqual(settings('table-a', 1));
    await b.close();
  });

  it('commits appends made in the same tick together, in call order, and each resolves', async () => {
    const store = new SqliteStore({ dataDir: tempDir() });
    await store.createTable(settings('t'));
    await Promise.all([store.append('t', [seat(0, 'A')]), store.append('t', [seat(1, 'B')]), store.append('t', [seat(2, 'C')])]);
    const [t] = await store.loadAll();
    expect(t!.entries.map((e) => (e.type === 'seat' ? e.name : '?'))).toEqual(['A', 'B', 'C']);
    await store.close();
  });

  it('rejects an append to an unknown table without losing the others of its batch', async () => {
    const store = new SqliteStore({ dataDir: tempDir() });
    await store.createTable(settings('t'));
    const results = await Promise.allSettled([store.append('t', [seat(0, 'A')]), store.append('nope', [seat(1, 'B')])]);
    expect(results[0]!.status).toBe('fulfilled');
    expect(results[1]!.status).toBe('rejected');
    const all = await store.loadAll();
    expect(all).toHaveLength(1);
    expect(all[0]!.entries).toHaveLength(1);
    await store.close();
  });

  it('skips a corrupt table and still loads the others', async () => {
    const dir = tempDir();
    const store = new SqliteStore({ dataDir: dir });
    await store.createTable(settings('good'));
    await store.createTable(settings('bad', 2));
    await store.append('good', [seat(0, 'A')]);
    await store.append('bad', [seat(0, 'A')]);
    await store.close();
    const raw = new Database(join(dir, 'belote.sqlite'));
    raw.prepare("UPDATE entries SET entry = '{not json' WHERE table_id = 'bad'").run();
    raw.close();
    const reopened = new SqliteStore({ dataDir: dir });
    const all = await reopened.loadAll();
    expect(all.map((t) => t.settings.id)).toEqual(['good']);
    await reopened.close();
  });

  it('expires only finished tables past retention and idle unfinished ones', async () => {
    const store = new SqliteStore({ dataDir: tempDir() });
    for (const id of ['old-finished', 'new-finished', 'idle', 'active']) await store.createTable(settings(id));
    const now = Date.now();
    await store.markFinished('old-finished', now - 10_000);
    await store.markFinished('new-finished', now - 10);
    await store.append('active', [seat(0, 'A')]);
    // 'idle' was last touched at creation; make it look old.
    const removed = await store.expire(now - 1_000, now - 5_000);
    expect(removed).toEqual(['old-finished']);
    // With an idle cut-off after every update, the unfinished tables go too.
    const removed2 = await store.expire(now - 1_000, Date.now() + 1);
    expect(removed2.sort()).toEqual(['active', 'idle']);
    expect((await store.loadAll()).map((t) => t.settings.id)).toEqual(['new-finished']);
    await store.close();
  });
});
