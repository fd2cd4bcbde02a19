/**
 * The card decisions of the first tricks of seeded deals of four normal-v1 bots (two or more legal
 * cards), each with the seeded rng its search uses and a key naming its place ("trick 1, lead"):
 * the positions `samples-by-trick.ts` and `solver-nodes.ts` measure, the same in both.
 */
import { maskOf, newGame, seededRng, shuffledDeck, startDeal, type GameView, type Seat } from '@belote/rules';
import { knowledgeOf, type Knowledge } from '../src/knowledge.js';
import { playDeal } from './arena.js';

export interface EarlyPosition {
  knowledge: Knowledge;
  /** The legal cards, as a mask. */
  legal: number;
  rng: () => number;
  key: string;
}

export function eachEarlyPosition(deals: number, tricks: number, visit: (p: EarlyPosition) => void): void {
  for (let i = 0; i < deals; i++) {
    const started = startDeal(newGame({}), (i & 3) as Seat, shuffledDeck(seededRng(`samples-by-trick:${i}`)));
    if (!started.ok) throw new Error(started.error.message);
    playDeal(started.state, {
      players: ['normal-v1', 'normal-v1', 'normal-v1', 'normal-v1'],
      rng: seededRng(`samples-by-trick:play:${i}`),
      onAction: (_state, view: GameView) => {
        const d = view.deal!;
        if (d.phase !== 'play' || d.legal.length < 2 || d.tricks.length >= tricks) return;
        const key = `trick ${d.tricks.length + 1}, ${d.trick.cards.length === 0 ? 'lead' : `card ${d.trick.cards.length + 1}`}`;
        visit({ knowledge: knowledgeOf(view), legal: maskOf(d.legal), rng: seededRng(`samples-by-trick:${i}:${d.tricks.length}`), key });
      },
    });
  }
}
