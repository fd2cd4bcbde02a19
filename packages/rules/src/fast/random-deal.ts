/**
 * One complete random deal on the fast core — shuffle, deal, both bidding rounds, 32 legal
 * plays, scoring — with no allocation per deal. Used by the benchmark and by bots that
 * need random playouts; the bidding policy matches simulate.ts's `randomPolicy` (pass 70%).
 */
import type { Rng } from '../rng.js';
import { announcementsInto } from './announce.js';
import { completeInto, dealFiveInto, scoreInto, shuffleInto } from './dealing.js';
import { FastDeal } from './position.js';
import { bitCount, lowestBit } from './tables.js';

/** The k-th (0-based) set bit of `mask`, as a card id. */
export function nthCard(mask: number, k: number): number {
  for (let i = 0; i < k; i++) mask &= mask - 1;
  return lowestBit(mask);
}

/** A uniformly random card of a non-empty mask. */
export function randomCard(mask: number, rng: Rng): number {
  return nthCard(mask, Math.floor(rng() * bitCount(mask)));
}

/** Reusable buffers for `randomDeal`. */
export class RandomDealer {
  readonly deck: Int8Array = new Int8Array(32);
  readonly hands: Int32Array = new Int32Array(4);
  readonly position: FastDeal = new FastDeal();
  /** `[written0, written1, potAfter, outcome, capot]` of the last deal (see scoreInto). */
  readonly score: Int32Array = new Int32Array(5);
  readonly ann: Int32Array = new Int32Array(3);

  /**
   * Play one random deal dealt by `dealer`. Returns false for a redeal (everyone passed
   * twice), true when the deal was played and scored into `score`.
   */
  play(rng: Rng, dealer: number, announcements = false, tieDedans = false, potIn = 0): boolean {
    const deck = shuffleInto(this.deck, rng);
    const hands = dealFiveInto(deck, dealer, this.hands);
    const retourneSuit = deck[20]! >> 3;
    let taker = -1;
    let trump = -1;
    for (let round = 1; round <= 2 && taker < 0; round++) {
      for (let k = 0; k < 4; k++) {
        if (rng() < 0.7) continue;
        taker = (dealer + 1 + k) & 3;
        trump = round === 1 ? retourneSuit : (retourneSuit + 1 + Math.floor(rng() * 3)) & 3;
        break;
      }
    }
    if (taker < 0) return false;
    completeInto(deck, dealer, taker, hands);
    const p = this.position.reset(hands, trump, (dealer + 1) & 3, taker);
    let a0 = 0;
    let a1 = 0;
    if (announcements) {
      announcementsInto(hands, trump, this.ann);
      a0 = this.ann[0]!;
      a1 = this.ann[1]!;
    }
    while (p.n < 32) p.play(randomCard(p.legal(), rng));
    scoreInto(this.score, taker & 1, p.points, p.tricksWon, p.beloteTeam, a0, a1, tieDedans, potIn);
    return true;
  }
}
