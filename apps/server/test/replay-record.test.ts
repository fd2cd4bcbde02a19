/**
 * What a replay can read while a game is played (issue 13: only finished deals can be replayed;
 * nothing of a running deal is ever revealed). The replay page `/t/:id/replay` is the static web
 * app, and everything it shows comes from `GET /api/tables/:id/record[?game=N]`. Whole games
 * (classic with announcements, and coinche) are played one action at a time; after every action
 * the record served holds exactly the deals finished so far, identical to the final record's, and
 * nothing of the deal being played: not its deck, not its salt, not one of its actions.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GameAction, TableRecord } from '@belote/protocol';
import { seededRng, type Rng } from '@belote/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.js';
import { seatedTable, settled, testServer, type TestClient, type TestUpdate } from './clients.js';

let server: RunningServer;
let web: string;
beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'belote-replay-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Belote</title><div id="app"></div>');
  server = await testServer({ rateLimitEvents: 100_000, webDist: web });
});
afterAll(async () => {
  await server.close();
  rmSync(web, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${server.url}${path}`);

/** One legal action for the seat on turn, from its own view (seeded). */
function actionFor(u: TestUpdate, rng: Rng): GameAction {
  const d = u.view!.deal!;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
  if (d.phase === 'play') return { type: 'play', card: pick(d.legal) };
  if (d.auction) {
    const legal = d.auction.legal;
    if (legal.coinche && rng() < 0.2) return { type: 'coinche' };
    if (legal.bids.length && rng() < 0.35) return { type: 'bid', value: legal.bids[0]!, suit: pick(['S', 'H', 'D', 'C'] as const) };
    return { type: 'pass' };
  }
  if (rng() < 0.6) return { type: 'pass' };
  return d.round === 1 ? { type: 'take' } : { type: 'take', suit: pick((['S', 'H', 'D', 'C'] as const).filter((s) => !d.retourne!.endsWith(s))) };
}

interface Seen {
  /** Deals finished when the record was read. */
  finished: number;
  /** A deal was being played (dealt, not over) at that moment. */
  running: boolean;
  record: TableRecord;
  text: string;
}

/** Play a whole game action by action, reading the record the replay reads after each one. */
async function playReadingRecords(rules: Record<string, unknown>, seed: string): Promise<{ seen: Seen[]; final: TableRecord; tableId: string }> {
  const { table, host, players } = await seatedTable(server, { rules });
  const rng = seededRng(seed);
  const all: TestClient[] = [host, ...players];
  expect(await host.emit('start', {})).toEqual({ ok: true });
  const seen: Seen[] = [];
  for (let n = 0; n < 5000; n++) {
    await settled(server, table.id, all);
    const u = host.last;
    const [latest, first] = await Promise.all([get(`/api/tables/${table.id}/record`), get(`/api/tables/${table.id}/record?game=0`)]);
    const text = await latest.text();
    expect(await first.text()).toBe(text);
    const deal = u.view?.deal;
    seen.push({ finished: u.view!.history.length, running: !!deal && deal.phase !== 'over', record: JSON.parse(text) as TableRecord, text });
    if (u.table.status === 'finished') break;
    const seat = deal?.turn;
    if (seat === null || seat === undefined || deal!.phase === 'over') continue;
    const p = players[seat]!;
    const mine = await p.next((x) => x.version === u.version);
    const ack = await p.emit('action', { version: u.version, action: actionFor(mine, rng) });
    expect(ack.ok, JSON.stringify(ack)).toBe(true);
  }
  for (const c of all) c.close();
  const final = (await (await get(`/api/tables/${table.id}/record`)).json()) as TableRecord;
  return { seen, final, tableId: table.id };
}

function expectOnlyFinished({ seen, final }: { seen: Seen[]; final: TableRecord }): void {
  expect(final.deals.length).toBeGreaterThanOrEqual(2);
  expect(seen.filter((s) => s.running).length).toBeGreaterThan(final.deals.length * 8);
  for (const s of seen) {
    // Exactly the deals finished so far, as the final record has them (dealer, deck, actions, salt).
    expect(s.record.deals).toEqual(final.deals.slice(0, s.finished));
    if (!s.running) continue;
    // Nothing of the running deal: its salt and its deck order appear nowhere in what was served.
    const running = final.deals[s.finished]!;
    expect(s.text).not.toContain(running.salt as string);
    expect(s.text).not.toContain(JSON.stringify(running.deck));
  }
}

describe('the record a replay reads during a game', () => {
  it('holds only the finished deals after every action of a classic game with announcements', { timeout: 120_000 }, async () => {
    const g = await playReadingRecords({ target: 501, announcements: true }, 'replay-classic');
    expectOnlyFinished(g);
  });

  it('holds only the finished deals after every call and card of a coinche game', { timeout: 120_000 }, async () => {
    const g = await playReadingRecords({ variant: 'coinche', target: 1000 }, 'replay-coinche');
    expect(g.final.rules.variant).toBe('coinche');
    expectOnlyFinished(g);
  });

  it('serves the replay page as the bare web app, the same for every table and game', async () => {
    const { table, host, players } = await seatedTable(server, {});
    expect(await host.emit('start', {})).toEqual({ ok: true });
    const shell = await (await get('/')).text();
    for (const path of [`/t/${table.id}/replay`, `/t/${table.id}/replay?game=0&deal=1`, '/replay']) {
      const r = await get(path);
      expect(r.status).toBe(200);
      expect(await r.text()).toBe(shell);
    }
    // No game after the one being played; the first game, mid-deal, has no deal in it yet.
    expect((await get(`/api/tables/${table.id}/record?game=1`)).status).toBe(404);
    expect(((await (await get(`/api/tables/${table.id}/record?game=0`)).json()) as TableRecord).deals).toEqual([]);
    for (const c of [host, ...players]) c.close();
  });
});
