/**
 * Heuristic play-outs: on the real hands of a game of normal bots (the heuristic in every seat),
 * a play-out from any decision with the card actually played must reproduce the deal as it was
 * played — so each simulated seat decides on exactly what knowledgeOf gives a real seat.
 */
import { cardId, seededRng, teamOf, type Rules, type Team } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { oneGame } from '../../bench/arena.js';
import { knowledgeOf } from '../knowledge.js';
import { publicFacts, rolloutPoints } from './rollout.js';

interface Decision {
  deal: number;
  team: Team;
  run: { points: number; tricks: number; otherTricks: number };
}

function check(rules: Partial<Rules>, seed: string): number {
  const decisions: Decision[] = [];
  const { state } = oneGame(seed, {
    players: ['normal', 'normal', 'normal', 'normal'],
    rng: seededRng(seed),
    onAction: (st, v, a) => {
      const d = v.deal!;
      if (d.phase !== 'play' || a.type !== 'play') return;
      const k = knowledgeOf(v);
      const team = teamOf(k.seat) as Team;
      const deal = st.deals[st.deals.length - 1]!;
      const run = rolloutPoints(k, publicFacts(k), deal.hands, cardId(a.card), team);
      decisions.push({ deal: st.deals.length - 1, team, run: { points: run.points + d.points[team], tricks: run.tricks + d.tricksWon[team], otherTricks: run.otherTricks + d.tricksWon[1 - team]! } });
    },
  }, rules, 6);
  for (const d of decisions) {
    const deal = state.deals[d.deal]!;
    expect(d.run.points).toBe(deal.points[d.team]);
    expect(d.run.tricks).toBe(deal.trickCounts[d.team]);
    expect(d.run.otherTricks).toBe(deal.trickCounts[1 - d.team]);
  }
  return decisions.length;
}

describe('heuristic play-outs', () => {
  it('replay the deals of normal bots exactly from every card decision (classic)', () => {
    expect(check({}, 'roll-a')).toBeGreaterThan(100);
  });
  it('and in coinche', () => {
    expect(check({ variant: 'coinche' }, 'roll-b')).toBeGreaterThan(100);
  });
});
