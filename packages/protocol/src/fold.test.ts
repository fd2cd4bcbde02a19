import { DEFAULT_RULES, newGame, ownCardsAfter, seededRng, shuffledDeck, startDeal, viewFor } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { applyPresence, applyStep, frameOrder } from './fold.js';
import type { Snapshot } from './socket.js';

const lobby: Snapshot = {
  seq: 4,
  version: 0,
  table: {
    id: 'A'.repeat(22),
    rules: { ...DEFAULT_RULES },
    options: { turnTimerSeconds: null, fillWithBots: false, botLevel: 'normal' },
    status: 'lobby',
    seats: [0, 1, 2, 3].map((seat) => ({ seat, name: null, connected: false, bot: null, botPlaying: false })) as Snapshot['table']['seats'],
    spectators: 1,
    games: 0,
    commitment: null,
    createdAt: 1,
  },
  you: { role: 'player', seat: 2, isHost: false },
  view: null,
  timers: { turnMsLeft: null, nextDeal: null },
  chat: { last: 0, spectatorChat: true, mutedSeats: [], mutedSpectators: [], tag: null },
};

describe('applyStep', () => {
  it('folds table events and the game events of a dealing step, own cards included, without mutating', () => {
    const before = JSON.stringify(lobby);
    let s = applyStep(lobby, { seq: 5, version: 4, events: [{ type: 'seated', seat: 0, name: 'Ann', bot: null }, { type: 'seated', seat: 1, name: 'Bot 2', bot: 'easy' }] });
    expect(JSON.stringify(lobby)).toBe(before);
    expect(s.table.seats[1]).toEqual({ seat: 1, name: 'Bot 2', connected: true, bot: 'easy', botPlaying: false });
    s = applyStep(s, { seq: 6, version: 5, events: [{ type: 'unseated', seat: 0 }] });
    expect(s.table.seats[0]).toEqual({ seat: 0, name: null, connected: false, bot: null, botPlaying: false });
    s = applyStep(s, { seq: 7, version: 6, events: [{ type: 'gameStarted', game: 0 }] });
    expect(s.table).toMatchObject({ status: 'playing', games: 1, commitment: null });
    expect(s.view).toEqual(viewFor(newGame(DEFAULT_RULES), 2));
    const dealt = startDeal(newGame(DEFAULT_RULES), 3, shuffledDeck(seededRng('fold-step')));
    if (!dealt.ok) throw new Error(dealt.error.message);
    const own = ownCardsAfter(dealt.state, 2, dealt.events)!;
    s = applyStep(s, { seq: 8, version: 7, events: [{ type: 'dealCommitted', deal: 0, hash: 'a'.repeat(64) }, ...dealt.events], private: own });
    expect(s.table.commitment).toEqual({ deal: 0, hash: 'a'.repeat(64) });
    expect(s.view).toEqual(viewFor(dealt.state, 2));
    expect(s).toMatchObject({ seq: 8, version: 7 });
  });
});

describe('applyStep between games and with clocks', () => {
  it('takes the settings of a settingsChanged step, and the clocks a step carries (none: the clocks stay)', () => {
    const rules = { ...DEFAULT_RULES, target: 501 as const, tie: 'dedans' as const };
    const options = { turnTimerSeconds: 30, fillWithBots: true, botLevel: 'easy' as const };
    let s = applyStep(lobby, { seq: 5, version: 1, events: [{ type: 'settingsChanged', rules, options }] });
    expect(s.table).toMatchObject({ rules, options });
    s = applyStep(s, { seq: 6, version: 2, events: [{ type: 'gameStarted', game: 0 }], timers: { turnMsLeft: 30_000, nextDeal: null } });
    expect(s.view!.rules).toEqual(rules); // a new game plays the table's settings
    expect(s.timers).toEqual({ turnMsLeft: 30_000, nextDeal: null });
    s = applyStep(s, { seq: 7, version: 3, events: [{ type: 'seated', seat: 0, name: 'Ann', bot: null }] });
    expect(s.timers).toEqual({ turnMsLeft: 30_000, nextDeal: null });
  });
});

describe('applyPresence', () => {
  it('replaces connections, spectators and clocks', () => {
    const seated = applyStep(lobby, { seq: 5, version: 1, events: [{ type: 'seated', seat: 3, name: 'Dee', bot: null }] });
    const s = applyPresence(seated, {
      seq: 6,
      seats: [0, 1, 2, 3].map((i) => ({ connected: i === 3 ? false : i === 1, botPlaying: i === 3 })) as Parameters<typeof applyPresence>[1]['seats'],
      spectators: 7,
      turnMsLeft: 1200,
      nextDeal: { msLeft: 900, ready: [true, false, false, true] },
    });
    expect(s.seq).toBe(6);
    expect(s.table.spectators).toBe(7);
    expect(s.table.seats[3]).toMatchObject({ name: 'Dee', connected: false, botPlaying: true });
    expect(s.timers).toEqual({ turnMsLeft: 1200, nextDeal: { msLeft: 900, ready: [true, false, false, true] } });
  });
});

describe('frameOrder', () => {
  it('tells the next frame from a repeat and from a gap (resync)', () => {
    expect(frameOrder({ seq: 4 }, { seq: 5 })).toBe('next');
    expect(frameOrder({ seq: 4 }, { seq: 4 })).toBe('stale');
    expect(frameOrder({ seq: 4 }, { seq: 2 })).toBe('stale');
    expect(frameOrder({ seq: 4 }, { seq: 6 })).toBe('gap');
  });
});
