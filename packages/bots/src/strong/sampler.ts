/**
 * Determinization: deal the cards a seat cannot see to the other seats, consistently with
 * everything the seat knows (hand sizes, cards that must or cannot be in a hand, declared
 * announcement types). Cards are placed most-constrained first, each to a seat drawn in
 * proportion to the room it has left; a dead end restarts, and a backtracking pass
 * guarantees a deal (the real one always fits). What the other seats' actions suggest (soft
 * evidence, inference.ts) then picks among such candidates.
 */
import { bit, detectCombinations, popcount, shuffleInPlace as shuffle, type Rng } from '@belote/rules';
import type { Knowledge } from '../knowledge.js';
import { drawDeclared } from './declared.js';
import { evidenceOf, likelihood, type Evidence } from './inference.js';

interface Problem {
  base: number[];
  need: number[];
  /** Free cards with their allowed seats (bitmask of seats), most constrained first. */
  cards: { card: number; seats: number }[];
}

function problemOf(k: Knowledge, rng: Rng, extra: readonly number[]): Problem | null {
  const base = [0, 0, 0, 0];
  const need = [0, 0, 0, 0];
  let fixed = 0;
  for (let s = 0; s < 4; s++) {
    if (s === k.seat) {
      base[s] = k.hand;
      continue;
    }
    base[s] = k.mustHold[s]! | extra[s]!;
    fixed |= base[s]!;
    need[s] = k.handCounts[s]! - popcount(base[s]!);
    if (need[s]! < 0) return null;
  }
  const free = k.unseen & ~fixed;
  const cards: { card: number; seats: number }[] = [];
  for (let c = 0; c < 32; c++) {
    if ((free & bit(c)) === 0) continue;
    let seats = 0;
    for (let s = 0; s < 4; s++) if (s !== k.seat && (k.cannotHold[s]! & bit(c)) === 0) seats |= 1 << s;
    if (seats === 0) return null;
    cards.push({ card: c, seats });
  }
  shuffle(cards, rng);
  cards.sort((a, b) => popcount(a.seats) - popcount(b.seats));
  return { base, need, cards };
}

function greedy(p: Problem, rng: Rng): number[] | null {
  const hands = p.base.slice();
  const need = p.need.slice();
  for (const { card, seats } of p.cards) {
    let total = 0;
    for (let s = 0; s < 4; s++) if ((seats >> s) & 1) total += need[s]!;
    if (total === 0) return null;
    let r = rng() * total;
    let pick = -1;
    for (let s = 0; s < 4; s++) {
      if (((seats >> s) & 1) === 0 || need[s] === 0) continue;
      pick = s;
      r -= need[s]!;
      if (r < 0) break;
    }
    hands[pick] = hands[pick]! | bit(card);
    need[pick]!--;
  }
  return hands;
}

function backtrack(p: Problem, rng: Rng): number[] | null {
  const hands = p.base.slice();
  const need = p.need.slice();
  const go = (i: number): boolean => {
    if (i === p.cards.length) return true;
    const { card, seats } = p.cards[i]!;
    for (const s of shuffle([0, 1, 2, 3], rng)) {
      if (((seats >> s) & 1) === 0 || need[s] === 0) continue;
      need[s]!--;
      hands[s] = hands[s]! | bit(card);
      if (go(i + 1)) return true;
      need[s]!++;
      hands[s] = hands[s]! & ~bit(card);
    }
    return false;
  };
  return go(0) ? hands : null;
}

/** The declared announcement types of the sampled start hands match what the seats declared. */
function announcementsFit(k: Knowledge, hands: number[]): boolean {
  const declared = k.deal.declared;
  if (!declared) return true;
  const playedBy = [0, 0, 0, 0];
  for (const p of k.plays) playedBy[p.seat] = playedBy[p.seat]! | bit(p.card);
  for (const d of declared) {
    if (d.seat === k.seat) continue;
    const kinds = detectCombinations(hands[d.seat]! | playedBy[d.seat]!).map((c) => c.kind);
    if (kinds.join() !== d.kinds.join()) return false;
  }
  return true;
}

let sampleMisses = 0;
/** Candidate deals drawn per sample: one of them is kept in proportion to its likelihood. */
export const POOL = 16;
/** How many samples had to ignore the declared announcement types (tests, diagnostics). */
export const declaredMisses = (): number => sampleMisses;

/** The evidence of a decision, prepared once per Knowledge (one decision draws many samples). */
const evidenceCache = new WeakMap<Knowledge, Evidence | null>();
export function evidenceFor(k: Knowledge): Evidence | null {
  let ev = evidenceCache.get(k);
  if (ev === undefined) evidenceCache.set(k, (ev = evidenceOf(k)));
  return ev;
}

/** Start-of-play hands of a sampled deal: current hands plus what each seat played. */
export function startHands(k: Knowledge, hands: readonly number[]): number[] {
  const start = hands.slice();
  for (const p of k.plays) start[p.seat] = start[p.seat]! | bit(p.card);
  return start;
}

/**
 * Candidate deals consistent with everything the seat knows for certain (hand sizes, cards seen,
 * voids shown, declared announcement types), each with its likelihood under the inference
 * (inference.ts); at most `pool` of them.
 */
export function candidates(k: Knowledge, rng: Rng, pool = POOL): { hands: number[]; weight: number }[] {
  const none = [0, 0, 0, 0];
  const ev = evidenceFor(k);
  const out: { hands: number[]; weight: number }[] = [];
  const attempts = k.deal.declared ? 3000 : 3 * pool + 30;
  for (let attempt = 0; attempt < attempts && out.length < pool; attempt++) {
    // Declared announcement types make fitting deals rare: a few are enough then.
    if (out.length > 0 && attempt >= 3 * pool + 30) break;
    const extra = k.deal.declared && attempt % 2 === 0 ? drawDeclared(k, rng) : none;
    if (!extra) continue;
    const p = problemOf(k, rng, extra);
    if (!p) continue;
    const h = attempt < 2 * pool || extra !== none ? greedy(p, rng) : backtrack(p, rng);
    if (!h || !announcementsFit(k, h)) continue;
    out.push({ hands: h, weight: ev ? likelihood(ev, h, startHands(k, h), rng) : 1 });
  }
  return out;
}

/**
 * Sample the four current hands (the seat's own is its real hand): `POOL` candidate deals that
 * satisfy every hard constraint, one of them kept in proportion to its likelihood given the other
 * seats' bids and cards (sampling–importance–resampling). Throws if no deal fits (a bug).
 */
export function sampleHands(k: Knowledge, rng: Rng): [number, number, number, number] {
  const pool = candidates(k, rng);
  if (pool.length > 0) {
    let total = 0;
    for (const c of pool) total += c.weight;
    let r = rng() * total;
    for (const c of pool) {
      r -= c.weight;
      if (r < 0) return c.hands as [number, number, number, number];
    }
    return pool[pool.length - 1]!.hands as [number, number, number, number];
  }
  // No candidate fitted the declared announcement types: they become soft evidence.
  sampleMisses++;
  const p = problemOf(k, rng, [0, 0, 0, 0]);
  const h = p && (greedy(p, rng) ?? backtrack(p, rng));
  if (!h) throw new Error('sampleHands: no deal fits what the seat knows');
  return h as [number, number, number, number];
}
