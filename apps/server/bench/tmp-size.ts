import { seededRng, newGame, startDeal, shuffledDeck, apply, viewFor, legalPlays, currentDeal, DEFAULT_RULES, type GameState, type Seat } from '@belote/rules';
const rng = seededRng('x');
let s: GameState = newGame(DEFAULT_RULES);
for (let deal = 0; deal < 6; deal++) {
  s = (startDeal(s, (deal % 4) as Seat, shuffledDeck(rng)) as { ok: true; state: GameState }).state;
  for (;;) {
    const d = currentDeal(s)!;
    if (d.phase === 'over' || (deal === 5 && d.tricks.length === 4)) break;
    const seat = d.turn as Seat;
    const a = d.phase === 'bidding' ? (d.actions.length === 0 ? { type: 'take' as const, seat } : { type: 'pass' as const, seat }) : { type: 'play' as const, seat, card: legalPlays(s, seat)[0]! };
    const r = apply(s, a);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  if (s.winner !== null) break;
}
const v = viewFor(s, 0);
const sizes = (o: object) => Object.fromEntries(Object.entries(o).map(([k, x]) => [k, JSON.stringify(x)?.length]));
console.log('view', JSON.stringify(v).length, sizes(v));
console.log('deal', sizes(v.deal!));
const t0 = performance.now(); for (let i = 0; i < 10000; i++) JSON.stringify(v); console.log('stringify µs', (performance.now() - t0) / 10);
const t1 = performance.now(); for (let i = 0; i < 10000; i++) viewFor(s, (i % 4) as Seat); console.log('viewFor µs', (performance.now() - t1) / 10);
