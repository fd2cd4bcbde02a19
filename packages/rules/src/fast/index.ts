/**
 * The fast core: allocation-free, mask-based dealing, legal plays, tricks, announcements,
 * the coinche auction and scoring (both variants) for search (bots) and benchmarks. Card ids are `suit * 8 + rank` (suits S H D C,
 * ranks 7 8 9 10 J Q K A); hands are 32-bit masks (bit `id`). Use `cardId`/`cardOf` from the
 * package to convert to and from card strings.
 */
export { FastDeal } from './position.js';
export { fastDealFrom } from './from-state.js';
export { CARD_POINTS, CARD_STRENGTH, SUIT_MASKS, TRUMPS_ABOVE, bitCount, legalMaskCore, lowestBit } from './tables.js';
export { shuffleInto, dealFiveInto, dealAllInto, completeInto, scoreInto, OUTCOME_MADE, OUTCOME_DEDANS, OUTCOME_LITIGE } from './dealing.js';
export { scoreCoincheInto } from './coinche.js';
export {
  FastAuction,
  BID_POINTS,
  CAPOT_INDEX,
  CALL_PASS,
  CALL_BID,
  CALL_BIDS,
  CALL_COINCHE,
  CALL_SURCOINCHE,
  AUCTION_OPEN,
  AUCTION_CONTRACT,
  AUCTION_REDEAL,
} from './auction.js';
export { announcementsInto, handCombinations } from './announce.js';
export { RandomDealer, nthCard, randomCard, randomCallInto } from './random-deal.js';
