/**
 * Replaying a game record through the reducer: the result `pnpm verify` prints
 * (docs/rules/RECORD.md), and the game state a server rebuilds from its log.
 */
import type { Card } from '../cards.js';
import { apply, currentDeal, dealReport, newGame, startDeal, type GameState } from '../game.js';
import type { DealResult, RuleErrorCode, Team } from '../types.js';
import type { GameRecord } from './schema.js';

export interface VerifyError {
  deal: number;
  action: number | null;
  code: RuleErrorCode;
  message: string;
}

export interface VerifyResult {
  deals: DealResult[];
  winner: Team | null;
  error: VerifyError | null;
}

/** Checks a deal's fairness commitment; injected so the engine stays free of I/O and crypto. */
export type CommitmentCheck = (deck: readonly Card[], salt: string, commitment: string) => boolean;

export interface ReplayOutput {
  result: VerifyResult;
  state: GameState;
}

/** Replay a record; stops at the first illegal step. */
export function replayRecord(record: GameRecord, checkCommitment?: CommitmentCheck): ReplayOutput {
  let state = newGame(record.rules);
  const deals: DealResult[] = [];
  const fail = (deal: number, action: number | null, code: RuleErrorCode, message: string): ReplayOutput => ({
    result: { deals, winner: state.winner, error: { deal, action, code, message } },
    state,
  });
  for (let i = 0; i < record.deals.length; i++) {
    const d = record.deals[i]!;
    const started = startDeal(state, d.dealer, d.deck);
    if (!started.ok) return fail(i, null, started.error.code, started.error.message);
    if (checkCommitment && d.commitment !== undefined && d.salt !== undefined && !checkCommitment(d.deck, d.salt, d.commitment))
      return fail(i, null, 'BAD_DECK', 'the deck does not match the deal\'s commitment');
    state = started.state;
    for (let j = 0; j < d.actions.length; j++) {
      const r = apply(state, d.actions[j]!);
      if (!r.ok) {
        deals.push(dealReport(state, currentDeal(state)!));
        return fail(i, j, r.error.code, r.error.message);
      }
      state = r.state;
    }
    deals.push(dealReport(state, currentDeal(state)!));
  }
  return { result: { deals, winner: state.winner, error: null }, state };
}
