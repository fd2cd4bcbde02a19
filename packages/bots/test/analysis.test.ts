/**
 * The analysis of finished games: exact values are the solver's (and a brute-force minimax's
 * on endgames); values under the seat's knowledge are the means of the solver over exactly the
 * deals the sampler draws for that seed; a decision is judged from the seat's view only (other
 * hidden cards, same view: same verdict; a strict view proxy: no other read); verdicts follow
 * the documented thresholds; a whole deal is analysed reproducibly.
 */
import {
  apply,
  cardId,
  cardOf,
  currentDeal,
  legalMask,
  maskCards,
  newGame,
  recordOf,
  replayTimeline,
  seededRng,
  shuffleInPlace,
  startDeal,
  teamOf,
  trickPoints,
  viewFor,
  winningIndex,
  type Action,
  type Card,
  type GameState,
  type GameView,
  type RecordDeal,
  type Rules,
  type Seat,
} from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { oneGame, type Player } from '../bench/arena.js';
import {
  MARK_Z,
  THRESHOLDS,
  analyseDeal,
  surelyGivenAway,
  analyseDecision,
  decisionSeed,
  exactCardValues,
  isMark,
  judgeCard,
  pairedLoss,
  verdictOf,
  type AnalysisBudget,
} from '../src/index.js';
import { knowledgeOf } from '../src/knowledge.js';
import { writtenDiff } from '../src/strong/outcome.js';
import { sampleHands } from '../src/strong/sampler.js';
import { strict } from './strict-view.js';
import { setLimits, solveMoves } from '../src/strong/solver.js';

// markSamples = minSamples: no card gets samples for its mark beyond what the budget gives (see 'a mark').
const BUDGET: AnalysisBudget = { samples: 6, minSamples: 2, nodes: 2_000_000, markSamples: 2, bidSamples: 6 };

/** A finished game of the given players, as a record (seeded). */
function gameRecord(seed: string, players: [Player, Player, Player, Player] = ['normal', 'easy', 'normal', 'easy'], maxDeals = 3) {
  const { state } = oneGame(seed, { players, rng: seededRng(seed) }, { target: 1000 }, maxDeals);
  return JSON.parse(JSON.stringify(recordOf(state))) as ReturnType<typeof recordOf>;
}

/** Every decision of a record's played deals: the state before it and the action. */
function decisionsOf(seed: string, players?: [Player, Player, Player, Player]) {
  const rec = gameRecord(seed, players);
  const out: { state: GameState; action: Action; deal: RecordDeal; k: number }[] = [];
  for (const d of replayTimeline(rec).deals) d.states.forEach((state, k) => out.push({ state, action: d.frames[k + 1]!.action!, deal: rec.deals[d.index]!, k }));
  return out;
}

/** Brute-force minimax over every legal card: the mover's team's card points from here on. */
function bruteForce(hands: number[], trump: number, leader: Seat, trick: number[], team: number): number {
  const seat = ((leader + trick.length) & 3) as Seat;
  const mine = teamOf(seat) === team;
  let best = mine ? -1 : 1000;
  for (const c of maskCards(legalMask(hands[seat]!, trick, trump))) {
    hands[seat] = hands[seat]! & ~(1 << c);
    const cards = [...trick, c];
    let v: number;
    if (cards.length < 4) v = bruteForce(hands, trump, leader, cards, team);
    else {
      const w = ((leader + winningIndex(cards, trump)) & 3) as Seat;
      const last = hands.every((h) => h === 0);
      const pts = trickPoints(cards, trump) + (last ? 10 : 0);
      v = (teamOf(w) === team ? pts : 0) + (last ? 0 : bruteForce(hands, trump, w, [], team));
    }
    hands[seat] = hands[seat]! | (1 << c);
    best = mine ? Math.max(best, v) : Math.min(best, v);
  }
  return best;
}

describe('exact values (every hand known)', () => {
  const all = decisionsOf('exact').filter((d) => d.action.type === 'play');

  it("are the solver's values for the true hands, converted to the written difference", () => {
    for (const { state } of all.filter((_, i) => i % 5 === 0)) {
      const deal = currentDeal(state)!;
      const seat = deal.turn!;
      const team = teamOf(seat);
      const moves = maskCards(legalMask(deal.hands[seat]!, deal.trick.cards, deal.trump!));
      setLimits(Infinity, Infinity);
      const solved = solveMoves({ hands: deal.hands, trump: deal.trump!, leader: deal.trick.leader, trick: deal.trick.cards }, team, moves)!;
      const exact = exactCardValues(state);
      expect(exact.map((e) => e.card)).toEqual(moves.map(cardOf));
      exact.forEach((e, i) => {
        expect(e.points).toBe(deal.points[team] + solved[i]!);
        expect(e.points).toBeGreaterThanOrEqual(0);
        expect(e.points).toBeLessThanOrEqual(162);
      });
    }
  }, 180_000);

  it('are the same when the solver keeps its table from one position of the deal to the next', () => {
    const rec = gameRecord('exact-seq');
    let compared = 0;
    for (const deal of replayTimeline(rec).deals) {
      const cards = deal.states.filter((_, k) => deal.frames[k + 1]!.action!.type === 'play');
      const warm = cards.map((s, i) => exactCardValues(s, i > 0));
      cards.forEach((s, i) => expect(warm[i]).toEqual(exactCardValues(s)));
      compared += cards.length;
    }
    expect(compared).toBeGreaterThan(60);
  }, 180_000);

  it('equal a brute-force minimax in the last three tricks', () => {
    let checked = 0;
    for (const { state } of all) {
      const deal = currentDeal(state)!;
      if (deal.tricks.length < 5) continue;
      const seat = deal.turn!;
      const team = teamOf(seat);
      for (const e of exactCardValues(state)) {
        const hands = deal.hands.slice();
        const c = cardId(e.card);
        hands[seat] = hands[seat]! & ~(1 << c);
        const trick = [...deal.trick.cards, c];
        let v: number;
        if (trick.length < 4) v = bruteForce(hands, deal.trump!, deal.trick.leader, trick, team);
        else {
          const w = ((deal.trick.leader + winningIndex(trick, deal.trump!)) & 3) as Seat;
          const last = hands.every((h) => h === 0);
          v = (teamOf(w) === team ? trickPoints(trick, deal.trump!) + (last ? 10 : 0) : 0) + (last ? 0 : bruteForce(hands, deal.trump!, w, [], team));
        }
        expect(e.points).toBe(deal.points[team] + v);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(15);
  });
});

describe('values under the seat\'s knowledge', () => {
  const plays = decisionsOf('knowledge').filter((d) => d.action.type === 'play' && viewFor(d.state, d.action.seat).deal!.legal.length > 1);

  it('are the means of the solver over exactly the deals sampled for that seed', { timeout: 180_000 }, () => {
    for (const { state, action } of plays.filter((_, i) => i % 4 === 0)) {
      const view = viewFor(state, action.seat);
      const j = judgeCard(view, seededRng('same'), BUDGET);
      const k = knowledgeOf(view);
      const rng = seededRng('same');
      const team = teamOf(action.seat);
      const moves = maskCards(legalMask(k.hand, k.trick, k.trump!));
      const sums = moves.map(() => 0);
      // The first minSamples samples without a limit, the rest within the node cap.
      let n = 0;
      for (const [count, nodes] of [[BUDGET.minSamples, Infinity], [BUDGET.samples - BUDGET.minSamples, BUDGET.nodes]] as const) {
        setLimits(nodes, Infinity);
        for (let i = 0; i < count; i++) {
          const hands = sampleHands(k, rng);
          const v = solveMoves({ hands, trump: k.trump!, leader: k.leader, trick: k.trick }, team, moves);
          if (!v) break;
          const start = hands.slice();
          for (const p of k.plays) start[p.seat] = start[p.seat]! | (1 << p.card);
          const pair = (1 << (k.trump! * 8 + 6)) | (1 << (k.trump! * 8 + 5));
          const holder = k.deal.belote ? k.deal.belote.seat : start.findIndex((h) => (h & pair) === pair);
          const belote: [number, number] = [0, 0];
          if (holder >= 0) belote[teamOf(holder as Seat)] = 20;
          const ann: [number, number] = [0, 0];
          if (k.deal.shown && k.deal.shown.team !== null) for (const c of k.deal.shown.combinations) ann[k.deal.shown.team] += c.combination.points;
          moves.forEach((_, j) => (sums[j]! += writtenDiff({ taker: k.taker!, belote, announcements: ann }, team, k.deal.points[team] + v[j]!)));
          n++;
        }
      }
      expect(n).toBeGreaterThan(0);
      expect(j.margins[0]).toHaveLength(n);
      expect(j.options.map((o) => o.option)).toEqual(moves.map(cardOf));
      j.options.forEach((o, i) => expect(o.value).toBeCloseTo(sums[i]! / n, 9));
    }
  });

});

/** Deck positions each seat receives in a deal (docs/rules/RULES.md §3–4); null: never dealt (talon, redeal). */
function ownersOf(dealer: Seat, taker: Seat | null): (Seat | null)[] {
  const eldest = (dealer + 1) & 3;
  const owner: (Seat | null)[] = new Array<Seat | null>(32).fill(null);
  for (let k = 0; k < 4; k++) {
    const s = ((eldest + k) & 3) as Seat;
    for (let i = 0; i < 3; i++) owner[3 * k + i] = s;
    for (let i = 0; i < 2; i++) owner[12 + 2 * k + i] = s;
  }
  if (taker === null) return owner;
  owner[20] = taker;
  let next = 21;
  for (let k = 0; k < 4; k++) {
    const s = ((eldest + k) & 3) as Seat;
    for (let i = 0; i < (s === taker ? 2 : 3); i++) owner[next++] = s;
  }
  return owner;
}

/**
 * The same decision in another deal that the seat cannot tell apart: the cards it has not
 * seen are dealt differently among the other seats (and the talon), the actions before it
 * stay legal and the seat's view is identical. Null when no such deal turned up.
 */
function sameViewOtherCards(rules: Partial<Rules>, deal: RecordDeal, k: number, seed: string): { original: GameState; alt: GameState } | null {
  const seat = deal.actions[k]!.seat;
  const takeAt = deal.actions.findIndex((a) => a.type === 'take');
  const taker = takeAt >= 0 && takeAt < k ? deal.actions[takeAt]!.seat : null;
  const owners = ownersOf(deal.dealer, taker);
  const played = new Set(deal.actions.slice(0, k).flatMap((a) => (a.type === 'play' ? [a.card] : [])));
  const hidden = deal.deck.map((c, i) => i).filter((i) => i !== 20 && owners[i] !== seat && !played.has(deal.deck[i]!));
  const rebuild = (deck: Card[]): GameState | null => {
    const s0 = startDeal(newGame(rules), deal.dealer, deck);
    if (!s0.ok) return null;
    let s = s0.state;
    for (const a of deal.actions.slice(0, k)) {
      const r = apply(s, a);
      if (!r.ok) return null;
      s = r.state;
    }
    return s;
  };
  const original = rebuild(deal.deck)!;
  const want = JSON.stringify(viewFor(original, seat));
  const rng = seededRng(seed);
  for (let attempt = 0; attempt < 400; attempt++) {
    const cards = shuffleInPlace(hidden.map((i) => deal.deck[i]!), rng);
    const deck = [...deal.deck];
    hidden.forEach((i, j) => (deck[i] = cards[j]!));
    const s = rebuild(deck);
    if (!s || JSON.stringify(viewFor(s, seat)) !== want) continue;
    const hands = currentDeal(s)!.hands;
    if (hands.every((h, i) => h === currentDeal(original)!.hands[i])) continue;
    return { original, alt: s };
  }
  return null;
}

describe('a decision is judged from the seat\'s view only', () => {
  // Announcements on, so the views carry declared combinations too.
  const { state: finalState } = oneGame('blind', { players: ['normal', 'easy', 'normal', 'easy'], rng: seededRng('blind') }, { target: 1000, announcements: true }, 3);
  const rec = recordOf(finalState);

  it('other hidden cards, same view: the same values and verdict (and the exact values move)', () => {
    let compared = 0;
    let exactMoved = 0;
    let bids = 0;
    for (const [di, deal] of rec.deals.entries()) {
      for (let k = 0; k < deal.actions.length; k += 2) {
        const pair = sameViewOtherCards(rec.rules, deal, k, `alt-${di}-${k}`);
        if (!pair) continue;
        const action = deal.actions[k]!;
        const a = analyseDecision(pair.original, action, k, decisionSeed(di, k), BUDGET);
        const b = analyseDecision(pair.alt, action, k, decisionSeed(di, k), BUDGET);
        const knowledge = (d: typeof a) => ({ ...d, options: d.options.map((o) => ({ option: o.option, value: o.value, points: o.points })), exactLoss: null });
        expect(knowledge(b)).toEqual(knowledge(a));
        if (a.kind === 'card' && JSON.stringify(a.options.map((o) => o.exact)) !== JSON.stringify(b.options.map((o) => o.exact))) exactMoved++;
        if (a.kind === 'bid') bids++;
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(15);
    expect(bids).toBeGreaterThan(2);
    // The other deals really were different: with every hand known, the values moved.
    expect(exactMoved).toBeGreaterThan(0);
  }, 180_000);

  it('reads nothing but GameView fields, and a JSON copy of the view gives the same values', () => {
    const tl = replayTimeline(rec);
    const deal = tl.deals.find((d) => d.result.outcome !== 'redeal')!;
    let checked = 0;
    deal.states.forEach((state, k) => {
      const action = deal.frames[k + 1]!.action!;
      if (k % 5 !== 0) return;
      const view = viewFor(state, action.seat);
      const reads = new Set<string>();
      const strictView = strict(view, 'view', reads);
      const judge = action.type === 'play' && view.deal!.legal.length > 1 ? judgeCard : null;
      if (!judge) return;
      const a = judge(strictView, seededRng('s'), BUDGET);
      const b = judge(JSON.parse(JSON.stringify(view)) as GameView, seededRng('s'), BUDGET);
      expect(b.options).toEqual(a.options);
      expect([...reads].some((r) => /deals|deck|hands|seed|startHands/.test(r))).toBe(false);
      checked++;
    });
    expect(checked).toBeGreaterThan(2);
  });

  it('refuses a game state or a spectator view', () => {
    const tl = replayTimeline(rec);
    const state = tl.deals[0]!.states[0]!;
    expect(() => judgeCard(state as unknown as GameView, seededRng(1), BUDGET)).toThrow(TypeError);
    expect(() => judgeCard(viewFor(state, 'spectator'), seededRng(1), BUDGET)).toThrow(TypeError);
  });
});

describe('verdicts', () => {
  it('follow the thresholds, read from the loss less MARK_Z standard errors', () => {
    expect(verdictOf(30, 1)).toBe('forced');
    expect(verdictOf(0, 3)).toBe('best');
    expect(verdictOf(0.49, 3)).toBe('best');
    expect(verdictOf(THRESHOLDS.inaccuracy - 0.01, 3)).toBe('good');
    expect(verdictOf(THRESHOLDS.inaccuracy, 3)).toBe('inaccuracy');
    expect(verdictOf(THRESHOLDS.mistake, 3)).toBe('mistake');
    expect(verdictOf(THRESHOLDS.blunder, 3)).toBe('blunder');
    // 30 given away with a standard error of 3: surely 20.25 → a blunder; with 4: surely 17 → a mistake.
    expect(MARK_Z).toBe(3.25);
    expect(verdictOf(30, 3, 3)).toBe('blunder');
    expect(verdictOf(30, 3, 4)).toBe('mistake');
    expect(verdictOf(30, 3, 8)).toBe('inaccuracy');
    expect(verdictOf(30, 3, 8.1)).toBe('good');
    expect(surelyGivenAway(30, 4)).toBe(17);
    expect(surelyGivenAway(3, 5)).toBe(0);
  });

  it('count half the written difference lost, with a paired standard error', () => {
    expect(pairedLoss([40, 40, 40], [20, 20, 20])).toEqual({ loss: 10, se: 0 });
    const r = pairedLoss([10, 30], [10, 10]);
    expect(r.loss).toBe(5);
    expect(r.se).toBeCloseTo(5, 9);
    expect(pairedLoss([0], [10]).loss).toBe(0);
  });
});

describe('a mark', () => {
  // One sampled deal per card, as the node cap leaves to some opening leads.
  const THIN: AnalysisBudget = { samples: 1, minSamples: 1, nodes: Infinity, markSamples: 4, bidSamples: 6 };
  const plays = decisionsOf('marks', ['easy', 'easy', 'easy', 'easy']).filter((d) => d.action.type === 'play' && viewFor(d.state, d.action.seat).deal!.legal.length > 1);

  it('stands only on markSamples sampled deals: a card that looks marked on fewer is sampled again', { timeout: 180_000 }, () => {
    let unconfirmed = 0;
    for (const { state, action, k } of plays.filter((_, i) => i % 3 === 0)) {
      const view = viewFor(state, action.seat);
      expect(judgeCard(view, seededRng('m'), THIN).margins[0]).toHaveLength(1);
      expect(judgeCard(view, seededRng('m'), THIN, () => true).margins[0]).toHaveLength(THIN.markSamples);
      const d = analyseDecision(state, action, k, 'm', THIN);
      const thin = analyseDecision(state, action, k, 'm', { ...THIN, markSamples: 1 });
      expect(thin.samples).toBe(1);
      // Marked: on exactly markSamples deals. Not marked on one deal: left at one.
      if (isMark(d.verdict)) expect(d.samples).toBe(THIN.markSamples);
      if (!isMark(thin.verdict)) expect(d).toEqual(thin);
      if (isMark(thin.verdict) && !isMark(d.verdict)) unconfirmed++;
    }
    // Some marks from one sampled deal do not hold on more.
    expect(unconfirmed).toBeGreaterThan(0);
  });

  it('draws its extra deals one at a time and stops as soon as the card is clear: the same deals, a prefix of them', () => {
    // Positions from the fourth trick on (a sampled deal costs little there).
    const late = plays.filter((d) => viewFor(d.state, d.action.seat).deal!.hand!.length <= 5);
    expect(late.length).toBeGreaterThan(10);
    for (const { state, action } of late.filter((_, i) => i % 3 === 0)) {
      const view = viewFor(state, action.seat);
      const full = judgeCard(view, seededRng('p'), THIN, () => true);
      // Marked on one deal, clear on two: two deals, the full run's first two.
      const cleared = judgeCard(view, seededRng('p'), THIN, (j) => j.margins[0]!.length < 2);
      expect(cleared.margins[0]).toHaveLength(2);
      cleared.margins.forEach((m, i) => expect(m).toEqual(full.margins[i]!.slice(0, 2)));
    }
  });

  it('is never given to a forced card, which is left unsampled (its exact value kept)', { timeout: 60_000 }, () => {
    const forced = decisionsOf('marks', ['easy', 'easy', 'easy', 'easy']).filter((d) => d.action.type === 'play' && viewFor(d.state, d.action.seat).deal!.legal.length === 1);
    expect(forced.length).toBeGreaterThan(3);
    for (const { state, action, k } of forced.slice(0, 8)) {
      const exact = exactCardValues(state);
      const d = analyseDecision(state, action, k, 'f', BUDGET, exact);
      const card = (action as Extract<Action, { type: 'play' }>).card;
      expect([d.verdict, d.samples, d.loss, d.se, d.best, d.why, d.options.map((o) => [o.option, o.value, o.ahead, o.exact])]).toEqual(['forced', 0, 0, 0, card, null, [[card, 0, 0, exact[0]!.margin]]]);
    }
  });
});

describe('a coinche deal', () => {
  it('judges the calls (the one made among the options) and the cards under the contract', () => {
    const { state } = oneGame('coinche', { players: ['normal', 'easy', 'normal', 'easy'], rng: seededRng('coinche') }, { variant: 'coinche', target: 1000 } as never, 4);
    const tl = replayTimeline(recordOf(state));
    const deal = tl.deals.find((d) => d.result.outcome !== 'redeal')!;
    const a = analyseDeal(deal, { budget: BUDGET });
    const calls = a.decisions.filter((d) => d.kind === 'bid');
    expect(calls.length).toBeGreaterThanOrEqual(4);
    for (const d of calls) {
      expect(d.options.some((o) => o.option === d.played)).toBe(true);
      expect(d.played).toMatch(/^(pass|coinche|surcoinche|bid:(\d+|capot):[SHDC])$/);
    }
    expect(a.decisions.filter((d) => d.kind === 'card')).toHaveLength(32);
    // The last evaluation is what the deal wrote under the contract (no litige pot in play).
    const w = deal.result;
    if (w.litigePot === 0 && w.outcome !== 'litige') expect(a.evaluation.at(-1)).toBe(w.written[0] - w.written[1]);
  }, 180_000);
});

describe('a whole deal', () => {
  // A seed whose deal has a card bad enough to be marked beyond doubt on this small budget.
  const rec = gameRecord('deal-4', ['random', 'random', 'normal', 'random'], 4);
  const tl = replayTimeline(rec);
  // A made or dedans deal without capot or litige pot: its written difference is the evaluation's.
  const deal = tl.deals.find((d, i) => (d.result.outcome === 'made' || d.result.outcome === 'dedans') && d.result.capot === null && (i === 0 || tl.deals[i - 1]!.result.litigePot === 0))!;
  const progress: number[] = [];
  const budget = BUDGET;
  const a = analyseDeal(deal, { budget, onProgress: (done, total) => progress.push(done / total) });

  it('judges every action, reproducibly, with the better option named', () => {
    expect(a.decisions).toHaveLength(deal.states.length);
    expect(progress.at(-1)).toBe(1);
    expect(analyseDeal(deal, { budget })).toEqual(a);
    for (const d of a.decisions) {
      const action = deal.frames[d.step + 1]!.action!;
      expect(d.seat).toBe(action.seat);
      expect(d.options.some((o) => o.option === d.played)).toBe(true);
      const best = d.options.find((o) => o.option === d.best)!;
      expect(Math.max(...d.options.map((o) => o.value))).toBe(best.value);
      if (d.kind === 'card') for (const o of d.options) expect(o.exact).toBeDefined();
    }
    // Random players give points away: some of it is marked, and the better card is worth more.
    const marked = a.decisions.filter((d) => d.verdict === 'inaccuracy' || d.verdict === 'mistake' || d.verdict === 'blunder');
    expect(marked.length).toBeGreaterThan(0);
    for (const d of marked) {
      expect(d.best).not.toBe(d.played);
      expect(d.loss - MARK_Z * d.se).toBeGreaterThanOrEqual(THRESHOLDS.inaccuracy);
    }
  }, 180_000);

  it('tallies per seat and evaluates every card position', () => {
    for (const s of [0, 1, 2, 3] as Seat[]) {
      const mine = a.decisions.filter((d) => d.seat === s && d.verdict !== 'forced');
      expect(a.seats[s].decisions).toBe(mine.length);
      expect(a.seats[s].givenAway).toBeCloseTo(mine.reduce((x, d) => x + d.loss, 0), 9);
      expect(a.seats[s].accurate).toBe(mine.filter((d) => d.loss < THRESHOLDS.inaccuracy).length);
    }
    const firstCard = deal.frames.findIndex((f) => f.action?.type === 'play') - 1;
    a.evaluation.forEach((v, i) => (i < firstCard ? expect(v).toBeNull() : expect(typeof v).toBe('number')));
    // The last position is worth what the deal wrote (no pot or capot involved in this deal).
    const w = deal.result;
    expect(w.capot).toBeNull();
    expect(w.written[0] + w.written[1] - w.belote[0] - w.belote[1]).toBeLessThanOrEqual(162);
    expect(a.evaluation.at(-1)).toBe(w.written[0] - w.written[1]);
  });
});
