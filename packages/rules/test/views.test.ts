/**
 * Redaction property: at every step of random games (classic and coinche), the view of each
 * seat and of a spectator (and every event) holds no card that another seat still holds,
 * except the public ones: the retourne (classic) and combinations shown after the first card
 * of trick 2. The coinche auction is public: every viewer sees the same calls and contract.
 */
import { describe, expect, it } from 'vitest';
import {
  ALL_CARDS,
  cardOf,
  cardsOfMask,
  currentDeal,
  playGame,
  seededRng,
  viewFor,
  type GameEvent,
  type GameState,
  type Seat,
  type Viewer,
} from '../src/index.js';

const CARD_SET = new Set<string>(ALL_CARDS);

/** Every card string anywhere in a JSON value. */
function cardsIn(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    if (CARD_SET.has(value)) out.add(value);
  } else if (Array.isArray(value)) {
    for (const v of value) cardsIn(v, out);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) cardsIn(v, out);
  }
  return out;
}

/** Cards `viewer` may not see now: other seats' unplayed cards minus the public ones. */
function secretsFor(state: GameState, viewer: Viewer): Set<string> {
  const deal = currentDeal(state)!;
  const secret = new Set<string>();
  deal.hands.forEach((h, s) => {
    if (s !== viewer) for (const c of cardsOfMask(h)) secret.add(c);
  });
  if (deal.retourne !== null) secret.delete(cardOf(deal.retourne));
  if (deal.announcementsShown && deal.announcements?.winner != null) {
    deal.announcements.bySeat.forEach((combos, s) => {
      if ((s & 1) === deal.announcements!.winner) for (const c of combos) for (const card of c.cards) secret.delete(card);
    });
  }
  return secret;
}

const FORBIDDEN_KEYS = /"(deck|deckIds|startHands|hands|talon|seed|actions|bySeat)"/;

function checkStep(state: GameState, events: GameEvent[]): void {
  const deal = currentDeal(state)!;
  const everyone = secretsFor(state, 'spectator');
  for (const viewer of [0, 1, 2, 3, 'spectator'] as Viewer[]) {
    const view = JSON.parse(JSON.stringify(viewFor(state, viewer))) as ReturnType<typeof viewFor>;
    const json = JSON.stringify(view.deal);
    if (FORBIDDEN_KEYS.test(json)) throw new Error(`hidden field in the view: ${json.match(FORBIDDEN_KEYS)![0]}`);
    const secret = secretsFor(state, viewer);
    for (const c of cardsIn(view.deal)) if (secret.has(c)) throw new Error(`${String(viewer)} sees ${c}`);
    if (viewer === 'spectator') {
      expect(view.deal!.hand).toBeNull();
      expect(view.deal!.legal).toEqual([]);
    } else {
      const own = cardsOfMask(deal.hands[viewer]!);
      expect([...view.deal!.hand!].sort()).toEqual([...own].sort());
      expect(view.deal!.handCounts).toEqual(deal.hands.map((h) => cardsOfMask(h).length));
    }
    // history: results of finished deals only (everything in them was played)
    expect(view.history.length).toBe(state.deals.filter((d) => d.result).length);
    if (deal.auction) {
      // The auction is public: the same calls, contract and multiplier for everyone; only
      // the seat to call has legal calls.
      const a = view.deal!.auction!;
      expect(view.deal!.retourne).toBeUndefined();
      expect(a.calls).toEqual(deal.auction.calls);
      expect(a.contract).toEqual(deal.auction.high);
      expect(a.coinche).toBe(deal.auction.coinche);
      const mayCall = viewer !== 'spectator' && deal.phase === 'bidding' && deal.turn === viewer;
      expect(a.legal.pass).toBe(mayCall);
    } else expect(view.deal!.auction).toBeUndefined();
  }
  for (const c of cardsIn(events)) if (everyone.has(c)) throw new Error(`an event shows the unplayed ${c}`);
}

describe('views and events never leak a hidden card', () => {
  it('for every seat and a spectator at every step of random games, both variants', () => {
    let steps = 0;
    for (let g = 0; g < 100; g++) {
      const rules = g % 3 === 2 ? { variant: 'coinche' as const, announcements: g % 2 === 0, target: 501 as const } : { announcements: g % 2 === 0, target: 301 as const };
      playGame(rules, seededRng(`views-${g}`), undefined, {
        maxDeals: 4,
        onStep: (state, events) => {
          steps++;
          checkStep(state, events);
        },
      });
    }
    expect(steps).toBeGreaterThan(7_000);
  }, 30_000);

  it('a seat sees its own hand and the retourne, a spectator no hand', () => {
    const { state } = playGame({}, seededRng('one'), undefined, { maxDeals: 1 });
    const v = viewFor(state, 0 as Seat);
    expect(v.deal!.retourne).toBe(cardOf(currentDeal(state)!.retourne!));
    expect(viewFor(state, 'spectator').deal!.hand).toBeNull();
  });
});
