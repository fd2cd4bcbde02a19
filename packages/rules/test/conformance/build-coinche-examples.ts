/**
 * docs/rules/COINCHE.md §7: the 22 worked examples as coinche records, and the follow-ups of the
 * paragraph under the table (the litige pot of example 16 won by the next deal's winner,
 * example 8 ending a game to 501). Each deal is searched until its card points are exactly the
 * example's, with the belote, combinations or strength of the example fixed in the hands; the
 * `hand` block copies the table (written, outcome) and the contract. Dealer 3 throughout the
 * first deal, so seat 0 (team 0) is the eldest and the taker unless said.
 * Run: `pnpm exec tsx packages/rules/test/conformance/build-coinche-examples.ts`.
 */
import { c } from './build-helpers.js';
import { writeFixture } from './fixture-io.js';
import type { RefDeal, RefDealIn, RefRecord } from './reference-replay.js';
import { calls, findCoincheDeal, type CoincheSpec } from './search-coinche.js';

const COINCHE = { variant: 'coinche' };
const rec = (rules: RefRecord['rules'], deals: RefDealIn[]): object => ({ format: 'belote-record/1', rules, deals });
const pts = (t: number, d: number) => (x: RefDeal): boolean => x.points[0] === t && x.points[1] === d;
const capotBy = (team: number) => (x: RefDeal): boolean => x.capot === team;
const none = [[], [], [], []];
const spec = (said: string[], fixed: string[][] = none): CoincheSpec => ({ dealer: 3, calls: calls(3, ...said), fixed });
// Hands that take every trick for seat 0 (team 0) whoever plays what: all eight hearts (with belote).
const ALL_HEARTS = [c('JH 9H AH 10H KH QH 8H 7H'), [], [], []];
// Seat 0 holds seven hearts and an ace, KH is with the partner: no belote, capot likely.
const STRONG_NO_BELOTE = [c('JH 9H AH 10H QH 8H 7H AS'), [], c('KH'), []];

let n = 0;
function example(num: number, rule: string, said: string[], fixed: string[][], want: (d: RefDeal) => boolean, hand: object, rules: RefRecord['rules'] = COINCHE, seed = num): RefDealIn {
  const deal = findCoincheDeal(rules, [], spec(said, fixed), want, seed);
  writeFixture({ name: `coinche-example-${String(num).padStart(2, '0')}`, rule: `docs/rules/COINCHE.md §7 example ${num}: ${rule}`, record: rec(rules, [deal]),
    hand: { error: null, winner: null, deals: [{ trump: 'H', litigePot: 0, ...hand }] } });
  n++;
  return deal;
}
const made = { outcome: 'made' };
const dedans = { outcome: 'dedans' };

const d1 = example(1, '90♥ | T 92, D 70 | made | T 92 + 90 = 182 | D 70', ['bid 90 H', 'pass', 'pass', 'pass'], none, pts(92, 70),
  { ...made, taker: 0, contract: 90, coinche: 1, capot: null, points: [92, 70], belote: [0, 0], written: [182, 70], totals: [182, 70] });
example(2, '100♥ | T 92, D 70 | dedans (92 < 100) | T 0 | D 160 + 100 = 260', ['bid 100 H', 'pass', 'pass', 'pass'], none, pts(92, 70),
  { ...dedans, contract: 100, coinche: 1, points: [92, 70], written: [0, 260] });
example(3, '110♥ | T 99 + belote 20 = 119, D 63 | made (belote counts) | T 119 + 110 = 229 | D 63', ['bid 110 H', 'pass', 'pass', 'pass'], [[], [], c('KH QH'), []], pts(99, 63),
  { ...made, contract: 110, points: [99, 63], belote: [20, 0], written: [229, 63] });
example(4, '120♥ | T 99 + belote 20 = 119, D 63 | dedans | T 20 | D 160 + 120 = 280', ['bid 120 H', 'pass', 'pass', 'pass'], [[], [], c('KH QH'), []], pts(99, 63),
  { ...dedans, contract: 120, points: [99, 63], belote: [20, 0], written: [20, 280] });
example(5, '80♥ | T 70 + belote 20 = 90, D 92 | dedans (90 ≥ 80 but < 92) | T 20 | D 160 + 80 = 240', ['bid 80 H', 'pass', 'pass', 'pass'], [c('KH QH'), [], [], []], pts(70, 92),
  { ...dedans, contract: 80, points: [70, 92], belote: [20, 0], written: [20, 240] });
example(6, '90♥ coinché | T 92, D 70 | made | T (160 + 90) × 2 = 500 | D 0', ['bid 90 H', 'coinche', 'pass', 'pass', 'pass'], none, pts(92, 70),
  { ...made, contract: 90, coinche: 2, points: [92, 70], written: [500, 0] });
example(7, '100♥ coinché | T 92, D 70 + belote 20 | dedans | T 0 | D (160 + 20 + 100) × 2 = 560', ['bid 100 H', 'pass', 'pass', 'coinche', 'pass', 'pass', 'pass'], [[], [], [], c('KH QH')], pts(92, 70),
  { ...dedans, contract: 100, coinche: 2, points: [92, 70], belote: [0, 20], written: [0, 560] });
example(8, '80♥ surcoinché | T 92, D 70 | made | T (160 + 80) × 4 = 960 | D 0', ['bid 80 H', 'coinche', 'surcoinche'], none, pts(92, 70),
  { ...made, contract: 80, coinche: 4, points: [92, 70], written: [960, 0] });
example(9, '80♥ surcoinché | T 70 + belote 20, D 92 | dedans | T 20 | D (160 + 80) × 4 = 960', ['bid 80 H', 'pass', 'pass', 'coinche', 'surcoinche'], [[], [], c('KH QH'), []], pts(70, 92),
  { ...dedans, contract: 80, coinche: 4, points: [70, 92], belote: [20, 0], written: [20, 960] });
example(10, 'capot♥ | T all 8 tricks + belote | made | T 252 + 20 + 250 = 522 | D 0', ['bid capot H', 'pass', 'pass', 'pass'], ALL_HEARTS, capotBy(0),
  { ...made, contract: 'capot', coinche: 1, capot: 0, points: [162, 0], belote: [20, 0], written: [522, 0] });
example(11, 'capot♥ | T 92, D 70 | dedans | T 0 | D 160 + 250 = 410', ['bid capot H', 'pass', 'pass', 'pass'], none, pts(92, 70),
  { ...dedans, contract: 'capot', capot: null, points: [92, 70], written: [0, 410] });
example(12, '120♥ | T all 8 tricks, no bonus | made, capot | T 252 + 120 = 372 | D 0', ['bid 120 H', 'pass', 'pass', 'pass'], STRONG_NO_BELOTE, capotBy(0),
  { ...made, contract: 120, capot: 0, points: [162, 0], belote: [0, 0], written: [372, 0] });
example(13, 'capot♥ coinché | T all 8 tricks | made | T (250 + 250) × 2 = 1000 | D 0', ['bid capot H', 'coinche', 'pass', 'pass', 'pass'], STRONG_NO_BELOTE, capotBy(0),
  { ...made, contract: 'capot', coinche: 2, capot: 0, points: [162, 0], belote: [0, 0], written: [1000, 0] });
example(14, '80♥ coinché | T all 8 tricks | made | T (250 + 80) × 2 = 660 | D 0', ['bid 80 H', 'pass', 'pass', 'coinche', 'pass', 'pass', 'pass'], STRONG_NO_BELOTE, capotBy(0),
  { ...made, contract: 80, coinche: 2, capot: 0, points: [162, 0], belote: [0, 0], written: [660, 0] });
example(15, '80♥ | D all 8 tricks | dedans | T 0 | D 160 + 80 = 240', ['bid 80 H', 'pass', 'pass', 'pass'], [[], c('JH 9H AH 10H KH 8H 7H AS'), [], c('QH')], capotBy(1),
  { ...dedans, contract: 80, coinche: 1, capot: 1, points: [0, 162], belote: [0, 0], written: [0, 240] });
const d16 = example(16, '80♥ | T 81, D 81 | litige | T 0 (pot 81) | D 81', ['bid 80 H', 'pass', 'pass', 'pass'], none, pts(81, 81),
  { outcome: 'litige', contract: 80, coinche: 1, points: [81, 81], belote: [0, 0], written: [0, 81], litigePot: 81, totals: [0, 81] });
example(17, '90♥ | T 81, D 81 | dedans (81 < 90) | T 0 | D 250', ['bid 90 H', 'pass', 'pass', 'pass'], none, pts(81, 81),
  { ...dedans, contract: 90, points: [81, 81], written: [0, 250] });
example(18, '80♥ coinché | T 81, D 81 | dedans (coinched tie) | T 0 | D (160 + 80) × 2 = 480', ['bid 80 H', 'coinche', 'pass', 'pass', 'pass'], none, pts(81, 81),
  { ...dedans, contract: 80, coinche: 2, points: [81, 81], written: [0, 480] });
const d19 = example(19, '90♥ | T 71 + belote 20 = 91, D 91 | litige | T 20 (pot 71) | D 91', ['bid 90 H', 'pass', 'pass', 'pass'], [c('KH QH'), [], [], []], pts(71, 91),
  { outcome: 'litige', contract: 90, points: [71, 91], belote: [20, 0], written: [20, 91], litigePot: 71 });
const ANN = { variant: 'coinche', announcements: true };
example(20, '160♥, announcements on | T 62 + carré of nines 150 = 212, D 100 (its tierce loses) | made | T 212 + 160 = 372 | D 100', ['bid 160 H', 'pass', 'pass', 'pass'],
  [c('9S 9H 9D 9C'), c('10S JS QS'), [], []], pts(62, 100),
  { ...made, contract: 160, points: [62, 100], announcements: [150, 0], written: [372, 100] }, ANN);
example(21, '100♥, announcements on | T 100 (its tierce loses), D 62 + 150 = 212 | dedans | T 0 | D 160 + 150 + 100 = 410', ['bid 100 H', 'pass', 'pass', 'pass'],
  [c('10S JS QS'), c('9S 9H 9D 9C'), [], []], pts(100, 62),
  { ...dedans, contract: 100, points: [100, 62], announcements: [0, 150], written: [0, 410] }, ANN);
example(22, '100♥, announcements on | T all 8 tricks; D\'s quinte (100) wins the comparison | made, capot | T 252 + 100 + 100 = 452 | D 0', ['bid 100 H', 'pass', 'pass', 'pass'],
  [c('JH 9H AH QH 7H AS AD 10S'), c('7C 8C 9C 10C JC'), c('KH 10H 8H'), []], capotBy(0),
  { ...made, contract: 100, capot: 0, points: [162, 0], belote: [0, 0], announcements: [0, 100], written: [452, 0] }, ANN);

// The paragraph under the table: example 16's pot (81) goes to the winner of the next played deal.
// Deal 2 is dealt by seat 0 (eldest seat 1); `said` starts with seat 1.
const next = (said: string[], want: (d: RefDeal) => boolean, seed: number, prefix: RefDealIn[] = [d16], rules: RefRecord['rules'] = COINCHE): RefDealIn =>
  findCoincheDeal(rules, prefix, { dealer: (3 + prefix.length) % 4, calls: calls((3 + prefix.length) % 4, ...said) }, want, seed);
const follow = (name: string, rule: string, deals: RefDealIn[], hand: object[], rules: RefRecord['rules'] = COINCHE): void => {
  writeFixture({ name: `coinche-litige-${name}`, rule, record: rec(rules, deals), hand: { error: null, deals: hand } });
  n++;
};
const ex16 = { outcome: 'litige', written: [0, 81], litigePot: 81, totals: [0, 81] };
{
  // team 0 (seat 2) makes 90♥ 92/70: 182 + 81
  const d = next(['pass', 'bid 90 H', 'pass', 'pass', 'pass'], pts(92, 70), 161);
  follow('pot-to-takers-of-next-made-deal', 'docs/rules/COINCHE.md §7 example 16 then a made 90♥ (92/70) by team 0: that team writes 182 + 81 = 263',
    [d16, d], [ex16, { outcome: 'made', taker: 2, contract: 90, written: [263, 70], litigePot: 0, totals: [263, 151] }]);
}
{
  // team 1 (seat 1) makes 90♥ 92/70 (team 1 takes 92): 182 + 81
  const d = next(['bid 90 H', 'pass', 'pass', 'pass'], pts(70, 92), 162);
  follow('pot-to-other-team-making-next-deal', 'docs/rules/COINCHE.md §7 example 16 then a made 90♥ (92/70) by the other team (team 1): it writes 182 + 81 = 263',
    [d16, d], [ex16, { outcome: 'made', taker: 1, written: [70, 263], litigePot: 0, totals: [70, 344] }]);
}
{
  // team 1 fails 100♥ with 92: the defenders (team 0) write 160 + 100 + 81
  const d = next(['bid 100 H', 'pass', 'pass', 'pass'], pts(70, 92), 163);
  follow('pot-to-defenders-of-failed-next-contract', 'docs/rules/COINCHE.md §7 example 16 then team 1 fails 100♥ with 92: the defenders write their 160 + 100 + 81 = 341',
    [d16, d], [ex16, { outcome: 'dedans', taker: 1, written: [341, 0], litigePot: 0, totals: [341, 81] }]);
}
{
  // coinched next deal: the pot is added after the multiplication
  const d = next(['bid 90 H', 'coinche', 'pass', 'pass', 'pass'], pts(70, 92), 164);
  follow('pot-added-after-multiplication', 'docs/rules/COINCHE.md §5 the pot is added to what the winner writes after multiplication: example 16 then 90♥ coinché made by team 1: (160 + 90) × 2 + 81 = 581',
    [d16, d], [ex16, { outcome: 'made', coinche: 2, written: [0, 581], litigePot: 0, totals: [0, 662] }]);
}
{
  // a redeal does not touch the pot; a second litige adds to it (example 19's 71)
  const redeal: RefDealIn = { dealer: 0, deck: d1.deck, actions: calls(0, 'pass', 'pass', 'pass', 'pass') };
  const second = findCoincheDeal(COINCHE, [d16, redeal], { dealer: 1, calls: calls(1, 'bid 90 H', 'pass', 'pass', 'pass'), fixed: [[], [], c('KH QH'), []] }, pts(71, 91), 165);
  const third = next(['pass', 'pass', 'bid 80 S', 'pass', 'pass', 'pass'], (x) => x.outcome === 'made' && x.capot === null, 166, [d16, redeal, second]);
  follow('redeal-keeps-pot-second-litige-adds', 'docs/rules/COINCHE.md §3/§5 a redeal leaves the pot; a further litige adds to it (81 + 71 = 152); the next made contract\'s takers get 152',
    [d16, redeal, second, third], [ex16, { outcome: 'redeal', contract: null, coinche: 1, litigePot: 81, written: [0, 0] },
      { outcome: 'litige', taker: 2, belote: [20, 0], written: [20, 91], litigePot: 152 }, { outcome: 'made', taker: 1, litigePot: 0 }]);
  void d19;
}
{
  // Example 8 at target 501: the takers reach 960 and win the game.
  const rules = { variant: 'coinche', target: 501 };
  const d = findCoincheDeal(rules, [], spec(['bid 80 H', 'coinche', 'surcoinche']), pts(92, 70), 8);
  writeFixture({ name: 'coinche-example-08-wins-game-to-501', rule: 'docs/rules/COINCHE.md §7 example 8 at target 501: the takers reach 960 and win the game', record: rec(rules, [d]),
    hand: { error: null, winner: 0, deals: [{ outcome: 'made', contract: 80, coinche: 4, written: [960, 0], totals: [960, 0] }] } });
  n++;
}
console.log(`wrote ${n} coinche worked-example fixtures`);
