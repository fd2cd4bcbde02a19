/**
 * Leak checker: given the final record of a game (decks revealed), decide for every frame a
 * viewer received what that viewer may know at that moment — its own hand, the retourne, the
 * cards played so far in the deal, combinations shown — and fail on any other card, on any
 * secret string (salt, token, host key) and on a history that differs from the truth.
 */
import type { TableRecord, UpdateMessage } from '@belote/protocol';
import { apply, cardOf, currentDeal, handOf, newGame, shownCombinations, startDeal, type GameState, type Seat } from '@belote/rules';
import { expect } from 'vitest';

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
}

/** Check every frame one viewer received. `secrets`: strings that must never appear. */
export function checkFrames(frames: readonly UpdateMessage[], viewer: Seat | 'spectator', record: TableRecord, secrets: readonly string[]): LeakStats {
  let cardsChecked = 0;
  const cache = new Map<string, GameState>();
  for (const f of frames) {
    const all: string[] = [];
    collectStrings(f, all);
    for (const s of secrets) expect(all, `secret leaked to ${viewer}`).not.toContain(s);
    if (!f.view) {
      expect(all.filter((s) => CARD.test(s)), 'cards before any game').toEqual([]);
      continue;
    }
    expect(f.view.viewer).toBe(viewer);
    const d = f.view.deal;
    if (!d) continue;
    const k = d.bids.length + d.tricks.length * 4 + d.trick.cards.length;
    const key = `${d.number}:${k}`;
    let truth = cache.get(key);
    if (!truth) cache.set(key, (truth = truthAt(record, d.number, k)));
    const deal = currentDeal(truth)!;
    // History: exactly the true results, nothing else.
    expect(f.view.history).toEqual(truth.deals.filter((x) => x.result).map((x) => x.result));
    const allowed = new Set<string>([deal.deck[20]!]);
    for (const t of deal.tricks) for (const c of t.cards) allowed.add(cardOf(c));
    for (const c of deal.trick.cards) allowed.add(cardOf(c));
    if (viewer !== 'spectator') {
      const hand = handOf(deal, viewer);
      for (const c of hand) allowed.add(c);
      expect([...(d.hand ?? [])].sort()).toEqual([...hand].sort());
    } else expect(d.hand).toBeNull();
    if (deal.announcements && deal.announcementsShown)
      for (const sc of shownCombinations(deal.announcements)) for (const c of sc.combination.cards) allowed.add(c);
    // Everything but the finished deals' results (checked above) must be known to this viewer.
    const rest: string[] = [];
    collectStrings({ ...f, view: { ...f.view, history: [] }, events: f.events.filter((e) => e.type !== 'dealScored') }, rest);
    for (const s of rest)
      if (CARD.test(s)) {
        cardsChecked++;
        expect(allowed.has(s), `${viewer} saw ${s} in deal ${d.number} after ${k} actions`).toBe(true);
      }
  }
  return { frames: frames.length, cardsChecked };
}
