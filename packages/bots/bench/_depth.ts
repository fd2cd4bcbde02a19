import { maskCards, seededRng, shuffledDeck, cardId, type Seat } from '@belote/rules';
import { solveMoves, searchedNodes, resetNodes } from '../src/strong/solver.js';
for (const k of [8, 7, 6, 5]) {
  const rng = seededRng('speed' + k);
  let tot = 0; const ts: number[] = [];
  for (let i = 0; i < 20; i++) {
    const deck = shuffledDeck(rng).map(cardId);
    const hands = [0, 1, 2, 3].map((s) => deck.slice(s * 8, s * 8 + k).reduce((m, c) => m | (1 << c), 0));
    const trump = Math.floor(rng() * 4);
    resetNodes(); const t0 = performance.now();
    solveMoves({ hands, trump, leader: 0 as Seat, trick: [] }, 0, maskCards(hands[0]!)); tot += searchedNodes(); ts.push(performance.now() - t0);
  }
  ts.sort((a, b) => a - b);
  console.log(k, 'cards: nodes avg', Math.round(tot / 20), 'ms median', ts[10]!.toFixed(1), 'max', ts[19]!.toFixed(1));
}
