/**
 * docs/rules/RULES.md §9 worked examples as records: deals searched until the card points are exactly
 * those of the example, with the example's belote/announcements fixed in the hands; the
 * expected `written` is copied from the rule book. Run:
 * `pnpm exec tsx packages/rules/test/conformance/build-examples.ts`.
 */
import { c } from './build-helpers.js';
import { writeFixture } from './fixture-io.js';
import type { RefDeal } from './reference-replay.js';
import { findDeal, type Spec } from './search.js';

const ex = (name: string, rule: string, rules: object, spec: Spec, want: (d: RefDeal) => boolean, hand: object, seed: number): void => {
  const deal = findDeal(rules, [], { clean: true, ...spec }, want, seed, 2_000_000);
  writeFixture({ name: `example-${name}`, rule, record: { format: 'belote-record/1', rules, deals: [deal] }, hand: { error: null, deals: [hand] } });
};
const pts = (a: number, b: number) => (d: RefDeal): boolean => d.points[0] === a && d.points[1] === b;
const hearts = (fixed: string[][] = [[], [], [], []]): Spec => ({ dealer: 3, taker: 0, retourne: '7H', fixed: [['7H', ...fixed[0]!], ...fixed.slice(1)] });

ex('1-made', '§9 trump hearts, takers 92 card points, defenders 70: made, 92 / 70', {}, hearts(), pts(92, 70),
  { outcome: 'made', trump: 'H', points: [92, 70], belote: [0, 0], written: [92, 70], totals: [92, 70] }, 1);
ex('2-defenders-belote', '§9 same, but the defenders hold belote: 92 vs 90, made, 92 / 90', {}, hearts([[], c('KH QH'), [], []]), pts(92, 70),
  { outcome: 'made', points: [92, 70], belote: [0, 20], written: [92, 90] }, 2);
ex('3-dedans-with-belote', '§9 takers 70 + belote 20 = 90, defenders 92: dedans, takers write 20, defenders 162', {}, hearts([c('KH QH'), [], [], []]), pts(70, 92),
  { outcome: 'dedans', points: [70, 92], belote: [20, 0], written: [20, 162] }, 3);
ex('4-litige', '§9 takers 81, defenders 81: litige, defenders write 81, pot 81', {}, hearts(), pts(81, 81),
  { outcome: 'litige', points: [81, 81], written: [0, 81], litigePot: 81, totals: [0, 81] }, 4);
ex('6-announcements', '§9 takers tierce (20), defenders carré of nines (150); takers 100, defenders 62 + 150 = 212: dedans, defenders write 162 + 150 = 312',
  { announcements: true }, { dealer: 3, taker: 0, retourne: '7H', fixed: [c('7H 10S JS QS'), c('9C 9H 9D 9S'), [], []] }, pts(100, 62),
  { outcome: 'dedans', points: [100, 62], announcements: [0, 150], written: [0, 312] }, 6);
console.log('wrote 5 worked-example fixtures');
