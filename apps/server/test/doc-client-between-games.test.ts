/**
 * The protocol audit's between games (PROTOCOL.md §8.1, §4, §5.4, §2): after a game over the
 * table is a lobby again — a player leaves, a spectator takes the seat, two players swap through
 * a free seat, the host changes the settings, frees the seat of a player who went away and fills
 * it with a bot — then the next game
 * starts with those seats and settings, and each game's record keeps its own seats and rules
 * (and replays with `pnpm verify`).
 * Every frame is folded and checked by the client written from the document.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.js';
import { clockBack, skipAhead } from './clock.js';
import { DocClient } from './doc-client/client.js';
import { parsed, request } from './doc-client/http.js';
import { refused } from './doc-client/refuse.js';
import { docServer, FAST } from './doc-client/server.js';
import { rng } from './doc-client/strategy.js';
import { DocTable } from './doc-client/table.js';
import { PROTOCOL, RecordS, type Seat, type Step } from './doc-client/wire.js';

let server: RunningServer;
beforeAll(async () => {
  server = await docServer({ ...FAST, DEAL_PAUSE_MS: '1500' });
});
afterEach(clockBack);
afterAll(async () => {
  await server.close();
});

/** `pnpm --silent verify -` (docs/rules/RECORD.md): the project's CLI, run as a user would, on records as downloaded. */
const VERIFY = fileURLToPath(new URL('../../../packages/rules/bin/verify.mjs', import.meta.url));
const verify = (records: unknown[]) => spawnSync(process.execPath, [VERIFY, '-'], { input: JSON.stringify(records), encoding: 'utf8' });

const record = async (t: DocTable, game: number) => parsed(RecordS, (await request(server.url, `/api/tables/${t.id}/record?game=${game}`)).json, `record ${game}`);

describe('§8.1 between games', () => {
  it('after a game over: leave, a spectator sits, a swap through a free seat, new settings, the seat of an absent player freed, a bot; the next game plays them; each record keeps its own', async () => {
    const t = await DocTable.create(server.url, { rules: { target: 301 } });
    const [alice, bob, chloe, dan] = t.seats as [DocClient, DocClient, DocClient, DocClient];
    const watcher = t.spectator;
    // before the first game, a seat command at a running game is refused; after its end they are allowed
    expect(await alice.send('start', {})).toEqual({ ok: true });
    await watcher.waitFor(() => watcher.state!.table.status === 'playing', 3000, 'the game');
    await t.settle();
    await refused(watcher, 'sit', { seat: 0, name: 'Eve' }, 'GAME_IN_PROGRESS', 'seats can change only between games');
    await refused(alice, 'settings', { rules: { target: 501 } }, 'GAME_IN_PROGRESS', 'settings can change only between games');
    const end = await t.play({ random: rng(21) });
    expect(end.table.status).toBe('finished');
    expect(end.view!.winner).not.toBeNull();
    const first = await record(t, 0);

    // Dan goes home: his seat is free, his token void
    const v0 = watcher.state!.version;
    expect(await dan.send('stand', {})).toEqual({ ok: true });
    await watcher.waitFor(() => watcher.state!.table.seats[3].name === null, 3000, 'seat 3 free');
    expect(watcher.state!.version).toBe(v0 + 1);
    expect(watcher.state!.table.status).toBe('finished');
    expect((await DocClient.refused(server.url, { protocolVersion: PROTOCOL, tableId: t.id, token: t.tokens[3] })).code).toBe('BAD_TOKEN');

    // the spectator takes it (a fifth friend): a player of the finished game's view, with no card in hand
    await refused(watcher, 'sit', { seat: 0, name: 'Eve' }, 'SEAT_TAKEN');
    const eve = await watcher.send('sit', { seat: 3, name: 'Eve' });
    expect(eve).toMatchObject({ ok: true, seat: 3 });
    expect(watcher.state!.you).toEqual({ role: 'player', seat: 3, isHost: false });
    expect(watcher.state!.view!.winner).toBe(end.view!.winner);
    expect(watcher.state!.view!.deal!.hand).toEqual([]);

    // Alice (the host) and Bob swap: Bob stands, Alice moves to seat 1 (one step, version + 2), Bob sits at 0
    expect(await bob.send('stand', {})).toEqual({ ok: true });
    await alice.waitFor(() => alice.state!.table.seats[1].name === null, 3000, 'seat 1 free');
    const before = alice.state!.version;
    const from = chloe.frames.length;
    const moved = await alice.send('sit', { seat: 1, name: 'Alice' });
    expect(moved).toMatchObject({ ok: true, seat: 1 });
    await chloe.waitFor(() => chloe.state!.table.seats[1].name === 'Alice', 3000, 'the move');
    const moveStep = chloe.frames.slice(from).find((f) => f.name === 'step')!.frame as Step;
    expect(moveStep.events).toEqual([
      { type: 'unseated', seat: 0 },
      { type: 'seated', seat: 1, name: 'Alice', bot: null },
    ]);
    expect(moveStep.version).toBe(before + 2);
    expect(await bob.send('sit', { seat: 0, name: 'Bob' })).toMatchObject({ ok: true, seat: 0 });

    // the host's settings: only the host, only the variant's targets, never the variant; the same settings change nothing
    await refused(bob, 'settings', { rules: { target: 501 } }, 'NOT_HOST', 'only the host may change the settings');
    expect(await refused(alice, 'settings', { rules: { target: 2000 } }, 'BAD_REQUEST')).toBe('settings.rules.target: must be one of 1000, 501, 301, 1001 in classic, got 2000');
    expect(await refused(alice, 'settings', { rules: { variant: 'coinche' } }, 'BAD_REQUEST')).toBe('settings.rules: unknown field "variant"');
    const same = alice.state!.seq;
    expect(await alice.send('settings', { rules: { target: 301 }, options: {} })).toEqual({ ok: true });
    await t.settle();
    expect(alice.state!.seq).toBe(same); // no step
    expect(await alice.send('settings', { rules: { target: 501, tie: 'dedans' }, options: { fillWithBots: true, botLevel: 'easy' } })).toEqual({ ok: true });
    await watcher.waitFor(() => watcher.state!.table.rules.target === 501, 3000, 'settingsChanged');
    expect(watcher.state!.table.rules).toEqual({ target: 501, announcements: false, tie: 'dedans', direction: 'counterclockwise' });
    expect(watcher.state!.table.options).toEqual({ turnTimerSeconds: null, fillWithBots: true, botLevel: 'easy' });
    expect(watcher.state!.view!.rules.target).toBe(301); // the finished game keeps its rules
    // hints (§16) are shown only when on: on, then off again removes the field
    expect(await alice.send('settings', { options: { hints: true } })).toEqual({ ok: true });
    await watcher.waitFor(() => watcher.state!.table.options.hints === true, 3000, 'hints on');
    expect(await alice.send('settings', { options: { hints: false } })).toEqual({ ok: true });
    await watcher.waitFor(() => !('hints' in watcher.state!.table.options), 3000, 'hints off');
    expect(watcher.state!.table.options).toEqual({ turnTimerSeconds: null, fillWithBots: true, botLevel: 'easy' });

    // Chloé closes her phone without leaving her seat: only the host frees it (unseat), once no socket has held it for 10 s;
    // one `unseated` step, her token void (she comes back as a spectator); the host's bot fills it at start (fillWithBots, botLevel)
    await refused(alice, 'unseat', { seat: 2 }, 'BAD_REQUEST', "the player on seat 2 is here: only an absent player's seat can be freed");
    chloe.close();
    await watcher.waitFor(() => watcher.state!.table.seats[2].connected === false, 3000, 'seat 2 disconnected');
    await refused(bob, 'unseat', { seat: 2 }, 'NOT_HOST', 'only the host may free a seat');
    // held 10 s (she may be reloading), by the server's clock: moved on here rather than waited
    await refused(alice, 'unseat', { seat: 2 }, 'BAD_REQUEST', 'the player on seat 2 left less than 10 s ago: their seat is held that long in case they come back');
    skipAhead(10_000);
    const v1 = watcher.state!.version;
    const seen = watcher.frames.length;
    expect(await alice.send('unseat', { seat: 2 })).toEqual({ ok: true });
    await watcher.waitFor(() => watcher.state!.table.seats[2].name === null, 3000, 'seat 2 freed');
    expect(watcher.frames.slice(seen).filter((f) => f.name === 'step').map((f) => (f.frame as Step).events)).toEqual([[{ type: 'unseated', seat: 2 }]]);
    expect(watcher.state!.version).toBe(v1 + 1);
    expect(watcher.state!.table.status).toBe('finished');
    expect((await DocClient.refused(server.url, { protocolVersion: PROTOCOL, tableId: t.id, token: t.tokens[2] })).code).toBe('BAD_TOKEN');
    await t.settle();
    t.seats.splice(0, 4, bob, alice, undefined as unknown as DocClient, watcher);
    t.extra.push(dan, chloe);
    expect(await alice.send('start', {})).toEqual({ ok: true });
    await watcher.waitFor(() => watcher.state!.table.games === 2 && watcher.state!.view?.deal != null, 3000, 'the next game');
    expect(watcher.state!.table.seats.map((s) => [s.name, s.bot])).toEqual([
      ['Bob', null],
      ['Alice', null],
      ['Bot 3', 'easy'],
      ['Eve', null],
    ]);
    expect(watcher.state!.view!.rules).toEqual({ target: 501, announcements: false, tie: 'dedans', direction: 'counterclockwise' });
    // refused mid-game and changing nothing: checked on a human's turn, when only a human can move the table (the bot may be eldest and lead)
    await watcher.waitFor(() => watcher.state!.view?.deal?.turn != null && watcher.state!.view.deal.turn !== 2, 3000, "a human's turn");
    await refused(alice, 'settings', { options: { fillWithBots: false } }, 'GAME_IN_PROGRESS');

    // one deal of the new game, then each record holds its own game's seats and rules
    const next = await t.play({ random: rng(22), until: (s) => (s.view?.history.length ?? 0) >= 1 });
    expect(next.table.games).toBe(2);
    const second = await record(t, 1);
    expect(first).toMatchObject({ game: 0, players: ['Alice', 'Bob', 'Chloé', 'Dan'], rules: { target: 301, tie: 'litige' } });
    expect(second).toMatchObject({ game: 1, players: ['Bob', 'Alice', 'Bot 3', 'Eve'], rules: { target: 501, tie: 'dedans' } });
    expect(second.deals).toHaveLength(1);
    expect((await record(t, 0)).deals).toEqual(first.deals);
    // `pnpm verify` (docs/rules/RECORD.md) replays both, each with its own rules: the first game won, the second one deal in
    const replayed = verify([first, second]);
    expect(replayed.status).toBe(0);
    const results = JSON.parse(replayed.stdout) as { winner: number | null; error: unknown; deals: unknown[] }[];
    expect(results.map((r) => [r.winner !== null, r.error, r.deals.length])).toEqual([
      [true, null, first.deals.length],
      [false, null, 1],
    ]);

    const audit = await t.audit();
    expect(audit.problems).toEqual([]);
    expect(t.problems()).toEqual([]);
    t.close();
  });

  it('a rematch is the same as start after a game; it needs four seats (or fillWithBots); a token kept through the games plays on', async () => {
    const t = await DocTable.create(server.url, { rules: { target: 301 }, options: { fillWithBots: true, botLevel: 'easy' } }, { humans: [0] });
    const alice = t.host;
    expect(await alice.send('start', {})).toEqual({ ok: true });
    const end = await t.play({ random: rng(23) });
    expect(end.table.status).toBe('finished');
    // the bots stay seated between games; the host removes one and turns the filling off: four seats are needed now
    expect(await alice.send('settings', { options: { fillWithBots: false } })).toEqual({ ok: true });
    expect(await alice.send('removeBot', { seat: 2 })).toEqual({ ok: true });
    await refused(alice, 'rematch', {}, 'NOT_ENOUGH_PLAYERS');
    await refused(alice, 'start', {}, 'NOT_ENOUGH_PLAYERS');
    expect(await alice.send('addBot', { seat: 2, level: 'normal' })).toEqual({ ok: true });
    expect(await alice.send('rematch', {})).toEqual({ ok: true });
    await alice.waitFor(() => alice.state!.table.status === 'playing' && alice.state!.table.games === 2, 3000, 'the rematch');
    // the host kept her seat and token from the first game
    const again = await DocClient.connect(server.url, { protocolVersion: PROTOCOL, tableId: t.id, token: t.tokens[0] }, { label: 'seat 0 again' });
    expect(again.state!.you).toEqual({ role: 'player', seat: 0 as Seat, isHost: false });
    t.extra.push(again);
    expect((await record(t, 1)).players).toEqual(['Alice', 'Bot 2', 'Bot 3', 'Bot 4']);
    await t.settle();
    expect(t.problems()).toEqual([]);
    t.close();
  });
});
