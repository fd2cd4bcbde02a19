/**
 * Bots at the table: filling seats, four bots to the end, pausing with nobody connected,
 * taking over after the grace period and giving the seat back, the turn timer. Bots see only
 * their seat's view (checked on every call to `decide`).
 */
import { GameViewSchema } from '@belote/protocol';
import type * as Bots from '@belote/bots';
import type { GameView } from '@belote/rules';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/server.js';
import { DEAL_FIRST_MOVE_PACES, FIRST_LEAD_PACES } from '../src/tables/auto-steps.js';
import { autoPlay, createTable, seatedTable, settled, sleep, testServer, TestClient, type TestUpdate } from './clients.js';

const seen: GameView[] = [];
vi.mock('@belote/bots', async (importOriginal) => {
  const m = await importOriginal<typeof Bots>();
  return { ...m, decide: (view: GameView, opts: Parameters<typeof m.decide>[1]) => (seen.push(view), m.decide(view, opts)) };
});

let server: RunningServer;
beforeAll(async () => {
  server = await testServer({ rateLimitEvents: 10_000, botDelayMs: 1, graceMs: 150, turnSecondMs: 10 });
});
afterAll(async () => {
  await server.close();
});

const finished = (u: TestUpdate) => u.table.status === 'finished';

describe('bots', () => {
  it('fill empty seats at start and play a whole game with a human', { timeout: 60_000 }, async () => {
    const t = await createTable(server, { rules: { target: 301 }, options: { fillWithBots: true, botLevel: 'easy' } });
    const host = await TestClient.connect(server, { tableId: t.id, hostKey: t.hostKey });
    expect((await host.emit('sit', { seat: 0, name: 'Solo' })).ok).toBe(true);
    const stop = autoPlay(host, 'solo');
    expect(await host.emit('start', {})).toEqual({ ok: true });
    const u = await host.next((x) => x.table.status === 'playing');
    expect(u.table.seats.map((s) => s.bot)).toEqual([null, 'easy', 'easy', 'easy']);
    expect(u.table.seats.map((s) => s.name)).toEqual(['Solo', 'Bot 2', 'Bot 3', 'Bot 4']);
    const end = await host.next(finished, 40_000);
    expect(end.view!.winner).not.toBeNull();
    stop();
    host.close();
    // Every view a bot got was one seat's strict view (no extra fields), with that seat's hand.
    expect(seen.length).toBeGreaterThan(20);
    for (const v of seen) {
      expect(GameViewSchema.safeParse(v).success).toBe(true);
      expect(v.viewer).not.toBe('spectator');
      expect(v.deal!.turn).toBe(v.viewer);
      expect(v.deal!.hand).not.toBeNull();
    }
  });

  it('four bots play to the end for a spectator, and pause when nobody is connected', { timeout: 60_000 }, async () => {
    const slow = await testServer({ botDelayMs: 10 });
    try {
      const t = await createTable(slow, { rules: { target: 301 } });
      const host = await TestClient.connect(slow, { tableId: t.id, hostKey: t.hostKey });
      for (const seat of [0, 1, 2, 3]) expect(await host.emit('addBot', { seat })).toEqual({ ok: true });
      expect(await host.emit('start', {})).toEqual({ ok: true });
      await host.next((x) => x.version > 12);
      host.close();
      const room = slow.registry.get(t.id)!;
      while (!room.empty) await sleep(5);
      await room.idle();
      const paused = (await (await fetch(`${slow.url}/api/tables/${t.id}/record`)).json()) as { deals: unknown[] };
      const v1 = slow.registry.get(t.id)!.state.version;
      // nothing is planned while nobody is connected, so nothing can move by itself
      expect(room.plannedStep).toBeNull();
      expect(slow.registry.get(t.id)!.state.version).toBe(v1);
      expect(paused.deals.length).toBeLessThanOrEqual(1);
      const watcher = await TestClient.connect(slow, { tableId: t.id });
      await watcher.next((x) => x.version > v1);
      const end = await watcher.next(finished, 40_000);
      expect(end.view!.winner).not.toBeNull();
      watcher.close();
    } finally {
      await slow.close();
    }
  });

  /** Four bots at a table of a server whose BOT_DELAY_MS is `botDelayMs`: the steps as they arrive, until `enough`. */
  async function pacedSteps(botDelayMs: number, enough: (steps: Frame[]) => boolean): Promise<Frame[]> {
    const paced = await testServer({ botDelayMs });
    try {
      const t = await createTable(paced, { rules: { target: 1000 } });
      const host = await TestClient.connect(paced, { tableId: t.id, hostKey: t.hostKey });
      const steps: Frame[] = [];
      host.onUpdate((u) => void (u.kind === 'step' && steps.push({ at: performance.now(), types: u.events.map((e) => e.type) })));
      for (const seat of [0, 1, 2, 3]) expect(await host.emit('addBot', { seat })).toEqual({ ok: true });
      expect(await host.emit('start', {})).toEqual({ ok: true });
      await host.next(() => enough(steps), 30_000);
      host.close();
      return steps;
    } finally {
      await paced.close();
    }
  }
  type Frame = { at: number; types: string[] };
  // (times as the frames arrive: a loaded machine may delay one of them by a few tens of ms; each
  // wait is checked from below, and the next move's from above, the factor leaving room for it)

  it('a deal\'s first move, a bot\'s, waits DEAL_FIRST_MOVE_PACES × BOT_DELAY_MS (the deal seen dealt); the next ones BOT_DELAY_MS (classic\'s first lead, after a take, its own wait)', { timeout: 30_000 }, async () => {
    // a move: a bid (a take included), or a card once a bot has taken
    const moves = (steps: Frame[]): Frame[] => steps.filter((f) => f.types.includes('bid') || f.types.includes('cardPlayed'));
    const steps = await pacedSteps(300, (s) => moves(s).length >= 2);
    const dealt = steps.find((f) => f.types.includes('dealStarted'))!;
    const [bid1, bid2] = moves(steps);
    const first = DEAL_FIRST_MOVE_PACES * 300;
    expect(first).toBeGreaterThan(600);
    expect(bid1!.at - dealt.at).toBeGreaterThanOrEqual(first - 40);
    if (bid1!.types.includes('trumpChosen')) {
      // the first speaker took: the next move is classic's first lead
      expect(bid2!.at - bid1!.at).toBeGreaterThanOrEqual(FIRST_LEAD_PACES * 300 - 40);
    } else {
      expect(bid2!.at - bid1!.at).toBeGreaterThanOrEqual(300 - 40);
      expect(bid2!.at - bid1!.at).toBeLessThan(first - 40);
    }
  });

  it('classic\'s first lead, a bot\'s, waits FIRST_LEAD_PACES × BOT_DELAY_MS (the rest of the deal seen landing); the next cards BOT_DELAY_MS', { timeout: 40_000 }, async () => {
    const cards = (steps: Frame[]): Frame[] => steps.filter((f) => f.types.includes('cardPlayed'));
    // all-pass deals are dealt again: wait for the first deal that was taken
    const steps = await pacedSteps(500, (s) => cards(s).length >= 2);
    const taken = steps.find((f) => f.types.includes('trumpChosen'))!;
    const [lead, second] = cards(steps);
    expect(steps.indexOf(taken)).toBeLessThan(steps.indexOf(lead!));
    const first = FIRST_LEAD_PACES * 500;
    expect(first).toBeGreaterThan(800);
    expect(lead!.at - taken.at).toBeGreaterThanOrEqual(first - 40);
    expect(second!.at - lead!.at).toBeGreaterThanOrEqual(500 - 40);
    expect(second!.at - lead!.at).toBeLessThan(first - 40);
  });

  it('take over an absent player after the grace period and give the seat back on return', async () => {
    const t = await seatedTable(server, { rules: { target: 1000 } });
    const absent = 2;
    const stops = t.players.map((p, i) => (i === absent ? () => {} : autoPlay(p, `grace-${i}`)));
    t.players[absent]!.close();
    await t.host.next((x) => x.table.seats[absent].connected === false);
    expect(await t.host.emit('start', {})).toEqual({ ok: true });
    const taken = await t.host.next((x) => x.table.seats[absent].botPlaying);
    expect(taken.table.seats[absent]).toMatchObject({ name: 'Cid', connected: false, bot: null, botPlaying: true });
    // The bot acts for seat 2.
    await t.host.next((x) => x.events.some((e) => (e.type === 'bid' || e.type === 'cardPlayed') && e.seat === absent));
    const back = await TestClient.connect(server, { tableId: t.table.id, token: t.tokens[absent]! });
    expect(back.frames[0]!.table.seats[absent]).toMatchObject({ connected: true, botPlaying: false });
    expect(back.frames[0]!.view!.deal!.hand).not.toBeNull();
    // Once back, nobody plays for the seat: it waits for the player.
    const mine = await back.next((x) => x.view?.deal?.turn === absent && x.view.deal.phase !== 'over');
    // no bot move is planned for the seat, so nobody acts until the player does
    await settled(server, t.table.id, [back]);
    expect(server.registry.get(t.table.id)!.plannedStep).toBeNull();
    expect(back.last.version).toBe(mine.version);
    const d = mine.view!.deal!;
    const action = d.phase === 'bidding' ? { type: 'pass' as const } : { type: 'play' as const, card: d.legal[0]! };
    expect(await back.emit('action', { version: mine.version, action })).toEqual({ ok: true, version: mine.version + 1 });
    stops.forEach((s) => s());
    for (const c of [...t.players, t.host, back]) c.close();
  });

  it('play a turn when the turn timer runs out, and publish the time left', async () => {
    const t = await seatedTable(server, { rules: { target: 301 }, options: { turnTimerSeconds: 5 } });
    expect(await t.host.emit('start', {})).toEqual({ ok: true });
    const waiting = await t.host.next((x) => x.view?.deal?.phase === 'bidding' && x.timers.turnMsLeft !== null);
    // the clock comes with the step that deals and gives the first turn (protocol 3), not in a presence frame
    expect(waiting.kind).toBe('step');
    expect(waiting.events.map((e) => e.type)).toContain('dealStarted');
    expect(waiting.timers.turnMsLeft).toBeGreaterThan(0);
    expect(waiting.timers.turnMsLeft).toBeLessThanOrEqual(50);
    // Nobody acts: after 5 "seconds" (50 ms in this test) the bot bids for the seat.
    const next = await t.host.next((x) => x.version > waiting.version, 2000);
    expect(next.events[0]).toMatchObject({ type: 'bid', seat: waiting.view!.deal!.turn });
    expect(next.table.seats.every((s) => !s.botPlaying)).toBe(true);
    for (const c of [...t.players, t.host]) c.close();
  });
});
