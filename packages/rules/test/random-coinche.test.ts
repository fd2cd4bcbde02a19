/**
 * Property tests over random coinche games (seeded, so failures replay): the reducer against
 * the independent reading of docs/rules/COINCHE.md §5 (the conformance reference's scoring), the fast core
 * against the reducer at every step (legal calls, legal plays, tricks, points, scores), and
 * records rebuilding identical games.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BID_POINTS,
  BID_VALUES,
  CALL_BID,
  CALL_COINCHE,
  CALL_PASS,
  CALL_SURCOINCHE,
  FastAuction,
  FastDeal,
  RandomDealer,
  SUITS,
  announcementsInto,
  cardId,
  cardsOfMask,
  currentDeal,
  dealAll,
  legalCalls,
  legalMask,
  legalPlays,
  nextSeat,
  playGame,
  recordOf,
  replayRecord,
  scoreCoincheDeal,
  scoreCoincheInto,
  seededRng,
  type Action,
  type DealState,
  type GameState,
  type LegalCalls,
  type Rules,
  type Seat,
} from '../src/index.js';
import { refCoincheScore } from './conformance/reference-coinche.js';
import { legalCards, winnerIndex, cardPoints } from './conformance/reference.js';
import { winnerAfter } from './oracle.js';

const rulesArb = fc.record({
  variant: fc.constant<'coinche'>('coinche'),
  announcements: fc.boolean(),
  tie: fc.constantFrom<Rules['tie']>('litige', 'dedans'),
  target: fc.constantFrom<Rules['target']>(501, 501, 1000, 1001, 2000, 3000),
});

const seen = { made: 0, dedans: 0, litige: 0, redeal: 0, takersCapot: 0, defendersCapot: 0, capotBid: 0, coinched: 0, surcoinched: 0, potAwarded: 0, announced: 0, belote: 0 };

const maskOfCalls = (l: LegalCalls): number => {
  let m = l.pass ? CALL_PASS : 0;
  for (const v of l.bids) m |= CALL_BID << BID_VALUES.indexOf(v);
  return m | (l.coinche ? CALL_COINCHE : 0) | (l.surcoinche ? CALL_SURCOINCHE : 0);
};

/** Replay one finished deal on the fast core (auction, then play) and compare everything. */
function checkFast(state: GameState, d: DealState, potIn: number): void {
  const r = d.result!;
  const hands = Int32Array.from(dealAll(d.dealer, d.deckIds));
  // hands do not change before play: the start-of-play hands are the dealt ones
  if (d.startHands) expect(d.startHands.map((h) => h | 0)).toEqual(Array.from(hands));
  const a = new FastAuction().reset(d.dealer);
  const plays: Action[] = [];
  for (const act of d.actions) {
    if (act.type === 'play') { plays.push(act); continue; }
    expect(a.turn).toBe(act.seat);
    if (act.type === 'pass') a.pass();
    else if (act.type === 'bid') a.bid(BID_VALUES.indexOf(act.value), SUITS.indexOf(act.suit));
    else if (act.type === 'coinche') a.coincheCall();
    else if (act.type === 'surcoinche') a.surcoincheCall();
  }
  if (r.outcome === 'redeal') {
    expect(a.end).toBe(2);
    return;
  }
  expect([a.end, a.bidder, SUITS[a.suit], a.coinche, a.contractPoints]).toEqual([1, r.taker, r.trump, r.coinche, BID_POINTS[BID_VALUES.indexOf(r.contract!)]]);
  const trump = a.suit;
  const p = new FastDeal().reset(hands, trump, nextSeat(d.dealer), a.bidder);
  const trick: number[] = [];
  const cur = Array.from(hands);
  for (const act of plays) {
    if (act.type !== 'play') continue;
    if (trick.length === 4) trick.length = 0;
    const id = cardId(act.card);
    expect(p.turn).toBe(act.seat);
    const want = legalMask(cur[p.turn]!, trick, trump) | 0;
    if (p.legal() !== want) expect(p.legal()).toBe(want);
    cur[p.turn] = cur[p.turn]! & ~(1 << id);
    trick.push(id);
    p.play(id);
  }
  expect([p.points[0], p.points[1]]).toEqual(r.points);
  d.tricks.forEach((t, k) => expect(p.trickWinner(k)).toBe(t.winner));
  const s = scoreCoincheInto(new Int32Array(5), a.bidder & 1, a.contractPoints, a.coinche, p.points, p.tricksWon, p.beloteTeam, r.announcements[0], r.announcements[1], state.rules.tie === 'dedans', potIn);
  expect([s[0], s[1], s[2], s[4]]).toEqual([...r.written, r.litigePot, r.capot ?? -1]);
}

/** One finished deal against the rule text (reference legality, tricks and scoring). */
function checkDeal(state: GameState, d: DealState, potIn: number, totalsIn: [number, number]): { pot: number; totals: [number, number] } {
  const r = d.result!;
  if (r.outcome === 'redeal') {
    seen.redeal++;
    expect(d.actions.map((x) => x.type)).toEqual(['pass', 'pass', 'pass', 'pass']);
    expect(r).toEqual({ outcome: 'redeal', capot: null, taker: null, trump: null, contract: null, coinche: 1, tricks: [], points: [0, 0], belote: [0, 0],
      announcements: [0, 0], written: [0, 0], litigePot: potIn, totals: totalsIn });
    return { pot: potIn, totals: totalsIn };
  }
  const trump = r.trump!;
  const start = dealAll(d.dealer, d.deckIds).map((h) => cardsOfMask(h) as string[]);
  const hands = start.map((h) => [...h]);
  let leader = nextSeat(d.dealer) as number;
  const pts = [0, 0];
  const won = [0, 0];
  r.tricks.forEach((t, k) => {
    expect(t.leader).toBe(leader);
    const cards: string[] = [];
    t.cards.forEach((c, i) => {
      const seat = (leader + i) & 3;
      if (!legalCards(hands[seat]!, cards, trump).includes(c)) throw new Error(`${c} was not legal`);
      hands[seat]!.splice(hands[seat]!.indexOf(c), 1);
      cards.push(c);
    });
    const w = (leader + winnerIndex(cards, trump)) & 3;
    expect(t.winner).toBe(w);
    pts[w & 1]! += cards.reduce((a, c) => a + cardPoints(c, trump), 0) + (k === 7 ? 10 : 0);
    won[w & 1]!++;
    leader = w;
  });
  expect(r.points).toEqual(pts);
  const holder = start.findIndex((h) => h.includes(`K${trump}`) && h.includes(`Q${trump}`));
  expect(r.belote).toEqual([holder >= 0 && (holder & 1) === 0 ? 20 : 0, holder >= 0 && (holder & 1) === 1 ? 20 : 0]);
  const ann = state.rules.announcements ? announcementsInto(dealAll(d.dealer, d.deckIds), SUITS.indexOf(trump), new Int32Array(3)) : [0, 0];
  expect(r.announcements).toEqual([ann[0], ann[1]]);
  const o = refCoincheScore({ T: r.taker! & 1, points: pts, won, belote: r.belote, ann: r.announcements, value: r.contract!, mult: r.coinche!, tieDedans: state.rules.tie === 'dedans' }, potIn);
  expect([r.outcome, r.capot, r.written, r.litigePot]).toEqual([o.outcome, o.capot, o.written, o.pot]);
  // the readable scoring function on the same tally
  const again = scoreCoincheDeal({ takerTeam: (r.taker! & 1) as 0, points: r.points, tricks: won as [number, number], belote: r.belote, announcements: r.announcements },
    { value: r.contract!, coinche: r.coinche! }, state.rules.tie, potIn);
  expect(again.written).toEqual(r.written);
  const totals: [number, number] = [totalsIn[0] + r.written[0], totalsIn[1] + r.written[1]];
  expect(r.totals).toEqual(totals);
  seen[r.outcome as 'made' | 'dedans' | 'litige']++;
  if (r.capot !== null) seen[r.capot === (r.taker! & 1) ? 'takersCapot' : 'defendersCapot']++;
  if (r.contract === 'capot') seen.capotBid++;
  if (r.coinche === 2) seen.coinched++;
  if (r.coinche === 4) seen.surcoinched++;
  if (potIn > 0 && o.pot === 0) seen.potAwarded++;
  if (r.announcements[0] + r.announcements[1] > 0) seen.announced++;
  if (r.belote[0] + r.belote[1] > 0) seen.belote++;
  return { pot: o.pot, totals };
}

describe('random coinche games', () => {
  it('agree with the rule text, the fast core and their records', () => {
    fc.assert(
      fc.property(fc.integer(), rulesArb, (seed, rules) => {
        const { state } = playGame(rules, seededRng(seed), undefined, {
          onStep: (s) => {
            const deal = currentDeal(s)!;
            if (deal.phase === 'over') return;
            const seat = deal.turn!;
            const calls = legalCalls(s, seat);
            const plays = legalPlays(s, seat);
            if (deal.phase === 'bidding') {
              expect(calls.pass).toBe(true);
              expect(plays).toEqual([]);
            } else {
              expect(maskOfCalls(calls)).toBe(0);
              expect(plays.length).toBeGreaterThan(0);
            }
            for (const o of [1, 2, 3]) {
              const other = ((seat + o) & 3) as Seat;
              if (legalCalls(s, other).pass || legalPlays(s, other).length) throw new Error('a seat out of turn may act');
            }
          },
        });
        let pot = 0;
        let totals: [number, number] = [0, 0];
        state.deals.forEach((d, i) => {
          checkFast(state, d, pot);
          ({ pot, totals } = checkDeal(state, d, pot, totals));
          expect(winnerAfter(totals, state.rules.target) === null || i === state.deals.length - 1).toBe(true);
        });
        expect(state.totals).toEqual(totals);
        expect(state.winner).toBe(winnerAfter(totals, state.rules.target));
        const replay = replayRecord(JSON.parse(JSON.stringify(recordOf(state))));
        expect(replay.result.error).toBeNull();
        expect(JSON.stringify(replay.state)).toBe(JSON.stringify(state));
        expect(replay.result.deals).toEqual(state.deals.map((d) => d.result));
      }),
      { numRuns: 500, seed: 20261201 },
    );
    for (const [k, v] of Object.entries(seen)) expect(v, k).toBeGreaterThan(0);
  }, 120_000);

  it('RandomDealer.playCoinche: every played deal sums to 162 and scores as the readable formula', () => {
    const dealer = new RandomDealer();
    const rng = seededRng('fast-coinche');
    let played = 0;
    for (let k = 0; k < 3000; k++) {
      const ann = k % 2 === 0;
      if (!dealer.playCoinche(rng, k & 3, ann, k % 3 === 0, k % 5 === 0 ? 81 : 0)) continue;
      played++;
      const p = dealer.position;
      const a = dealer.auction;
      expect(p.points[0]! + p.points[1]!).toBe(162);
      expect(p.over).toBe(true);
      const annPts: [number, number] = ann ? [dealer.ann[0]!, dealer.ann[1]!] : [0, 0];
      const belote: [number, number] = [p.beloteTeam === 0 ? 20 : 0, p.beloteTeam === 1 ? 20 : 0];
      const s = scoreCoincheDeal({ takerTeam: (a.bidder & 1) as 0, points: [p.points[0]!, p.points[1]!], tricks: [p.tricksWon[0]!, p.tricksWon[1]!], belote, announcements: annPts },
        { value: BID_VALUES[a.high]!, coinche: a.coinche as 1 }, k % 3 === 0 ? 'dedans' : 'litige', k % 5 === 0 ? 81 : 0);
      expect([dealer.score[0], dealer.score[1], dealer.score[2]]).toEqual([...s.written, s.litigePot]);
    }
    expect(played).toBeGreaterThan(1500);
  });
});

export type { Action };
