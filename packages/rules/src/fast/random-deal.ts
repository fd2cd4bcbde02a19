/**
 * One complete random deal on the fast core — shuffle, deal, the bidding (classic rounds or
 * the coinche auction), 32 legal plays, scoring — with no allocation per deal. Used by the
 * benchmark and by bots that need random playouts; the bidding policies match simulate.ts's
 * `randomPolicy` (classic: pass 70%; coinche: `randomCall`).
 */
import type { Rng } from '../rng.js';
import { announcementsInto } from './announce.js';
import { AUCTION_OPEN, AUCTION_REDEAL, CALL_BIDS, CALL_COINCHE, CALL_SURCOINCHE, FastAuction } from './auction.js';
import { scoreCoincheInto } from './coinche.js';
import { completeInto, dealAllInto, dealFiveInto, scoreInto, shuffleInto } from './dealing.js';
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
  /** The coinche auction of the last `playCoinche` deal. */
  readonly auction: FastAuction = new FastAuction();

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

  /**
   * Play one random coinche deal dealt by `dealer` (docs/rules/COINCHE.md): 3-2-3 deal, a random auction,
   * 32 random legal plays, coinche scoring into `score`. False for a redeal (four passes).
   */
  playCoinche(rng: Rng, dealer: number, announcements = false, tieDedans = false, potIn = 0): boolean {
    const deck = shuffleInto(this.deck, rng);
    const hands = dealAllInto(deck, dealer, this.hands);
    const a = this.auction.reset(dealer);
    while (a.end === AUCTION_OPEN) randomCallInto(a, rng);
    if (a.end === AUCTION_REDEAL) return false;
    const p = this.position.reset(hands, a.suit, (dealer + 1) & 3, a.bidder);
    let a0 = 0;
    let a1 = 0;
    if (announcements) {
      announcementsInto(hands, a.suit, this.ann);
      a0 = this.ann[0]!;
      a1 = this.ann[1]!;
    }
    while (p.n < 32) p.play(randomCard(p.legal(), rng));
    scoreCoincheInto(this.score, a.bidder & 1, a.contractPoints, a.coinche, p.points, p.tricksWon, p.beloteTeam, a0, a1, tieDedans, potIn);
    return true;
  }
}

/**
 * One random legal call (the policy of simulate.ts's `randomCall`): surcoinche 15% and coinche
 * 12% of the times they are legal, else a bid 30% of the time (capot 3%, else one of the three
 * lowest open values, any suit), else pass.
 */
export function randomCallInto(a: FastAuction, rng: Rng): void {
  const legal = a.legal();
  if ((legal & CALL_SURCOINCHE) !== 0 && rng() < 0.15) return a.surcoincheCall();
  if ((legal & CALL_COINCHE) !== 0 && rng() < 0.12) return a.coincheCall();
  const bids = (legal & CALL_BIDS) >>> 1;
  if (bids !== 0 && rng() < 0.3) {
    const n = bitCount(bids);
    const k = rng() < 0.03 ? n - 1 : Math.min(Math.floor(rng() * 3), n - 1);
    return a.bid(lowestBit(bids) + k, Math.floor(rng() * 4));
  }
  a.pass();
}
