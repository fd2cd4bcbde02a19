/**
 * The protocol audit's refusals (PROTOCOL.md §4): every code the event table lists, provoked by
 * the client written from the document, with the documented shape, the documented order of
 * checks where two apply, the messages the document quotes, and "a refused event changes
 * nothing" (a fresh snapshot before and after).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.js';
import { DocClient } from './doc-client/client.js';
import { ignored, refused, refusedArgs } from './doc-client/refuse.js';
import { cardOrder, suitOf } from './doc-client/rules.js';
import { docServer, FAST } from './doc-client/server.js';
import { DocTable } from './doc-client/table.js';
import type { Card, GameAction, Seat, Step } from './doc-client/wire.js';
import { PROTOCOL } from './doc-client/wire.js';

let server: RunningServer;
beforeAll(async () => {
  server = await docServer({ ...FAST, DEAL_PAUSE_MS: '20000' });
});
afterAll(async () => {
  await server.close();
});

const ALL: Card[] = ['S', 'H', 'D', 'C'].flatMap((s) => ['7', '8', '9', '10', 'J', 'Q', 'K', 'A'].map((r) => `${r}${s}`));
const version = (t: DocTable) => t.ref().state!.version;
const deal = (t: DocTable) => t.ref().state!.view!.deal!;

/** The seat to act sends `action`; resolves once every client folded the change. */
async function act(t: DocTable, action: GameAction): Promise<void> {
  const seat = deal(t).turn!;
  const ack = await t.seats[seat]!.send('action', { version: version(t), action });
  if (!ack.ok) throw new Error(`${JSON.stringify(action)}: ${ack.error.code} ${ack.error.message}`);
  await t.settle();
  await t.ref().waitFor(() => version(t) === ack.version, 3000, 'the step');
  await t.settle();
}

async function started(body: object = {}): Promise<DocTable> {
  const t = await DocTable.create(server.url, body);
  expect(await t.host.send('start', {})).toEqual({ ok: true });
  await t.ref().waitFor(() => t.ref().state!.view?.deal?.turn != null, 3000, 'the first deal');
  await t.settle();
  return t;
}

describe('§4 refusals common to every event', () => {
  it('an unknown event is ignored; none or two payloads, schema failures and unknown fields are BAD_REQUEST', async () => {
    const t = await DocTable.create(server.url);
    const s = t.spectator;
    expect(await ignored(s, 'hello', {})).toBe(true);
    expect(await ignored(s, 'snapshot', {})).toBe(true);
    expect(await refusedArgs(s, 'sit', [], 'BAD_REQUEST')).toBe('sit: send exactly one payload (none given), e.g. {}');
    expect(await refusedArgs(s, 'sit', [{ seat: 1, name: 'Eve' }, {}], 'BAD_REQUEST')).toMatch(/^sit: send exactly one payload/);
    expect(await refused(s, 'sit', { seat: 'x', name: 'Eve' }, 'BAD_REQUEST')).toContain('sit.seat: not a seat (0-3): "x"');
    expect(await refused(s, 'sit', { seat: 1, name: 'Eve', extra: 1 }, 'BAD_REQUEST')).toContain('extra');
    expect(await refused(s, 'sync', { x: 1 }, 'BAD_REQUEST')).toContain('x');
    // at most 24 escaped characters of a value are quoted, at most three problems are listed
    const long = await refused(s, 'sit', { seat: 'y'.repeat(100), name: 'Eve' }, 'BAD_REQUEST');
    expect(long).not.toContain('y'.repeat(25));
    // escaped: control characters and the bidi controls as \uXXXX, never raw (a U+202E would turn the message around)
    expect(await refused(s, 'sit', { seat: '\u202Ex\u2066\u0085\n', name: 'Eve' }, 'BAD_REQUEST')).toBe('sit.seat: not a seat (0-3): "\\u202ex\\u2066\\u0085\\n"');
    const many = await refused(s, 'addBot', { seat: 9, level: 'god', a: 1, b: 2, c: 3 }, 'BAD_REQUEST');
    expect(many.split(';').length).toBeLessThanOrEqual(3);
    // names (DisplayNameSchema): 1–24 letters, digits, spaces and . ' _ -, a letter or digit among them; one reason
    await refused(s, 'sit', { seat: 1, name: 'x'.repeat(25) }, 'BAD_REQUEST', 'sit.name: name is longer than 24 characters');
    await refused(s, 'sit', { seat: 1, name: '<b>' }, 'BAD_REQUEST', "sit.name: name may hold letters, digits, spaces and . ' _ -");
    await refused(s, 'sit', { seat: 1, name: '   ' }, 'BAD_REQUEST', 'sit.name: name is empty');
    for (const name of ['...', '-_-', '\u0301']) await refused(s, 'sit', { seat: 1, name }, 'BAD_REQUEST', 'sit.name: name must hold a letter or a digit');
    // a phone's no-break spaces are plain ones, a run of them one; what is kept and shown is the cleaned name
    expect(await t.seats[1]!.send('sit', { seat: 1, name: '\u202fJean\u00a0\u00a0Paul ' })).toMatchObject({ ok: true });
    await s.waitFor(() => s.state!.table.seats[1].name === 'Jean Paul', 3000, 'the renamed seat');
    t.close();
  });

  it('an event sent without an ack function is processed', async () => {
    const t = await DocTable.create(server.url);
    const extra = await DocClient.connect(server.url, { protocolVersion: PROTOCOL, tableId: t.id }, { label: 'no-ack' });
    t.extra.push(extra);
    await refused(extra, 'sit', { seat: 0, name: 'Eve' }, 'SEAT_TAKEN');
    await t.host.send('stand', {});
    extra.socket.emit('sit', { seat: 0, name: 'Eve' });
    await extra.waitFor(() => extra.seat === 0, 3000, 'the seat taken without an ack');
    expect(t.spectator.state!.table.seats[0].name).toBe('Eve');
    expect(t.problems()).toEqual([]);
    t.close();
  });
});

describe('§4 lobby commands', () => {
  it('sit, stand, addBot, removeBot, unseat, start: each refusal in its order, and what succeeds', async () => {
    const t = await DocTable.create(server.url, { options: { botLevel: 'easy' } });
    const [host, p1] = [t.host, t.seats[1]!];
    const s = t.spectator;
    await refused(s, 'sit', { seat: 1, name: 'Eve' }, 'SEAT_TAKEN');
    await refused(s, 'stand', {}, 'NOT_SEATED');
    await refused(p1, 'addBot', { seat: 1 }, 'NOT_HOST');
    await refused(host, 'addBot', { seat: 1 }, 'SEAT_TAKEN');
    await refused(p1, 'removeBot', { seat: 1 }, 'NOT_HOST');
    expect(await refused(host, 'removeBot', { seat: 1 }, 'BAD_REQUEST')).toBe('no bot on seat 1');
    await refused(p1, 'start', {}, 'NOT_HOST');
    await refused(s, 'rematch', {}, 'NOT_HOST');
    await refused(host, 'rematch', {}, 'GAME_NOT_STARTED');

    // seat 3 stands: its token is void, its socket a spectator; the host fills it with a bot (the table's level)
    const oldToken = t.tokens[3]!;
    expect(await t.seats[3]!.send('stand', {})).toEqual({ ok: true });
    await t.seats[3]!.waitFor(() => t.seats[3]!.seat === null, 3000, 'the spectator snapshot');
    expect(t.seats[3]!.state!.you).toEqual({ role: 'spectator', seat: null, isHost: false });
    expect((await DocClient.refused(server.url, { protocolVersion: PROTOCOL, tableId: t.id, token: oldToken })).code).toBe('BAD_TOKEN');
    // two tabs of seat 1; one moves to the free seat 3: the other becomes a spectator (§7), then it moves back
    const tab2 = await DocClient.connect(server.url, { protocolVersion: PROTOCOL, tableId: t.id, token: t.tokens[1] }, { label: 'seat 1 tab 2' });
    t.extra.push(tab2);
    expect(tab2.state!.you.seat).toBe(1);
    expect(await p1.send('sit', { seat: 3, name: 'Bob' })).toMatchObject({ ok: true, seat: 3 });
    await tab2.waitFor(() => tab2.seat === null, 3000, 'the other tab made a spectator');
    await s.waitFor(() => s.state!.table.seats[1].name === null && s.state!.table.seats[3].name === 'Bob', 3000, 'the move');
    expect((await DocClient.refused(server.url, { protocolVersion: PROTOCOL, tableId: t.id, token: t.tokens[1] })).code).toBe('BAD_TOKEN');
    const home = await p1.send('sit', { seat: 1, name: 'Bob' });
    expect(home).toMatchObject({ ok: true, seat: 1 });
    t.tokens[1] = home.token as string;
    await s.waitFor(() => s.state!.table.seats[3].name === null, 3000, 'seat 3 free again');
    await refused(host, 'start', {}, 'NOT_ENOUGH_PLAYERS');
    expect(await host.send('addBot', { seat: 3 })).toEqual({ ok: true });
    await s.waitFor(() => s.state!.table.seats[3].bot !== null, 3000, 'the bot');
    expect(s.state!.table.seats[3]).toEqual({ seat: 3, name: 'Bot 4', connected: true, bot: 'easy', botPlaying: false });
    expect(await refused(host, 'unseat', { seat: 3 }, 'BAD_REQUEST')).toBe('no player on seat 3'); // a bot's seat: removeBot's
    expect(await host.send('removeBot', { seat: 3 })).toEqual({ ok: true });
    expect(await refused(host, 'unseat', { seat: 3 }, 'BAD_REQUEST')).toBe('no player on seat 3'); // a free seat
    expect(await refused(host, 'unseat', { seat: 1 }, 'BAD_REQUEST')).toBe("the player on seat 1 is here: only an absent player's seat can be freed");
    expect(await host.send('addBot', { seat: 3, level: 'strong' })).toEqual({ ok: true });
    await s.waitFor(() => s.state!.table.seats[3].bot === 'strong', 3000, 'the strong bot');

    // seat 1 moves to seat 2? taken. Seat 1 renames: a new token, the old one void; one step of two entries (§4, §6)
    const before = t.tokens[1]!;
    const v = s.state!.version;
    const seen = s.frames.length;
    const renamed = await p1.send('sit', { seat: 1, name: 'Bobby' });
    expect(renamed).toMatchObject({ ok: true, seat: 1 });
    await s.waitFor(() => s.state!.version === v + 2, 3000, 'the rename');
    const renameSteps = s.frames.slice(seen).filter((f) => f.name === 'step').map((f) => f.frame as Step);
    expect(renameSteps).toHaveLength(1);
    expect(renameSteps[0]!.events).toEqual([
      { type: 'unseated', seat: 1 },
      { type: 'seated', seat: 1, name: 'Bobby', bot: null },
    ]);
    expect(renamed.token).not.toBe(before);
    expect((await DocClient.refused(server.url, { protocolVersion: PROTOCOL, tableId: t.id, token: before })).code).toBe('BAD_TOKEN');
    t.tokens[1] = renamed.token as string;
    await s.waitFor(() => s.state!.table.seats[1].name === 'Bobby', 3000, 'the new name');

    // during the game
    expect(await host.send('start', {})).toEqual({ ok: true });
    await s.waitFor(() => s.state!.table.status === 'playing', 3000, 'the game');
    await t.settle();
    await refused(s, 'sit', { seat: 1, name: 'Eve' }, 'GAME_IN_PROGRESS', 'seats can change only between games'); // before SEAT_TAKEN
    await refused(p1, 'settings', { rules: { target: 501 } }, 'NOT_HOST'); // before GAME_IN_PROGRESS
    await refused(host, 'settings', { rules: { target: 501 } }, 'GAME_IN_PROGRESS', 'settings can change only between games');
    await refused(s, 'stand', {}, 'NOT_SEATED'); // before GAME_IN_PROGRESS
    await refused(p1, 'stand', {}, 'GAME_IN_PROGRESS');
    await refused(p1, 'addBot', { seat: 1 }, 'NOT_HOST'); // before GAME_IN_PROGRESS
    await refused(host, 'addBot', { seat: 1 }, 'GAME_IN_PROGRESS'); // before SEAT_TAKEN
    expect(await refused(host, 'removeBot', { seat: 1 }, 'BAD_REQUEST')).toBe('no bot on seat 1'); // before GAME_IN_PROGRESS
    await refused(host, 'removeBot', { seat: 3 }, 'GAME_IN_PROGRESS');
    await refused(p1, 'unseat', { seat: 1 }, 'NOT_HOST'); // before GAME_IN_PROGRESS
    await refused(host, 'unseat', { seat: 3 }, 'GAME_IN_PROGRESS', 'seats can change only between games'); // before BAD_REQUEST (a bot's seat)
    await refused(p1, 'start', {}, 'NOT_HOST');
    await refused(host, 'start', {}, 'GAME_IN_PROGRESS');
    await refused(host, 'rematch', {}, 'GAME_IN_PROGRESS');
    await refused(p1, 'rematch', {}, 'NOT_HOST');
    expect(t.problems()).toEqual([]);
    t.close();
  });
});

describe('§4 game commands (classic)', () => {
  it('ready after a redeal: WRONG_PHASE, there is no summary to continue from (§8)', async () => {
    const t = await started();
    for (let i = 0; i < 8; i++) await act(t, { type: 'pass' });
    expect(deal(t).result!.outcome).toBe('redeal');
    expect(t.ref().state!.timers.nextDeal).toBeNull();
    // the next deal comes after min(3 s, DEAL_PAUSE_MS): the refusals below are made well within it
    await refused(t.seats[0]!, 'ready', {}, 'WRONG_PHASE', 'a redeal has no summary to continue from: the next deal starts by itself');
    expect(t.problems()).toEqual([]);
    t.close();
  });

  it('action and ready: every refusal of the table, in order, through bidding, play and the pause', async () => {
    const t = await DocTable.create(server.url);
    const s = t.spectator;
    const p0 = t.seats[0]!;
    await refused(s, 'action', { version: 0, action: { type: 'pass' } }, 'NOT_SEATED');
    await refused(p0, 'action', { version: 999, action: { type: 'pass' } }, 'GAME_NOT_STARTED'); // before STALE_VERSION
    await refused(s, 'ready', {}, 'NOT_SEATED');
    await refused(p0, 'ready', {}, 'GAME_NOT_STARTED');
    // a move of the other variant is malformed, whoever sends it (step 2 before NOT_SEATED)
    expect(await refused(s, 'action', { version: 0, action: { type: 'bid', value: 80, suit: 'H' } }, 'BAD_REQUEST')).toContain(
      'action.action.type: a classic table takes pass, take, play, got "bid"',
    );
    await refused(p0, 'action', { version: 0, action: { type: 'coinche' } }, 'BAD_REQUEST');
    await refused(p0, 'action', { version: 0, action: { type: 'play', card: '1H' } }, 'BAD_REQUEST');
    await refused(p0, 'action', { version: 0, action: { type: 'take', suit: 'X' } }, 'BAD_REQUEST');

    expect(await t.host.send('start', {})).toEqual({ ok: true });
    await t.ref().waitFor(() => t.ref().state!.view?.deal?.turn != null, 3000, 'the first deal');
    await t.settle();
    const eldest = deal(t).turn!;
    const other = t.seats[(eldest + 1) % 4]!;
    const me = t.seats[eldest]!;
    const v = version(t);
    await refused(s, 'action', { version: v, action: { type: 'pass' } }, 'NOT_SEATED');
    await refused(other, 'action', { version: v - 1, action: { type: 'pass' } }, 'STALE_VERSION'); // before NOT_YOUR_TURN
    await refused(other, 'action', { version: v, action: { type: 'play', card: me.state!.view!.deal!.hand![0]! } }, 'NOT_YOUR_TURN'); // before WRONG_PHASE
    await refused(me, 'action', { version: v, action: { type: 'play', card: me.state!.view!.deal!.hand![0]! } }, 'WRONG_PHASE');
    await refused(me, 'action', { version: v, action: { type: 'take', suit: 'H' } }, 'ILLEGAL_BID'); // a suit in round 1
    await refused(me, 'ready', {}, 'WRONG_PHASE', 'no deal summary to continue from: the deal is not over');
    // everyone passes round 1; round 2: no suit, or the retourne's, is ILLEGAL_BID
    for (let i = 0; i < 4; i++) await act(t, { type: 'pass' });
    expect(deal(t).round).toBe(2);
    const r2 = t.seats[deal(t).turn!]!;
    const rs = suitOf(deal(t).retourne!);
    await refused(r2, 'action', { version: version(t), action: { type: 'take' } }, 'ILLEGAL_BID');
    await refused(r2, 'action', { version: version(t), action: { type: 'take', suit: rs } }, 'ILLEGAL_BID');
    const trump = (['S', 'H', 'D', 'C'] as const).find((x) => x !== rs)!;
    await act(t, { type: 'take', suit: trump });
    expect(deal(t)).toMatchObject({ phase: 'play', trump });

    // play: a bid is WRONG_PHASE, a card not held CARD_NOT_IN_HAND, a card the rules forbid ILLEGAL_CARD
    const first = t.seats[deal(t).turn!]!;
    const hand = first.state!.view!.deal!.hand!;
    await refused(first, 'action', { version: version(t), action: { type: 'pass' } }, 'WRONG_PHASE');
    await refused(first, 'action', { version: version(t), action: { type: 'take' } }, 'WRONG_PHASE');
    await refused(first, 'action', { version: version(t), action: { type: 'play', card: ALL.find((c) => !hand.includes(c))! } }, 'CARD_NOT_IN_HAND');
    let illegal = false;
    while (deal(t).phase === 'play') {
      const c = t.seats[deal(t).turn!]!;
      const d = c.state!.view!.deal!;
      const bad = d.hand!.find((x) => !d.legal.includes(x));
      if (bad && !illegal) {
        illegal = true;
        const msg = await refused(c, 'action', { version: version(t), action: { type: 'play', card: bad } }, 'ILLEGAL_CARD');
        expect(msg.length).toBeGreaterThan(0);
      }
      expect(d.legal).toEqual(cardOrder(d.legal));
      await act(t, { type: 'play', card: d.legal[0]! });
    }
    expect(illegal).toBe(true);

    // the pause between deals (§8): a card is WRONG_PHASE; ready twice is fine; a spectator is NOT_SEATED
    await t.ref().waitFor(() => t.ref().state!.timers.nextDeal !== null, 3000, 'the pause');
    await t.settle();
    expect(t.ref().state!.timers.nextDeal!.ready).toEqual([false, false, false, false]);
    await refused(p0, 'action', { version: version(t), action: { type: 'pass' } }, 'WRONG_PHASE');
    await refused(s, 'ready', {}, 'NOT_SEATED');
    expect(await p0.send('ready', {})).toEqual({ ok: true });
    await t.ref().waitFor(() => t.ref().state!.timers.nextDeal?.ready[0] === true, 3000, 'seat 0 ready');
    expect(await p0.send('ready', {})).toEqual({ ok: true });
    for (const seat of [1, 2, 3] as Seat[]) expect(await t.seats[seat]!.send('ready', {})).toEqual({ ok: true });
    await t.ref().waitFor(() => deal(t).number === 1 && deal(t).phase === 'bidding', 3000, 'the next deal once all are ready');
    await t.settle();
    await t.syncAll();
    expect(t.problems()).toEqual([]);
    t.close();
  });
});

describe('§4 game commands (coinche)', () => {
  it('every ILLEGAL_BID message of §4, the variant checks, and the end of the auction', async () => {
    const t = await started({ rules: { variant: 'coinche' } });
    const s = t.spectator;
    const v = () => version(t);
    const seatOnTurn = () => t.seats[deal(t).turn!]!;
    // the other variant's moves and a value off the list are malformed, even from a spectator
    expect(await refused(s, 'action', { version: v(), action: { type: 'take' } }, 'BAD_REQUEST')).toContain(
      'action.action.type: a coinche table takes pass, bid, coinche, surcoinche, play, got "take"',
    );
    expect(await refused(seatOnTurn(), 'action', { version: v(), action: { type: 'bid', value: 85, suit: 'H' } }, 'BAD_REQUEST')).toContain(
      'action.action.value: must be one of 80, 90, 100, 110, 120, 130, 140, 150, 160, "capot", got 85',
    );
    await refused(seatOnTurn(), 'action', { version: v(), action: { type: 'bid', value: 80 } }, 'BAD_REQUEST');
    // no bid yet
    await refused(seatOnTurn(), 'action', { version: v(), action: { type: 'coinche' } }, 'ILLEGAL_BID', 'no bid to coinche');
    await refused(seatOnTurn(), 'action', { version: v(), action: { type: 'surcoinche' } }, 'ILLEGAL_BID', 'no coinche to answer');
    const eldest = deal(t).turn!;
    await act(t, { type: 'bid', value: 90, suit: 'H' }); // eldest
    await refused(seatOnTurn(), 'action', { version: v(), action: { type: 'bid', value: 90, suit: 'S' } }, 'ILLEGAL_BID', 'must bid higher than 90');
    await act(t, { type: 'bid', value: 'capot', suit: 'S' }); // eldest + 1
    await refused(seatOnTurn(), 'action', { version: v(), action: { type: 'bid', value: 'capot', suit: 'H' } }, 'ILLEGAL_BID', 'nothing is higher than capot');
    // eldest + 2 passes; eldest + 3, the capot bidder's partner, may not coinche its own team's bid
    await act(t, { type: 'pass' });
    await refused(seatOnTurn(), 'action', { version: v(), action: { type: 'coinche' } }, 'ILLEGAL_BID', "cannot coinche your own team's bid");
    await refused(seatOnTurn(), 'action', { version: v(), action: { type: 'surcoinche' } }, 'ILLEGAL_BID', 'no coinche to answer');
    await act(t, { type: 'pass' });
    expect(deal(t).turn).toBe(eldest);
    expect(deal(t).auction!.legal).toEqual({ pass: false, bids: [], coinche: false, surcoinche: false }); // the spectator's
    expect(t.seats[eldest]!.state!.view!.deal!.auction!.legal).toEqual({ pass: true, bids: [], coinche: true, surcoinche: false });
    await act(t, { type: 'coinche' }); // the eldest coinches the capot
    await refused(seatOnTurn(), 'action', { version: v(), action: { type: 'bid', value: 'capot', suit: 'C' } }, 'ILLEGAL_BID', /the contract is coinched: no more bids|nothing is higher than capot/);
    await refused(seatOnTurn(), 'action', { version: v(), action: { type: 'coinche' } }, 'ILLEGAL_BID', 'the contract is already coinched');
    // eldest + 1 (the bidder's team) may surcoinche; eldest + 1 is on turn: pass, then eldest + 2 (the coincher's partner)
    await act(t, { type: 'pass' });
    await refused(seatOnTurn(), 'action', { version: v(), action: { type: 'surcoinche' } }, 'ILLEGAL_BID', 'only the team that made the coinched bid may surcoinche');
    await refused(seatOnTurn(), 'action', { version: v(), action: { type: 'bid', value: 100, suit: 'C' } }, 'ILLEGAL_BID', 'the contract is coinched: no more bids');
    await act(t, { type: 'pass' });
    await act(t, { type: 'pass' }); // three passes after the coinche: ×2
    expect(deal(t)).toMatchObject({ phase: 'play', taker: (eldest + 1) % 4, trump: 'S', turn: eldest });
    expect(deal(t).auction).toMatchObject({ contract: { value: 'capot', suit: 'S', bidder: (eldest + 1) % 4 }, coinche: 2, coinchedBy: eldest, surcoinchedBy: null });
    // the auction is over: a call by the eldest is WRONG_PHASE with its message, by anyone else NOT_YOUR_TURN
    await refused(t.seats[eldest]!, 'action', { version: v(), action: { type: 'pass' } }, 'WRONG_PHASE', 'the auction is over: play a card');
    await refused(t.seats[(eldest + 1) % 4]!, 'action', { version: v(), action: { type: 'pass' } }, 'NOT_YOUR_TURN');
    await t.syncAll();
    expect(t.problems()).toEqual([]);
    t.close();
  });

  it('a surcoinche ends the auction at once (×4)', async () => {
    const t = await started({ rules: { variant: 'coinche' } });
    const eldest = deal(t).turn!;
    await act(t, { type: 'bid', value: 80, suit: 'D' });
    await act(t, { type: 'coinche' });
    expect(t.seats[(eldest + 2) % 4]!.state!.view!.deal!.auction!.legal).toEqual({ pass: true, bids: [], coinche: false, surcoinche: true });
    await act(t, { type: 'surcoinche' });
    expect(deal(t)).toMatchObject({ phase: 'play', taker: eldest, trump: 'D', turn: eldest });
    expect(deal(t).auction).toMatchObject({ coinche: 4, coinchedBy: (eldest + 1) % 4, surcoinchedBy: (eldest + 2) % 4 });
    await t.syncAll();
    expect(t.problems()).toEqual([]);
    t.close();
  });
});
