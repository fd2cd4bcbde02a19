/**
 * A mutable, allocation-free deal position for search (the bots) and benchmarks: hands as
 * 32-bit masks, the cards played in order, and a summary of the trick in progress. `play`
 * and `undo` are O(1); `copyFrom` copies a position without allocating. No validation on
 * `play`: callers pick cards from `legal()`. The readable reducer (game.ts) stays the
 * authority for records and the server; tests check both agree.
 */
import { CARD_POINTS, CARD_STRENGTH, legalMaskCore } from './tables.js';

/**
 * A deal position during trick play.
 * @example
 * const p = fastDealFrom(currentDeal(state)!)!; // or new FastDeal().reset(hands, trump, eldest, taker)
 * const legal = p.legal();                       // mask of the card ids the seat `p.turn` may play
 * p.play(lowestBit(legal));                       // O(1), no allocation
 * p.undo();                                       // exact take-back
 * scratch.copyFrom(p);                            // cheap copy for a playout
 * // p.points[team], p.tricksWon[team], p.beloteTeam, p.winSeat (trick in progress), p.trickWinner(k)
 */
export class FastDeal {
  /** Current hand of each seat (mask of card ids). */
  readonly hands: Int32Array = new Int32Array(4);
  /** Cards in play order; trick k is `seq[4k .. 4k+3]`. */
  readonly seq: Int8Array = new Int8Array(32);
  /** Leader of trick k (k = 0..8; index 8 is the winner of the last trick). */
  readonly leaders: Int8Array = new Int8Array(9);
  /** Card points won per team, the 10 of the last trick included once it is won. */
  readonly points: Int32Array = new Int32Array(2);
  /** Tricks won per team. */
  readonly tricksWon: Int32Array = new Int32Array(2);
  /** Trump suit id 0..3 (S H D C). */
  trump = 0;
  /** Seat of the taker. */
  taker = 0;
  /** Team (0/1) holding king and queen of trump after the deal was completed, or -1. */
  beloteTeam = -1;
  /** Number of cards played so far (0..32): `n >> 2` tricks done, `n & 3` cards in the trick. */
  n = 0;
  /** Seat to play (after the 32nd card: the winner of the last trick). */
  turn = 0;
  /** Suit of the trick's first card (meaningful when `n & 3` > 0). */
  led = 0;
  /** Seat currently winning the trick in progress. */
  winSeat = 0;
  /** CARD_STRENGTH of the card currently winning the trick (-1 when the trick is empty). */
  winStrength = -1;
  /** Card points of the cards in the trick in progress. */
  trickPoints = 0;

  /** Start play: 8-card hands, trump suit, eldest hand (first leader) and taker. */
  reset(hands: ArrayLike<number>, trump: number, leader: number, taker: number): this {
    for (let s = 0; s < 4; s++) this.hands[s] = hands[s]!;
    this.trump = trump;
    this.taker = taker;
    this.n = 0;
    this.turn = leader;
    this.leaders[0] = leader;
    this.points[0] = this.points[1] = 0;
    this.tricksWon[0] = this.tricksWon[1] = 0;
    this.winStrength = -1;
    this.trickPoints = 0;
    const pair = (1 << (trump * 8 + 5)) | (1 << (trump * 8 + 6));
    this.beloteTeam = -1;
    for (let s = 0; s < 4; s++) if ((this.hands[s]! & pair) === pair) this.beloteTeam = s & 1;
    return this;
  }

  /** True once the eight tricks are played. */
  get over(): boolean {
    return this.n === 32;
  }

  /** Mask of the cards the seat to play may play (0 once the deal is over). */
  legal(): number {
    if (this.n === 32) return 0;
    return legalMaskCore(
      this.hands[this.turn]!,
      this.n & 3,
      this.led,
      this.winStrength,
      this.winSeat === ((this.turn + 2) & 3),
      this.trump,
    );
  }

  /**
   * The legal mask for the seat to play if it held `hand` instead (for card inference and
   * sampling hidden hands in a search).
   */
  legalFor(hand: number): number {
    if (this.n === 32) return 0;
    return legalMaskCore(hand, this.n & 3, this.led, this.winStrength, this.winSeat === ((this.turn + 2) & 3), this.trump);
  }

  /** Mask of the cards not played yet (all four hands). */
  unplayed(): number {
    return this.hands[0]! | this.hands[1]! | this.hands[2]! | this.hands[3]!;
  }

  /** Play `card` for the seat to play (must be legal; not checked). */
  play(card: number): void {
    const seat = this.turn;
    const t32 = this.trump * 32;
    this.hands[seat] = this.hands[seat]! & ~(1 << card);
    const pos = this.n & 3;
    this.seq[this.n++] = card;
    const suit = card >> 3;
    const st = CARD_STRENGTH[t32 + card]!;
    this.trickPoints += CARD_POINTS[t32 + card]!;
    if (pos === 0) {
      this.led = suit;
      this.winSeat = seat;
      this.winStrength = st;
    } else if ((suit === this.trump || suit === this.led) && st > this.winStrength) {
      this.winSeat = seat;
      this.winStrength = st;
    }
    if (pos !== 3) {
      this.turn = (seat + 1) & 3;
      return;
    }
    const k = (this.n >> 2) - 1;
    const team = this.winSeat & 1;
    this.points[team] = this.points[team]! + this.trickPoints + (k === 7 ? 10 : 0);
    this.tricksWon[team] = this.tricksWon[team]! + 1;
    this.leaders[k + 1] = this.winSeat;
    this.turn = this.winSeat;
    this.winStrength = -1;
    this.trickPoints = 0;
  }

  /** Take back the last card played. */
  undo(): void {
    const n = --this.n;
    const card = this.seq[n]!;
    const pos = n & 3;
    const k = n >> 2;
    const start = n - pos;
    if (pos === 3) {
      const team = this.leaders[k + 1]! & 1;
      let pts = k === 7 ? 10 : 0;
      for (let i = start; i <= n; i++) pts += CARD_POINTS[this.trump * 32 + this.seq[i]!]!;
      this.points[team] = this.points[team]! - pts;
      this.tricksWon[team] = this.tricksWon[team]! - 1;
    }
    const seat = (this.leaders[k]! + pos) & 3;
    this.hands[seat] = this.hands[seat]! | (1 << card);
    this.turn = seat;
    this.summarise(start, n);
  }

  /** Recompute the trick summary from `seq[start .. end)`. */
  private summarise(start: number, end: number): void {
    const t32 = this.trump * 32;
    this.winStrength = -1;
    this.trickPoints = 0;
    const leader = this.leaders[start >> 2]!;
    for (let i = start; i < end; i++) {
      const c = this.seq[i]!;
      const suit = c >> 3;
      const st = CARD_STRENGTH[t32 + c]!;
      this.trickPoints += CARD_POINTS[t32 + c]!;
      if (i === start) {
        this.led = suit;
        this.winSeat = leader;
        this.winStrength = st;
      } else if ((suit === this.trump || suit === this.led) && st > this.winStrength) {
        this.winSeat = (leader + i - start) & 3;
        this.winStrength = st;
      }
    }
  }

  /** Make this position a copy of `o` (no allocation). */
  copyFrom(o: FastDeal): this {
    this.hands.set(o.hands);
    this.seq.set(o.seq);
    this.leaders.set(o.leaders);
    this.points.set(o.points);
    this.tricksWon.set(o.tricksWon);
    this.trump = o.trump;
    this.taker = o.taker;
    this.beloteTeam = o.beloteTeam;
    this.n = o.n;
    this.turn = o.turn;
    this.led = o.led;
    this.winSeat = o.winSeat;
    this.winStrength = o.winStrength;
    this.trickPoints = o.trickPoints;
    return this;
  }

  /** A new independent copy. */
  clone(): FastDeal {
    return new FastDeal().copyFrom(this);
  }

  /** Winner of completed trick k (0..7). */
  trickWinner(k: number): number {
    return this.leaders[k + 1]!;
  }
}
