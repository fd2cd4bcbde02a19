/**
 * The coinche call simulation's sampling stays bounded when the auction is one the heuristic
 * model can hardly explain: every draw refused would otherwise cost bidSamples × MAX_TRIES
 * likelihood judgements (280–390 ms of CPU per call against strong-v1).
 */
import { apply, maskOf, newGame, seededRng, shuffledDeck, startDeal, viewFor, type Action, type GameState } from '@belote/rules';
import { describe, expect, it, vi } from 'vitest';
import * as prior from './coinche-prior.js';
import { MIN_TRIES, TRIES_PER_SAMPLE, callOptions, callSamples } from './coinche-bid-sim.js';
import { heuristicCall } from '../heuristic/coinche-bid.js';

// Count the judgements: the simulation imports contextLikelihood from this module.
vi.mock('./coinche-prior.js', async (original) => {
  const m = await original<typeof prior>();
  return { ...m, contextLikelihood: vi.fn(m.contextLikelihood) };
});

function after(actions: Action[]): GameState {
  const s = startDeal(newGame({ variant: 'coinche' }), 3, shuffledDeck(seededRng('bounded')));
  if (!s.ok) throw new Error(s.error.message);
  let state = s.state;
  for (const a of actions) {
    const r = apply(state, a);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
  return state;
}

describe('coinche call sampling', () => {
  it('judges at most bidSamples × (TRIES_PER_SAMPLE + MIN_TRIES) draws on an auction no deal explains, and still samples every deal', () => {
    // Three seats outbid each other up to capot, in three suits: no sampled deal makes every call likely.
    const state = after([
      { type: 'pass', seat: 0 },
      { type: 'bid', seat: 1, value: 150, suit: 'H' },
      { type: 'bid', seat: 2, value: 160, suit: 'D' },
      { type: 'bid', seat: 3, value: 'capot', suit: 'C' },
    ]);
    const view = viewFor(state, 0);
    const options = callOptions(view, heuristicCall(0, maskOf(view.deal!.hand!), view.deal!.auction!));
    const judge = vi.mocked(prior.contextLikelihood);
    judge.mockClear();
    const bidSamples = 80;
    const { margins } = callSamples(view, options, seededRng('s'), { bidSamples, timeMs: Infinity });
    expect(margins.every((m) => m.length === bidSamples)).toBe(true);
    expect(judge.mock.calls.length).toBeGreaterThan(bidSamples * MIN_TRIES);
    expect(judge.mock.calls.length).toBeLessThanOrEqual(bidSamples * (TRIES_PER_SAMPLE + MIN_TRIES));
  });
});
