/**
 * `@belote/rules/core` — the engine without the record format: everything but the zod
 * schemas of `belote-record/1`, so that clients (the web app, `@belote/protocol/client`, a
 * third-party client) can import the rules and the view fold without loading zod.
 */
export * from './cards.js';
export * from './types.js';
export * from './rng.js';
export { quote, QUOTE_MAX } from './quote.js';
export { legalMask, refusalReason, winningIndex, trickPoints } from './play.js';
export { detectCombinations, compareCombinations, resolveAnnouncements, shownCombinations } from './announcements.js';
export type { AnnouncementOutcome } from './announcements.js';
export { scoreDeal, gameWinner } from './scoring.js';
export type { DealTally, DealScore } from './scoring.js';
export { scoreCoincheDeal } from './coinche-scoring.js';
export type { ContractTerms } from './coinche-scoring.js';
export { variantOf, targetsOf, rulesWithDefaults, targetProblem } from './settings.js';
export { NO_CALLS, openAuction, afterCall, legalCallsOf, isBidValue, bidRank, contractPoints } from './auction.js';
export { callRefusalReason } from './call-refusal.js';
export type { AuctionState, Contract, LegalCalls, SeatCall } from './auction.js';
export { dealFive, dealAll, completeHands, deckProblem } from './dealing.js';
export {
  newGame,
  startDeal,
  apply,
  checkAction,
  currentDeal,
  justCompleted,
  nextDealer,
  legalPlays,
  legalCalls,
  handOf,
  dealReport,
  tricksOf,
} from './game.js';
export type { GameState, DealState, CompletedTrick } from './game.js';
export { viewFor } from './view.js';
export type { GameView, DealView, BidView, AuctionView, Viewer } from './view.js';
export { applyEvents, initialView, dealsCards, ownCardsAfter } from './fold.js';
export type { OwnCards } from './fold.js';
export { playGame, randomPolicy, randomCall } from './simulate.js';
export * from './fast/index.js';
export type { Policy, PlayedGame } from './simulate.js';
export { explainCoincheDeal } from './coinche-explain.js';
export type { CoincheExplanation, CoincheReason, WrittenLine, WrittenTerm } from './coinche-explain.js';
