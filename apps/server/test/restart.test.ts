/**
 * Restart recovery with real process kills: the server (main.ts on a SQLite data directory)
 * is SIGKILLed with an action in flight, right after an ack, and while the next deal's start
 * is pending; each time it is restarted on the same directory and the four players reconnect
 * with their seat tokens. No acknowledged action may be lost, views continue unchanged, and
 * the downloaded record replays to the same scores with every deal's commitment honoured.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROTOCOL_VERSION, type TableRecord } from '@belote/protocol';
import { commitmentPreimage, replayRecord } from '@belote/rules';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createTable, TestClient } from './clients.js';
import { GameDriver, isSubsequence, recordActions, spawnServer, type ServerProcess } from './restart-harness.js';

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function fetchRecord(url: string, tableId: string): Promise<TableRecord> {
  const r = await fetch(`${url}/api/tables/${tableId}/record`);
  expect(r.status).toBe(200);
  return (await r.json()) as TableRecord;
}

describe('restart recovery (real server process, SIGKILL)', () => {
  it('finishes the game after three kills with no acknowledged action lost', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'belote-restart-'));
    // A pause between deals, so that a kill right after a deal's last card leaves the next deal pending.
    const env = { DEAL_PAUSE_MS: '400' };
    let proc: ServerProcess = await spawnServer(dataDir, 0, env);
    cleanup.push(async () => {
      await proc.stop('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });
    const restartMs: number[] = [];

    const table = await createTable(proc, { rules: { target: 301 } });
    const host = await TestClient.connect(proc, { tableId: table.id, hostKey: table.hostKey });
    const tokens: string[] = [];
    const players: TestClient[] = [];
    for (const [seat, name] of ['Ann', 'Bob', 'Cid', 'Dee'].entries()) {
      const c = await TestClient.connect(proc, { tableId: table.id });
      const a = await c.emit('sit', { seat, name });
      if (!a.ok) throw new Error(a.error.message);
      tokens.push(a.token as string);
      players.push(c);
    }
    expect((await host.emit('start', {})).ok).toBe(true);
    host.close();
    const driver = new GameDriver(players, 'restart');
    cleanup.push(() => driver.close());

    /** SIGKILL, restart on the same directory, reconnect the four seats with their tokens. */
    const crashAndRestart = async () => {
      expect((await proc.stop('SIGKILL')).signal).toBe('SIGKILL');
      driver.close();
      proc = await spawnServer(dataDir, 0, env);
      restartMs.push(proc.startMs);
      expect(proc.logs.find((l) => l.msg === 'tables restored')).toMatchObject({ restored: 1, skipped: 0 });
      const again = await Promise.all(tokens.map((token) => TestClient.connect(proc, { tableId: table.id, token })));
      again.forEach((c, seat) => expect(c.last.you.seat).toBe(seat));
      driver.replace(again);
      return again;
    };

    // 1. Mid-deal, with an action sent but not yet acknowledged.
    let turn = await driver.playWhile(() => driver.acked.length >= 10);
    const lastAcked = driver.lastVersion;
    const inFlight = driver.send(turn!);
    let now = await crashAndRestart();
    const ackedInFlight = (await inFlight).ok;
    const resumed = now[0]!.last.version;
    // The acknowledged state is there; the unacknowledged action may or may not have been written.
    expect(resumed === lastAcked || resumed === lastAcked + 1).toBe(true);
    if (ackedInFlight) expect(resumed).toBe(lastAcked + 1);

    // 2. Right after the ack of a deal's last card: the next deal's start is pending.
    let dealNumber = -1;
    for (;;) {
      const t = await driver.turn();
      expect(t).not.toBeNull();
      const a = await driver.send(t!);
      expect(a.ok).toBe(true);
      const after = driver.players[t!.seat]!.last;
      if (after.version === driver.lastVersion && after.view!.deal!.phase === 'over') {
        dealNumber = after.view!.deal!.number;
        break;
      }
    }
    const pausedAt = driver.lastVersion;
    now = await crashAndRestart();
    expect(now[0]!.last.version).toBe(pausedAt);
    expect(now[0]!.last.view!.deal!.phase).toBe('over');
    // Nobody clicks: the pending deal start resumes after the pause.
    const next = await now[0]!.next((u) => u.view?.deal?.number === dealNumber + 1, 10_000);
    expect(next.view!.deal!.phase).toBe('bidding');
    expect(next.table.commitment?.deal).toBe(dealNumber + 1);

    // 3. In the card play, right after an ack: everyone continues exactly where they were.
    const played = driver.acked.length;
    turn = await driver.playWhile((t) => t.update.view!.deal!.phase === 'play' && driver.acked.length >= played + 6);
    if (turn) {
      const v = turn.update.version;
      const before = await Promise.all(driver.players.map((p) => p.next((u) => u.version >= v)));
      now = await crashAndRestart();
      now.forEach((c, seat) => {
        expect(c.last.version).toBe(v);
        expect(c.last.view).toEqual(before[seat]!.view);
      });
    }

    // Play to the end.
    expect(await driver.playWhile(() => false)).toBeNull();
    const final = driver.players[0]!.last.view!;
    expect(final.winner).not.toBeNull();

    const record = await fetchRecord(proc.url, table.id);
    const inRecord = recordActions(record);
    const acked = driver.acked.map((a) => a.key);
    expect(isSubsequence(acked, inRecord)).toBe(true);
    expect(inRecord.length - acked.length).toBe(ackedInFlight ? 0 : resumed - lastAcked);

    // The record replays to the scores the players saw, and every commitment matches its deck.
    const replay = replayRecord(record, (deck, salt, c) => sha256(commitmentPreimage(deck, salt)) === c).result;
    expect(replay.error).toBeNull();
    expect(replay.winner).toBe(final.winner);
    expect(replay.deals.at(-1)!.totals).toEqual(final.totals);
    record.deals.forEach((d, i) => {
      expect(d.commitment).toBe(sha256(commitmentPreimage(d.deck, d.salt as string)));
      if (driver.commitments.has(i)) expect(driver.commitments.get(i)).toBe(d.commitment);
    });
    expect(driver.commitments.size).toBe(record.deals.length);
    console.info(`restart: server ready ${restartMs.join(', ')} ms after spawn; ${record.deals.length} deals, ${inRecord.length} actions`);
  });

  it('resumes bot moves and turn timers after a kill, once someone reconnects', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'belote-restart-'));
    // Bots think 20 ms; a 5-"second" turn timer lasts 50 ms.
    const env = { BOT_DELAY_MS: '20', TURN_SECOND_MS: '10' };
    let proc: ServerProcess = await spawnServer(dataDir, 0, env);
    cleanup.push(async () => {
      await proc.stop('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });
    const table = await createTable(proc, { rules: { target: 301 }, options: { fillWithBots: true, botLevel: 'easy', turnTimerSeconds: 5 } });
    // One human who never plays: the timer plays each of their turns; bots play the others.
    const human = await TestClient.connect(proc, { tableId: table.id, hostKey: table.hostKey });
    const sat = await human.emit('sit', { seat: 0, name: 'Idle' });
    if (!sat.ok) throw new Error(sat.error.message);
    expect((await human.emit('start', {})).ok).toBe(true);
    const mid = await human.next((u) => u.version >= 40 && u.view?.deal?.phase === 'play', 30_000);
    expect(mid.view!.winner).toBeNull();
    await proc.stop('SIGKILL');
    human.close();

    proc = await spawnServer(dataDir, 0, env);
    const back = await TestClient.connect(proc, { tableId: table.id, token: sat.token as string, hostKey: table.hostKey });
    expect(back.last.you.seat).toBe(0);
    expect(back.last.version).toBeGreaterThanOrEqual(mid.version);
    const end = await back.next((u) => u.table.status === 'finished', 60_000);
    cleanup.push(() => back.close());
    const record = await fetchRecord(proc.url, table.id);
    const replay = replayRecord(record, (deck, salt, c) => sha256(commitmentPreimage(deck, salt)) === c).result;
    expect(replay.error).toBeNull();
    expect(replay.winner).toBe(end.view!.winner);
    expect(replay.deals.at(-1)!.totals).toEqual(end.view!.totals);
    // Seat 0 never sent an action: all of its moves came from the timer, before and after the kill.
    expect(record.deals.flatMap((d) => d.actions).filter((a) => a.seat === 0).length).toBeGreaterThan(8);
  });

  it('a killed process\'s connections close: transport close over WebSocket, transport error over polling; both reconnect by themselves (PROTOCOL.md §3)', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'belote-restart-'));
    let proc: ServerProcess = await spawnServer(dataDir);
    cleanup.push(async () => {
      await proc.stop('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });
    const port = new URL(proc.url).port;
    const table = await createTable(proc);
    const sockets = (['websocket', 'polling'] as const).map((transport) =>
      io(proc.url, { query: { table: table.id }, auth: { protocolVersion: PROTOCOL_VERSION, tableId: table.id }, transports: [transport], reconnectionDelay: 100, reconnectionDelayMax: 200, forceNew: true }),
    );
    cleanup.push(() => sockets.forEach((s) => s.close()));
    const snapshots = () => Promise.all(sockets.map((s) => new Promise((resolve) => s.once('snapshot', resolve))));
    await snapshots();
    const reasons = Promise.all(sockets.map((s) => new Promise<string>((resolve) => s.once('disconnect', resolve))));
    await proc.stop('SIGKILL');
    expect(await reasons).toEqual(['transport close', 'transport error']);
    const back = snapshots();
    proc = await spawnServer(dataDir, Number(port));
    await back;
  });
});
