/**
 * End to end: four clients and a spectator play whole games against a real server; every
 * frame is checked for leaks, the record replays to the same scores and its commitments hold.
 */
import { createHash } from 'node:crypto';
import type { TableRecord } from '@belote/protocol';
import { ALL_CARDS, commitmentPreimage, replayRecord, type Seat } from '@belote/rules';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/server.js';
import type * as Secrets from '../src/tables/secrets.js';
import { autoPlay, seatedTable, testServer, TestClient, type TestUpdate } from './clients.js';
import { checkFrames } from './leak-check.js';

// Decks come from node:crypto, except where a test asks for the new-deck order (suit by suit,
// 7 to ace): dealt three by three, three seats then hold a tierce in every deal.
const decks = vi.hoisted(() => ({ ordered: false }));
vi.mock('../src/tables/secrets.js', async (importOriginal) => {
  const real = await importOriginal<typeof Secrets>();
  return { ...real, newDealSecrets: () => real.newDealSecrets(decks.ordered ? [...ALL_CARDS] : undefined) };
});

let server: RunningServer;
beforeAll(async () => {
  server = await testServer({ rateLimitEvents: 10_000 });
});
afterAll(async () => {
  await server.close();
});

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const over = (u: TestUpdate) => u.table.status === 'finished';

async function playWholeGame(rules: Record<string, unknown>, seed: string) {
  const { table, host, players, tokens } = await seatedTable(server, { rules });
  const spectator = await TestClient.connect(server, { tableId: table.id });
  const stops = players.map((p, i) => autoPlay(p, `${seed}-${i}`));
  expect(await host.emit('start', {})).toEqual({ ok: true });
  const final = await spectator.next(over, 40_000);
  for (const p of players) await p.next(over);
  stops.forEach((s) => s());
  const record = (await (await fetch(`${server.url}/api/tables/${table.id}/record`)).json()) as TableRecord;
  return { table, host, players, tokens, spectator, final, record };
}

describe('a whole game', () => {
  it('is played to the target by four clients, with no leak in any frame', { timeout: 60_000 }, async () => {
    const g = await playWholeGame({ target: 301 }, 'game-a');
    expect(g.final.view!.winner).not.toBeNull();
    expect(Math.max(...g.final.view!.totals)).toBeGreaterThanOrEqual(301);
    // The record replays to the same totals and winner, and every commitment matches its deck.
    const replay = replayRecord(g.record, (deck, salt, c) => sha256(commitmentPreimage(deck, salt)) === c);
    expect(replay.result.error).toBeNull();
    expect(replay.result.deals.at(-1)!.totals).toEqual(g.final.view!.totals);
    expect(g.record.deals.length).toBe(g.final.view!.history.length);
    for (const d of g.record.deals) {
      expect(d.salt).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(d.commitment).toBe(sha256(commitmentPreimage(d.deck, d.salt!)));
    }
    expect(g.record.players).toEqual(['Ann', 'Bob', 'Cid', 'Dee']);
    // Each deal's commitment was published while it ran.
    const published = new Map<number, string>();
    for (const f of g.spectator.frames) if (f.table.commitment) published.set(f.table.commitment.deal, f.table.commitment.hash);
    // …before the deal's first bid: in the step that dealt it.
    for (const f of g.spectator.frames)
      for (const e of f.events) if (e.type === 'dealStarted') expect(f.events.findIndex((x) => x.type === 'dealCommitted')).toBe(f.events.indexOf(e) - 1);
    g.record.deals.forEach((d, i) => expect(published.get(i)).toBe(d.commitment));
    // Leaks: every frame of every seat and of the spectator; each folded view is exactly viewFor.
    const secrets = [...g.tokens, g.table.hostKey, ...g.record.deals.map((d) => d.salt!)];
    let cards = 0;
    let views = 0;
    for (const [i, p] of g.players.entries()) {
      expect(p.schemaErrors).toEqual([]);
      const r = checkFrames(p, i as Seat, g.record, secrets);
      cards += r.cardsChecked;
      views += r.viewsChecked;
    }
    const s = checkFrames(g.spectator, 'spectator', g.record, secrets);
    expect(g.spectator.schemaErrors).toEqual([]);
    expect(s.frames).toBeGreaterThan(40);
    expect(cards).toBeGreaterThan(500);
    expect(views + s.viewsChecked).toBeGreaterThan(250);
    // The seats' own cards came only in their own copies of the dealing steps.
    for (const [i, p] of g.players.entries()) {
      const dealt = p.raw.filter((r) => r.name === 'step' && (r.frame as { private?: unknown }).private !== undefined);
      expect(dealt.length, `seat ${i}`).toBe(g.record.deals.length + g.record.deals.filter((d) => d.actions.some((a) => a.type === 'take')).length);
    }
    expect(g.spectator.raw.some((r) => (r.frame as { private?: unknown }).private !== undefined)).toBe(false);
    // Folding every frame ends exactly where a fresh snapshot is.
    for (const c of [...g.players, g.spectator]) {
      const folded = c.last;
      const { snapshot } = (await c.emit('sync', {})) as unknown as { snapshot: TestUpdate };
      expect({ ...folded, events: undefined, kind: undefined, timers: undefined }).toEqual({ ...snapshot, events: undefined, kind: undefined, timers: undefined });
    }
    // Small frames: the room frames average well under 300 bytes.
    const steps = g.spectator.raw.filter((r) => r.name !== 'snapshot' && r.name !== 'syncAck').map((r) => JSON.stringify(r.frame).length);
    expect(steps.reduce((a, b) => a + b, 0) / steps.length).toBeLessThan(300);
    // Versions never go back; seq grows by one with every step and presence frame (a snapshot repeats the current one).
    for (const c of [...g.players, g.spectator]) {
      expect(c.orderErrors).toEqual([]);
      for (let i = 1; i < c.frames.length; i++) {
        expect(c.frames[i]!.seq).toBe(c.frames[i - 1]!.seq + (c.frames[i]!.kind === 'snapshot' ? 0 : 1));
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

  it('is leak-free with announcements on as well (combinations shown)', { timeout: 60_000 }, async () => {
    // Every deal holds combinations (random decks once showed none in a whole game); the leak
    // audit below is the same as with random decks: every frame against the record's hands.
    decks.ordered = true;
    const g = await playWholeGame({ target: 1000, announcements: true, tie: 'dedans' }, 'game-b').finally(() => (decks.ordered = false));
    expect(g.record.deals.every((d) => d.deck.join(' ') === ALL_CARDS.join(' '))).toBe(true);
    const secrets = [...g.tokens, g.table.hostKey, ...g.record.deals.map((d) => d.salt!)];
    for (const [i, p] of g.players.entries()) checkFrames(p, i as Seat, g.record, secrets);
    checkFrames(g.spectator, 'spectator', g.record, secrets);
    // Combinations were shown to everyone (a seat's declared kinds, then the winning team's cards).
    const shown = g.spectator.frames.flatMap((f) => f.events.filter((e) => e.type === 'announcementsShown'));
    expect(shown.some((e) => e.type === 'announcementsShown' && e.combinations.length > 0)).toBe(true);
    expect(g.spectator.frames.some((f) => (f.view?.deal?.shown?.combinations.length ?? 0) > 0)).toBe(true);
    for (const c of [...g.players, g.spectator, g.host]) c.close();
  });
});
