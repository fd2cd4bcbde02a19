/**
 * Inputs that are not records (docs/rules/RECORD.md: exit 2, a readable message on standard error naming
 * the wrong field), plus unknown extra fields that must be ignored (exit 0).
 * `hand` lists substrings the standard error must contain.
 * Run: `pnpm exec tsx packages/rules/test/conformance/build-cli.ts`.
 */
import { bids, c, deckFor } from './build-helpers.js';
import { writeFixture } from './fixture-io.js';

const deck = deckFor(3, 0, [c('9H AS KS QS AD KD AC 7H'), c('8H 10S JS 9S 10D QD JD KC'), c('JH QH 8S 7S 9D 8D 10C QC'), c('AH 10H KH 7D JC 9C 8C 7C')], '7H');
const good = (): Record<string, unknown> & { deals: Record<string, unknown>[] } => ({
  format: 'belote-record/1', rules: { target: 1000 }, deals: [{ dealer: 3, deck: [...deck], actions: [...bids(3, 0), { seat: 0, type: 'play', card: '9H' }] }],
});
const bad = (name: string, rule: string, mutate: (r: ReturnType<typeof good>) => unknown, stderr: string[]): void => {
  const r = good();
  writeFixture({ name: `exit2-${name}`, rule, record: mutate(r) ?? r, hand: { stderr }, exit: 2 });
};

bad('card-string-in-deck', 'a card string that is not one of the 32 cards', (r) => { (r.deals[0]!.deck as string[])[5] = '11S'; }, ['deck', '11S']);
bad('card-string-lowercase', 'card notation is rank then upper-case suit letter', (r) => { (r.deals[0]!.deck as string[])[0] = 'jh'; }, ['deck']);
bad('card-string-in-play', 'a card string that is not one of the 32 cards (action)', (r) => { (r.deals[0]!.actions as { card?: string }[])[1]!.card = '1H'; }, ['actions', '1H']);
bad('seat-4', 'a seat outside 0–3', (r) => { (r.deals[0]!.actions as { seat: number }[])[0]!.seat = 4; }, ['seat']);
bad('seat-negative', 'a seat outside 0–3', (r) => { (r.deals[0]!.actions as { seat: number }[])[0]!.seat = -1; }, ['seat']);
bad('dealer-4', 'a dealer outside 0–3', (r) => { r.deals[0]!.dealer = 4; }, ['dealer']);
bad('dealer-string', 'a dealer outside 0–3', (r) => { r.deals[0]!.dealer = '1'; }, ['dealer']);
bad('unknown-action-type', 'an unknown action type', (r) => { (r.deals[0]!.actions as { type: string }[])[0]!.type = 'bid'; }, ['bid']);
bad('target-999', 'an unknown setting value (target)', (r) => { r.rules = { target: 999 }; }, ['target']);
bad('tie-value', 'an unknown setting value (tie)', (r) => { r.rules = { tie: 'split' }; }, ['tie']);
bad('announcements-string', 'an unknown setting value (announcements)', (r) => { r.rules = { announcements: 'yes' }; }, ['announcements']);
bad('direction-value', 'an unknown setting value (direction)', (r) => { r.rules = { direction: 'left' }; }, ['direction']);
bad('array-one-bad', 'for an array, exit 2 when any element is not a record', (r) => [r, { deals: 'none' }], ['deals']);
bad('array-number', 'for an array, exit 2 when any element is not a record', (r) => [r, 42], []);

writeFixture({ name: 'extra-fields-ignored', rule: 'a record may carry more fields; verify ignores fields it does not know',
  record: { ...good(), players: ['a', 'b', 'c', 'd'], createdAt: 1, rules: { target: 1000, speed: 'fast', direction: 'clockwise' },
    deals: good().deals.map((d) => ({ ...d, startedAt: '2026-01-01', actions: (d.actions as object[]).map((a, i) => ({ ...a, t: i, note: null })) })) },
  hand: { error: null, winner: null, deals: [{ outcome: 'unfinished', taker: 0, trump: 'H', tricks: [{ leader: 0, cards: ['9H'], winner: null }] }] } });
writeFixture({ name: 'rules-omitted-defaults', rule: 'rules may omit any setting: defaults target 1000, announcements false, tie litige',
  record: { ...good(), rules: {} }, hand: { error: null } });
console.log('wrote 16 cli fixtures');
