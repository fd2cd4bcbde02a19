/**
 * The every-frame leak audit. Given the final record of a game (decks revealed), for every frame
 * a viewer received — snapshots, steps (with their private part), presence frames, sync acks —
 * decide what that viewer may know at that moment (its own hand, the retourne in classic, the
 * cards played so far in the deal, combinations shown) and fail on any other card and on any secret string
 * (salt, token, host key). And the structural check: the client's folded view after every frame
 * is exactly `viewFor(truth, viewer)`.
 */
import type { TableRecord } from '@belote/protocol';
import { apply, cardOf, currentDeal, handOf, newGame, shownCombinations, startDeal, viewFor, type GameState, type Seat } from '@belote/rules';
import { expect } from 'vitest';
import type { TestClient } from './clients.js';

const CARD = /^(7|8|9|10|J|Q|K|A)[SHDC]$/;

function collectStrings(x: unknown, out: string[]): void {
  if (typeof x === 'string') out.push(x);
  else if (Array.isArray(x)) for (const v of x) collectStrings(v, out);
  else if (x && typeof x === 'object') for (const v of Object.values(x)) collectStrings(v, out);
}

/** The true game state of `record` at deal `deal` after `k` actions of that deal. */
function truthAt(record: TableRecord, deal: number, k: number): GameState {
  let s = newGame(record.rules);
  for (let i = 0; i <= deal; i++) {
    const d = record.deals[i]!;
    const started = startDeal(s, d.dealer, d.deck);
    if (!started.ok) throw new Error(started.error.message);
    s = started.state;
    const n = i === deal ? k : d.actions.length;
    for (const a of d.actions.slice(0, n)) {
      const r = apply(s, a);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
  }
  return s;
}

export interface LeakStats {
  frames: number;
  cardsChecked: number;
  viewsChecked: number;
}

/**
 * Check every frame one client received (`viewer` its seat throughout, or 'spectator'), up to
 * the end of the game of `record`. `secrets`: strings that must never appear.
 */
export function checkFrames(client: TestClient, viewer: Seat | 'spectator', record: TableRecord, secrets: readonly string[]): LeakStats {
  let cardsChecked = 0;
  let viewsChecked = 0;
  const cache = new Map<string, GameState>();
  expect(client.raw.length).toBe(client.frames.length);
  expect(client.orderErrors, `${viewer}: frames out of order`).toEqual([]);
  for (const [i, f] of client.frames.entries()) {
    const raw = client.raw[i]!.frame;
    const all: string[] = [];
    collectStrings(raw, all);
    for (const s of secrets) expect(all, `secret leaked to ${viewer}`).not.toContain(s);
    const cards = all.filter((s) => CARD.test(s));
    const d = f.view?.deal;
    if (!f.view || !d) {
      expect(cards, `cards before any deal (${client.raw[i]!.name})`).toEqual([]);
      continue;
    }
    expect(f.view.viewer).toBe(viewer);
    const k = d.bids.length + (d.auction?.calls.length ?? 0) + d.tricks.length * 4 + d.trick.cards.length;
    const key = `${d.number}:${k}`;
    let truth = cache.get(key);
    if (!truth) cache.set(key, (truth = truthAt(record, d.number, k)));
    // Structural: the folded view is exactly what the server's redaction gives this viewer now.
    expect(f.view, `${viewer}: view after frame ${i} (${client.raw[i]!.name}) in deal ${d.number} after ${k} actions`).toEqual(viewFor(truth, viewer));
    viewsChecked++;
    const deal = currentDeal(truth)!;
    // The retourne is public in classic; a coinche deal has none (all 32 cards are dealt).
    const allowed = new Set<string>(deal.auction ? [] : [deal.deck[20]!]);
    for (const t of deal.tricks) for (const c of t.cards) allowed.add(cardOf(c));
    for (const c of deal.trick.cards) allowed.add(cardOf(c));
    if (viewer !== 'spectator') for (const c of handOf(deal, viewer)) allowed.add(c);
    if (deal.announcements && deal.announcementsShown)
      for (const sc of shownCombinations(deal.announcements)) for (const c of sc.combination.cards) allowed.add(c);
    // Every card in the raw frame must be known to this viewer now.
    for (const s of cards) {
      cardsChecked++;
      expect(allowed.has(s), `${viewer} saw ${s} in deal ${d.number} after ${k} actions (${client.raw[i]!.name})`).toBe(true);
    }
  }
  return { frames: client.frames.length, cardsChecked, viewsChecked };
}
