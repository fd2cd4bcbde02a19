import { apply, currentDeal, DEFAULT_RULES, legalPlays, newGame, seededRng, shuffledDeck, startDeal, viewFor, type GameState, type Seat } from '@belote/rules';
import type { UpdateMessage } from '@belote/protocol';
import { describe, expect, it } from 'vitest';
import { encodeUpdate, installPreEncodedFrames, PreEncoded } from './update-encoder.js';

/** A game a few deals in, so the history is not empty. */
function midGame(deals: number): GameState {
  const rng = seededRng('encoder');
  let s = newGame(DEFAULT_RULES);
  for (let n = 0; n < deals; n++) {
    const started = startDeal(s, (n % 4) as Seat, shuffledDeck(rng));
    if (!started.ok) throw new Error(started.error.message);
    s = started.state;
    for (let d = currentDeal(s)!; d.phase !== 'over' && !(n === deals - 1 && d.tricks.length === 3); d = currentDeal(s)!) {
      const seat = d.turn as Seat;
      const r = apply(s, d.phase === 'bidding' ? (d.actions.length === 0 ? { type: 'take', seat } : { type: 'pass', seat }) : { type: 'play', seat, card: legalPlays(s, seat)[0]! });
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
  }
  return s;
}

function message(state: GameState | null, seat: Seat | null): UpdateMessage {
  return {
    seq: 7,
    version: 42,
    table: {
      id: 'x'.repeat(22),
      rules: { ...DEFAULT_RULES },
      options: { turnTimerSeconds: null, fillWithBots: false, botLevel: 'normal' },
      status: state ? 'playing' : 'lobby',
      seats: [0, 1, 2, 3].map((s) => ({ seat: s as Seat, name: `N"${s}\u2028`, connected: true, bot: null, botPlaying: false })) as UpdateMessage['table']['seats'],
      spectators: 1,
      games: 1,
      commitment: null,
      turnDeadline: null,
      createdAt: 1,
    },
    you: { role: seat === null ? 'spectator' : 'player', seat, isHost: false },
    view: state ? viewFor(state, seat ?? 'spectator') : null,
    events: [{ type: 'cardPlayed', seat: 0, card: 'JH' }] as UpdateMessage['events'],
  };
}

describe('encodeUpdate', () => {
  it('produces the same JSON value as JSON.stringify, for every viewer, in and out of a game', () => {
    const s = midGame(3);
    for (const msg of [message(null, null), message(s, null), message(s, 0), message(s, 3)]) {
      expect(JSON.parse(encodeUpdate(msg).json)).toEqual(JSON.parse(JSON.stringify(msg)));
    }
  });

  it('reuses the serialised history of an unchanged deal result, and drops undefined fields', () => {
    const s = midGame(2);
    const a = message(s, 1);
    const b = message(s, 2);
    expect(a.view!.history[0]).toBe(b.view!.history[0]);
    const withUndefined = { ...a, extra: undefined } as UpdateMessage;
    expect(encodeUpdate(withUndefined).json).not.toContain('extra');
    expect(JSON.parse(encodeUpdate(b).json).view.history).toEqual(JSON.parse(JSON.stringify(b.view!.history)));
  });
});

describe('installPreEncodedFrames', () => {
  it('frames a pre-encoded event argument as Socket.IO would, and leaves other packets to the stock encoder', () => {
    const calls: unknown[] = [];
    const io = { encoder: { encode: (p: unknown) => (calls.push(p), ['stock']) } };
    installPreEncodedFrames(io);
    const msg = message(midGame(1), 0);
    const [frame] = io.encoder.encode({ type: 2, nsp: '/', data: ['update', encodeUpdate(msg)] }) as string[];
    expect(frame!.startsWith('2["update",')).toBe(true);
    expect(JSON.parse(frame!.slice(1))).toEqual(['update', JSON.parse(JSON.stringify(msg))]);
    expect(io.encoder.encode({ type: 2, nsp: '/', data: ['update', { a: 1 }] })).toEqual(['stock']);
    expect(io.encoder.encode({ type: 3, nsp: '/', data: [new PreEncoded('{}')], id: 4 })).toEqual(['stock']);
    expect(calls).toHaveLength(2);
  });
});
