/** Quick solver timing on full 8-card deals (a development aid, `tsx bench/solver-speed.ts`). */
import { maskCards, seededRng, shuffledDeck, cardId, type Seat } from '@belote/rules';
import { solveMoves, searchedNodes, resetNodes } from '../src/strong/solver.js';

const rng = seededRng(process.argv[2] ?? 'speed');
const times: number[] = [];
const nodesL: number[] = [];
for (let i = 0; i < Number(process.argv[3] ?? 30); i++) {
  const deck = shuffledDeck(rng).map(cardId);
  const hands = [0, 1, 2, 3].map((s) => deck.slice(s * 8, s * 8 + 8).reduce((m, c) => m | (1 << c), 0));
  const trump = Math.floor(rng() * 4);
  const leader = 0 as Seat;
  resetNodes();
  const t0 = performance.now();
  const v = solveMoves({ hands, trump, leader, trick: [] }, 0, maskCards(hands[0]!));
  times.push(performance.now() - t0);
  nodesL.push(searchedNodes());
  if (i < 3) console.log(v);
}
times.sort((a, b) => a - b);
console.log('median ms', times[times.length >> 1]!.toFixed(1), 'max', times[times.length - 1]!.toFixed(1), 'nodes median', nodesL.sort((a, b) => a - b)[nodesL.length >> 1]);
