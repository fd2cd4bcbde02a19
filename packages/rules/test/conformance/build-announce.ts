/**
 * Hand-made fixtures for announcements (docs/rules/RULES.md §6) and belote (§5): the combinations are
 * fixed by hand, the other cards filled without adding any, the play random. The `hand` block
 * (announcements, belote, outcome, and `written` where the rule fixes it) was computed by hand.
 * Run: `pnpm exec tsx packages/rules/test/conformance/build-announce.ts`.
 */
import { c } from './build-helpers.js';
import { writeFixture } from './fixture-io.js';
import { refReplay, type RefDeal } from './reference-replay.js';
import { findDeal, type Spec } from './search.js';

const ON = { announcements: true };
const any = (): boolean => true;
type Want = (d: RefDeal) => boolean;
let n = 0;

function one(name: string, rule: string, rules: object, spec: Spec, want: Want, hand: (d: RefDeal) => object, seed = 7): void {
  const deal = findDeal(rules, [], { clean: true, ...spec }, want, seed);
  const record = { format: 'belote-record/1', rules, deals: [deal] };
  // `hand` may read card points from the found deal; the rule's arithmetic on them is hand-made.
  const found = refReplay({ rules, deals: [deal] }).deals[0]!;
  writeFixture({ name, rule, record, hand: { error: null, deals: [hand(found)] } });
  n++;
}

const S0 = (fixed0: string, others: Partial<Record<1 | 2 | 3, string>> = {}): string[][] =>
  [c(fixed0), c(others[1] ?? ''), c(others[2] ?? ''), c(others[3] ?? '')].map((h) => h.filter(Boolean));
const ann = (a: number[]): () => object => () => ({ announcements: a });

// ---- combinations and card assignment
one('ann-carre-takes-run-card', '§6 a card that could serve both a carré and a run goes to the carré; the run is what remains (9-10 / Q: nothing); team 1 tierce+quarte lose to 200',
  ON, { dealer: 3, taker: 0, retourne: '7S', fixed: S0('9H 10H JH QH JS JD JC 7S', { 1: 'AC KC QC', 3: '7C 8C 9C 10C' }) }, any, ann([200, 0]));
one('ann-carre-plus-remaining-quarte', '§6 carré of jacks 200 + what remains of 7-J hearts = quarte 50', ON,
  { dealer: 3, taker: 0, retourne: '7H', fixed: S0('7H 8H 9H 10H JH JS JD JC') }, any, ann([250, 0]));
one('ann-run-of-6-is-one-quinte', '§6 a run of 6 is one quinte (100), never split', ON,
  { dealer: 3, taker: 0, retourne: '7S', fixed: S0('7S 8S 9S 10S JS QS', { 1: '9D 10D JD' }) }, any, ann([100, 0]));
one('ann-run-of-8-is-one-quinte', '§6 a run of 8 is one quinte (100)', ON,
  { dealer: 3, taker: 0, retourne: '7S', fixed: S0('7S 8S 9S 10S JS QS KS AS') }, any, ann([100, 0]));
one('ann-carre-of-eights-uses-no-cards', '§6 four eights are no combination and use up no cards: 7-8-9S tierce still counts', ON,
  { dealer: 3, taker: 0, retourne: '7S', fixed: S0('8S 8H 8D 8C 7S 9S') }, any, ann([20, 0]));
one('ann-carre-of-sevens-uses-no-cards', '§6 four sevens: no combination; 7-8-9D tierce counts for team 1', ON,
  { dealer: 3, taker: 0, retourne: '10H', fixed: S0('10H', { 1: '7S 7H 7D 7C 8D 9D' }) }, any, ann([0, 20]));
one('ann-carre-beats-quinte', '§6 equal points: a carré beats a sequence (carré of aces vs quinte)', ON,
  { dealer: 3, taker: 0, retourne: '7D', fixed: S0('7D 8D 9D 10D JD', { 1: 'AS AH AD AC' }) }, any, ann([0, 100]));
one('ann-longer-beats-trump', '§6 two sequences of equal points: longer first (6 plain beats 5 in trump)', ON,
  { dealer: 3, taker: 0, retourne: '7C', fixed: S0('7C 8C 9C 10C JC', { 1: '7D 8D 9D 10D JD QD' }) }, any, ann([0, 100]));
one('ann-higher-top-beats-trump', '§6 then higher top card (J plain beats 10 in trump)', ON,
  { dealer: 3, taker: 0, retourne: '8C', fixed: S0('8C 9C 10C', { 1: '9D 10D JD' }) }, any, ann([0, 20]));
one('ann-exact-tie-nobody', '§6 exactly equal, neither in trump: no one scores', ON,
  { dealer: 3, taker: 0, retourne: '7H', fixed: S0('7H 8C 9C 10C', { 1: '8D 9D 10D' }) }, any, ann([0, 0]));
one('ann-tie-broken-by-trump-defenders', '§6 then the one in trump (defenders\' tierce in trump D)', ON,
  { dealer: 3, taker: 0, retourne: '7D', fixed: S0('7D 8C 9C 10C', { 1: '8D 9D 10D' }) }, any, ann([0, 20]));
one('ann-tie-broken-by-trump-takers', '§6 then the one in trump (takers\' tierce in trump H)', ON,
  { dealer: 3, taker: 0, retourne: '8H', fixed: S0('8H 9H 10H', { 1: '8C 9C 10C' }) }, any, ann([20, 0]));
one('ann-carre-king-beats-queen', '§6 two carrés of equal points: 10 < Q < K < A', ON,
  { dealer: 3, taker: 0, retourne: 'QS', fixed: S0('QS QH QD QC', { 1: 'KS KH KD KC' }) }, any, ann([0, 100]));
one('ann-carre-ace-beats-ten', '§6 two carrés of equal points: A beats 10', ON,
  { dealer: 3, taker: 0, retourne: 'AS', fixed: S0('AS AH AD AC', { 1: '10S 10H 10D 10C' }) }, any, ann([100, 0]));
one('ann-carre-nines-beats-quinte', '§6 higher points first: carré of nines 150 over quinte 100', ON,
  { dealer: 3, taker: 0, retourne: '9S', fixed: S0('9S 9H 9D 9C', { 3: '10D JD QD KD AD' }) }, any, ann([150, 0]));
one('ann-carre-jacks-beats-nines', '§6 carré of jacks 200 over carré of nines 150', ON,
  { dealer: 3, taker: 0, retourne: '9S', fixed: S0('9S 9H 9D 9C', { 1: 'JS JH JD JC' }) }, any, ann([0, 200]));
one('ann-team-scores-all-both-partners', '§6 the best team scores ALL its combinations, both partners\' (50 + 20, though S2\'s tierce is lower than S1\'s)', ON,
  { dealer: 3, taker: 0, retourne: '7C', fixed: S0('7C 8C 9C 10C', { 2: '7H 8H 9H', 1: 'QD KD AD' }) }, any, ann([70, 0]));
one('ann-best-from-partner', '§6 the best combination held by the taker\'s partner: team 0 scores 200 + 20', ON,
  { dealer: 3, taker: 0, retourne: '7H', fixed: S0('7H 8H 9H', { 2: 'JS JH JD JC', 3: '7D 8D 9D 10D' }) }, any, ann([220, 0]));
one('ann-off-by-default', '§6 setting announcements default false: combinations score nothing', {},
  { dealer: 3, taker: 0, retourne: '7S', fixed: S0('JS JH JD JC 7S 8S 9S') }, any, ann([0, 0]));
// ---- dedans / capot with announcements
one('ann-takers-win-comparison-but-dedans', '§7 dedans: defenders write 162 + all scoring announcements + their belote; shown on the holding team', ON,
  { dealer: 3, taker: 0, retourne: '7C', fixed: S0('7C 8C 9C 10C 7D', { 1: 'JD AD', 3: '9D 10D' }) },
  (d) => d.outcome === 'dedans' && d.capot === null, () => ({ outcome: 'dedans', announcements: [50, 0], belote: [0, 0], written: [0, 162 + 50] }));
one('ann-defenders-made-dedans', '§7 dedans by the defenders\' announcements: takers 92 card points can still go down', ON,
  { dealer: 3, taker: 0, retourne: '7C', fixed: S0('7C', { 1: 'JS JH JD JC' }) },
  (d) => d.outcome === 'dedans' && d.points[0]! > d.points[1]!, () => ({ outcome: 'dedans', announcements: [0, 200], written: [0, 362] }));
one('ann-defenders-capot-with-takers-announcement', '§7 capot: that team writes 252 + belote + all scoring announcements whichever team held them', ON,
  { dealer: 3, taker: 0, retourne: '7C', fixed: S0('7C 8H 9H 10H', { 1: 'JC 9C AC 8C AS', 3: 'AH AD KS' }) },
  (d) => d.capot === 1, () => ({ outcome: 'dedans', capot: 1, points: [0, 162], announcements: [20, 0], belote: [0, 0], written: [0, 272] }));
one('ann-takers-capot-with-defenders-announcement', '§7 capot by the takers with the defenders\' carré of nines: takers write 252 + 150', ON,
  { dealer: 3, taker: 0, retourne: 'JH', fixed: S0('JH AH 10H AS AD AC 10S', { 1: '9S 9H 9D 9C' }) },
  (d) => d.capot === 0, () => ({ outcome: 'made', capot: 0, points: [162, 0], announcements: [0, 150], written: [402, 0] }));

// ---- belote
one('belote-king-is-retourne', '§5 belote: K of trump is the retourne the taker receives, Q dealt to the taker', {},
  { dealer: 3, taker: 0, retourne: 'KH', fixed: S0('KH QH') }, any, () => ({ belote: [20, 0] }));
one('belote-queen-is-retourne-seat1', '§5 belote: Q of trump is the retourne, taker is seat 1 (team 1)', {},
  { dealer: 3, taker: 1, retourne: 'QD', fixed: [[], c('QD KD'), [], []] }, any, () => ({ taker: 1, belote: [0, 20] }));
one('belote-split-between-partners', '§5 belote needs both K and Q in ONE hand', {},
  { dealer: 3, taker: 0, retourne: 'KH', fixed: S0('KH', { 2: 'QH' }) }, any, () => ({ belote: [0, 0] }));
one('belote-round2-trump', '§5 belote in the suit named in round 2', {},
  { dealer: 3, taker: 0, suit: 'D', retourne: '7S', fixed: S0('7S', { 2: 'KD QD' }) }, any, () => ({ trump: 'D', belote: [20, 0] }));
one('belote-defenders-takers-dedans', '§7 dedans: defenders write 162 + their belote; takers 0', {},
  { dealer: 3, taker: 0, retourne: '7H', fixed: S0('7H', { 1: 'KH QH' }) }, (d) => d.outcome === 'dedans' && d.capot === null,
  () => ({ outcome: 'dedans', belote: [0, 20], written: [0, 182] }));
one('belote-takers-dedans-keep-it', '§7 dedans: the takers write only their own belote (worked example 3)', {},
  { dealer: 3, taker: 0, retourne: '7H', fixed: S0('7H KH QH') }, (d) => d.outcome === 'dedans' && d.capot === null,
  () => ({ outcome: 'dedans', belote: [20, 0], written: [20, 162] }));
one('belote-takers-keep-it-in-defenders-capot', '§7 capot by the defenders: the team without a trick writes only its own belote', {},
  { dealer: 3, taker: 0, retourne: '7C', fixed: S0('7C KC QC', { 1: 'JC 9C AC 10C AS', 3: 'AH AD' }) }, (d) => d.capot === 1,
  () => ({ outcome: 'dedans', capot: 1, belote: [20, 0], written: [20, 252] }));
one('belote-takers-capot', '§9 takers take all tricks with belote: 252 + 20 = 272, defenders 0', {},
  { dealer: 3, taker: 0, retourne: 'JH', fixed: S0('JH 9H KH QH AS AD AC') }, (d) => d.capot === 0,
  () => ({ outcome: 'made', capot: 0, points: [162, 0], belote: [20, 0], written: [272, 0] }));
one('belote-defenders-made', '§9 worked example 2 shape: made, defenders write card points + belote', {},
  { dealer: 3, taker: 0, retourne: '7H', fixed: S0('7H', { 3: 'KH QH' }) }, (d) => d.outcome === 'made' && d.capot === null,
  (d) => ({ outcome: 'made', belote: [0, 20], written: [d.points[0]!, d.points[1]! + 20] }));
console.log(`wrote ${n} announcement/belote fixtures`);
