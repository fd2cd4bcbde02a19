/**
 * What the analysis says beyond the values: the stake of a deal and the thresholds scaled by it
 * (coinche), the one-fact reason of a decision worse than the best, and the "what if" line
 * (another card, then best play with every hand known).
 */
import {
  apply,
  cardId,
  currentDeal,
  recordOf,
  replayTimeline,
  seededRng,
  teamOf,
  trickPoints,
  viewFor,
  winningIndex,
  SUITS,
  type Card,
  type ReplayDeal,
  type Seat,
  type SuitId,
} from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { oneGame, type Player } from '../bench/arena.js';
import {
  CLASSIC_STAKE,
  THRESHOLDS,
  analyseDeal,
  analyseDecision,
  isMark,
  judgeBid,
  judgeCall,
  type Judgement,
  decisionSeed,
  exactCardValues,
  judgeCard,
  markScale,
  stakeOf,
  variationOf,
  verdictOf,
  type AnalysisBudget,
} from '../src/index.js';

const BUDGET: AnalysisBudget = { samples: 6, minSamples: 2, nodes: 2_000_000, markSamples: 2, bidSamples: 6 };

function deals(seed: string, players: [Player, Player, Player, Player], variant: 'classic' | 'coinche', maxDeals = 3): ReplayDeal[] {
  const { state } = oneGame(seed, { players, rng: seededRng(seed) }, { variant, target: 1000 } as never, maxDeals);
  return replayTimeline(JSON.parse(JSON.stringify(recordOf(state)))).deals.filter((d) => d.result.outcome !== 'redeal');
}

describe('what a deal puts at stake', () => {
  it('is 162 in classic and m × (160 + contract) in coinche, scaling the thresholds', () => {
    expect(stakeOf(undefined, null, undefined)).toBe(CLASSIC_STAKE);
    expect(stakeOf('classic', null, undefined)).toBe(162);
    expect(stakeOf('coinche', 100, 1)).toBe(260);
    expect(stakeOf('coinche', 80, 2)).toBe(480);
    expect(stakeOf('coinche', 'capot', 4)).toBe(1640);
    expect(stakeOf('coinche', null, 1)).toBe(240); // nobody bid: the lowest contract
    expect(markScale(162)).toBe(1);
    expect(markScale(260)).toBeCloseTo(1.605, 3);
    // 15 points given away: a mistake in classic, an inaccuracy in a coinche 100, nothing in a coinched 100.
    expect(verdictOf(15, 3, 0, 1)).toBe('mistake');
    expect(verdictOf(15, 3, 0, markScale(260))).toBe('inaccuracy');
    expect(verdictOf(12, 3, 0, markScale(520))).toBe('good');
    expect(verdictOf(THRESHOLDS.blunder * 2, 3, 0, 2)).toBe('blunder');
    expect(verdictOf(THRESHOLDS.blunder * 2 - 0.01, 3, 0, 2)).toBe('mistake');
  });

  it('sets the marks of every decision of a coinche deal', () => {
    const deal = deals('stake', ['normal', 'easy', 'normal', 'easy'], 'coinche')[0]!;
    const a = analyseDeal(deal, { budget: BUDGET });
    expect(a.stake).toBe(stakeOf('coinche', deal.result.contract, deal.result.coinche));
    expect(a.scale).toBe(a.stake / 162);
    expect(a.scale).toBeGreaterThan(1);
    for (const d of a.decisions) expect(d.verdict).toBe(verdictOf(d.loss, d.options.length, d.se, a.scale));
    // Accurate: gave away less than the scaled inaccuracy threshold.
    const accurate = a.decisions.filter((d) => d.seat === 0 && d.verdict !== 'forced' && d.loss < THRESHOLDS.inaccuracy * a.scale).length;
    expect(a.seats[0].accurate).toBe(accurate);
  }, 180_000);
});

describe('why a decision was worse', () => {
  const played = deals('why', ['random', 'easy', 'random', 'easy'], 'classic', 4);
  const analysed = played.map((deal) => ({ deal, a: analyseDeal(deal, { budget: BUDGET }) }));
  const all = analysed.flatMap(({ deal, a }) => a.decisions.map((d) => ({ deal, d })));

  it('is given exactly when the option taken gave something away', () => {
    for (const { d } of all) expect(d.why === null).toBe(d.verdict === 'best' || d.verdict === 'forced');
    const kinds = new Set(all.map(({ d }) => d.why?.kind).filter(Boolean));
    // Random players lose contracts and card points.
    expect(kinds).toContain('contract');
    expect(kinds).toContain('points');
  });

  it("counts the sampled deals in which the seat's team comes out ahead, per option", () => {
    // Cards of the later tricks: their samples are cheap.
    const cards = all.filter(({ d }) => d.kind === 'card' && d.verdict !== 'forced' && d.samples === BUDGET.samples).slice(-6);
    expect(cards.length).toBeGreaterThan(3);
    for (const { deal, d } of cards) {
      const view = viewFor(deal.states[d.step]!, d.seat);
      // Same seed and budget as the analysis (no mark-driven resampling with this judge): the same samples.
      const j = judgeCard(view, seededRng(decisionSeed(deal.index, d.step)), BUDGET);
      expect(j.margins[0]).toHaveLength(d.samples);
      d.options.forEach((o, i) => expect(o.ahead).toBe(j.margins[i]!.filter((m) => m > 0).length));
    }
  }, 180_000);

  it('names the trick given away on the last card of a trick, with its points', () => {
    // Last cards of a trick where one legal card lets the other team have it and another wins it: the losing one judged as if played.
    const spots = ['trick', 'trick-2', 'trick-3'].flatMap((seed) => deals(seed, ['random', 'normal', 'random', 'normal'], 'classic', 20)).flatMap((deal) =>
      deal.states.flatMap((state, step) => {
        const before = currentDeal(state)!;
        if (before.phase !== 'play' || before.trick.cards.length !== 3) return [];
        const seat = before.turn!;
        const trump = before.trump as SuitId;
        const winner = (c: string): Seat => ((before.trick.leader + winningIndex([...before.trick.cards, cardId(c as Card)], trump)) & 3) as Seat;
        const legal = viewFor(state, seat).deal!.legal;
        const losing = legal.find((c) => teamOf(winner(c)) !== teamOf(seat));
        return losing && legal.some((c) => teamOf(winner(c)) === teamOf(seat)) ? [{ state, step, seat, losing, winner, before, trump }] : [];
      }),
    );
    expect(spots.length).toBeGreaterThanOrEqual(4);
    let tricks = 0;
    for (const { state, step, seat, losing, winner, before, trump } of spots.slice(0, 4)) {
      const j = analyseDecision(state, { type: 'play', seat, card: losing }, step, 'trick', BUDGET);
      const last = before.tricks.length === 7 ? 10 : 0;
      if (teamOf(winner(j.best)) === teamOf(seat)) {
        expect(j.why).toEqual({ kind: 'trick', points: trickPoints([...before.trick.cards, cardId(losing)], trump) + last });
        tricks++;
      } else expect(j.why?.kind).not.toBe('trick');
    }
    expect(tricks).toBeGreaterThan(0);
    expect(all.filter(({ d }) => d.why?.kind === 'trick').every(({ deal, d }) => currentDeal(deal.states[d.step]!)!.trick.cards.length === 3)).toBe(true);
  }, 180_000);

  it('gives the contract counts or the card points lost otherwise', () => {
    for (const { deal, d } of all) {
      const p = d.options.find((o) => o.option === d.played)!;
      const b = d.options.find((o) => o.option === d.best)!;
      const w = d.why;
      if (!w) continue;
      if (w.kind === 'contract' || w.kind === 'ahead') {
        expect([w.played, w.best, w.samples]).toEqual([p.ahead, b.ahead, d.samples]);
        expect(Math.abs(w.played - w.best)).toBeGreaterThanOrEqual(Math.max(1, Math.ceil(d.samples / 10)));
      }
      if (w.kind === 'contract') expect(w.defending).toBe(teamOf(currentDeal(deal.states[d.step]!)!.taker!) !== teamOf(d.seat));
      if (w.kind === 'points') expect(w.points).toBe(Math.round(b.points! - p.points!));
      if (w.kind === 'ahead') expect(d.kind).toBe('bid');
    }
  });
});

describe('bids and calls in two rounds', () => {
  it('leave a call with one legal option unsampled and forced', () => {
    // After a coinche, the coinching side may only pass.
    let found = 0;
    for (let g = 0; g < 12 && found < 2; g++) {
      for (const deal of deals(`forced-${g}`, ['easy', 'easy', 'easy', 'easy'], 'coinche', 3)) {
        deal.states.forEach((state, k) => {
          const action = deal.frames[k + 1]!.action!;
          if (action.type === 'play') return;
          const legal = viewFor(state, action.seat).deal!.auction!.legal;
          if (legal.bids.length || legal.coinche || legal.surcoinche) return;
          const d = analyseDecision(state, action, k, 'forced', BUDGET);
          expect([d.verdict, d.samples, d.loss, d.options.map((o) => o.option)]).toEqual(['forced', 0, 0, ['pass']]);
          found++;
        });
      }
    }
    expect(found).toBeGreaterThan(0);
  }, 180_000);

  it('give exactly the deals of one round when the second is drawn, and stop at the first when clear', () => {
    for (const variant of ['classic', 'coinche'] as const) {
      const deal = deals(`rounds-${variant}`, ['normal', 'easy', 'normal', 'easy'], variant)[0]!;
      const bids = deal.states.map((state, k) => ({ state, k, action: deal.frames[k + 1]!.action! })).filter((x) => x.action.type !== 'play');
      expect(bids.length).toBeGreaterThan(0);
      for (const { state, action } of bids.slice(0, 3)) {
        const view = viewFor(state, action.seat);
        const judge = (budget: AnalysisBudget, more?: (j: Judgement) => boolean) =>
          variant === 'coinche' ? judgeCall(view, action as never, seededRng('r'), budget, more) : judgeBid(view, seededRng('r'), budget, more);
        const once = judge({ ...BUDGET, bidSamples: 8 });
        // Drawn in two rounds (4, then 4 more): the same deals, the same values.
        expect(judge({ ...BUDGET, bidSamples: 8, bidFirst: 4 }, () => true)).toEqual(once);
        // Clear after the first round: those 4 only, which are the first 4 of the 8.
        const first = judge({ ...BUDGET, bidSamples: 8, bidFirst: 4 }, () => false);
        expect(first.margins.map((m) => m.length)).toEqual(once.margins.map(() => 4));
        expect(first.margins).toEqual(once.margins.map((m) => m.slice(0, 4)));
      }
    }
  }, 180_000);

  it('draw the second round exactly for a bid near a mark', () => {
    const { state } = oneGame('rounds-mark', { players: ['normal', 'random', 'normal', 'random'], rng: seededRng('rounds-mark') }, { target: 1000 }, 3);
    const budget = { ...BUDGET, bidSamples: 16, bidFirst: 8 };
    const bids = replayTimeline(JSON.parse(JSON.stringify(recordOf(state)))).deals.flatMap((deal) =>
      deal.states.flatMap((st, k) => {
        const a = deal.frames[k + 1]!.action!;
        return a.type === 'play' ? [] : [analyseDecision(st, a, k, `round-${k}`, budget)];
      }),
    );
    // Both cases are met: bids left at the first 8 decks and bids given all 16.
    expect(new Set(bids.map((d) => d.samples))).toEqual(new Set([8, 16]));
    for (const d of bids) {
      // A bid judged on the first decks only would not be marked even two standard errors worse, with twice the decks.
      if (d.samples === 8) expect(isMark(verdictOf(d.loss + 2 * d.se, d.options.length, d.se / Math.SQRT2))).toBe(false);
      if (isMark(d.verdict)) expect(d.samples).toBe(16);
    }
  }, 180_000);
});

describe('what if', () => {
  const deal = deals('whatif', ['normal', 'easy', 'normal', 'easy'], 'classic')[0]!;
  const firstCard = deal.frames.findIndex((f) => f.action?.type === 'play') - 1;
  const positions = [firstCard, firstCard + 5, firstCard + 14, deal.states.length - 3];

  it('plays the card chosen, then best play with every hand known, to the end of the deal', () => {
    for (const k of positions) {
      const state = deal.states[k]!;
      const seat = currentDeal(state)!.turn!;
      const exact = exactCardValues(state);
      for (const o of exact.slice(0, 3)) {
        const v = variationOf(state, o.card);
        expect(v.seat).toBe(seat);
        expect(v.options).toEqual(exact);
        expect(v.line[0]).toEqual({ seat, card: o.card });
        // The line is legal to the end, and ends on the result given.
        let s = state;
        for (const p of v.line) {
          const r = apply(s, { type: 'play', ...p });
          expect(r.ok).toBe(true);
          if (r.ok) s = r.state;
        }
        const end = currentDeal(s)!;
        expect(end.phase).toBe('over');
        expect(v.result).toEqual(end.result);
        expect(v.line).toHaveLength(32 - currentDeal(state)!.tricks.length * 4 - currentDeal(state)!.trick.cards.length);
        // Best play from there gives the mover's team exactly the card's exact value.
        expect(end.points[teamOf(seat)]).toBe(o.points);
      }
    }
  }, 180_000);

  it('refuses a card that is not legal, and a position with no card to play', () => {
    const state = deal.states[firstCard]!;
    const seat = currentDeal(state)!.turn!;
    const notLegal = SUITS.flatMap((s) => ['7', '8', '9', '10', 'J', 'Q', 'K', 'A'].map((r) => `${r}${s}` as Card)).find((c) => !exactCardValues(state).some((o) => o.card === c))!;
    expect(() => variationOf(state, notLegal)).toThrow(/not a legal card/);
    expect(seat).toBe(currentDeal(state)!.turn);
    expect(() => variationOf(deal.states[0]!, 'AS')).toThrow(/no card to play/);
  }, 180_000);
});
