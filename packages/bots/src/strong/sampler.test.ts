/**
 * The sampler never deals a seat something it could not hold: over thousands of sampled
 * deals from real game situations, each sampled deal is checked independently of the
 * knowledge code by replaying the deal's plays against the engine's legalMask, plus hand
 * sizes, the retourne at the taker (classic), belote calls and declared announcement types,
 * in classic and coinche games.
 */
import { RANK_K, RANK_Q, bit, cardId, detectCombinations, legalMask, maskOf, popcount, seededRng, suitId, type GameView } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { oneGame } from '../../bench/arena.js';
import { knowledgeOf, playsOf } from '../knowledge.js';
import { declaredMisses, sampleHands } from './sampler.js';

function views(seed: string, announcements: boolean, max: number, coinche = false): GameView[] {
  const out: GameView[] = [];
  oneGame(seed, {
    players: ['normal', 'easy', 'normal', 'random'],
    rng: seededRng(seed),
    onAction: (_s, view) => { if (view.deal!.phase === 'play' && out.length < max) out.push(view); },
  }, coinche ? { variant: 'coinche', announcements } : { announcements }, 12);
  return out;
}

function checkDeal(view: GameView, hands: number[]): void {
  const deal = view.deal!;
  const me = view.viewer as number;
  const trump = suitId(deal.trump!);
  expect(hands[me]).toBe(maskOf(deal.hand!));
  let union = 0;
  for (let s = 0; s < 4; s++) {
    expect(popcount(hands[s]!)).toBe(deal.handCounts[s]);
    expect(union & hands[s]!).toBe(0);
    union |= hands[s]!;
  }
  const plays = playsOf(deal);
  for (const p of plays) expect(union & bit(p.card)).toBe(0);
  expect(popcount(union) + plays.length).toBe(32);
  // Replay: each seat's holding when it played = its sampled hand + what it played from then on.
  plays.forEach((p, i) => {
    let holding = hands[p.seat]!;
    for (const q of plays.slice(i)) if (q.seat === p.seat) holding |= bit(q.card);
    expect(legalMask(holding, p.prefix, trump) & bit(p.card)).not.toBe(0);
  });
  const start = hands.slice();
  for (const p of plays) start[p.seat] = start[p.seat]! | bit(p.card);
  if (deal.retourne !== undefined) expect(start[deal.taker!]! & bit(cardId(deal.retourne))).not.toBe(0);
  const pair = bit(trump * 8 + RANK_K) | bit(trump * 8 + RANK_Q);
  const holder = start.findIndex((h) => (h & pair) === pair);
  if (deal.belote) expect(holder).toBe(deal.belote.seat);
  else if (holder >= 0) expect(plays.some((p) => p.seat === holder && (bit(p.card) & pair) !== 0)).toBe(false);
  for (const d of deal.declared ?? []) expect(detectCombinations(start[d.seat]!).map((c) => c.kind)).toEqual(d.kinds);
  for (const c of deal.shown?.combinations ?? []) expect(start[c.seat]! & maskOf(c.combination.cards)).toBe(maskOf(c.combination.cards));
}

describe('sampler', () => {
  it('deals only what is consistent with the seat view (thousands of samples)', () => {
    let n = 0;
    for (const [seed, ann, coinche] of [['s1', false, false], ['s2', true, false], ['s3', false, false], ['s4', true, false], ['c1', false, true], ['c2', true, true]] as const) {
      const rng = seededRng(`sample:${seed}`);
      for (const v of views(seed, ann, 150, coinche)) {
        const k = knowledgeOf(v);
        for (let i = 0; i < 4; i++) {
          checkDeal(v, sampleHands(k, rng));
          n++;
        }
      }
    }
    expect(n).toBeGreaterThan(3000);
    expect(declaredMisses()).toBe(0);
  }, 180_000);

  it('is deterministic for a seed', () => {
    const v = views('det', false, 40)[30]!;
    const a = sampleHands(knowledgeOf(v), seededRng(7));
    const b = sampleHands(knowledgeOf(v), seededRng(7));
    expect(a).toEqual(b);
  });
});
