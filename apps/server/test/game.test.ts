/**
 * End to end: four clients and a spectator play whole games against a real server; every
 * frame is checked for leaks, the record replays to the same scores and its commitments hold.
 */
import { createHash } from 'node:crypto';
import type { TableRecord, UpdateMessage } from '@belote/protocol';
import { commitmentFor, replayRecord, type Seat } from '@belote/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.js';
import { autoPlay, seatedTable, testServer, TestClient } from './clients.js';
import { checkFrames } from './leak-check.js';

let server: RunningServer;
beforeAll(async () => {
  server = await testServer({ rateLimitEvents: 10_000 });
});
afterAll(async () => {
  await server.close();
});

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const over = (u: UpdateMessage) => u.table.status === 'finished';

async function playWholeGame(rules: Record<string, unknown>, seed: string) {
  const { table, host, players, tokens } = await seatedTable(server, { rules });
  const spectator = await TestClient.connect(server, { tableId: table.id });
  const stops = players.map((p, i) => autoPlay(p, `${seed}-${i}`));
  expect(await host.emit('start', {})).toEqual({ ok: true });
  const final = await spectator.next(over, 30_000);
  for (const p of players) await p.next(over);
  stops.forEach((s) => s());
  const record = (await (await fetch(`${server.url}/api/tables/${table.id}/record`)).json()) as TableRecord;
  return { table, host, players, tokens, spectator, final, record };
}

describe('a whole game', () => {
  it('is played to the target by four clients, with no leak in any frame', async () => {
    const g = await playWholeGame({ target: 301 }, 'game-a');
    expect(g.final.view!.winner).not.toBeNull();
    expect(Math.max(...g.final.view!.totals)).toBeGreaterThanOrEqual(301);
    // The record replays to the same totals and winner, and every commitment matches its deck.
    const replay = replayRecord(g.record, (deck, salt, c) => sha256(commitmentFor(deck, salt)) === c);
    expect(replay.result.error).toBeNull();
    expect(replay.result.deals.at(-1)!.totals).toEqual(g.final.view!.totals);
    expect(g.record.deals.length).toBe(g.final.view!.history.length);
    for (const d of g.record.deals) {
      expect(d.salt).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(d.commitment).toBe(sha256(commitmentFor(d.deck, d.salt!)));
    }
    expect(g.record.players).toEqual(['Ann', 'Bob', 'Cid', 'Dee']);
    // Each deal's commitment was published while it ran.
    const published = new Map<number, string>();
    for (const f of g.spectator.frames) if (f.table.commitment) published.set(f.table.commitment.deal, f.table.commitment.hash);
    g.record.deals.forEach((d, i) => expect(published.get(i)).toBe(d.commitment));
    // Leaks: every frame of every seat and of the spectator.
    const secrets = [...g.tokens, g.table.hostKey, ...g.record.deals.map((d) => d.salt!)];
    let cards = 0;
    for (const [i, p] of g.players.entries()) {
      expect(p.schemaErrors).toEqual([]);
      cards += checkFrames(p.frames, i as Seat, g.record, secrets).cardsChecked;
    }
    const s = checkFrames(g.spectator.frames, 'spectator', g.record, secrets);
    expect(g.spectator.schemaErrors).toEqual([]);
    expect(s.frames).toBeGreaterThan(40);
    expect(cards).toBeGreaterThan(1000);
    // Versions never go back and seq grows by one per broadcast on a connection.
    for (const c of [...g.players, g.spectator]) {
      for (let i = 1; i < c.frames.length; i++) {
        expect(c.frames[i]!.seq).toBeGreaterThan(c.frames[i - 1]!.seq);
        expect(c.frames[i]!.version).toBeGreaterThanOrEqual(c.frames[i - 1]!.version);
      }
    }
    // Events arrive: every card of every finished deal was announced as cardPlayed to the spectator.
    const played = g.spectator.frames.flatMap((f) => f.events.filter((e) => e.type === 'cardPlayed'));
    const recorded = g.record.deals.flatMap((d) => d.actions.filter((a) => a.type === 'play'));
    expect(played.length).toBe(recorded.length);
    // Rematch: same seats, a new game; the previous record stays downloadable.
    expect((await g.players[0]!.emit('rematch', {})).ok).toBe(false);
    expect(await g.host.emit('rematch', {})).toEqual({ ok: true });
    const again = await g.spectator.next((u) => u.table.status === 'playing' && u.table.games === 2 && u.view?.deal?.number === 0);
    expect(again.view!.totals).toEqual([0, 0]);
    const first = (await (await fetch(`${server.url}/api/tables/${g.table.id}/record?game=0`)).json()) as TableRecord;
    expect(first.deals).toEqual(g.record.deals);
    for (const c of [...g.players, g.spectator, g.host]) c.close();
  });

  it('is leak-free with announcements on as well (combinations shown)', async () => {
    const g = await playWholeGame({ target: 301, announcements: true, tie: 'dedans' }, 'game-b');
    const secrets = [...g.tokens, g.table.hostKey, ...g.record.deals.map((d) => d.salt!)];
    for (const [i, p] of g.players.entries()) checkFrames(p.frames, i as Seat, g.record, secrets);
    checkFrames(g.spectator.frames, 'spectator', g.record, secrets);
    for (const c of [...g.players, g.spectator, g.host]) c.close();
  });
});
