import { describe, expect, it } from 'vitest';
import { apply, currentDeal, legalMask, newGame, randomPolicy, seededRng, shuffledDeck, startDeal, type GameState } from '../index.js';
import { fastDealFrom } from './from-state.js';
import { FastDeal } from './position.js';
import { RandomDealer } from './random-deal.js';

/** The meaningful state of a position (stale entries past `n` ignored). */
const key = (p: FastDeal): string =>
  JSON.stringify({
    hands: [...p.hands],
    seq: [...p.seq.slice(0, p.n)],
    leaders: [...p.leaders.slice(0, (p.n >> 2) + 1)],
    points: [...p.points],
    tricks: [...p.tricksWon],
    n: p.n,
    turn: p.turn,
    trick: (p.n & 3) === 0 ? null : [p.led, p.winSeat, p.winStrength, p.trickPoints],
    legal: p.legal(),
  });

describe('FastDeal', () => {
  it('follows the reducer step by step (turn, legal mask, points) when built from its state', () => {
    const rng = seededRng('fast-from-state');
    for (let g = 0; g < 200; g++) {
      const s0 = startDeal(newGame(), (g & 3) as 0, shuffledDeck(rng));
      if (!s0.ok) throw new Error(s0.error.message);
      let state: GameState = s0.state;
      for (;;) {
        const deal = currentDeal(state)!;
        if (deal.phase === 'over') break;
        if (deal.phase === 'play') {
          const p = fastDealFrom(deal)!;
          expect(p.turn).toBe(deal.turn);
          expect(p.legal()).toBe(legalMask(deal.hands[deal.turn!]!, deal.trick.cards, deal.trump!) | 0);
          expect([p.points[0], p.points[1]]).toEqual([...deal.points]);
          expect(p.legalFor(p.hands[p.turn]!)).toBe(p.legal());
          expect(p.unplayed()).toBe(deal.hands.reduce((a, h) => a | h, 0) | 0);
        } else expect(fastDealFrom(deal)).toBeNull();
        const r = apply(state, randomPolicy(state, deal.turn!, rng));
        if (!r.ok) throw new Error(r.error.message);
        state = r.state;
      }
      const d = currentDeal(state)!;
      if (d.result!.outcome === 'redeal') continue;
      const p = fastDealFrom(d)!;
      expect(p.over).toBe(true);
      expect([p.points[0], p.points[1]]).toEqual(d.result!.points);
      d.tricks.forEach((t, k) => expect(p.trickWinner(k)).toBe(t.winner));
    }
  });

  it('copyFrom and clone give independent positions; undo restores exactly', () => {
    const dealer = new RandomDealer();
    const rng = seededRng('fast-copy');
    while (!dealer.play(rng, 0));
    const end = dealer.position;
    const copy = end.clone();
    for (let k = 0; k < 13; k++) copy.undo();
    const snapshot = key(copy);
    const other = new FastDeal().copyFrom(copy);
    while (!other.over) other.play(31 - Math.clz32(other.legal() & -other.legal()));
    expect(key(copy)).toBe(snapshot);
    for (let k = 0; k < 13; k++) other.undo();
    expect(key(other)).toBe(snapshot);
    for (let k = 0; k < 19; k++) other.undo();
    expect(key(other)).toBe(key(new FastDeal().reset(dealer.hands, end.trump, end.leaders[0]!, end.taker)));
    expect(end.over).toBe(true);
    expect(end.points[0]! + end.points[1]!).toBe(162);
  });
});
