/**
 * Faults a table must survive: every client dropping at once and coming back with its token
 * (each seat gets its own view back and the game still ends, with the scores its record
 * replays to), and a client that stops reading while flooding the server with `sync` requests
 * (it is cut off once its backlog passes the limit; its table keeps playing and server memory
 * stays bounded).
 */
import { createHash } from 'node:crypto';
import { PROTOCOL_VERSION, type TableRecord } from '@belote/protocol';
import { commitmentPreimage, replayRecord, type Seat } from '@belote/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.js';
import { autoPlay, seatedTable, sleep, testServer, TestClient } from './clients.js';
import { RawSocketIo } from './fault-raw-ws.js';

let server: RunningServer;
beforeAll(async () => {
  server = await testServer({ rateLimitEvents: 1_000_000 });
});
afterAll(async () => {
  await server.close();
});

async function until(cond: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await sleep(10);
  }
}

describe('all clients drop at once', () => {
  it('gives every seat its view back and the game ends with the scores its record replays to', { timeout: 60_000 }, async () => {
    const t = await seatedTable(server, { rules: { target: 301 } });
    const room = server.registry.get(t.table.id)!;
    expect(await t.host.emit('start', {})).toEqual({ ok: true });
    let players = t.players;
    let host = t.host;
    let stops = players.map((p, i) => autoPlay(p, `drop-${i}`));
    let drops = 0;
    for (const atVersion of [25, 60, 110]) {
      await host.next((u) => u.version >= atVersion || u.table.status === 'finished', 20_000);
      if (host.last.table.status === 'finished') break;
      // everyone drops in the same tick
      stops.forEach((s) => s());
      for (const c of [host, ...players]) c.close();
      await until(() => room.empty, 5000, 'the server to see every socket gone');
      await room.idle();
      const version = room.state.version;
      // and everyone comes back at once, with their tokens and the host key
      const back = await Promise.all([
        TestClient.connect(server, { tableId: t.table.id, hostKey: t.table.hostKey }),
        ...t.tokens.map((token) => TestClient.connect(server, { tableId: t.table.id, token })),
      ]);
      host = back[0]!;
      players = back.slice(1);
      // An automatic step (the next deal after a summary) may land meanwhile: nothing is lost,
      // and every seat reaches the table's version from its snapshot and the steps after it.
      await room.idle();
      const now = room.state.version;
      expect(now).toBeGreaterThanOrEqual(version);
      expect(now).toBeLessThanOrEqual(version + 1);
      const views = await Promise.all(players.map((p) => p.next((x) => x.version === now && x.table.seats.every((s) => s.connected), 5000)));
      views.forEach((u, seat) => {
        expect(u.you).toEqual({ role: 'player', seat, isHost: false });
        const d = u.view!.deal!;
        if (d.phase !== 'over') expect(d.hand!.length).toBe(d.handCounts[seat as Seat]);
      });
      stops = players.map((p, i) => autoPlay(p, `drop-${atVersion}-${i}`));
      drops++;
    }
    expect(drops).toBeGreaterThanOrEqual(2);
    const end = await host.next((u) => u.table.status === 'finished', 40_000);
    stops.forEach((s) => s());
    const record = (await (await fetch(`${server.url}/api/tables/${t.table.id}/record`)).json()) as TableRecord;
    const replay = replayRecord(record, (deck, salt, c) => createHash('sha256').update(commitmentPreimage(deck, salt), 'utf8').digest('hex') === c);
    expect(replay.result.error).toBeNull();
    expect(replay.result.winner).toBe(end.view!.winner);
    expect([...replay.state.totals]).toEqual(end.view!.totals);
    for (const c of [host, ...players]) c.close();
  });
});

describe('a client that stops reading', () => {
  it('is cut off; its table plays on and server memory stays bounded', { timeout: 60_000 }, async () => {
    const t = await seatedTable(server, { rules: { target: 301 } });
    expect(await t.host.emit('start', {})).toEqual({ ok: true });
    const raw = await RawSocketIo.open(server.port, { protocolVersion: PROTOCOL_VERSION, tableId: t.table.id });
    await t.host.next((u) => u.table.spectators === 2);
    raw.pause();
    const heapBefore = process.memoryUsage().heapUsed;
    // each sync (with an ack id) asks for a snapshot (~2-3 KB) to this socket alone: 20,000 of them ≈ 50 MB it never reads
    const stops = t.players.map((p, i) => autoPlay(p, `slow-${i}`));
    let peak = 0;
    for (let i = 0; i < 20_000; i++) {
      raw.send(`42${i}["sync",{}]`);
      if (i % 1000 === 999) {
        await sleep(20); // pacing, not a wait for a condition: the server reads and answers meanwhile, then the heap is sampled
        peak = Math.max(peak, process.memoryUsage().heapUsed - heapBefore);
      }
    }
    // the server drops it (the others see one spectator fewer) while the game goes on to its end
    await t.host.next((u) => u.table.spectators === 1, 20_000);
    const end = await t.host.next((u) => u.table.status === 'finished', 40_000);
    stops.forEach((s) => s());
    expect(end.view!.winner).not.toBeNull();
    console.log(`slow consumer: heap grew at most ${(peak / 1024 / 1024).toFixed(1)} MB during the flood`);
    expect(peak).toBeLessThan(40 * 1024 * 1024);
    raw.destroy();
    for (const c of [t.host, ...t.players]) c.close();
  });
});
