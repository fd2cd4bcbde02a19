/**
 * Analysis of finished games (issue 13): each decision judged under the seat's own knowledge
 * (the strong bot's search, seeded) and, for cards, with every hand known.
 */
export { analyseDeal, analyseDecision, accuracyOf, sumTallies, decisionSeed, dealStake, ANALYSIS_VERSION } from './deal.js';
export type { Decision, DealAnalysis, SeatTally, AnalyseOptions } from './deal.js';
export { judgeCard, judgeBid, judgeCall, bidKey, callKey, ANALYSIS_BUDGET } from './judge.js';
export type { AnalysisBudget, OptionValue, Judgement } from './judge.js';
export { exactCardValues, dealFacts } from './exact.js';
export type { ExactValue } from './exact.js';
export { THRESHOLDS, MARK_Z, CLASSIC_STAKE, stakeOf, markScale, verdictOf, surelyGivenAway, severity, givenAway, pairedLoss, isAccurate, isMark } from './verdict.js';
export { whyOf } from './why.js';
export type { Why } from './why.js';
export type { Verdict } from './verdict.js';
export { variationOf } from './variation.js';
export type { Variation } from './variation.js';
