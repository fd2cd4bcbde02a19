/**
 * The protocol audit's games: a client written from docs/PROTOCOL.md alone (test/doc-client/)
 * plays whole games as four seats with a spectator watching, against the real server. Every
 * frame is checked against the document's shapes, folded as §5.4–5.5 say and compared with a
 * fresh snapshot after every change (§6), and replayed against the game records for leaks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.js';
import { LeakAudit, cardsIn } from './doc-client/audit.js';
import { classicComplete, classicFirst } from './doc-client/deal.js';
import { DocClient } from './doc-client/client.js';
import { parsed, request, summary } from './doc-client/http.js';
import { docServer, FAST } from './doc-client/server.js';
import { rng } from './doc-client/strategy.js';
import { DocTable, NAMES } from './doc-client/table.js';
import { RecordS, type Snapshot, type Step, PROTOCOL } from './doc-client/wire.js';

let server: RunningServer;
beforeAll(async () => {
  server = await docServer({ ...FAST, DEAL_PAUSE_MS: '1500', GRACE_MS: '60000' });
});
afterAll(async () => {
  await server.close();
});

/** The audit of a finished table: no leak, no mismatch, and a real amount of checking. */
async function audited(t: DocTable): Promise<void> {
  const audit = await t.audit();
  expect(audit.problems).toEqual([]);
  expect(t.problems()).toEqual([]);
  expect(audit.checked.frames).toBeGreaterThan(200);
  expect(audit.checked.cards).toBeGreaterThan(500);
}

describe('whole games by a client written from PROTOCOL.md', () => {
  it('classic, announcements on, target 501: a redeal, a round-2 take, round-1 takes, to the end; records; rematch', async () => {
    const t = await DocTable.create(server.url, { rules: { target: 501, announcements: true } });
    expect(await t.host.send('start', {})).toEqual({ ok: true });
    const end = await t.play({ redealFirst: true, random: rng(1) });
    expect(end.table.status).toBe('finished');
    const history = end.view!.history;
    expect(history[0]!.outcome).toBe('redeal');
    expect(Math.max(...end.view!.totals)).toBeGreaterThanOrEqual(501);
    expect(end.view!.totals[end.view!.winner!]).toBe(Math.max(...end.view!.totals));
    for (const r of history.filter((x) => x.outcome !== 'redeal')) expect(r.points[0] + r.points[1]).toBe(162);
    // a round-2 take happened in deal 1 (everyone passed round 1)
    expect(history[1]!.taker).not.toBeNull();

    // the record of the finished game (§2): every deal, names by seat, this table and game
    const rec = parsed(RecordS, (await request(server.url, `/api/tables/${t.id}/record`)).json, 'record');
    expect(rec).toMatchObject({ table: t.id, game: 0, players: [...NAMES] });
    expect(rec.deals).toHaveLength(history.length);
    expect(rec.rules).toMatchObject({ target: 501, announcements: true });

    // after the end: an action is GAME_OVER, `ready` too, only the host starts the next game; then the host's rematch
    const seat = t.seats[0]!;
    const over = await seat.send('action', { version: end.version, action: { type: 'pass' } });
    expect(over).toMatchObject({ ok: false, error: { code: 'GAME_OVER' } });
    expect(await seat.send('ready', {})).toMatchObject({ ok: false, error: { code: 'GAME_OVER' } });
    expect(await t.seats[1]!.send('rematch', {})).toMatchObject({ ok: false, error: { code: 'NOT_HOST' } });
    expect(await t.seats[1]!.send('start', {})).toMatchObject({ ok: false, error: { code: 'NOT_HOST' } });
    expect(await t.host.send('rematch', {})).toEqual({ ok: true });
    await t.spectator.waitFor(() => t.spectator.state!.table.games === 2 && t.spectator.state!.table.status === 'playing', 3000, 'the rematch');
    const second = await t.play({ random: rng(2), until: (s) => (s.view?.history.length ?? 0) >= 1 });
    expect(second.table.games).toBe(2);
    expect(second.view!.history).toHaveLength(1);
    // the default record is now the second game's (the latest), holding only its finished deal
    const latest = parsed(RecordS, (await request(server.url, `/api/tables/${t.id}/record`)).json, 'record');
    expect(latest.game).toBe(1);
    expect(latest.deals).toHaveLength(1);
    await audited(t);

    // the audit can fail: a spectator frame carrying a card seat 1 still holds, or a seat's frame
    // carrying another seat's private hand, is reported as a leak
    const records = await t.records();
    const tampered = structuredClone(t.spectator.frames);
    const at = tampered.findIndex((f) => f.name === 'syncAck' && (f.frame as Snapshot).view?.deal?.phase === 'play');
    const snap = tampered[at]!.frame as Snapshot;
    const deal = records[0]!.deals[snap.view!.deal!.number]!;
    const played = new Set([...snap.view!.deal!.tricks.flatMap((x) => x.cards), ...snap.view!.deal!.trick.cards]);
    const hidden = classicComplete(deal.dealer, deal.deck, snap.view!.deal!.taker!)[1]!.find((c) => !played.has(c))!;
    snap.table.id = hidden; // anywhere in the frame
    const leak = new LeakAudit('classic', records);
    leak.socket('tampered spectator', tampered);
    expect(leak.problems.some((p) => p.startsWith('LEAK') && p.includes(hidden))).toBe(true);
    const seat0 = structuredClone(t.seats[0]!.frames);
    const dealt = seat0.find((f) => f.name === 'step' && (f.frame as { private?: unknown }).private)!;
    const first = records[0]!.deals[0]!; // the redeal: its hands never become public
    expect((dealt.frame as Step).events.find((e) => e.type === 'dealStarted')).toMatchObject({ deal: 0 });
    (dealt.frame as Step).private!.hand.push(classicFirst(first.dealer, first.deck)[2]![0]!);
    const leak2 = new LeakAudit('classic', records);
    leak2.socket('tampered seat 0', seat0);
    expect(leak2.problems.some((p) => p.startsWith('LEAK'))).toBe(true);
    t.close();
  });

  it('classic, no announcements, tie dedans, clockwise, target 301: a reconnection, a second tab, a missed frame', async () => {
    const t = await DocTable.create(server.url, { rules: { target: 301, tie: 'dedans', direction: 'clockwise' } });
    expect(t.spectator.state!.table.rules).toEqual({ target: 301, announcements: false, tie: 'dedans', direction: 'clockwise' });
    await t.host.send('start', {});
    let reconnected = false;
    let tabbed = false;
    let dropped = false;
    const end = await t.play({
      random: rng(3),
      onTurn: async (table) => {
        const d = table.ref().state!.view!.deal!;
        if (d.phase !== 'play') return;
        // during the first trick: the spectator misses a step and resyncs (§6)
        if (!dropped) {
          dropped = true;
          table.spectator.dropNextStep = true;
        }
        // in the second trick: seat 2 loses its connection and comes back with its token (§7)
        if (!reconnected && d.tricks.length === 1) {
          reconnected = true;
          const old = table.seats[2]!;
          old.close();
          await table.spectator.waitFor(() => table.spectator.state!.table.seats[2].connected === false, 3000, 'seat 2 shown disconnected');
          const back = await DocClient.connect(table.base, { protocolVersion: PROTOCOL, tableId: table.id, token: table.tokens[2] }, { label: 'seat 2 again' });
          expect(back.state!.you).toEqual({ role: 'player', seat: 2, isHost: false });
          expect(back.state!.view!.deal!.hand).toHaveLength(d.handCounts[2]);
          await table.spectator.waitFor(() => table.spectator.state!.table.seats[2].connected, 3000, 'seat 2 shown connected');
          table.extra.push(old);
          table.seats[2] = back;
        }
        // from the third trick: a second tab of seat 1 (the same token) gets its frames and plays for it
        if (!tabbed && d.tricks.length === 2) {
          tabbed = true;
          const tab = await DocClient.connect(table.base, { protocolVersion: PROTOCOL, tableId: table.id, token: table.tokens[1] }, { label: 'seat 1 tab 2' });
          expect(tab.state!.you.seat).toBe(1);
          expect(tab.state!.view!.deal!.hand).toEqual(table.seats[1]!.state!.view!.deal!.hand);
          table.extra.push(table.seats[1]!);
          table.seats[1] = tab;
        }
      },
    });
    expect(reconnected && tabbed && dropped).toBe(true);
    expect(t.spectator.resyncs).toBe(1);
    expect(end.view!.rules).toEqual({ target: 301, announcements: false, tie: 'dedans', direction: 'clockwise' });
    for (const r of end.view!.history) expect(r.announcements).toEqual([0, 0]);
    expect(end.view!.history.some((r) => r.outcome === 'litige')).toBe(false);
    // the first tab of seat 1 followed the whole game too
    const firstTab = t.extra.find((c) => c.label === 'seat 1')!;
    expect(firstTab.state!.view!.winner).toBe(end.view!.winner);
    expect(firstTab.state!.seq).toBe(end.seq);
    await audited(t);
    t.close();
  });

  it('coinche, announcements on, target 2000: a redeal, a plain contract, coinché ×2, surcoinché ×4, a capot bid, to the end', async () => {
    const t = await DocTable.create(server.url, { rules: { variant: 'coinche', announcements: true } });
    expect(t.spectator.state!.table.rules).toEqual({ variant: 'coinche', target: 2000, announcements: true, tie: 'litige', direction: 'counterclockwise' });
    await t.host.send('start', {});
    // mid-deal, the public summary and the record carry no card of the running deal
    let peeked = false;
    const end = await t.play({
      redealFirst: true,
      random: rng(4),
      onTurn: async (table) => {
        const d = table.ref().state!.view!.deal!;
        if (peeked || d.number !== 2 || d.phase !== 'play') return;
        peeked = true;
        const sum = await summary(table.base, table.id);
        expect(cardsIn(sum)).toEqual([]);
        const rec = parsed(RecordS, (await request(table.base, `/api/tables/${table.id}/record`)).json, 'record');
        expect(rec.deals).toHaveLength(2);
      },
    });
    expect(peeked).toBe(true);
    const h = end.view!.history;
    expect(h[0]).toMatchObject({ outcome: 'redeal', contract: null, coinche: 1, taker: null });
    expect(h[1]).toMatchObject({ contract: 80, coinche: 1 });
    expect(h[2]).toMatchObject({ contract: 90, coinche: 2 });
    expect(h[3]).toMatchObject({ contract: 80, coinche: 4 });
    if (h.length > 4) expect(h[4]).toMatchObject({ contract: 'capot', coinche: 1 });
    expect(h.every((r) => 'contract' in r && 'coinche' in r)).toBe(true);
    expect(Math.max(...end.view!.totals)).toBeGreaterThanOrEqual(2000);
    const rec = parsed(RecordS, (await request(server.url, `/api/tables/${t.id}/record?game=0`)).json, 'record');
    expect(rec.rules.variant).toBe('coinche');
    expect(rec.deals[3]!.actions.slice(0, 3).map((a) => a.type)).toEqual(['bid', 'coinche', 'surcoinche']);
    await audited(t);
    t.close();
  });

  it('bots fill the empty seats at start (fillWithBots, botLevel): one human plays with them', async () => {
    const t = await DocTable.create(server.url, { rules: { target: 301 }, options: { fillWithBots: true, botLevel: 'easy' } }, { humans: [0] });
    expect(await t.host.send('start', {})).toEqual({ ok: true });
    await t.spectator.waitFor(() => t.spectator.state!.table.seats.every((x) => x.name !== null), 3000, 'the bots seated');
    const s = t.spectator.state!;
    expect(s.table.seats.map((x) => [x.name, x.bot, x.connected])).toEqual([
      ['Alice', null, true],
      ['Bot 2', 'easy', true],
      ['Bot 3', 'easy', true],
      ['Bot 4', 'easy', true],
    ]);
    const end = await t.play({ random: rng(5) });
    expect(end.view!.winner).not.toBeNull();
    await audited(t);
    t.close();
  });
});
