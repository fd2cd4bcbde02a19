/**
 * The strong level in coinche: calls by simulation are legal and seeded, the clock cap stops
 * sampling, the deck rebuilt from sampled hands deals them back (docs/rules/COINCHE.md §2), the auction
 * weighs sampled deals, and the search's written score follows docs/rules/COINCHE.md §5.
 */
import { afterCall, cardId, dealAll, maskOf, newGame, openAuction, seededRng, shuffledDeck, startDeal, viewFor, type Call, type Card, type GameState, type Seat } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { coincheDeck, simulatedCall } from './coinche-bid-sim.js';
import { auctionContexts, auctionLikelihood, contextLikelihood } from './coinche-prior.js';
import { writtenDiff } from './outcome.js';
import { CAPOT_AGAINST, CAPOT_FOR } from './solver.js';

function firstView(seed: string) {
  const s = startDeal(newGame({ variant: 'coinche' }), 3, shuffledDeck(seededRng(seed)));
  if (!s.ok) throw new Error(s.error.message);
  return { state: s.state as GameState, view: viewFor(s.state, 0) };
}
const isLegal = (c: Call, seat: Seat, state: GameState): boolean => {
  const l = viewFor(state, seat).deal!.auction!.legal;
  return c.type === 'bid' ? l.bids.includes(c.value) : l[c.type];
};

describe('strong coinche calls', () => {
  it('are legal and the same for the same seed', () => {
    for (let g = 0; g < 8; g++) {
      const { state, view } = firstView(`sc-${g}`);
      const a = simulatedCall(view, seededRng('x'), { bidSamples: 8, timeMs: 60_000 });
      expect(isLegal(a, 0, state)).toBe(true);
      expect(simulatedCall(view, seededRng('x'), { bidSamples: 8, timeMs: 60_000 })).toEqual(a);
    }
  });
  it('stop sampling at the clock cap (one complete sample at least)', () => {
    const { state, view } = firstView('sc-clock');
    let t = 0;
    let reads = 0;
    const c = simulatedCall(view, seededRng('y'), { bidSamples: 1000, timeMs: 5 }, 2, () => {
      reads++;
      return (t += 10);
    });
    expect(isLegal(c, 0, state)).toBe(true);
    expect(reads).toBeLessThan(40);
  });
});

describe('sampling for the auction', () => {
  it('the rebuilt deck deals the sampled hands 3-2-3', () => {
    const deck = shuffledDeck(seededRng('deck'));
    const hands = dealAll(1, deck.map(cardId));
    expect(dealAll(1, coincheDeck(1, hands).map(cardId))).toEqual(hands);
  });
  it('a bid is strong evidence: hands that would make it are much likelier', () => {
    // seat 0 (eldest) bid 140♥; compare a hand that would bid it (J 9 A 10 K of hearts, two aces) with one without hearts
    let a = openAuction(0);
    a = afterCall(a, 0, { type: 'bid', value: 140, suit: 'H' });
    const strong = maskOf('JH 9H AH 10H KH AS AD 7C'.split(' ') as Card[]);
    const weak = maskOf('7S 8S 9S 7D 8D 9D 7C 8C'.split(' ') as Card[]);
    const rest = (~(strong | weak)) | 0;
    const others = [rest & 0x00ff00ff, rest & ~0x00ff00ff];
    const like = (h0: number): number => auctionLikelihood(a.calls, [h0, others[0]!, 0, others[1]!], 0, 2);
    expect(like(strong)).toBe(1);
    expect(like(weak)).toBe(0.05);
    // the seat's own calls are no evidence
    expect(auctionLikelihood(a.calls, [weak, 0, 0, 0], 0, 0)).toBe(1);
  });
  it('the likelihood stops at its floor only once the product is at or below it', () => {
    // seat 0 bid 140♥ and seat 2 (its partner) 160♥; seat 1 judges. Seat 0 without hearts (0.05), then seat 2 too (0.05 again)
    let a = openAuction(0);
    a = afterCall(a, 0, { type: 'bid', value: 140, suit: 'H' });
    a = afterCall(a, 1, { type: 'pass' });
    a = afterCall(a, 2, { type: 'bid', value: 160, suit: 'H' });
    const contexts = auctionContexts(a.calls, 0, 1);
    expect(contexts.map((c) => c.seat)).toEqual([0, 2]);
    const noHearts = [maskOf('7S 8S 9S 7D 8D 9D 7C 8C'.split(' ') as Card[]), 0, maskOf('10S JS QS 10D JD QD 9C 10C'.split(' ') as Card[]), 0];
    const full = contextLikelihood(contexts, noHearts);
    expect(full).toBeCloseTo(0.0025, 10);
    expect(auctionLikelihood(a.calls, noHearts, 0, 1)).toBe(full);
    expect(contextLikelihood(contexts, noHearts, 0.001)).toBe(full); // never at the floor: the whole product
    expect(contextLikelihood(contexts, noHearts, 0.05)).toBe(0.05); // stopped after the first call
  });
});

describe('the written score the search maximises (docs/rules/COINCHE.md §5)', () => {
  const facts = (value: 80 | 100 | 'capot', coinche: 1 | 2 | 4, belote: [number, number] = [0, 0]) => ({ taker: 0 as Seat, belote, announcements: [0, 0] as [number, number], contract: { value, coinche } });
  it('made, failed, coinched, capot', () => {
    expect(writtenDiff(facts(100, 1), 0, 110)).toBe(110 + 100 - 52);
    expect(writtenDiff(facts(100, 1), 0, 90)).toBe(-(160 + 100));
    expect(writtenDiff(facts(100, 1), 1, 72)).toBe(160 + 100);
    expect(writtenDiff(facts(80, 2), 0, 100)).toBe(2 * (160 + 80));
    expect(writtenDiff(facts('capot', 1), 0, 162)).toBe(252 + 250);
    expect(writtenDiff(facts('capot', 1), 0, 150)).toBe(-(160 + 250));
    expect(writtenDiff(facts(80, 1, [0, 20]), 0, 81)).toBe(-(160 + 20 + 80) + 0);
  });
  it('classic facts (no contract) keep docs/rules/RULES.md §7', () => {
    expect(writtenDiff({ taker: 0, belote: [0, 0], announcements: [0, 0] }, 0, 100)).toBe(100 - 62);
  });
  it('a capot marked by the solver is scored as one: 252 in classic, the capot bonus in coinche', () => {
    const classic = { taker: 0 as const, belote: [20, 0] as [number, number], announcements: [50, 0] as [number, number], capotCounted: true };
    // docs/rules/RULES.md §7: 252 + the capot team's belote + every announcement; the other team its belote.
    expect(writtenDiff(classic, 0, CAPOT_FOR)).toBe(252 + 20 + 50);
    expect(writtenDiff(classic, 1, CAPOT_AGAINST)).toBe(-(252 + 20 + 50));
    // A capot by the defenders: every announcement is theirs to write, the takers write their belote.
    expect(writtenDiff(classic, 1, CAPOT_FOR)).toBe(252 + 50 - 20);
    // Counted capots: 162 card points without every trick is no capot (the taker took 162 - 0).
    expect(writtenDiff({ ...facts('capot', 1), capotCounted: true }, 0, 162)).toBe(-(160 + 250));
    expect(writtenDiff({ ...facts('capot', 1), capotCounted: true }, 0, CAPOT_FOR)).toBe(252 + 250);
    expect(writtenDiff({ ...facts(80, 1), capotCounted: true }, 1, CAPOT_FOR)).toBe(writtenDiff(facts(80, 1), 1, 162));
  });
});
