/**
 * The reducer on named fixture deals: bidding (§4), refusals with their codes and reasons,
 * belote calls, announcements shown at the first card of trick 2, capot both ways, and the
 * litige pot and game endings (§7–8) on pinned random games.
 */
import { describe, expect, it } from 'vitest';
import { apply, currentDeal, justCompleted, legalPlays, playGame, popcount, seededRng, startDeal, viewFor, type Action, type Card, type GameEvent, type GameState, type Seat } from '../src/index.js';
import { allPass, cards, dealt, deckFor, run, takeBids } from './fixtures.js';

/** Play to the end of the deal: `pick` chooses among the legal cards (default: the first). */
function playOut(state: GameState, pick: (legal: Card[], seat: Seat) => Card = (l) => l[0]!): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (;;) {
    const deal = currentDeal(state)!;
    if (deal.phase !== 'play') return { state, events };
    const seat = deal.turn!;
    const r = apply(state, { type: 'play', seat, card: pick(legalPlays(state, seat), seat) });
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
    events.push(...r.events);
  }
}
const refusal = (state: GameState, action: Action): string => {
  const r = apply(state, action);
  return r.ok ? 'accepted' : `${r.error.code}: ${r.error.message}`;
};

// Dealer 3, eldest 0. Seat 0 takes the retourne 9H in round 1.
const TRUMP_LED = [
  cards('9H AS KS QS JS 10S 9S 8S'),
  cards('7S AD KD QD JD 10D 9D 8D'),
  cards('JH 8H 7H AC KC QC JC 10C'),
  cards('AH 10H KH QH 7D 9C 8C 7C'),
];
const trumpLedDeck = deckFor(3, 0, TRUMP_LED, '9H');

describe('§4 bidding', () => {
  it('round 1: the first seat that takes gets the retourne\'s suit; the eldest leads', () => {
    const deck = deckFor(3, 2, TRUMP_LED, 'JH');
    let s = dealt(3, deck);
    expect(refusal(s, { type: 'pass', seat: 1 })).toMatch(/^NOT_YOUR_TURN/);
    s = run(s, [{ type: 'pass', seat: 0 }, { type: 'pass', seat: 1 }]);
    const r = apply(s, { type: 'take', seat: 2 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const deal = currentDeal(r.state)!;
    expect(deal.taker).toBe(2);
    expect(deal.trump).toBe(1);
    expect(deal.turn).toBe(0);
    expect(deal.hands.map(popcount)).toEqual([8, 8, 8, 8]);
    expect(r.events.map((e) => e.type)).toEqual(['bid', 'trumpChosen']);
  });
  it('justCompleted: a classic deal after its taking, until its first card', () => {
    let s = dealt(3, trumpLedDeck);
    expect(justCompleted(currentDeal(s)!)).toBe(false);
    s = run(s, [{ type: 'pass', seat: 0 }]);
    expect(justCompleted(currentDeal(s)!)).toBe(false);
    s = run(s, [{ type: 'take', seat: 1 }]);
    expect(justCompleted(currentDeal(s)!)).toBe(true);
    s = run(s, [{ type: 'play', seat: 0, card: legalPlays(s, 0)[0]! }]);
    expect(justCompleted(currentDeal(s)!)).toBe(false);
    expect(justCompleted(currentDeal(playOut(s).state)!)).toBe(false);
  });
  it('round 1: naming a suit is ILLEGAL_BID; round 2: no suit or the retourne\'s suit is ILLEGAL_BID', () => {
    let s = dealt(3, trumpLedDeck);
    expect(refusal(s, { type: 'take', seat: 0, suit: 'H' })).toMatch(/^ILLEGAL_BID/);
    s = run(s, allPass(3).slice(0, 4));
    expect(refusal(s, { type: 'take', seat: 0 })).toMatch(/^ILLEGAL_BID/);
    expect(refusal(s, { type: 'take', seat: 0, suit: 'H' })).toMatch(/^ILLEGAL_BID/);
    const r = apply(s, { type: 'take', seat: 0, suit: 'C' });
    expect(r.ok && currentDeal(r.state)!.trump).toBe(3);
  });
  it('all pass twice: redeal, nothing scored, the next seat deals', () => {
    const s = run(dealt(3, trumpLedDeck), allPass(3));
    const deal = currentDeal(s)!;
    expect(deal.phase).toBe('over');
    expect(deal.result).toMatchObject({ outcome: 'redeal', taker: null, trump: null, written: [0, 0], totals: [0, 0] });
    expect(refusal(s, { type: 'pass', seat: 0 })).toMatch(/^WRONG_PHASE/);
    const bad = startDeal(s, 1, trumpLedDeck);
    expect(bad.ok ? 'ok' : bad.error.code).toBe('BAD_DEALER');
    expect(startDeal(s, 0, trumpLedDeck).ok).toBe(true);
  });
  it('a new deal before the last one finished is WRONG_PHASE', () => {
    const r = startDeal(dealt(3, trumpLedDeck), 0, trumpLedDeck);
    expect(r.ok ? 'ok' : r.error.code).toBe('WRONG_PHASE');
  });
});

describe('§5 refusals through the reducer, in docs/rules/RECORD.md precedence', () => {
  const s = run(dealt(3, trumpLedDeck), [{ type: 'take', seat: 0 }, { type: 'play', seat: 0, card: '9H' }, { type: 'play', seat: 1, card: '7S' }]);
  it('"must overtrump: holds JH" when the partner leads trump', () => {
    expect(refusal(s, { type: 'play', seat: 2, card: '8H' })).toBe('ILLEGAL_CARD: must overtrump: holds JH');
    expect(refusal(s, { type: 'play', seat: 2, card: 'AC' })).toBe('ILLEGAL_CARD: must follow trumps: holds JH');
    expect(legalPlays(s, 2)).toEqual(['JH']);
  });
  it('NOT_YOUR_TURN before CARD_NOT_IN_HAND and WRONG_PHASE; WRONG_PHASE before ILLEGAL_BID', () => {
    expect(refusal(s, { type: 'play', seat: 3, card: 'KD' })).toMatch(/^NOT_YOUR_TURN/);
    expect(refusal(s, { type: 'pass', seat: 3 })).toMatch(/^NOT_YOUR_TURN/);
    expect(refusal(s, { type: 'take', seat: 2, suit: 'H' })).toMatch(/^WRONG_PHASE/);
    expect(refusal(s, { type: 'play', seat: 2, card: 'AH' })).toMatch(/^CARD_NOT_IN_HAND/);
  });
  it('a play during bidding is WRONG_PHASE even for a card not held', () => {
    expect(refusal(dealt(3, trumpLedDeck), { type: 'play', seat: 0, card: 'AD' })).toMatch(/^WRONG_PHASE/);
  });
});

describe('belote and announcements', () => {
  it('belote on the first of K/Q of trump, rebelote on the second; 20 points to the holder\'s team', () => {
    const start = run(dealt(3, trumpLedDeck, { announcements: true }), [{ type: 'take', seat: 0 }]);
    const { state, events } = playOut(start);
    const calls = events.filter((e) => e.type === 'belote');
    expect(calls.map((e) => e.type === 'belote' && `${e.seat} ${e.call}`)).toEqual(['3 belote', '3 rebelote']);
    expect(currentDeal(state)!.result!.belote).toEqual([0, 20]);
  });
  it('types shown from the start of play; an exact tie of the best (two 7-card quintes to the ace outside trump) scores for nobody', () => {
    const start = run(dealt(3, trumpLedDeck, { announcements: true }), [{ type: 'take', seat: 0 }]);
    const view = viewFor(start, 1);
    expect(view.deal!.declared!.map((d) => d.kinds)).toEqual([['quinte'], ['quinte'], ['quinte'], ['tierce', 'tierce']]);
    expect(view.deal!.shown).toBeNull();
    const { state, events } = playOut(start);
    const shown = events.find((e) => e.type === 'announcementsShown');
    expect(shown).toEqual({ type: 'announcementsShown', team: null, combinations: [] });
    expect(currentDeal(state)!.result!.announcements).toEqual([0, 0]);
  });
  it('the winning team\'s combinations are shown when the first card of trick 2 is played', () => {
    // seat 1 names clubs in round 2; seat 0's 7-card quinte in spades beats seat 1's quarte in diamonds
    const hands = [cards('9H AS KS QS JS 10S 9S 8S'), cards('7S AD KD 8C JD 10D 9D 8D'), cards('JH 8H 7H AC KC QC JC 10C'), cards('AH 10H KH QH 7D 9C QD 7C')];
    const deck = deckFor(3, 1, hands, '9D');
    let s = run(dealt(3, deck, { announcements: true }), [...allPass(3).slice(0, 4), { type: 'pass', seat: 0 }, { type: 'take', seat: 1, suit: 'C' }]);
    const events: GameEvent[] = [];
    for (let k = 0; k < 5; k++) {
      const seat = currentDeal(s)!.turn!;
      const r = apply(s, { type: 'play', seat, card: legalPlays(s, seat)[0]! });
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
      events.push(...r.events);
      expect(viewFor(s, 'spectator').deal!.shown === null).toBe(k < 4);
    }
    const shown = events.find((e) => e.type === 'announcementsShown');
    expect(shown && shown.type === 'announcementsShown' && shown.team).toBe(0);
    expect(shown && shown.type === 'announcementsShown' && shown.combinations.map((c) => `${c.seat} ${c.combination.kind}`)).toEqual(['0 quinte', '2 quinte']);
  });
});

describe('announcements off (the default)', () => {
  it('combinations neither declared, shown nor scored', () => {
    const start = run(dealt(3, trumpLedDeck), [{ type: 'take', seat: 0 }]);
    expect(viewFor(start, 0).deal!.declared).toBeNull();
    const { state, events } = playOut(start);
    expect(events.some((e) => e.type === 'announcementsShown' || e.type === 'announcementsDeclared')).toBe(false);
    expect(currentDeal(state)!.result!.announcements).toEqual([0, 0]);
  });
});

describe('§7 capot', () => {
  it('the takers take all tricks with belote: 252 + 20 = 272, defenders 0', () => {
    const hands = [cards('JH 9H AH 10H KH QH 8H 7H'), cards('7S 8S 9S 10S JS QS KS AS'), cards('7D 8D 9D 10D JD QD KD AD'), cards('7C 8C 9C 10C JC QC KC AC')];
    const s = run(dealt(3, deckFor(3, 0, hands, '7H')), takeBids(3, 0));
    const r = currentDeal(playOut(s).state)!.result!;
    expect(r).toMatchObject({ outcome: 'made', capot: 0, points: [162, 0], belote: [20, 0], written: [272, 0], totals: [272, 0] });
  });
  it('the defenders take all tricks: a dedans for the takers, 252 + the defenders\' belote', () => {
    // seat 1 names spades in round 2 and holds none; the eldest (seat 0) holds all eight
    const hands = [cards('7S 8S 9S 10S JS QS KS AS'), cards('7D 8D 9D 10D JD QD KD AD'), cards('7H 8H 9H 10H JH QH KH AH'), cards('7C 8C 9C 10C JC QC KC AC')];
    const s = run(dealt(3, deckFor(3, 1, hands, '7D')), takeBids(3, 1, 'S'));
    const r = currentDeal(playOut(s).state)!.result!;
    expect(r).toMatchObject({ outcome: 'dedans', capot: 0, taker: 1, trump: 'S', points: [162, 0], belote: [20, 0], written: [272, 0] });
  });
});

describe('§7 litige pot and §8 endings on pinned random games', () => {
  it('a redeal after a litige leaves the pot; the next played deal awards it to its winning team', () => {
    const { state } = playGame({ target: 301 }, seededRng('pot-67'));
    const [lit, redeal, next] = state.deals.slice(1, 4).map((d) => d.result!);
    expect(lit!.outcome).toBe('litige');
    const pot = lit!.litigePot;
    expect(pot).toBeGreaterThan(0);
    expect(redeal).toMatchObject({ outcome: 'redeal', litigePot: pot, totals: lit!.totals, written: [0, 0] });
    expect(next!.outcome).not.toBe('litige');
    expect(next!.litigePot).toBe(0);
    const takers = next!.taker! & 1;
    const winnerTeam = next!.outcome === 'made' ? takers : 1 - takers;
    const base = next!.written[winnerTeam]! - pot;
    expect(base).toBeGreaterThanOrEqual(0);
    expect(next!.totals[winnerTeam]).toBe(lit!.totals[winnerTeam]! + base + pot);
  });
  it('the pot still open when the game ends is lost', () => {
    const { state } = playGame({ target: 301 }, seededRng('pot-301'));
    const last = state.deals[state.deals.length - 1]!.result!;
    expect(state.winner).not.toBeNull();
    expect(last.outcome).toBe('litige');
    expect(last.litigePot).toBe(71);
    expect(state.totals).toEqual(last.totals);
  });
  it('both teams over the target after the same deal: the higher total wins', () => {
    const { state } = playGame({ target: 301 }, seededRng('both-4'));
    const before = state.deals[state.deals.length - 2]!.result!.totals;
    expect(before.every((t) => t < 301)).toBe(true);
    expect(state.totals).toEqual([347, 321]);
    expect(state.winner).toBe(0);
  });
  it('both teams over the target with equal totals: another deal is played', () => {
    const { state } = playGame({ target: 301 }, seededRng('pot-32'));
    const r = state.deals[5]!.result!;
    expect(r.totals).toEqual([334, 334]);
    expect(state.deals.length).toBeGreaterThan(6);
    expect(state.winner).not.toBeNull();
    const final = state.deals[state.deals.length - 1]!.result!.totals;
    expect(final[state.winner!]).toBeGreaterThan(final[1 - state.winner!]!);
  });
  it('no action or deal after the game is over', () => {
    const { state } = playGame({ target: 301 }, seededRng('pot-301'));
    const r = startDeal(state, 0, trumpLedDeck);
    expect(r.ok ? 'ok' : r.error.code).toBe('GAME_OVER');
    expect(refusal(state, { type: 'pass', seat: 0 })).toMatch(/^GAME_OVER/);
  });
});
