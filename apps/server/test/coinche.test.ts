/**
 * Coinche tables (docs/rules/COINCHE.md) end to end: creation with the variant's targets, every call and
 * its refusal in the documented order, a whole game by four clients with the every-frame leak
 * audit, a redeal, bots of every level, the downloaded record replayed by `pnpm verify`, and a
 * restart from the SQLite log.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { TableRecord, TableSummary } from '@belote/protocol';
import { commitmentPreimage, replayRecord, type Seat } from '@belote/rules';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.js';
import { autoPlay, createTable, seatedTable, settled, testServer, TestClient, type TestUpdate } from './clients.js';
import { checkFrames } from './leak-check.js';

let server: RunningServer;
beforeAll(async () => {
  server = await testServer({ rateLimitEvents: 10_000 });
});
afterAll(async () => {
  await server.close();
});

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const over = (u: TestUpdate) => u.table.status === 'finished';
const post = (body: unknown) => fetch(`${server.url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const summary = async (id: string) => (await (await fetch(`${server.url}/api/tables/${id}`)).json()) as TableSummary;
const seatAfter = (s: Seat, n: number) => ((s + n) & 3) as Seat;

const VERIFY_CLI = fileURLToPath(new URL('../../../packages/rules/src/record/verify-cli.ts', import.meta.url));

/** What `pnpm --silent verify FILE` prints for `record`, and its exit code. */
function verify(record: unknown): Promise<{ code: number | null; out: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'belote-coinche-'));
  const file = join(dir, 'record.json');
  writeFileSync(file, JSON.stringify(record));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', VERIFY_CLI, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      rmSync(dir, { recursive: true, force: true });
      resolve({ code, out });
    });
  });
}

describe('creating a coinche table', () => {
  it('takes the variant with its own targets and default, and the summary shows it', async () => {
    const made = await post({ rules: { variant: 'coinche' } });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    expect((await summary(id)).rules).toEqual({ variant: 'coinche', target: 2000, announcements: false, tie: 'litige', direction: 'counterclockwise' });
    for (const target of [501, 1000, 1001, 3000]) {
      const r = await post({ rules: { variant: 'coinche', target, tie: 'dedans', announcements: true } });
      expect(r.status).toBe(201);
      expect((await summary(((await r.json()) as { id: string }).id)).rules).toEqual({ variant: 'coinche', target, announcements: true, tie: 'dedans', direction: 'counterclockwise' });
    }
    // Classic tables read as before the variant existed: no variant key, target 1000 by default.
    const classic = (await (await post({ rules: { variant: 'classic' } })).json()) as { id: string };
    expect((await summary(classic.id)).rules).toEqual({ target: 1000, announcements: false, tie: 'litige', direction: 'counterclockwise' });
  });

  it("refuses a target outside the variant's list and an unknown variant with a 400 naming the field", async () => {
    const cases: [unknown, string][] = [
      [{ rules: { variant: 'coinche', target: 301 } }, 'rules.target: must be one of 2000, 501, 1000, 1001, 3000 in coinche, got 301'],
      [{ rules: { target: 2000 } }, 'rules.target: must be one of 1000, 501, 301, 1001 in classic, got 2000'],
      [{ rules: { variant: 'classic', target: 3000 } }, 'rules.target: must be one of 1000, 501, 301, 1001 in classic, got 3000'],
      [{ rules: { variant: 'sans-atout' } }, 'rules.variant: must be one of classic, coinche, got "sans-atout"'],
    ];
    const before = server.registry.size;
    for (const [body, message] of cases) {
      const r = await post(body);
      expect(r.status).toBe(400);
      expect(await r.json()).toEqual({ error: { code: 'BAD_REQUEST', message } });
    }
    expect(server.registry.size).toBe(before);
  });
});

/** Expect `attempt` to be refused with `code` (and `message`) and to leave the table as it was. */
async function refused(t: { table: { id: string }; host: TestClient }, attempt: () => Promise<unknown>, code: string, message?: RegExp) {
  await settled(server, t.table.id, [t.host]);
  const frames = t.host.frames.length;
  const version = t.host.last.version;
  const ack = (await attempt()) as { ok: boolean; error?: { code: string; message: string } };
  expect(ack.ok).toBe(false);
  expect(ack.error!.code).toBe(code);
  if (message) expect(ack.error!.message).toMatch(message);
  await settled(server, t.table.id, [t.host]);
  expect(t.host.frames.length).toBe(frames);
  expect(t.host.last.version).toBe(version);
}

describe('coinche calls', () => {
  it('are refused in the documented order, and a bid, a coinche and a surcoinche set the contract', async () => {
    const t = await seatedTable(server, { rules: { variant: 'coinche' } });
    expect(await t.host.emit('start', {})).toEqual({ ok: true });
    let u = await t.host.next((x) => x.view?.deal?.phase === 'bidding');
    const d0 = u.view!.deal!;
    expect(d0.retourne).toBeUndefined();
    expect(d0.handCounts).toEqual([8, 8, 8, 8]);
    expect(d0.auction).toMatchObject({ calls: [], contract: null, coinche: 1 });
    const P = d0.turn!;
    expect(P).toBe(d0.eldest);
    const [Q, R, S] = [seatAfter(P, 1), seatAfter(P, 2), seatAfter(P, 3)];
    const p = (s: Seat) => t.players[s]!;
    const mine = await p(P).next((x) => x.version === u.version);
    expect(mine.view!.deal!.hand).toHaveLength(8);
    expect(mine.view!.deal!.auction!.legal).toEqual({ pass: true, bids: [80, 90, 100, 110, 120, 130, 140, 150, 160, 'capot'], coinche: false, surcoinche: false });
    let v = u.version;
    const act = (s: Seat, action: unknown, version = v) => () => p(s).emit('action', { version, action });

    // The payload first (the table's variant's moves; even a spectator or the wrong seat gets BAD_REQUEST) …
    await refused(t, () => t.host.emit('action', { version: v, action: { type: 'take' } }), 'BAD_REQUEST', /^action\.action\.type: a coinche table takes pass, bid, coinche, surcoinche, play, got "take"$/);
    await refused(t, act(Q, { type: 'take', suit: 'H' }), 'BAD_REQUEST', /coinche table takes/);
    await refused(t, act(P, { type: 'bid', value: 85, suit: 'H' }), 'BAD_REQUEST', /^action\.action\.value: must be one of 80, 90, .*"capot", got 85$/);
    await refused(t, act(P, { type: 'bid', value: 90 }), 'BAD_REQUEST', /action\.action\.suit/);
    await refused(t, act(P, { type: 'bid', value: 90, suit: 'H', seat: Q }), 'BAD_REQUEST', /unknown field/);
    // … then the seat, the version, the turn, the phase, and the auction's own rules.
    await refused(t, () => t.host.emit('action', { version: v, action: { type: 'pass' } }), 'NOT_SEATED');
    await refused(t, act(P, { type: 'bid', value: 90, suit: 'H' }, v - 1), 'STALE_VERSION');
    await refused(t, act(Q, { type: 'coinche' }), 'NOT_YOUR_TURN');
    await refused(t, act(P, { type: 'play', card: mine.view!.deal!.hand![0] }), 'WRONG_PHASE', /auction is not over/);
    await refused(t, act(P, { type: 'coinche' }), 'ILLEGAL_BID', /no bid to coinche/);
    await refused(t, act(P, { type: 'surcoinche' }), 'ILLEGAL_BID', /no coinche/);

    expect(await act(P, { type: 'bid', value: 90, suit: 'H' })()).toEqual({ ok: true, version: v + 1 });
    u = await t.host.next((x) => x.version === v + 1);
    expect(u.events).toEqual([{ type: 'call', seat: P, call: { type: 'bid', value: 90, suit: 'H' } }]);
    expect(u.view!.deal!.auction).toMatchObject({ contract: { value: 90, suit: 'H', bidder: P }, coinche: 1 });
    v = u.version;
    const q = await p(Q).next((x) => x.version === v);
    expect(q.view!.deal!.auction!.legal).toEqual({ pass: true, bids: [100, 110, 120, 130, 140, 150, 160, 'capot'], coinche: true, surcoinche: false });
    await refused(t, act(Q, { type: 'bid', value: 90, suit: 'S' }), 'ILLEGAL_BID', /must bid higher than 90/);
    await refused(t, act(Q, { type: 'surcoinche' }), 'ILLEGAL_BID', /no coinche/);

    expect((await act(Q, { type: 'coinche' })()).ok).toBe(true);
    u = await t.host.next((x) => x.version === v + 1);
    expect(u.view!.deal!.auction).toMatchObject({ coinche: 2, coinchedBy: Q, surcoinchedBy: null });
    v = u.version;
    await refused(t, act(R, { type: 'bid', value: 100, suit: 'S' }), 'ILLEGAL_BID', /coinched: no more bids/);
    await refused(t, act(R, { type: 'coinche' }), 'ILLEGAL_BID', /already coinched/);
    expect((await act(R, { type: 'pass' })()).ok).toBe(true);
    v = (await t.host.next((x) => x.version === v + 1)).version;
    await refused(t, act(S, { type: 'surcoinche' }), 'ILLEGAL_BID', /only the team that made the coinched bid/);
    expect((await act(S, { type: 'pass' })()).ok).toBe(true);
    v = (await t.host.next((x) => x.version === v + 1)).version;
    const back = await p(P).next((x) => x.version === v);
    expect(back.view!.deal!.auction!.legal).toEqual({ pass: true, bids: [], coinche: false, surcoinche: true });

    // A surcoinche ends the auction at once: ×4, the eldest leads.
    expect((await act(P, { type: 'surcoinche' })()).ok).toBe(true);
    u = await t.host.next((x) => x.version === v + 1);
    expect(u.events).toEqual([
      { type: 'call', seat: P, call: { type: 'surcoinche' } },
      { type: 'contractSet', taker: P, trump: 'H', contract: 90, coinche: 4 },
    ]);
    expect(u.view!.deal).toMatchObject({ phase: 'play', taker: P, trump: 'H', turn: P });
    v = u.version;
    await refused(t, act(Q, { type: 'bid', value: 100, suit: 'S' }), 'NOT_YOUR_TURN');
    await refused(t, act(P, { type: 'pass' }), 'WRONG_PHASE', /auction is over/);
    await refused(t, act(P, { type: 'coinche' }), 'WRONG_PHASE');
    const lead = await p(P).next((x) => x.version === v);
    expect((await act(P, { type: 'play', card: lead.view!.deal!.legal[0] })()).ok).toBe(true);
    for (const c of [...t.players, t.host]) c.close();
  });

  it('four passes are a redeal, and the next seat deals', async () => {
    const t = await seatedTable(server, { rules: { variant: 'coinche', target: 501 } });
    expect(await t.host.emit('start', {})).toEqual({ ok: true });
    const first = await t.host.next((x) => x.view?.deal?.phase === 'bidding');
    const dealer = first.view!.deal!.dealer;
    const v = first.version;
    for (let i = 0; i < 4; i++) {
      const seat = seatAfter(dealer, i + 1);
      const mine = await t.players[seat]!.next((x) => x.version === v + i);
      expect(await t.players[seat]!.emit('action', { version: mine.version, action: { type: 'pass' } })).toEqual({ ok: true, version: v + i + 1 });
    }
    // The fourth pass: its call and the redeal come in one step; nothing is scored.
    const redealt = await t.host.next((x) => x.version >= v + 4);
    const step = t.host.frames.find((f) => f.version === v + 4 && f.kind === 'step')!;
    expect(step.events.map((e) => e.type)).toEqual(['call', 'redeal']);
    expect(redealt.view!.history[0]).toMatchObject({ outcome: 'redeal', contract: null, coinche: 1, written: [0, 0], totals: [0, 0] });
    const next = await t.host.next((x) => x.view?.deal?.number === 1);
    expect(next.view!.deal!.dealer).toBe(seatAfter(dealer, 1));
    for (const c of [...t.players, t.host]) c.close();
  });

  it('classic tables refuse the coinche calls as malformed', async () => {
    const t = await seatedTable(server, { rules: { target: 501 } });
    expect(await t.host.emit('start', {})).toEqual({ ok: true });
    const u = await t.host.next((x) => x.view?.deal?.phase === 'bidding');
    const p = t.players[u.view!.deal!.turn!]!;
    for (const action of [{ type: 'bid', value: 80, suit: 'H' }, { type: 'coinche' }, { type: 'surcoinche' }])
      await refused(t, () => p.emit('action', { version: u.version, action }), 'BAD_REQUEST', new RegExp(`^action\\.action\\.type: a classic table takes pass, take, play, got "${action.type}"$`));
    for (const c of [...t.players, t.host]) c.close();
  });
});

describe('a whole coinche game', () => {
  it('is played to the target by four clients, with no leak in any frame; the record replays with pnpm verify', { timeout: 90_000 }, async () => {
    const { table, host, players, tokens } = await seatedTable(server, { rules: { variant: 'coinche', target: 501, announcements: true } });
    const spectator = await TestClient.connect(server, { tableId: table.id });
    const stops = players.map((p, i) => autoPlay(p, `coinche-${i}`, { takeProbability: 0.5 }));
    expect(await host.emit('start', {})).toEqual({ ok: true });
    const final = await spectator.next(over, 60_000);
    for (const p of players) await p.next(over);
    stops.forEach((s) => s());
    const view = final.view!;
    expect(view.rules.variant).toBe('coinche');
    expect(Math.max(...view.totals)).toBeGreaterThanOrEqual(501);
    expect(view.winner).not.toBeNull();

    const record = (await (await fetch(`${server.url}/api/tables/${table.id}/record`)).json()) as TableRecord;
    expect(record.rules).toEqual({ variant: 'coinche', target: 501, announcements: true, tie: 'litige', direction: 'counterclockwise' });
    expect(record.deals.length).toBe(view.history.length);
    const types = new Set(record.deals.flatMap((d) => d.actions.map((a) => a.type)));
    expect(types.has('bid')).toBe(true);
    expect(types.has('take')).toBe(false);
    // The record replays to the same contracts and scores, and its commitments hold.
    const replay = replayRecord(record, (deck, salt, c) => sha256(commitmentPreimage(deck, salt)) === c);
    expect(replay.result.error).toBeNull();
    expect(replay.result.deals.map((d) => d.totals)).toEqual(view.history.map((h) => h.totals));
    expect(replay.result.deals.map((d) => [d.contract, d.coinche, d.taker, d.trump])).toEqual(view.history.map((h) => [h.contract, h.coinche, h.taker, h.trump]));
    // `pnpm verify` of the downloaded file: exit 0, the same deals.
    const cli = await verify(record);
    expect(cli.code).toBe(0);
    const printed = JSON.parse(cli.out) as { deals: { contract: unknown; coinche: number; written: number[]; totals: number[] }[]; winner: number | null; commitments: string };
    expect(printed.deals.map((d) => [d.contract, d.coinche, d.written, d.totals])).toEqual(view.history.map((h) => [h.contract, h.coinche, h.written, h.totals]));
    expect(printed.winner).toBe(view.winner);

    // Every frame of every seat and of the spectator: no card or secret it may not know, and the folded view is viewFor.
    const secrets = [...tokens, table.hostKey, ...record.deals.map((d) => d.salt!)];
    let cards = 0;
    for (const [i, p] of players.entries()) {
      expect(p.schemaErrors).toEqual([]);
      cards += checkFrames(p, i as Seat, record, secrets).cardsChecked;
    }
    const s = checkFrames(spectator, 'spectator', record, secrets);
    expect(spectator.schemaErrors).toEqual([]);
    expect(s.viewsChecked).toBeGreaterThan(30);
    expect(cards).toBeGreaterThan(100);
    // All eight cards come once per deal, in the seat's own copy of the dealing step only.
    for (const p of players) expect(p.raw.filter((r) => r.name === 'step' && (r.frame as { private?: unknown }).private !== undefined).length).toBe(record.deals.length);
    expect(spectator.raw.some((r) => (r.frame as { private?: unknown }).private !== undefined)).toBe(false);
    // The auction reached everyone call by call.
    const calls = spectator.frames.flatMap((f) => f.events.filter((e) => e.type === 'call'));
    expect(calls.length).toBe(record.deals.reduce((n, d) => n + d.actions.filter((a) => a.type !== 'play').length, 0));
    for (const c of [...players, spectator, host]) c.close();
  });
});

describe('bots at a coinche table', () => {
  it('of every level bid, coinche and play a whole game with a human through the same path', { timeout: 120_000 }, async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) }));
    const { startServer } = await import('../src/server.js');
    const s = await startServer(
      { port: 0, host: '127.0.0.1', botDelayMs: 0, dealPauseMs: 0, webDist: '/nonexistent', rateLimitEvents: 10_000, botWorkers: 1, botStrongBudget: { samples: 3, nodes: 300_000, bidSamples: 3 } },
      { logger },
    );
    try {
      const t = await createTable(s, { rules: { variant: 'coinche' }, options: { fillWithBots: true, botLevel: 'normal' } });
      const host = await TestClient.connect(s, { tableId: t.id, hostKey: t.hostKey });
      expect((await host.emit('sit', { seat: 0, name: 'Solo' })).ok).toBe(true);
      expect(await host.emit('addBot', { seat: 1, level: 'easy' })).toEqual({ ok: true });
      expect(await host.emit('addBot', { seat: 3, level: 'strong' })).toEqual({ ok: true });
      const stop = autoPlay(host, 'coinche-solo');
      expect(await host.emit('start', {})).toEqual({ ok: true });
      const started = await host.next((x) => x.table.status === 'playing');
      expect(started.table.seats.map((x) => x.bot)).toEqual([null, 'easy', 'normal', 'strong']);
      const end = await host.next(over, 110_000);
      stop();
      expect(end.view!.winner).not.toBeNull();
      expect(Math.max(...end.view!.totals)).toBeGreaterThanOrEqual(2000);
      const record = (await (await fetch(`${s.url}/api/tables/${t.id}/record`)).json()) as TableRecord;
      expect(replayRecord(record).result.error).toBeNull();
      // The bots called through the auction (not only passes), and none was refused or fell back.
      const botCalls = record.deals.flatMap((d) => d.actions.filter((a) => a.seat !== 0 && a.type !== 'play' && a.type !== 'pass'));
      expect(botCalls.length).toBeGreaterThan(0);
      expect(lines.filter((l) => /bot/.test(l))).toEqual([]);
      host.close();
    } finally {
      await s.close();
    }
  });
});

describe('a bot standing in at a coinche table', () => {
  it('calls for a seat whose turn timer ran out, and for an absent player after the grace period', { timeout: 30_000 }, async () => {
    const s = await testServer({ rateLimitEvents: 10_000, botDelayMs: 1, graceMs: 150, turnSecondMs: 10 });
    try {
      const t = await seatedTable(s, { rules: { variant: 'coinche' }, options: { turnTimerSeconds: 5 } });
      expect(await t.host.emit('start', {})).toEqual({ ok: true });
      const waiting = await t.host.next((x) => x.view?.deal?.phase === 'bidding' && x.timers.turnMsLeft !== null);
      // Nobody acts: after 5 "seconds" (50 ms here) a bot makes the seat's call.
      const next = await t.host.next((x) => x.version > waiting.version, 5000);
      expect(next.events[0]).toMatchObject({ type: 'call', seat: waiting.view!.deal!.turn });
      for (const c of [...t.players, t.host]) c.close();
      // A player who is away (no timer at this table): after the grace period a bot calls for the seat.
      const g = await seatedTable(s, { rules: { variant: 'coinche' } });
      expect(await g.host.emit('start', {})).toEqual({ ok: true });
      const first = await g.host.next((x) => x.view?.deal?.phase === 'bidding');
      const absent = first.view!.deal!.turn!;
      g.players[absent]!.close();
      await g.host.next((x) => x.table.seats[absent].botPlaying, 5000);
      const called = await g.host.next((x) => x.events.some((e) => e.type === 'call' && e.seat === absent), 5000);
      expect(called.version).toBe(first.version + 1);
      for (const c of [...g.players, g.host]) c.close();
    } finally {
      await s.close();
    }
  });
});

describe('a coinche table across a restart', () => {
  it('comes back from its SQLite log with its variant, its auction and the seats', { timeout: 30_000 }, async () => {
    const { SqliteStore } = await import('../src/store/sqlite-store.js');
    const { startServer } = await import('../src/server.js');
    const dataDir = mkdtempSync(join(tmpdir(), 'belote-coinche-restart-'));
    const options = { port: 0, host: '127.0.0.1', logLevel: 'silent', botDelayMs: 0, dealPauseMs: 0, webDist: '/nonexistent' } as const;
    try {
      let s = await startServer(options, { store: new SqliteStore({ dataDir }) });
      const t = await seatedTable(s, { rules: { variant: 'coinche', target: 1000 } });
      expect(await t.host.emit('start', {})).toEqual({ ok: true });
      const u = await t.host.next((x) => x.view?.deal?.phase === 'bidding');
      const P = u.view!.deal!.turn!;
      expect((await t.players[P]!.emit('action', { version: u.version, action: { type: 'bid', value: 110, suit: 'C' } })).ok).toBe(true);
      const before = await t.players[seatAfter(P, 1)]!.next((x) => x.version === u.version + 1);
      for (const c of [...t.players, t.host]) c.close();
      await s.close();

      s = await startServer(options, { store: new SqliteStore({ dataDir }) });
      try {
        const back = await TestClient.connect(s, { tableId: t.table.id, token: t.tokens[seatAfter(P, 1)]! });
        const snap = back.last;
        expect(snap.table.rules).toEqual({ variant: 'coinche', target: 1000, announcements: false, tie: 'litige', direction: 'counterclockwise' });
        expect(snap.view!.deal!.auction).toEqual(before.view!.deal!.auction);
        expect(snap.view!.deal!.hand).toEqual(before.view!.deal!.hand);
        expect(snap.view!.deal!.auction!.legal).toMatchObject({ coinche: true, bids: [120, 130, 140, 150, 160, 'capot'] });
        expect((await back.emit('action', { version: snap.version, action: { type: 'coinche' } })).ok).toBe(true);
        back.close();
      } finally {
        await s.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
