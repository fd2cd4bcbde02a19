import { DEFAULT_RULES } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from './memory-store.js';
import type { TableSettings } from './types.js';

const settings = (id: string): TableSettings => ({
  id,
  rules: { ...DEFAULT_RULES },
  options: { turnTimerSeconds: null, fillWithBots: false, botLevel: 'normal' },
  createdAt: 1,
  hostKeyHash: 'h'.repeat(64),
});

describe('MemoryStore.expire', () => {
  it('removes finished tables past retention and idle unfinished ones, except those kept', async () => {
    let now = 1_000;
    const store = new MemoryStore(() => now);
    for (const id of ['finished-old', 'finished-new', 'idle', 'busy', 'kept']) await store.createTable(settings(id));
    await store.markFinished('finished-old', 100);
    await store.markFinished('finished-new', 900);
    now = 5_000;
    await store.append('busy', [{ type: 'gameStart' }]);
    // finished before 500, or unfinished and unchanged since before 2000; 'kept' is in use.
    expect(await store.expire(500, 2_000, new Set(['kept']))).toEqual(['finished-old', 'idle']);
    expect((await store.loadAll()).map((t) => t.settings.id)).toEqual(['finished-new', 'busy', 'kept']);
    // A rematch (finished → null) makes a table unfinished again: then only idleness counts.
    await store.markFinished('finished-new', null);
    expect(await store.expire(10_000, 4_000)).toEqual(['kept']);
  });
});
