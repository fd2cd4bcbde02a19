import type { ClientEventName, ConnectErrorData } from '@belote/protocol';
import { currentDeal, viewFor } from '@belote/rules';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TABLE_ID, dealt, restrictedTurn, step, taken, updateFor } from './fixtures.js';
import type { Credentials, Transport, TransportHandlers } from './socket.js';
import { loadSecrets, saveSecrets } from './storage.js';
import { TRICK_HOLD_MS, TableStore } from './store.svelte.js';

/** A transport that records what is sent and answers with scripted acks. */
function fakeTransport(acks: Partial<Record<ClientEventName, unknown>> = {}) {
  const sent: { event: ClientEventName; payload: unknown }[] = [];
  let handlers!: TransportHandlers;
  let credentials!: () => Credentials;
  const reconnect = vi.fn();
  const factory = (creds: () => Credentials, on: TransportHandlers): Transport => {
    handlers = on;
    credentials = creds;
    return {
      send: (event, payload) => {
        sent.push({ event, payload });
        return Promise.resolve((acks[event] ?? { ok: true }) as never);
      },
      reconnect,
      close: () => {},
    };
  };
  return { factory, sent, reconnect, on: () => handlers, creds: () => credentials() };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('TableStore: update sequence', () => {
  it('drops updates whose seq is not above the last one', () => {
    const store = new TableStore(TABLE_ID);
    const s0 = dealt(1);
    expect(store.receive(updateFor(s0, 0, 5))).toBe(true);
    expect(store.version).toBe(5);
    expect(store.receive(updateFor(s0, 0, 5))).toBe(false);
    expect(store.receive(updateFor(s0, 0, 3))).toBe(false);
    expect(store.version).toBe(5);
    expect(store.receive(updateFor(s0, 0, 9))).toBe(true);
    expect(store.version).toBe(9);
  });

  it('accepts a fresh sequence after a reconnection (the first update is a full state)', () => {
    const t = fakeTransport();
    const store = new TableStore(TABLE_ID);
    store.connect(t.factory);
    t.on().status('connected');
    const s0 = dealt(1);
    t.on().update(updateFor(s0, 0, 40));
    t.on().status('disconnected');
    t.on().status('connected');
    expect(store.receive(updateFor(s0, 0, 2))).toBe(true);
    expect(store.version).toBe(2);
  });

  it('lets the answer to a sync through even though it repeats the last seq', async () => {
    const t = fakeTransport();
    const store = new TableStore(TABLE_ID);
    store.connect(t.factory);
    t.on().status('connected');
    const s0 = dealt(1);
    t.on().update(updateFor(s0, 0, 12));
    await store.resync();
    expect(t.sent).toEqual([{ event: 'sync', payload: {} }]);
    expect(store.receive(updateFor(s0, 0, 12))).toBe(true);
    expect(store.receive(updateFor(s0, 0, 12))).toBe(false);
  });

  it('shows the viewer hand from the view and nothing for spectators', () => {
    const store = new TableStore(TABLE_ID);
    const s = taken(3);
    store.receive(updateFor(s, 2, 1));
    expect(store.deal?.hand).toHaveLength(8);
    const spectator = new TableStore(TABLE_ID);
    spectator.receive(updateFor(s, 'spectator', 1));
    expect(spectator.deal?.hand).toBeNull();
    expect(spectator.mySeat).toBeNull();
  });
});

describe('TableStore: actions', () => {
  it('plays a legal card against the current version', async () => {
    const t = fakeTransport();
    const store = new TableStore(TABLE_ID);
    store.connect(t.factory);
    const s = taken(3);
    store.receive(updateFor(s, 0, 7));
    expect(store.isMyTurn).toBe(true);
    const card = store.deal!.legal[0]!;
    await store.tapCard(card);
    expect(t.sent).toEqual([{ event: 'action', payload: { version: 7, action: { type: 'play', card } } }]);
  });

  it('refuses an illegal card locally with the engine reason and sends nothing', async () => {
    const t = fakeTransport();
    const found = restrictedTurn(taken(3));
    expect(found).not.toBeNull();
    const { state } = found!;
    const seat = currentDeal(state)!.turn!;
    const store = new TableStore(TABLE_ID);
    store.connect(t.factory);
    store.receive(updateFor(state, seat, 1));
    const view = viewFor(state, seat).deal!;
    const illegal = view.hand!.find((c) => !view.legal.includes(c))!;
    await store.tapCard(illegal);
    expect(t.sent).toEqual([]);
    expect(store.refusal?.card).toBe(illegal);
    expect(store.refusal?.rule).toMatch(/^must (follow|trump|overtrump|undertrump)/);
  });

  it('explains that it is not your turn', async () => {
    const store = new TableStore(TABLE_ID);
    const s = taken(3);
    store.receive(updateFor(s, 1, 1));
    await store.tapCard(store.deal!.hand![0]!);
    expect(store.refusal?.rule).toBe('notYourTurn');
  });

  it('stores the seat token from the sit ack and drops it on BAD_TOKEN', async () => {
    const t = fakeTransport({ sit: { ok: true, seat: 2, token: 'tok-123' } });
    const store = new TableStore(TABLE_ID);
    saveSecrets(TABLE_ID, { hostKey: 'hk' });
    store.connect(t.factory);
    expect(await store.sit(2, '  Cleo ')).toBe(true);
    expect(t.sent[0]).toEqual({ event: 'sit', payload: { seat: 2, name: 'Cleo' } });
    expect(loadSecrets(TABLE_ID)).toEqual({ hostKey: 'hk', token: 'tok-123' });
    expect(t.creds()).toEqual({ tableId: TABLE_ID, hostKey: 'hk', token: 'tok-123' });
    const refusal: ConnectErrorData = { code: 'BAD_TOKEN', message: 'bad token' };
    t.on().refused(refusal);
    expect(loadSecrets(TABLE_ID)).toEqual({});
    expect(t.reconnect).toHaveBeenCalledOnce();
    expect(store.fatal).toBeNull();
  });

  it('adds a bot at the chosen level, or at the table default', async () => {
    const t = fakeTransport();
    const store = new TableStore(TABLE_ID);
    store.connect(t.factory);
    const update = updateFor(dealt(1), 0, 1);
    store.receive({ ...update, table: { ...update.table, status: 'lobby', options: { ...update.table.options, botLevel: 'easy' } } });
    await store.addBot(2, 'strong');
    await store.addBot(3);
    expect(t.sent).toEqual([
      { event: 'addBot', payload: { seat: 2, level: 'strong' } },
      { event: 'addBot', payload: { seat: 3, level: 'easy' } },
    ]);
  });

  it('reports an unknown table as fatal', () => {
    const t = fakeTransport();
    const store = new TableStore(TABLE_ID);
    store.connect(t.factory);
    t.on().refused({ code: 'NO_SUCH_TABLE', message: 'no' });
    expect(store.fatal).toBe('NO_SUCH_TABLE');
  });

  it('shows a refused action as a notice, but not a stale version', async () => {
    const t = fakeTransport({ action: { ok: false, error: { code: 'STALE_VERSION', message: 'stale' } } });
    const store = new TableStore(TABLE_ID);
    store.connect(t.factory);
    store.receive(updateFor(taken(3), 0, 1));
    await store.tapCard(store.deal!.legal[0]!);
    expect(store.notice).toBeNull();
    expect(store.pending).toBe(false);
  });
});

describe('TableStore: events', () => {
  it('holds a finished trick, then lets it go', () => {
    vi.useFakeTimers();
    const store = new TableStore(TABLE_ID);
    let s = taken(3);
    const events = [];
    for (let i = 0; i < 4; i++) {
      const d = currentDeal(s)!;
      const r = step(s, { type: 'play', seat: d.turn!, card: viewFor(s, d.turn!).deal!.legal[0]! });
      s = r.state;
      events.push(...r.events);
    }
    store.receive(updateFor(s, 0, 1, events));
    expect(store.heldTrick?.cards).toHaveLength(4);
    expect(store.deal?.trick.cards).toHaveLength(0);
    vi.advanceTimersByTime(TRICK_HOLD_MS + 10);
    expect(store.heldTrick).toBeNull();
  });

  it('opens the deal summary when a deal is scored and closes it on the next deal', () => {
    const store = new TableStore(TABLE_ID);
    const s = dealt(1);
    const result = { outcome: 'made', capot: null, taker: 0, trump: 'H', tricks: [], points: [100, 62], belote: [0, 0], announcements: [0, 0], written: [100, 60], litigePot: 0, totals: [100, 60] } as const;
    store.receive(updateFor(s, 0, 1, [{ type: 'dealScored', result: { ...result, points: [100, 62], belote: [0, 0], announcements: [0, 0], written: [100, 60], totals: [100, 60], tricks: [] } }]));
    expect(store.dealSummary?.written).toEqual([100, 60]);
    store.receive(updateFor(s, 0, 2, [{ type: 'dealStarted', dealer: 0, deal: 1, retourne: 'JH' }]));
    expect(store.dealSummary).toBeNull();
  });

  it('shows belote callouts near the player for a while', () => {
    vi.useFakeTimers();
    const store = new TableStore(TABLE_ID);
    store.receive(updateFor(dealt(1), 0, 1, [{ type: 'belote', seat: 2, card: 'KH', call: 'belote' }]));
    expect(store.callouts).toMatchObject([{ seat: 2, kind: 'belote' }]);
    vi.advanceTimersByTime(5000);
    expect(store.callouts).toEqual([]);
  });
});
