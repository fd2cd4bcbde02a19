/**
 * The inference (inference.ts) and the sampling it weighs (sampler.ts):
 * - it models the other seats by the normal bot: in games of four normal bots, the real deal
 *   gets play likelihood 1 from every seat's point of view (each card replayed from what its
 *   player knew then is the card played), while other deals often get less;
 * - property: no candidate deal with weight contradicts a card seen or a void shown (each checked
 *   independently of the knowledge code, by replaying the deal's plays against the engine);
 * - classic bids weigh deals: an opponent who passed in round 1 is rarely sampled with a hand
 *   the model (normal bot or rule of thumb) would have taken with;
 * - seeded: the same seed gives the same candidates, weights and samples.
 */
import { bit, cardId, currentDeal, legalMask, maskOf, popcount, seededRng, suitId, type GameState, type GameView, type Rules } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { oneGame, type Player } from '../../bench/arena.js';
import { placeOf } from '../heuristic/take-value.js';
import { knowledgeOf, playsOf } from '../knowledge.js';
import { bidAgreement, evidenceOf, playsLikelihood } from './inference.js';
import { candidates, sampleHands, startHands } from './sampler.js';

interface Situation {
  state: GameState;
  view: GameView;
}

function situations(seed: string, players: [Player, Player, Player, Player], max: number, rules: Partial<Rules> = {}): Situation[] {
  const out: Situation[] = [];
  oneGame(seed, {
    players,
    rng: seededRng(seed),
    budget: { samples: 3, nodes: 200_000, bidSamples: 3, timeMs: 60_000 },
    onAction: (state, view) => { if (view.deal!.phase === 'play' && out.length < max) out.push({ state, view }); },
  }, rules, 12);
  return out;
}

/** The sampled current hands contradict nothing the view shows (replayed against the engine's legal plays). */
function consistent(view: GameView, hands: readonly number[]): boolean {
  const deal = view.deal!;
  const trump = suitId(deal.trump!);
  if (hands[view.viewer as number] !== maskOf(deal.hand!)) return false;
  let union = 0;
  for (let s = 0; s < 4; s++) {
    if (popcount(hands[s]!) !== deal.handCounts[s] || (union & hands[s]!) !== 0) return false;
    union |= hands[s]!;
  }
  const plays = playsOf(deal);
  if (plays.some((p) => (union & bit(p.card)) !== 0)) return false;
  return plays.every((p, i) => {
    let holding = hands[p.seat]!;
    for (const q of plays.slice(i)) if (q.seat === p.seat) holding |= bit(q.card);
    return (legalMask(holding, p.prefix, trump) & bit(p.card)) !== 0;
  });
}

describe('inference', () => {
  it('the real deal of normal bots gets play likelihood 1 from every seat (the model replays their cards)', { timeout: 180_000 }, () => {
    let checked = 0;
    let below = 0;
    for (const rules of [{}, { variant: 'coinche' as const }]) {
      for (const { state, view } of situations('inf-real', ['normal', 'normal', 'normal', 'normal'], 200, rules)) {
        const k = knowledgeOf(view);
        const ev = evidenceOf(k)!;
        const real = [...currentDeal(state)!.hands];
        expect(playsLikelihood(ev, real)).toBe(1);
        checked++;
        // Other deals consistent with the view are often less likely.
        for (const c of candidates(k, seededRng(`c${checked}`), 4)) if (playsLikelihood(ev, c.hands) < 1) below++;
      }
    }
    expect(checked).toBe(400);
    expect(below).toBeGreaterThan(200);
  });

  it('never gives weight to a deal that contradicts a card seen or a void shown (property, thousands of candidates)', () => {
    let n = 0;
    let weighed = 0;
    for (const [seed, rules] of [['p1', {}], ['p2', { announcements: true }], ['p3', { variant: 'coinche' }]] as const) {
      for (const { view } of situations(seed, ['strong', 'normal', 'easy', 'random'], 120, rules)) {
        const k = knowledgeOf(view);
        for (const c of candidates(k, seededRng(`${seed}:${n}`))) {
          n++;
          if (c.weight > 0) {
            weighed++;
            expect(consistent(view, c.hands)).toBe(true);
          }
          expect(c.weight).toBeGreaterThanOrEqual(0);
          expect(c.weight).toBeLessThanOrEqual(1);
        }
        expect(consistent(view, sampleHands(k, seededRng(n)))).toBe(true);
      }
    }
    expect(n).toBeGreaterThan(3000);
    expect(weighed).toBe(n); // the evidence is soft: every consistent deal keeps some weight
  }, 180_000);

  it('an opponent who passed in round 1 is rarely sampled with a hand the model takes with', { timeout: 180_000 }, () => {
    let passers = 0;
    let uniform = 0;
    let weighted = 0;
    for (const { view } of situations('inf-pass', ['normal', 'normal', 'normal', 'normal'], 800).filter((_, i) => i % 8 === 0)) {
      const deal = view.deal!;
      const k = knowledgeOf(view);
      const retourne = cardId(deal.retourne!);
      const passed = deal.bids.filter((b) => b.round === 1 && b.type === 'pass' && b.seat !== view.viewer && b.seat !== ((view.viewer as number) + 2) % 4);
      if (passed.length === 0 || deal.tricks.length > 0) continue;
      const rng = seededRng(`pass:${passers}`);
      for (let i = 0; i < 40; i++) {
        const pool = candidates(k, rng);
        const kept = sampleHands(k, rng);
        for (const b of passed) {
          passers++;
          // How often would the model (the normal bot or the rule of thumb) have taken with this hand's first five cards (every split counted)? A candidate before weighing, then the deal kept.
          const takes = (h: number): number => takeShare(h, retourne, (five) => bidAgreement(1, placeOf(b.seat, deal.dealer), five, retourne, null) < 1);
          uniform += takes(startHands(k, pool[0]!.hands)[b.seat]!);
          weighted += takes(startHands(k, kept)[b.seat]!);
        }
      }
    }
    expect(passers).toBeGreaterThan(200);
    expect(weighted).toBeLessThan(uniform * 0.85); // about 0.75 (without the bid evidence: 1)
  });

  it('is seeded: the same seed gives the same candidates, weights and samples', { timeout: 180_000 }, () => {
    for (const { view } of situations('inf-det', ['normal', 'strong', 'normal', 'strong'], 60).filter((_, i) => i % 6 === 0)) {
      const a = candidates(knowledgeOf(view), seededRng('d'));
      const b = candidates(knowledgeOf(structuredClone(view)), seededRng('d'));
      expect(b).toEqual(a);
      expect(sampleHands(knowledgeOf(view), seededRng('e'))).toEqual(sampleHands(knowledgeOf(view), seededRng('e')));
    }
  });
});

/** The share of the five-card subsets of `h` (the retourne left out) for which `takes` holds. */
function takeShare(h: number, retourne: number, takes: (five: number) => boolean): number {
  const cards: number[] = [];
  for (let c = 0; c < 32; c++) if (c !== retourne && (h & bit(c)) !== 0) cards.push(c);
  let yes = 0;
  let all = 0;
  const go = (i: number, mask: number, n: number): void => {
    if (n === 5) {
      all++;
      if (takes(mask)) yes++;
      return;
    }
    for (let j = i; j < cards.length; j++) go(j + 1, mask | bit(cards[j]!), n + 1);
  };
  go(0, 0, 0);
  return yes / all;
}
