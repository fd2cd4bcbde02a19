/**
 * The coinche auction (docs/rules/COINCHE.md §3) on plain integers, allocation-free, for search and
 * benchmarks: the legal calls are one bit mask. Same rules as ../auction.ts (tests compare them).
 * Bid values by index: 0..8 = 80..160, 9 = capot (BID_POINTS gives the formula points).
 */

/** Bit of `pass` in a legal-call mask. */
export const CALL_PASS = 1;
/** Bit of a bid of value index `v` (0..9): `CALL_BID << v`. */
export const CALL_BID = 1 << 1;
/** Every bid bit. */
export const CALL_BIDS = 0x3ff << 1;
export const CALL_COINCHE = 1 << 11;
export const CALL_SURCOINCHE = 1 << 12;

/** Contract points by value index (docs/rules/COINCHE.md §5: capot counts 250). */
export const BID_POINTS: Int16Array = Int16Array.from([80, 90, 100, 110, 120, 130, 140, 150, 160, 250]);
export const CAPOT_INDEX = 9;

/** End states of `FastAuction.end`. */
export const AUCTION_OPEN = 0;
export const AUCTION_CONTRACT = 1;
export const AUCTION_REDEAL = 2;

export class FastAuction {
  /** Seat to call (meaningless once the auction is over). */
  turn = 0;
  /** Value index of the highest bid, -1 before any bid. */
  high = -1;
  /** Suit id of the highest bid. */
  suit = -1;
  /** Seat of the highest bid, -1 before any bid. */
  bidder = -1;
  /** 1, 2 (coinched) or 4 (surcoinched). */
  coinche = 1;
  coinchedBy = -1;
  /** Passes since the last bid or coinche. */
  passes = 0;
  /** AUCTION_OPEN, AUCTION_CONTRACT or AUCTION_REDEAL. */
  end = AUCTION_OPEN;

  /** A new auction for a deal dealt by `dealer`: the eldest calls first. */
  reset(dealer: number): this {
    this.turn = (dealer + 1) & 3;
    this.high = this.suit = this.bidder = this.coinchedBy = -1;
    this.coinche = 1;
    this.passes = 0;
    this.end = AUCTION_OPEN;
    return this;
  }

  /** The calls the seat to act may make, as CALL_* bits (0 once the auction is over). */
  legal(): number {
    if (this.end !== AUCTION_OPEN) return 0;
    let m = CALL_PASS;
    if (this.coinchedBy < 0) m |= (CALL_BIDS << (this.high + 1)) & CALL_BIDS;
    const ownTeam = this.bidder >= 0 && ((this.bidder ^ this.turn) & 1) === 0;
    if (this.high >= 0 && this.coinchedBy < 0 && !ownTeam) m |= CALL_COINCHE;
    if (this.coinchedBy >= 0 && ownTeam) m |= CALL_SURCOINCHE;
    return m;
  }

  pass(): void {
    this.passes++;
    if (this.high < 0 ? this.passes === 4 : this.passes === 3) this.end = this.high < 0 ? AUCTION_REDEAL : AUCTION_CONTRACT;
    this.turn = (this.turn + 1) & 3;
  }

  /** Bid value index `v` in suit `suit` (must be legal; not checked). */
  bid(v: number, suit: number): void {
    this.high = v;
    this.suit = suit;
    this.bidder = this.turn;
    this.passes = 0;
    this.turn = (this.turn + 1) & 3;
  }

  coincheCall(): void {
    this.coinche = 2;
    this.coinchedBy = this.turn;
    this.passes = 0;
    this.turn = (this.turn + 1) & 3;
  }

  surcoincheCall(): void {
    this.coinche = 4;
    this.end = AUCTION_CONTRACT;
    this.turn = (this.turn + 1) & 3;
  }

  /** The contract's formula points (valid once a bid was made). */
  get contractPoints(): number {
    return BID_POINTS[this.high]!;
  }
}
