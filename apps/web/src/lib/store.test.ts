import type { ConnectErrorData, StepEvent } from '@belote/protocol/client';
import { currentDeal, ownCardsAfter, viewFor } from '@belote/rules';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connected, fakeTransport } from '../../test/transport.js';
import { NO_ANSWER } from './local-errors.js';
import { TABLE_ID, dealt, restrictedTurn, step, taken, updateFor } from '../../test/fixtures.js';
import { loadSecrets, saveSecrets } from './storage.js';
import { LAST_TRICK_MS, TRICK_HOLD_MS, TableClient } from './store.svelte.js';

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('TableClient: frames', () => {
  it('folds the steps that follow the snapshot, own cards included', () => {
    const s0 = dealt(1);
    const seat = currentDeal(s0)!.turn!;
    const { client, t } = connected(updateFor(s0, seat, 5));
    const { state, events } = step(s0, { type: 'take', seat });
    t.on().step({ seq: 6, version: 6, events, private: ownCardsAfter(state, seat, events)! });
    expect(client.live.version).toBe(6);
    expect(client.live.view).toEqual(viewFor(state, seat));
    expect(client.live.deal!.hand).toHaveLength(8);
  });

  it('drops a frame it has already seen and asks for a snapshot after a gap, dropping frames until it comes', async () => {
    const s0 = dealt(1);
    const seat = currentDeal(s0)!.turn!;
    const fresh = updateFor(s0, seat, 9);
    const { client, t } = connected(updateFor(s0, seat, 5), { sync: { ok: true, snapshot: fresh } });
    const pass = step(s0, { type: 'pass', seat });
    t.on().step({ seq: 5, version: 6, events: pass.events });
    expect(client.live.version).toBe(5);
    t.on().presence({ seq: 7, seats: fresh.table.seats.map(() => ({ connected: true, botPlaying: false })) as never, spectators: 3, turnMsLeft: null, nextDeal: null });
    expect(t.sent).toEqual([{ event: 'sync', payload: {} }]);
    await new Promise((r) => setTimeout(r, 0));
    expect(client.live.snapshot).toBe(fresh);
    expect(client.live.table!.spectators).toBe(0);
    // the next frame after the snapshot is applied again
    t.on().step({ seq: 10, version: 10, events: pass.events });
    expect(client.live.version).toBe(10);
  });

  it('anchors clocks on its own monotonic clock when they arrive', () => {
    let now = 1_000;
    const client = new TableClient(TABLE_ID, () => now);
    client.receive(updateFor(taken(3), 0, 1, { turnMsLeft: 7_000, nextDeal: null }));
    expect(client.live.turnEndsAt).toBe(8_000);
    now = 50_000;
    client.live.presence({ seq: 2, seats: client.live.table!.seats.map(() => ({ connected: true, botPlaying: false })) as never, spectators: 0, turnMsLeft: 2_500, nextDeal: { msLeft: 9_000, ready: [true, false, true, true] } });
    expect(client.live.turnEndsAt).toBe(52_500);
    expect(client.live.nextDeal).toEqual({ msLeft: 9_000, ready: [true, false, true, true], at: 59_000 });
    // a step that starts a turn carries its clock (protocol 3): anchored when it arrives; a step without one keeps the clocks
    now = 70_000;
    client.live.step({ seq: 3, version: 2, events: [], timers: { turnMsLeft: 30_000, nextDeal: null } });
    expect(client.live.turnEndsAt).toBe(100_000);
    expect(client.live.nextDeal).toBeNull();
    now = 80_000;
    client.live.step({ seq: 4, version: 3, events: [] });
    expect(client.live.turnEndsAt).toBe(100_000);
  });

  it('shows the viewer hand from the view and nothing for spectators', () => {
    const client = new TableClient(TABLE_ID);
    const s = taken(3);
    client.receive(updateFor(s, 2, 1));
    expect(client.live.deal?.hand).toHaveLength(8);
    const spectator = new TableClient(TABLE_ID);
    spectator.receive(updateFor(s, 'spectator', 1));
    expect(spectator.live.deal?.hand).toBeNull();
    expect(spectator.live.mySeat).toBeNull();
  });
});

describe('TableClient: commands', () => {
  it('plays a legal card against the current version', async () => {
    const { client, t } = connected(updateFor(taken(3), 0, 7));
    expect(client.commands.isMyTurn).toBe(true);
    const card = client.live.deal!.legal[0]!;
    await client.commands.tapCard(card);
    expect(t.sent).toEqual([{ event: 'action', payload: { version: 7, action: { type: 'play', card } } }]);
  });

  it('refuses an illegal card locally with the engine reason and sends nothing', async () => {
    const { state } = restrictedTurn(taken(3))!;
    const seat = currentDeal(state)!.turn!;
    const { client, t } = connected(updateFor(state, seat, 1));
    const view = viewFor(state, seat).deal!;
    const illegal = view.hand!.find((c) => !view.legal.includes(c))!;
    await client.commands.tapCard(illegal);
    expect(t.sent).toEqual([]);
    expect(client.cues.refusal?.card).toBe(illegal);
    expect(client.cues.refusal?.rule).toMatch(/^must (follow|trump|overtrump|undertrump)/);
  });

  it('explains that it is not your turn', async () => {
    const client = new TableClient(TABLE_ID);
    client.receive(updateFor(taken(3), 1, 1));
    await client.commands.tapCard(client.live.deal!.hand![0]!);
    expect(client.cues.refusal?.rule).toBe('notYourTurn');
  });

  it('while one bids, a tapped card changes nothing (the bidding buttons stay); at another seat’s bid it is not your turn', async () => {
    const s0 = dealt(1);
    const bidder = currentDeal(s0)!.turn!;
    const { client, t } = connected(updateFor(s0, bidder, 1));
    expect([client.live.deal!.phase, client.commands.isMyTurn]).toEqual(['bidding', true]);
    await client.commands.tapCard(client.live.deal!.hand![0]!);
    expect(client.cues.refusal).toBeNull();
    expect(t.sent).toEqual([]);
    const other = new TableClient(TABLE_ID);
    other.receive(updateFor(s0, ((bidder + 1) % 4) as typeof bidder, 1));
    await other.commands.tapCard(other.live.deal!.hand![0]!);
    expect(other.cues.refusal?.rule).toBe('notYourTurn');
  });

  it('stores the seat token from the sit ack and drops it on BAD_TOKEN', async () => {
    const t = fakeTransport({ sit: { ok: true, seat: 2, token: 'tok-123' } });
    const client = new TableClient(TABLE_ID);
    saveSecrets(TABLE_ID, { hostKey: 'hk' });
    client.connect(t.factory);
    expect(await client.commands.sit(2, '  Cleo ')).toBe(true);
    expect(t.sent[0]).toEqual({ event: 'sit', payload: { seat: 2, name: 'Cleo', token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) } });
    expect(loadSecrets(TABLE_ID)).toEqual({ hostKey: 'hk', token: 'tok-123' });
    expect(t.creds()).toEqual({ tableId: TABLE_ID, hostKey: 'hk', token: 'tok-123' });
    const refusal: ConnectErrorData = { code: 'BAD_TOKEN', message: 'bad token' };
    t.on().refused(refusal);
    expect(loadSecrets(TABLE_ID)).toEqual({});
    expect(t.reconnect).toHaveBeenCalledOnce();
    expect(client.connection.fatal).toBeNull();
    expect(client.cues.notice).toEqual(refusal); // the seat is no longer ours: said, not silent
  });

  it('a host key alone refused (no seat token held) is dropped without a notice: no seat was lost', () => {
    const t = fakeTransport();
    const client = new TableClient(TABLE_ID);
    saveSecrets(TABLE_ID, { hostKey: 'hk' });
    client.connect(t.factory);
    expect(t.creds()).toEqual({ tableId: TABLE_ID, hostKey: 'hk' }); // the handshake
    t.on().refused({ code: 'BAD_TOKEN', message: 'this host key is not valid at this table' });
    expect(loadSecrets(TABLE_ID)).toEqual({});
    expect(t.reconnect).toHaveBeenCalledOnce();
    expect(client.cues.notice).toBeNull();
  });

  it('a stand of this page whose ack was lost, then refused at the reconnection: no notice (the player gave the seat up)', async () => {
    const t = fakeTransport({ stand: { ok: false, error: { code: 'INTERNAL', message: NO_ANSWER } } });
    const client = new TableClient(TABLE_ID);
    saveSecrets(TABLE_ID, { token: 'mine' });
    client.connect(t.factory);
    await client.commands.stand();
    expect(loadSecrets(TABLE_ID)).toEqual({ token: 'mine' }); // kept: the stand may not have landed
    expect(t.creds()).toEqual({ tableId: TABLE_ID, token: 'mine' }); // the reconnection presents it
    t.on().refused({ code: 'BAD_TOKEN', message: 'this seat token is not valid at this table' });
    expect(loadSecrets(TABLE_ID)).toEqual({});
    expect(t.reconnect).toHaveBeenCalledOnce();
    expect(client.cues.notice?.code).not.toBe('BAD_TOKEN'); // (the lost answer's own notice may stay)
  });

  it('a wrong host key with a good seat token: only the host key is dropped, no seat notice', () => {
    const t = fakeTransport();
    const client = new TableClient(TABLE_ID);
    saveSecrets(TABLE_ID, { token: 'mine', hostKey: 'old' });
    client.connect(t.factory);
    t.on().refused({ code: 'BAD_TOKEN', message: 'this host key is not valid at this table' });
    expect(loadSecrets(TABLE_ID)).toEqual({ token: 'mine' });
    expect(t.creds()).toEqual({ tableId: TABLE_ID, token: 'mine' }); // back to the seat, without the key
    expect(client.cues.notice).toBeNull();
  });

  it('a sit whose ack is lost: the token it chose and kept is tried first on reconnecting; the seat\'s if accepted, dropped if refused', async () => {
    for (const landed of [true, false]) {
      localStorage.clear();
      const t = fakeTransport({ sit: { ok: false, error: { code: 'INTERNAL', message: NO_ANSWER } } });
      const client = new TableClient(TABLE_ID);
      saveSecrets(TABLE_ID, { token: 'old-seat' });
      client.connect(t.factory);
      t.on().status('connected');
      expect(await client.commands.sit(1, 'Ann')).toBe(false);
      const chosen = (t.sent[0]!.payload as { token: string }).token;
      expect(chosen).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(t.creds().token).toBe(chosen); // the reconnection's handshake presents it
      if (landed) {
        t.on().status('connected');
        expect(loadSecrets(TABLE_ID)).toEqual({ token: chosen });
        expect(t.creds().token).toBe(chosen);
      } else {
        t.on().refused({ code: 'BAD_TOKEN', message: 'bad token' });
        expect(loadSecrets(TABLE_ID)).toEqual({ token: 'old-seat' }); // the seat held before, not dropped
        expect(t.reconnect).toHaveBeenCalledOnce();
        expect(t.creds().token).toBe('old-seat');
        expect(client.connection.fatal).toBeNull();
        expect(client.cues.notice?.code).not.toBe('BAD_TOKEN'); // the seat held before is still ours
      }
      client.disconnect();
    }
  });

  it('a server of the version before, which knows no sit token, gets the sit again without one', async () => {
    localStorage.clear();
    const t = fakeTransport({ sit: (p: { token?: string }) => (p.token ? { ok: false, error: { code: 'BAD_REQUEST', message: 'sit: unknown field "token"' } } : { ok: true, seat: 1, token: 'drawn-by-server' }) });
    const client = new TableClient(TABLE_ID);
    client.connect(t.factory);
    t.on().status('connected');
    expect(await client.commands.sit(1, 'Ann')).toBe(true);
    expect(t.sent.map((m) => Object.keys(m.payload as object).sort())).toEqual([['name', 'seat', 'token'], ['name', 'seat']]);
    expect(loadSecrets(TABLE_ID)).toEqual({ token: 'drawn-by-server' });
    expect(client.cues.notice).toBeNull();
  });

  it('a sit refused or not sent forgets the token it chose', async () => {
    localStorage.clear();
    const t = fakeTransport({ sit: { ok: false, error: { code: 'SEAT_TAKEN', message: 'seat 1 is taken' } } });
    const client = new TableClient(TABLE_ID);
    client.connect(t.factory);
    t.on().status('connected');
    expect(await client.commands.sit(1, 'Ann')).toBe(false);
    expect(loadSecrets(TABLE_ID)).toEqual({});
  });

  it('adds a bot at the chosen level, or at the table default', async () => {
    const first = updateFor(dealt(1), 0, 1);
    const { client, t } = connected({ ...first, table: { ...first.table, status: 'lobby', options: { ...first.table.options, botLevel: 'easy' } } });
    await client.commands.addBot(2, 'strong');
    await client.commands.addBot(3);
    expect(t.sent).toEqual([
      { event: 'addBot', payload: { seat: 2, level: 'strong' } },
      { event: 'addBot', payload: { seat: 3, level: 'easy' } },
    ]);
  });

  it('continues after a deal with `ready`', async () => {
    const { client, t } = connected(updateFor(taken(3), 0, 1));
    await client.commands.ready();
    expect(t.sent).toEqual([{ event: 'ready', payload: {} }]);
  });

  it('reports an unknown table as fatal', () => {
    const t = fakeTransport();
    const client = new TableClient(TABLE_ID);
    client.connect(t.factory);
    t.on().refused({ code: 'NO_SUCH_TABLE', message: 'no' });
    expect(client.connection.fatal).toBe('NO_SUCH_TABLE');
  });

  it('on another protocol version, has the service worker fetch the new app before the reload it asks for', async () => {
    const update = vi.fn(async () => {});
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker: { ready: Promise.resolve({ update }) } }));
    try {
      const t = fakeTransport();
      const client = new TableClient(TABLE_ID);
      client.connect(t.factory);
      t.on().refused({ code: 'PROTOCOL_MISMATCH', message: 'protocolVersion 3', serverVersion: 4 });
      expect(client.connection.fatal).toBe('PROTOCOL_MISMATCH');
      await vi.waitFor(() => expect(update).toHaveBeenCalledOnce());
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows a refused action as a notice, but not a stale version', async () => {
    const { client } = connected(updateFor(taken(3), 0, 1), { action: { ok: false, error: { code: 'STALE_VERSION', message: 'stale' } } });
    await client.commands.tapCard(client.live.deal!.legal[0]!);
    expect(client.cues.notice).toBeNull();
    expect(client.commands.pending).toBe(false);
  });
});

describe('TableClient: cues', () => {
  it('holds a finished trick, then lets it go', () => {
    vi.useFakeTimers();
    let s = taken(3);
    const { client, t } = connected(updateFor(s, 0, 1));
    const events = [];
    for (let i = 0; i < 4; i++) {
      const d = currentDeal(s)!;
      const r = step(s, { type: 'play', seat: d.turn!, card: viewFor(s, d.turn!).deal!.legal[0]! });
      s = r.state;
      events.push(...r.events);
    }
    t.on().step({ seq: 2, version: 5, events });
    expect(client.cues.heldTrick?.cards).toHaveLength(4);
    expect(client.live.deal?.trick.cards).toHaveLength(0);
    vi.advanceTimersByTime(TRICK_HOLD_MS + 10);
    expect(client.cues.heldTrick).toBeNull();
  });

  it('opens the deal summary once the last trick has been seen, and closes it when the next deal starts', () => {
    vi.useFakeTimers();
    const s = dealt(1);
    const { client, t } = connected(updateFor(s, 0, 1));
    const result = { outcome: 'made', capot: null, taker: 0, trump: 'H', points: [100, 62], belote: [0, 0], announcements: [0, 0], written: [100, 60], litigePot: 0, totals: [100, 60] } as const;
    t.on().step({ seq: 2, version: 2, events: [{ type: 'dealScored', result: { ...result, points: [100, 62], belote: [0, 0], announcements: [0, 0], written: [100, 60], totals: [100, 60] } }] });
    expect(client.cues.dealSummary).toBeNull();
    vi.advanceTimersByTime(LAST_TRICK_MS);
    expect(client.cues.dealSummary).toMatchObject({ deal: 0, result: { written: [100, 60] } });
    t.on().step({ seq: 3, version: 3, events: [{ type: 'dealStarted', dealer: 0, deal: 1, retourne: 'JH' }] });
    expect(client.cues.dealSummary).toBeNull();
  });

  it('does not open a finished game\'s last summary over the next game, rematched before the last trick was seen', () => {
    vi.useFakeTimers();
    const { client, t } = connected(updateFor(dealt(1), 0, 1));
    const result = { outcome: 'made', capot: null, taker: 0, trump: 'H', points: [100, 62], belote: [0, 0], announcements: [0, 0], written: [100, 60], litigePot: 0, totals: [100, 60] } as const;
    // the game ends in its first deal (deal 0); the rematch deals deal 0 of the next game at once
    t.on().step({ seq: 2, version: 2, events: [{ type: 'dealScored', result: { ...result, points: [100, 62], belote: [0, 0], announcements: [0, 0], written: [100, 60], totals: [100, 60] } }] });
    t.on().step({ seq: 3, version: 3, events: [{ type: 'dealStarted', dealer: 1, deal: 0, retourne: 'JH' }] });
    vi.advanceTimersByTime(LAST_TRICK_MS + 10);
    expect(client.cues.dealSummary).toBeNull();
  });

  it('a new game clears the summary of the last game\'s last deal (under the game over until then)', () => {
    vi.useFakeTimers();
    const { client, t } = connected(updateFor(dealt(1), 0, 1));
    const result = { outcome: 'made', capot: null, taker: 0, trump: 'H', points: [100, 62], belote: [0, 0], announcements: [0, 0], written: [100, 60], litigePot: 0, totals: [100, 60] } as const;
    const scored = (): StepEvent => ({ type: 'dealScored', result: { ...result, points: [100, 62], belote: [0, 0], announcements: [0, 0], written: [100, 60], totals: [100, 60] } });
    t.on().step({ seq: 2, version: 2, events: [scored(), { type: 'gameOver', winner: 0, totals: [100, 60] }] });
    vi.advanceTimersByTime(LAST_TRICK_MS + 10);
    // the rematch: the game starts (the game over goes), its first deal in a later step
    t.on().step({ seq: 3, version: 3, events: [{ type: 'gameStarted', game: 1 }] });
    expect(client.cues.dealSummary).toBeNull();
  });

  it('opens the summary at once when it connects while the table waits between deals', () => {
    let s = taken(3);
    for (let d = currentDeal(s)!; d.phase !== 'over'; d = currentDeal(s)!) s = step(s, { type: 'play', seat: d.turn!, card: viewFor(s, d.turn!).deal!.legal[0]! }).state;
    const client = new TableClient(TABLE_ID);
    client.receive(updateFor(s, 1, 4, { turnMsLeft: null, nextDeal: { msLeft: 10_000, ready: [false, false, false, false] } }));
    expect(client.cues.dealSummary?.result).toEqual(viewFor(s, 1).deal!.result);
  });

  it('shows belote callouts near the player for a while', () => {
    vi.useFakeTimers();
    const { client, t } = connected(updateFor(dealt(1), 0, 1));
    t.on().step({ seq: 2, version: 2, events: [{ type: 'belote', seat: 2, card: 'KH', call: 'belote' }] });
    expect(client.cues.callouts).toMatchObject([{ seat: 2, kind: 'belote' }]);
    vi.advanceTimersByTime(5000);
    expect(client.cues.callouts).toEqual([]);
  });
});
