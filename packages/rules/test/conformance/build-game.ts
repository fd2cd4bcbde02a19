/**
 * Hand-made fixtures across deals: litige and its pot (carried over a redeal, a second litige
 * adding to it, awarded to the next played deal's winner, lost at game end), `tie: dedans`,
 * targets, both teams over the target, and actions/deals after the game is over.
 * The `hand` blocks apply docs/rules/RULES.md §7–8 arithmetic (written by hand below) to the card points
 * of the found deals. Run: `pnpm exec tsx packages/rules/test/conformance/build-game.ts`.
 */
import { allPass, c } from './build-helpers.js';
import { writeFixture } from './fixture-io.js';
import { lcg } from './random-records.js';
import { randomDeal } from './random-records.js';
import { refReplay, type RefDeal, type RefDealIn, type RefRecord } from './reference-replay.js';
import { findDeal, type Spec } from './search.js';

let n = 0;
const team = (s: number): number => s % 2;
/** The team total of §7: card points + belote + scoring announcements. */
const total = (d: RefDeal, t: number): number => d.points[t]! + d.belote[t]! + d.announcements[t]!;
const rec = (rules: RefRecord['rules'], deals: RefDealIn[]): RefRecord & { format: string } => ({ format: 'belote-record/1', rules, deals });
const last = (rules: RefRecord['rules'], deals: RefDealIn[]): RefDeal => refReplay({ rules, deals }).deals.at(-1)!;
const isLitige = (d: RefDeal): boolean => d.outcome === 'litige';
const spec = (dealer: number, taker: number, extra: Partial<Spec> = {}): Spec => ({ dealer, taker, ...extra });

// L1: litige (takers team 0), redeal, then team 1 takes and makes it: pot to team 1.
{
  const rules = {};
  const d0 = findDeal(rules, [], spec(3, 0), isLitige, 11);
  const r0 = last(rules, [d0]);
  const pot = total(r0, 0) - r0.belote[0]!;
  const d1: RefDealIn = { dealer: 0, deck: d0.deck, actions: allPass(0) };
  const d2 = findDeal(rules, [d0, d1], spec(1, 1), (d) => d.outcome === 'made' && d.capot === null, 12);
  const r2 = last(rules, [d0, d1, d2]);
  const w2 = [total(r2, 0), total(r2, 1) + pot];
  writeFixture({ name: 'litige-pot-over-redeal-to-next-winner', rule: '§7 litige: defenders write their total, the takers\' total minus belote is held in the pot; a redeal does not touch it; the next played deal\'s winner (takers who make it) gets it; written includes it',
    record: rec(rules, [d0, d1, d2]), hand: { error: null, winner: null, deals: [
      { outcome: 'litige', written: [r0.belote[0], total(r0, 1)], litigePot: pot, totals: [r0.belote[0], total(r0, 1)] },
      { outcome: 'redeal', written: [0, 0], litigePot: pot, totals: [r0.belote[0], total(r0, 1)] },
      { outcome: 'made', written: w2, litigePot: 0, totals: [r0.belote[0]! + w2[0]!, total(r0, 1) + w2[1]!] }] } });
  n++;
}
// L2: litige, a second litige adds to the pot, then the takers go dedans: pot to the defenders.
{
  const rules = {};
  const d0 = findDeal(rules, [], spec(3, 0), isLitige, 21);
  const d1 = findDeal(rules, [d0], spec(0, 1), isLitige, 22);
  const d2 = findDeal(rules, [d0, d1], spec(1, 2), (d) => d.outcome === 'dedans' && d.capot === null, 23);
  const [r0, r1, r2] = refReplay({ rules, deals: [d0, d1, d2] }).deals as [RefDeal, RefDeal, RefDeal];
  const pot0 = total(r0, 0) - r0.belote[0]!;
  const pot1 = pot0 + total(r1, 1) - r1.belote[1]!;
  writeFixture({ name: 'litige-twice-then-dedans', rule: '§7 a further litige adds to the pot; the defenders win the pot when the takers are dedans (162 + their belote + pot)',
    record: rec(rules, [d0, d1, d2]), hand: { error: null, deals: [
      { outcome: 'litige', litigePot: pot0, written: [r0.belote[0], total(r0, 1)] },
      { outcome: 'litige', litigePot: pot1, written: [total(r1, 0), r1.belote[1]] },
      { outcome: 'dedans', litigePot: 0, written: [r2.belote[0], 162 + r2.belote[1]! + pot1] }] } });
  n++;
}
// L3: tie: dedans.
{
  const rules = { tie: 'dedans' };
  const d0 = findDeal(rules, [], spec(3, 0), (d) => total(d, 0) === total(d, 1), 31);
  const r0 = last(rules, [d0]);
  writeFixture({ name: 'tie-dedans-setting', rule: '§7 with tie: dedans, a tie is scored as dedans', record: rec(rules, [d0]),
    hand: { error: null, deals: [{ outcome: 'dedans', litigePot: 0, written: [r0.belote[0], 162 + r0.belote[1]!] }] } });
  n++;
}
// L4: a litige with the takers' belote, the pot then won by the defenders' capot.
{
  const rules = {};
  const d0 = findDeal(rules, [], spec(3, 0, { retourne: '7H', fixed: [c('7H KH QH'), [], [], []] }), isLitige, 41);
  const r0 = last(rules, [d0]);
  const pot = total(r0, 0) - 20;
  const d1 = findDeal(rules, [d0], spec(0, 1), (d) => d.capot === 0, 42);
  const r1 = last(rules, [d0, d1]);
  writeFixture({ name: 'litige-takers-belote-then-defenders-capot', rule: '§7 litige: the takers still write their belote, pot = total − belote; the defenders\' capot wins the pot',
    record: rec(rules, [d0, d1]), hand: { error: null, deals: [
      { outcome: 'litige', belote: [20, 0], written: [20, total(r0, 1)], litigePot: pot },
      { outcome: 'dedans', capot: 0, written: [252 + r1.belote[0]! + pot, r1.belote[1]], litigePot: 0 }] } });
  n++;
}
// L5: litige with announcements: the pot holds the takers' announcements too.
{
  const rules = { announcements: true };
  const d0 = findDeal(rules, [], spec(3, 1, { retourne: '7D', fixed: [[], c('7D 8D 9D'), [], []] }), (d) => isLitige(d) && d.announcements[1]! > 0, 51);
  const r0 = last(rules, [d0]);
  writeFixture({ name: 'litige-with-announcements', rule: '§7 the takers\' total (card points + belote + announcements) minus belote goes to the pot', record: rec(rules, [d0]),
    hand: { error: null, deals: [{ outcome: 'litige', taker: 1, written: [total(r0, 0), r0.belote[1]], litigePot: r0.points[1]! + r0.announcements[1]! }] } });
  n++;
}
// L6: the pot still open when the game ends is lost, and reported on the final deal.
{
  const rules = { target: 301 };
  const d0 = findDeal(rules, [], spec(3, 0), (d) => d.capot === 0, 61);
  const d1 = findDeal(rules, [d0], spec(0, 1), isLitige, 62);
  const [r0, r1] = refReplay({ rules, deals: [d0, d1] }).deals as [RefDeal, RefDeal];
  const totals = [r0.written[0]! + total(r1, 0), r0.written[1]! + r1.belote[1]!];
  writeFixture({ name: 'litige-pot-lost-at-game-end', rule: '§7 points still in the pot when the game ends are lost; docs/rules/RECORD.md: litigePot on the deal that ends the game is the pot that is lost',
    record: rec(rules, [d0, d1]), hand: { error: null, winner: 0, deals: [{ outcome: 'made', capot: 0 }, { outcome: 'litige', litigePot: total(r1, 1) - r1.belote[1]!, totals }] } });
  // ... and anything after it is GAME_OVER
  const extraAction = { ...d1, actions: [...d1.actions, { seat: 0, type: 'pass' }] };
  writeFixture({ name: 'err-action-after-game-ending-trick', rule: 'an action after the game-ending trick is GAME_OVER (before WRONG_PHASE/NOT_YOUR_TURN)',
    record: rec(rules, [d0, extraAction]), hand: { error: { deal: 1, action: d1.actions.length, code: 'GAME_OVER' }, winner: 0, deals: [{}, { outcome: 'litige', totals }] } });
  const d2: RefDealIn = { dealer: 3, deck: d0.deck.slice(3), actions: [{ seat: 2, type: 'play', card: 'AS' }] };
  writeFixture({ name: 'err-deal-after-game-over', rule: 'new deal: GAME_OVER first (before BAD_DEALER and BAD_DECK), action null, no entry',
    record: rec(rules, [d0, d1, d2]), hand: { error: { deal: 2, action: null, code: 'GAME_OVER' }, winner: 0, deals: [{}, {}] } });
  n += 3;
}
// Targets: whole random games (reference legality) for each target; the game stops at the first deal reaching it.
for (const [i, target] of [301, 501, 1001, undefined].entries()) {
  const rnd = lcg(900 + i);
  const rules = target === undefined ? { announcements: true } : { target };
  const deals: RefDealIn[] = [];
  let dealer = 2;
  while (refReplay({ rules, deals }).winner === null) {
    deals.push(randomDeal(rnd, dealer, 0.5));
    dealer = (dealer + 1) % 4;
  }
  const res = refReplay({ rules, deals });
  const t = target ?? 1000;
  const fin = res.deals.at(-1)!.totals;
  const before = res.deals.at(-2)?.totals ?? [0, 0];
  if (Math.max(...before) >= t || Math.max(...fin) < t) throw new Error('target bookkeeping');
  const w = fin[0]! >= t && (fin[1]! < t || fin[0]! > fin[1]!) ? 0 : 1;
  writeFixture({ name: `target-${target ?? 'default-1000'}`, rule: '§8 a team whose running total is ≥ target wins (first deal reaching it)', record: rec(rules, deals), hand: { error: null, winner: w } });
  n++;
}
// §8 both over the target: higher wins; equal totals: another deal is played.
{
  const rules = { target: 301 };
  let found = 0;
  for (let seed = 1; found < 2 && seed < 200_000; seed++) {
    const rnd = lcg(seed * 7919);
    const deals: RefDealIn[] = [];
    let dealer = 0;
    while (deals.length < 12 && refReplay({ rules, deals }).winner === null) {
      // take a random deal, but when both teams are close, keep trying until both cross together
      const before = refReplay({ rules, deals }).deals.at(-1)?.totals ?? [0, 0];
      let d = randomDeal(rnd, dealer, 0.6);
      if (before[0]! + before[1]! >= 440) {
        for (let k = 0; k < 3000; k++) {
          const tot = last(rules, [...deals, d]).totals;
          if (tot[0]! >= 301 && tot[1]! >= 301 && (found === 0 ? tot[0] !== tot[1] : tot[0] === tot[1])) break;
          d = randomDeal(rnd, dealer, 1);
        }
      }
      deals.push(d);
      dealer = (dealer + 1) % 4;
      const tot = refReplay({ rules, deals }).deals.at(-1)!.totals;
      if (found === 1 && tot[0]! >= 301 && tot[0] === tot[1]) {
        const atTie = deals.length;
        while (refReplay({ rules, deals }).winner === null) { deals.push(randomDeal(rnd, dealer, 1)); dealer = (dealer + 1) % 4; }
        writeFixture({ name: 'target-both-over-equal-play-on', rule: '§8 both ≥ target with equal totals: another deal is played', record: rec(rules, deals),
          hand: { error: null, deals: [...Array(atTie - 1).fill({}), { totals: [tot[0], tot[0]] }, ...Array(deals.length - atTie).fill({})] } });
        found++; n++;
        break;
      }
    }
    const res = refReplay({ rules, deals });
    const fin = res.deals.at(-1)?.totals ?? [0, 0];
    if (found === 0 && res.winner !== null && fin[0]! >= 301 && fin[1]! >= 301 && fin[0] !== fin[1]) {
      writeFixture({ name: 'target-both-over-higher-wins', rule: '§8 both ≥ target after the same deal: the higher total wins', record: rec(rules, deals), hand: { error: null, winner: fin[0]! > fin[1]! ? 0 : 1 } });
      found++; n++;
    }
  }
  if (found < 2) console.warn('both-over fixtures: found only', found);
}
void team;
console.log(`wrote ${n} game fixtures`);
