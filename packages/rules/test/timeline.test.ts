/**
 * The replay model against the record: over random records (generated and checked with the
 * auditor's independent reference model, sometimes cut short or corrupted), every step of
 * every finished deal shows the position the record implies — the four hands, what each
 * seat held, the bids, the cards on the table and who won them, the running points, the
 * belote calls — and each deal ends on the reference's result. Then moving through it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardPoints, legalCards, suitOf, winnerIndex } from './conformance/reference.js';
import { refReplay, type RefDealIn } from './conformance/reference-replay.js';
import { randomRecord } from './conformance/random-records.js';
import {
  dealEdge,
  moveCursor,
  parseRecord,
  playGame,
  recordOf,
  replayRecord,
  replayTimeline,
  seededRng,
  trickStops,
  type GameRecord,
  type ReplayDeal,
  type ReplayTimeline,
} from '../src/index.js';

const sorted = (xs: readonly string[]): string[] => [...xs].sort();
const team = (s: number): number => s % 2;

function parse(input: unknown): GameRecord {
  const p = parseRecord(input);
  if (!p.success) throw new Error('not a record');
  return p.data;
}

/** Walk one deal of the record with the reference's rules and compare every frame. */
function checkDeal(dealIn: RefDealIn, deal: ReplayDeal, upTo: number | null): void {
  // A finished deal followed by an illegal action: its frames stop before that action.
  const d = upTo === null ? dealIn : { ...dealIn, actions: dealIn.actions.slice(0, upTo) };
  const eldest = (d.dealer + 1) % 4;
  const hands: string[][] = [[], [], [], []];
  for (let k = 0; k < 4; k++) hands[(eldest + k) % 4]!.push(...d.deck.slice(3 * k, 3 * k + 3), ...d.deck.slice(12 + 2 * k, 14 + 2 * k));
  const held = hands.map((h) => [...h]);
  const bids: { seat: number; type: string; suit: string | null; round: number }[] = [];
  let trump: string | null = null;
  let taker: number | null = null;
  let trick: string[] = [];
  let leader = eldest;
  let tricks = 0;
  const points = [0, 0];
  let beloteSeat = -1;
  let beloteCalls = 0;
  expect(deal.frames).toHaveLength(d.actions.length + 1);
  expect(deal.states).toHaveLength(d.actions.length);
  deal.frames.forEach((f, step) => {
    let table = { leader, cards: [...trick], winner: null as number | null };
    const expectedCalls: string[] = [];
    if (step > 0) {
      const a = d.actions[step - 1]!;
      expect(f.action).toMatchObject({ seat: a.seat, type: a.type });
      if (a.type === 'pass') bids.push({ seat: a.seat, type: 'pass', suit: null, round: bids.length < 4 ? 1 : 2 });
      else if (a.type === 'take') {
        const round = bids.length < 4 ? 1 : 2;
        taker = a.seat;
        trump = a.suit ?? suitOf(d.deck[20]!);
        bids.push({ seat: a.seat, type: 'take', suit: trump, round });
        hands[taker]!.push(d.deck[20]!);
        let next = 21;
        for (let k = 0; k < 4; k++) {
          const s = (eldest + k) % 4;
          const n = s === taker ? 2 : 3;
          hands[s]!.push(...d.deck.slice(next, next + n));
          next += n;
        }
        hands.forEach((h, s) => (held[s] = [...h]));
        beloteSeat = hands.findIndex((h) => h.includes(`K${trump}`) && h.includes(`Q${trump}`));
      } else {
        const card = a.card!;
        const hand = hands[a.seat]!;
        expect(legalCards(hand, trick, trump as 'S')).toContain(card);
        hand.splice(hand.indexOf(card), 1);
        trick.push(card);
        if (a.seat === beloteSeat && (card === `K${trump}` || card === `Q${trump}`)) expectedCalls.push(++beloteCalls === 1 ? 'belote' : 'rebelote');
        table = { leader, cards: [...trick], winner: null };
        if (trick.length === 4) {
          const w = (leader + winnerIndex(trick, trump as 'S')) % 4;
          points[team(w)]! += trick.reduce((s, c) => s + cardPoints(c, trump as 'S'), 0) + (tricks === 7 ? 10 : 0);
          table.winner = w;
          tricks++;
          trick = [];
          leader = w;
        }
      }
    }
    expect(f.deal).toBe(deal.index);
    expect(f.step).toBe(step);
    for (let s = 0; s < 4; s++) {
      expect(sorted(f.hands[s]!)).toEqual(sorted(hands[s]!));
      expect(sorted(f.held[s]!)).toEqual(sorted(held[s]!));
    }
    const v = f.view.deal!;
    expect(v.bids).toEqual(bids);
    expect(v.taker).toBe(taker);
    expect(v.trump).toBe(trump);
    expect(f.table).toEqual(table);
    expect(f.tricksDone).toBe(tricks);
    expect(v.points).toEqual(points);
    expect(f.view.viewer).toBe('spectator');
    expect(v.hand).toBeNull();
    expect(f.events.filter((e) => e.type === 'belote').map((e) => (e.type === 'belote' ? e.call : ''))).toEqual(expectedCalls);
    expect(v.belote?.calls ?? 0).toBe(beloteCalls);
  });
}

function checkTimeline(raw: ReturnType<typeof randomRecord>): ReplayTimeline {
  const tl = replayTimeline(parse(raw));
  const ref = refReplay(raw);
  // Every deal the reference finished (before any error) is in the timeline, in order; nothing else.
  const finished = ref.deals.map((r, i) => ({ r, i })).filter(({ r }) => r.outcome !== 'unfinished');
  expect(tl.deals.map((d) => d.index)).toEqual(finished.map(({ i }) => i));
  expect(tl.error?.deal ?? null).toBe(ref.error?.deal ?? null);
  expect(tl.error?.code ?? null).toBe(ref.error?.code ?? null);
  tl.deals.forEach((deal, k) => {
    const { r, i } = finished[k]!;
    checkDeal(raw.deals[i]!, deal, ref.error?.deal === i ? ref.error.action : null);
    expect(deal.result).toEqual(r);
    // The view carries the result without its tricks (they are in the view already).
    const { tricks: _tricks, ...summary } = r;
    expect(deal.frames.at(-1)!.view.deal!.result).toEqual(summary);
  });
  // An unfinished last deal is left out; none of its cards appear anywhere.
  const lastRef = ref.deals.at(-1);
  if (!ref.error && lastRef?.outcome === 'unfinished') expect(tl.unfinishedLeftOut).toBe(true);
  return tl;
}

describe('the replay timeline', () => {
  it('rebuilds, at every step of random records, the position the record implies', () => {
    let deals = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        deals += checkTimeline(randomRecord(seed)).deals.length;
      }),
      { numRuns: 60 },
    );
    expect(deals).toBeGreaterThan(100);
  }, 60_000);

  it('leaves an unfinished last deal out entirely', () => {
    const { state } = playGame({ target: 1000 }, seededRng('timeline-cut'), undefined, { maxDeals: 3 });
    const full = JSON.parse(JSON.stringify(recordOf(state))) as GameRecord;
    // recordOf already drops a running deal; cut the last finished one to simulate a hand-made file.
    const cut = structuredClone(full);
    const last = cut.deals.at(-1)!;
    last.actions = last.actions.slice(0, Math.max(1, last.actions.length - 3));
    const tl = replayTimeline(cut);
    expect(tl.unfinishedLeftOut).toBe(true);
    expect(tl.error).toBeNull();
    expect(tl.deals).toHaveLength(full.deals.length - 1);
    for (const d of tl.deals) expect(d.index).toBeLessThan(cut.deals.length - 1);
    // Nothing in the timeline (frames, or the states kept for analysis) holds the cut deal's deck.
    const deckText = JSON.stringify(last.deck);
    expect(JSON.stringify(tl.deals.map((d) => [d.frames, d.states]))).not.toContain(deckText);
    expect(JSON.stringify(replayTimeline(full).deals.at(-1)!.states)).toContain(deckText);
  });

  it('replays coinche records too: each deal ends on replayRecord\'s result, hands as dealt 3-2-3', () => {
    for (const seed of ['coinche-a', 'coinche-b', 'coinche-c']) {
      const { state } = playGame({ variant: 'coinche', target: 1000 }, seededRng(seed), undefined, { maxDeals: 6 });
      const rec = JSON.parse(JSON.stringify(recordOf(state))) as GameRecord;
      const tl = replayTimeline(rec);
      const results = replayRecord(rec).result.deals;
      expect(tl.error).toBeNull();
      expect(tl.deals.map((d) => d.result)).toEqual(results);
      for (const d of tl.deals) {
        // All eight cards from the start (no retourne, no completion).
        for (let s = 0; s < 4; s++) expect(d.frames[0]!.held[s]).toHaveLength(8);
        expect(d.frames[0]!.view.deal!.retourne).toBeUndefined();
        const calls = d.frames.at(-1)!.view.deal!.auction!.calls;
        expect(calls.length).toBe(d.frames.filter((f) => f.action !== null && f.action.type !== 'play').length);
      }
    }
  });

  it('stops at an illegal action, keeping the deals before it', () => {
    const { state } = playGame({ target: 1000 }, seededRng('timeline-bad'), undefined, { maxDeals: 3 });
    const rec = JSON.parse(JSON.stringify(recordOf(state))) as GameRecord;
    rec.deals[1]!.actions.splice(2, 0, { type: 'pass', seat: ((rec.deals[1]!.dealer + 3) & 3) as 0 });
    const tl = replayTimeline(rec);
    expect(tl.error).toMatchObject({ deal: 1, code: 'NOT_YOUR_TURN' });
    expect(tl.deals.map((d) => d.index)).toEqual([0]);
  });
});

describe('moving through a replay', () => {
  const { state } = playGame({ target: 1000 }, seededRng('timeline-nav'), undefined, { maxDeals: 4 });
  const tl = replayTimeline(JSON.parse(JSON.stringify(recordOf(state))) as GameRecord);
  const played = tl.deals.findIndex((d) => d.result.outcome !== 'redeal');

  it('steps by action across deal boundaries and stays put at the ends', () => {
    expect(moveCursor(tl, { deal: 0, step: 0 }, 'action', -1)).toEqual({ deal: 0, step: 0 });
    expect(moveCursor(tl, { deal: 0, step: 0 }, 'action', 1)).toEqual({ deal: 0, step: 1 });
    const end0 = tl.deals[0]!.frames.length - 1;
    expect(moveCursor(tl, { deal: 0, step: end0 }, 'action', 1)).toEqual({ deal: 1, step: 0 });
    expect(moveCursor(tl, { deal: 1, step: 0 }, 'action', -1)).toEqual({ deal: 0, step: end0 });
    const lastDeal = tl.deals.length - 1;
    const endLast = tl.deals[lastDeal]!.frames.length - 1;
    expect(moveCursor(tl, { deal: lastDeal, step: endLast }, 'action', 1)).toEqual({ deal: lastDeal, step: endLast });
  });

  it('steps by trick: dealt, end of bidding, then each completed trick', () => {
    const d = tl.deals[played]!;
    const stops = trickStops(tl, played);
    expect(stops).toHaveLength(10);
    expect(d.frames[stops[1]!]!.action!.type).toBe('take');
    for (const s of stops.slice(2)) expect(d.frames[s]!.table.winner).not.toBeNull();
    expect(stops.at(-1)).toBe(d.frames.length - 1);
    let cur = { deal: played, step: 0 };
    const visited: number[] = [];
    for (let i = 0; i < 9; i++) {
      cur = moveCursor(tl, cur, 'trick', 1);
      visited.push(cur.step);
    }
    expect(visited).toEqual(stops.slice(1));
    // Back from the middle of a trick goes to the trick before it.
    expect(moveCursor(tl, { deal: played, step: stops[4]! + 2 }, 'trick', -1)).toEqual({ deal: played, step: stops[4] });
  });

  it('steps by deal and to a deal\'s start and end', () => {
    expect(moveCursor(tl, { deal: 1, step: 5 }, 'deal', -1)).toEqual({ deal: 1, step: 0 });
    expect(moveCursor(tl, { deal: 1, step: 0 }, 'deal', -1)).toEqual({ deal: 0, step: 0 });
    expect(moveCursor(tl, { deal: 1, step: 5 }, 'deal', 1)).toEqual({ deal: 2, step: 0 });
    expect(dealEdge(tl, { deal: 2, step: 3 }, 'end')).toEqual({ deal: 2, step: tl.deals[2]!.frames.length - 1 });
    expect(dealEdge(tl, { deal: 2, step: 3 }, 'start')).toEqual({ deal: 2, step: 0 });
  });
});
