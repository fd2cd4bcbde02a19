import { DEFAULT_RULES } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import type { LogEntry, TableSettings } from '../store/types.js';
import { MemoryStore } from '../store/memory-store.js';
import { newDealSecrets } from './secrets.js';
import { initialTableState, reduceEntry, replayLog, statusOf, type TableState } from './table-state.js';
import { SocketHub } from '../socket/hub.js';
import { TableRegistry } from './registry.js';
import { configWith } from '../config.js';
import { pino } from 'pino';

const settings: TableSettings = {
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  rules: { ...DEFAULT_RULES, target: 301 },
  options: { turnTimerSeconds: null, fillWithBots: false, botLevel: 'normal' },
  createdAt: 1,
  hostKeyHash: '0'.repeat(64),
};
const seat = (s: 0 | 1 | 2 | 3): LogEntry => ({ type: 'seat', seat: s, name: `P${s}`, tokenHash: String(s).repeat(64), bot: null });

function run(entries: LogEntry[]): TableState {
  const r = replayLog(settings, entries);
  if (!r.ok) throw new Error(`${r.index}: ${r.error.code} ${r.error.message}`);
  return r.state;
}

describe('table state', () => {
  it('is a fold over the log: version = entries applied, status follows the game', () => {
    const { deck, salt, commitment } = newDealSecrets();
    const log: LogEntry[] = [seat(0), seat(1), seat(2), seat(3), { type: 'gameStart' }, { type: 'dealStart', dealer: 3, deck, salt, commitment }, { type: 'action', action: { type: 'pass', seat: 0 }, by: 'player' }];
    const t = run(log);
    expect(t.version).toBe(7);
    expect(statusOf(t)).toBe('playing');
    expect(t.games[0]!.secrets).toEqual([{ salt, commitment }]);
    expect(t.games[0]!.players).toEqual(['P0', 'P1', 'P2', 'P3']);
    expect(statusOf(run(log.slice(0, 4)))).toBe('lobby');
  });

  it('refuses entries that do not fit, with typed errors and the state untouched', () => {
    const lobby = run([seat(0)]);
    expect(reduceEntry(lobby, seat(0))).toMatchObject({ ok: false, error: { code: 'SEAT_TAKEN' } });
    expect(reduceEntry(lobby, { type: 'unseat', seat: 1 })).toMatchObject({ ok: false, error: { code: 'NOT_SEATED' } });
    expect(reduceEntry(lobby, { type: 'gameStart' })).toMatchObject({ ok: false, error: { code: 'NOT_ENOUGH_PLAYERS' } });
    expect(reduceEntry(lobby, { type: 'action', action: { type: 'pass', seat: 0 }, by: 'player' })).toMatchObject({ ok: false, error: { code: 'GAME_NOT_STARTED' } });
    const playing = run([seat(0), seat(1), seat(2), seat(3), { type: 'gameStart' }]);
    expect(reduceEntry(playing, { type: 'unseat', seat: 1 })).toMatchObject({ ok: false, error: { code: 'GAME_IN_PROGRESS' } });
    const bad = reduceEntry(playing, { type: 'dealStart', dealer: 0, deck: ['JH'], salt: 's', commitment: 'c' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'BAD_DECK' } });
    expect(playing.version).toBe(5);
    expect(initialTableState(settings).version).toBe(0);
    expect(replayLog(settings, [seat(0), seat(0)])).toMatchObject({ ok: false, index: 1 });
    // an entry of a kind only a newer version knows: reported, not thrown (a rolling upgrade's table waits)
    expect(replayLog(settings, [seat(0), { type: 'fromANewerVersion' } as unknown as LogEntry])).toMatchObject({ ok: false, index: 1, error: { code: 'INTERNAL', message: expect.stringContaining('"fromANewerVersion"') } });
  });

  it('restores tables from the store and skips a log that does not replay', async () => {
    const store = new MemoryStore();
    await store.createTable(settings);
    await store.append(settings.id, 0, [seat(0), seat(1)]);
    const broken = { ...settings, id: 'BBBBBBBBBBBBBBBBBBBBBB' };
    await store.createTable(broken);
    await store.append(broken.id, 0, [seat(0), seat(0)]);
    const weird = { ...settings, id: 'CCCCCCCCCCCCCCCCCCCCCC' };
    await store.createTable(weird);
    await store.append(weird.id, 0, [{ type: 'nonsense' } as unknown as LogEntry]);
    const registry = new TableRegistry({ store, config: configWith({ logLevel: 'silent' }), log: pino({ level: 'silent' }), channel: new SocketHub() });
    expect(await registry.restore()).toEqual({ restored: 1, skipped: 2 });
    const room = registry.get(settings.id)!;
    expect(room.state.version).toBe(2);
    expect(room.seatOfToken('x')).toBeNull();
    expect(room.summary().seats.map((s) => s.name)).toEqual(['P0', 'P1', null, null]);
    registry.dispose();
  });
});
