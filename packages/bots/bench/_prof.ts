import { seededRng, type GameView } from '@belote/rules';
import { oneGame } from '/work/wt/bots/packages/bots/bench/arena.js';
import { knowledgeOf } from '/work/wt/bots/packages/bots/src/knowledge.js';
import { sampleHands } from '/work/wt/bots/packages/bots/src/strong/sampler.js';
const variant = process.argv[2] === 'coinche' ? { variant: 'coinche' as const } : {};
const views: GameView[] = [];
oneGame('prof', { players: ['normal', 'normal', 'normal', 'normal'], rng: seededRng('p'), onAction: (_s, v) => { if (v.deal!.phase === 'play') views.push(v); } }, variant, 30);
const byTrick = new Array(8).fill(0).map(() => [0, 0]);
const rng = seededRng(1);
for (const v of views) {
  const k = knowledgeOf(v);
  const t0 = performance.now();
  for (let i = 0; i < 10; i++) sampleHands(k, rng);
  const t = v.deal!.tricks.length;
  byTrick[t]![0] += (performance.now() - t0) / 10;
  byTrick[t]![1]++;
}
console.log(byTrick.map(([ms, n], t) => `trick ${t + 1}: ${(ms / n).toFixed(3)} ms per sample (${n} views)`).join('\n'));
