/**
 * The practice tables kept in IndexedDB (fake-indexeddb: the same API as the browser's; the
 * real one is exercised by the end-to-end practice test): written, read back, listed most
 * recent first, pruned beyond KEPT; and the practice routes.
 */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { parseRoute } from '../lib/routes.js';
import { practicePath, practiceReplayPath } from './paths.js';
import { KEPT, SavedGames } from './saved-games.js';
import type { SavedPractice } from './types.js';

const table = (id: string, updatedAt: number, finished = false): SavedPractice => ({
  id,
  settings: { rules: { target: 501, announcements: false, tie: 'litige', direction: 'counterclockwise' }, partner: 'strong', opponents: 'strong', turnTimerSeconds: null, name: 'Me' },
  entries: [{ type: 'gameStart' }],
  version: 1,
  createdAt: updatedAt,
  updatedAt,
  finished,
  hints: 0,
  takeBacks: 0,
});
const id = (n: number): string => `${'A'.repeat(20)}${String(n).padStart(2, '0')}`;

describe('SavedGames (IndexedDB)', () => {
  it('puts, gets, lists the most recent first, removes, and survives reopening', async () => {
    const idb = new IDBFactory();
    const db = await SavedGames.open(idb);
    await db.put(table(id(1), 100));
    await db.put(table(id(2), 300, true));
    await db.put({ ...table(id(1), 200), version: 7 });
    expect((await db.get(id(1)))?.version).toBe(7);
    expect(await db.get(id(9))).toBeNull();
    expect((await db.list()).map((t) => t.id)).toEqual([id(2), id(1)]);
    db.close();
    const again = await SavedGames.open(idb);
    expect((await again.list()).map((t) => [t.id, t.finished])).toEqual([
      [id(2), true],
      [id(1), false],
    ]);
    await again.remove(id(2));
    expect((await again.list()).map((t) => t.id)).toEqual([id(1)]);
  });

  it(`keeps at most ${KEPT} tables, the least recently played dropped first, never the one in use`, async () => {
    const db = await SavedGames.open(new IDBFactory());
    for (let i = 0; i < KEPT + 3; i++) await db.put(table(id(i), 1000 + i));
    await db.prune(id(0));
    const ids = (await db.list()).map((t) => t.id);
    expect(ids).toHaveLength(KEPT + 1);
    expect(ids).toContain(id(0));
    expect(ids).not.toContain(id(1));
    expect(ids).not.toContain(id(2));
  });
});

describe('practice routes', () => {
  it('/practice, /practice?table=ID and /practice/replay?table=ID&game=N&deal=D', () => {
    const t = id(5);
    expect(parseRoute('/practice')).toEqual({ name: 'practice', table: null });
    expect(parseRoute('/practice', `?table=${t}`)).toEqual({ name: 'practice', table: t });
    expect(parseRoute('/practice', '?table=short')).toEqual({ name: 'practice', table: null });
    expect(parseRoute('/practice/replay', `?table=${t}&game=1&deal=3`)).toEqual({ name: 'practiceReplay', table: t, game: 1, deal: 3 });
    expect(parseRoute('/practice/replay', '?game=1')).toEqual({ name: 'home' });
    const [p, q] = practiceReplayPath(t, 2, 4).split('?');
    expect(parseRoute(p!, `?${q}`)).toEqual({ name: 'practiceReplay', table: t, game: 2, deal: 4 });
    const [pp, pq] = practicePath(t).split('?');
    expect(parseRoute(pp!, `?${pq}`)).toEqual({ name: 'practice', table: t });
  });
});
