/**
 * The protocol audit's clocks and absences (PROTOCOL.md §5.5, §7, §8), on a server whose
 * documented test hooks make them short: TURN_SECOND_MS (a turn-timer "second"), GRACE_MS,
 * DEAL_PAUSE_MS. Every client still folds and compares every change.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/server.js';
import { DocClient } from './doc-client/client.js';
import { createTable, request, summary } from './doc-client/http.js';
import { docServer, FAST } from './doc-client/server.js';
import { rng } from './doc-client/strategy.js';
import { DocTable } from './doc-client/table.js';
import type { Step } from './doc-client/wire.js';
import { PROTOCOL } from './doc-client/wire.js';

let server: RunningServer;
beforeAll(async () => {
  server = await docServer({ ...FAST, TURN_SECOND_MS: '10', GRACE_MS: '300', DEAL_PAUSE_MS: '400' });
});
afterAll(async () => {
  await server.close();
});

describe('§8 clocks', () => {
  it('turnTimerSeconds: a human turn that runs out is played by a bot; each turn\'s clock comes with its step, no presence frame for it', async () => {
    const t = await DocTable.create(server.url, { options: { turnTimerSeconds: 5 } });
    const s = t.spectator;
    await s.sync(); // the presence frame of the spectator's own arrival is behind us
    const from = s.frames.length;
    await t.host.send('start', {});
    // three turns played by the timer (bids or cards, whatever the bots chose)
    const played = () => s.frames.slice(from).filter((f) => f.name === 'step' && (f.frame as Step).events.some((e) => e.type === 'bid' || e.type === 'cardPlayed')).length;
    await s.waitFor(() => played() >= 3, 5000, 'three turns played by the timer');
    await t.settle();
    // §5.4: every step that gives a human the turn carries its full clock (the client checks it on every step)
    const steps = s.frames.slice(from).filter((f) => f.name === 'step').map((f) => f.frame as Step);
    const clocks = steps.map((x) => x.timers?.turnMsLeft).filter((x): x is number => x != null);
    expect(clocks.length).toBeGreaterThanOrEqual(4); // the deal's first turn and three more
    for (const ms of clocks) expect(ms).toBeLessThanOrEqual(5 * 10);
    // §5.5: no presence frame for a new turn (nobody joined, left or continued meanwhile)
    expect(s.frames.slice(from).filter((f) => f.name === 'presence')).toEqual([]);
    expect(s.state!.table.seats.every((x) => !x.botPlaying)).toBe(true);
    await t.settle();
    const snaps = await t.syncAll();
    expect(snaps.every((x) => x.timers.turnMsLeft === null || x.timers.turnMsLeft <= 50)).toBe(true);
    expect(t.problems()).toEqual([]);
    t.close();
  });

  it('two turns that start in the same millisecond each carry their clock (§5.4: every step that gives a human the turn)', async () => {
    // Turns that start in one millisecond have equal deadlines; the step must carry the new
    // turn's clock all the same. Freezing the clock makes every turn start in the same one.
    const t = await DocTable.create(server.url, { rules: { variant: 'coinche' }, options: { turnTimerSeconds: 300 } });
    await t.host.send('start', {});
    await t.spectator.waitFor(() => t.spectator.state!.view?.deal?.turn != null, 3000, 'the first deal');
    const now = Date.now();
    const frozen = vi.spyOn(Date, 'now').mockReturnValue(now);
    try {
      const from = t.spectator.frames.length;
      await t.play({ random: rng(5), until: () => t.acted.length >= 6 });
      await t.settle();
      const steps = t.spectator.frames.slice(from).filter((f) => f.name === 'step').map((f) => f.frame as Step);
      expect(steps.length).toBeGreaterThanOrEqual(6);
      // the client checks every step (doc-client/checks.ts); each of these gave a human the turn
      const turns = steps.filter((x) => !x.events.some((e) => e.type === 'redeal' || e.type === 'dealScored'));
      expect(turns.map((x) => x.timers?.turnMsLeft)).toEqual(turns.map(() => 300 * 10));
    } finally {
      frozen.mockRestore();
    }
    expect(t.problems()).toEqual([]);
    t.close();
  });

  it('GRACE_MS: a disconnected player\'s turns are played by a bot (botPlaying) until the token comes back', async () => {
    const t = await DocTable.create(server.url);
    await t.host.send('start', {});
    const s = t.spectator;
    await s.waitFor(() => s.state!.view?.deal?.turn != null, 3000, 'the first deal');
    // the absent seat: whoever is not to speak first
    const absent = ((s.state!.view!.deal!.turn! + 1) % 4) as 0 | 1 | 2 | 3;
    t.seats[absent]!.close();
    await s.waitFor(() => s.state!.table.seats[absent].botPlaying, 3000, 'the bot playing for the absent');
    expect(s.state!.table.seats[absent].connected).toBe(false);
    // the others play; the bot answers for the absent seat
    const end = await t.play({ random: rng(9), until: (x) => x.view!.deal!.bids.some((b) => b.seat === absent) });
    expect(end.view!.deal!.bids.some((b) => b.seat === absent)).toBe(true);
    const back = await DocClient.connect(server.url, { protocolVersion: PROTOCOL, tableId: t.id, token: t.tokens[absent] }, { label: 'back' });
    await s.waitFor(() => !s.state!.table.seats[absent].botPlaying && s.state!.table.seats[absent].connected, 3000, 'the player back');
    t.extra.push(t.seats[absent]!);
    t.seats[absent] = back;
    await t.settle();
    await t.syncAll();
    expect(t.problems()).toEqual([]);
    t.close();
  });

  it('DEAL_PAUSE_MS: nobody continues, the next deal starts at the latest after the pause; a redeal waits min(3 s, DEAL_PAUSE_MS)', async () => {
    const t = await DocTable.create(server.url);
    await t.host.send('start', {});
    // a redeal: everyone passes twice
    const s = t.spectator;
    await s.waitFor(() => s.state!.view?.deal?.turn != null, 3000, 'the first deal');
    for (let i = 0; i < 8; i++) {
      await t.settle();
      const seat = s.state!.view!.deal!.turn!;
      expect((await t.seats[seat]!.send('action', { version: s.state!.version, action: { type: 'pass' } })).ok).toBe(true);
      await s.waitFor(() => s.state!.version === t.seats[seat]!.state!.version, 3000, 'the pass');
    }
    const redealAt = Date.now();
    expect(s.state!.view!.deal!.result!.outcome).toBe('redeal');
    expect(s.state!.timers.nextDeal).toBeNull();
    await s.waitFor(() => s.state!.view!.deal!.number === 1, 3000, 'the next deal');
    expect(Date.now() - redealAt).toBeGreaterThanOrEqual(300);
    // a played deal; then nobody sends ready
    await t.play({ random: rng(11), until: (x) => x.view!.deal!.phase === 'over' && x.view!.deal!.number === 1 });
    await s.waitFor(() => s.state!.timers.nextDeal !== null, 3000, 'the pause');
    expect(s.state!.timers.nextDeal!.msLeft).toBeLessThanOrEqual(400);
    const pausedAt = Date.now();
    await s.waitFor(() => s.state!.view!.deal!.number === 2, 3000, 'the deal after the pause');
    expect(Date.now() - pausedAt).toBeGreaterThanOrEqual(250);
    await s.waitFor(() => s.state!.timers.nextDeal === null, 1000, 'the pause ended (presence)');
    await t.settle();
    await t.syncAll();
    expect(t.problems()).toEqual([]);
    t.close();
  });

  it('when no player had to continue (bots only), the pause is min(3 s, DEAL_PAUSE_MS), not DEAL_PAUSE_MS', async () => {
    const slow = await docServer({ ...FAST, DEAL_PAUSE_MS: '10000' });
    try {
      const { id, hostKey } = await createTable(slow.url, { options: { fillWithBots: true, botLevel: 'easy' } });
      const host = await DocClient.connect(slow.url, { protocolVersion: PROTOCOL, tableId: id, hostKey }, { label: 'host' });
      await host.send('start', {});
      await host.waitFor(() => host.state!.view?.deal?.phase === 'over', 8000, 'the first deal scored');
      const over = Date.now();
      // (a redeal waits the same: §8)
      await host.waitFor(() => host.state!.view!.deal!.number === 1, 6000, 'the next deal');
      const waited = Date.now() - over;
      expect(waited).toBeGreaterThanOrEqual(2500);
      expect(waited).toBeLessThan(5000);
      expect(host.problems).toEqual([]);
      host.close();
    } finally {
      await slow.close();
    }
  });

  it('a table with no socket connected pauses: bots make no move until someone connects', async () => {
    const { id, hostKey } = await createTable(server.url, { options: { fillWithBots: true } });
    const host = await DocClient.connect(server.url, { protocolVersion: PROTOCOL, tableId: id, hostKey }, { label: 'host' });
    await host.send('start', {});
    await host.waitFor(() => (host.state!.view?.deal?.tricks.length ?? 0) >= 1, 5000, 'the bots playing');
    // A control table of bots on the same server, watched all along: while it ends two deals, the
    // empty table's bots, were they playing, would end the deal they are in (no time window that a
    // slow bug could outlast). The empty table is read over HTTP (no socket): its record, which
    // holds its finished deals, must not change meanwhile.
    const control = await createTable(server.url, { options: { fillWithBots: true } });
    const pacer = await DocClient.connect(server.url, { protocolVersion: PROTOCOL, tableId: control.id, hostKey: control.hostKey }, { label: 'pacer' });
    await pacer.send('start', {});
    const dealsEnded = () => pacer.frames.filter((f) => f.name === 'step' && (f.frame as Step).events.some((e) => e.type === 'dealScored' || e.type === 'redeal')).length;
    const record = async () => (await request(server.url, `/api/tables/${id}/record`)).text;
    const stillWhileControlPlays = async () => {
      await vi.waitFor(async () => expect((await summary(server.url, id)).spectators).toBe(0), { timeout: 10_000 }); // the server has seen the close
      const before = await record();
      const from = dealsEnded();
      await pacer.waitFor(() => dealsEnded() >= from + 2, 10_000, 'two deals ended at the control table');
      expect(await record()).toBe(before);
    };
    host.close();
    await stillWhileControlPlays();
    // someone connects: the bots go on
    const first = await DocClient.connect(server.url, { protocolVersion: PROTOCOL, tableId: id }, { label: 'watcher' });
    const seen = first.state!.version;
    await first.waitFor(() => first.state!.version > seen, 5000, 'the bots moving again');
    first.close();
    await stillWhileControlPlays();
    const second = await DocClient.connect(server.url, { protocolVersion: PROTOCOL, tableId: id }, { label: 'watcher 2' });
    const again = second.state!.version;
    await second.waitFor(() => second.state!.version > again, 5000, 'the bots moving again');
    expect([...first.problems, ...second.problems, ...pacer.problems]).toEqual([]);
    second.close();
    pacer.close();
  });

  it('while nobody is connected a turn\'s clock waits and starts full on the next connection; the grace keeps counting', async () => {
    // a 100-"second" turn is 1 s here (TURN_SECOND_MS 10); GRACE_MS is 300 ms
    const t = await DocTable.create(server.url, { options: { turnTimerSeconds: 100 } });
    await t.host.send('start', {});
    const s = t.spectator;
    await s.waitFor(() => s.state!.view?.deal?.turn != null && s.state!.timers.turnMsLeft !== null, 3000, 'the first turn');
    const turn = s.state!.view!.deal!.turn!;
    const version = s.state!.version;
    t.close();
    await vi.waitFor(
      async () => {
        const now = await summary(server.url, t.id);
        expect(now.spectators === 0 && now.seats.every((x) => !x.connected)).toBe(true);
      },
      { timeout: 10_000 },
    );
    await new Promise((r) => setTimeout(r, 1500)); // longer than the turn and the grace
    const back = await DocClient.connect(server.url, { protocolVersion: PROTOCOL, tableId: t.id, token: t.tokens[turn] }, { label: 'back' });
    const snap = back.state!;
    expect(snap.version).toBe(version); // no bot played the turn while nobody was there
    expect(snap.view!.deal!.turn).toBe(turn);
    expect(snap.timers.turnMsLeft).toBeGreaterThan(500); // full again, not run out
    // the other seats' grace ran out while nobody was connected
    for (const seat of [0, 1, 2, 3].filter((x) => x !== turn)) expect(snap.table.seats[seat]!.botPlaying).toBe(true);
    // and the clock runs from this connection: the turn is played for the player
    await back.waitFor(() => back.state!.version > version, 3000, 'the timer playing the turn');
    expect(back.problems).toEqual([]);
    back.close();
  });
});
