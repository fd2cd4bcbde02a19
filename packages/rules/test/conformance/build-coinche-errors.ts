/**
 * Hand-made coinche fixtures for docs/rules/COINCHE.md §3 (how the auction ends, who may call what) and
 * docs/rules/RECORD-COINCHE.md (each ILLEGAL_BID case, error precedence, the unfinished and redeal shapes,
 * inputs that are not records). Dealer 3 throughout, so seat 0 is the eldest: it calls first
 * and leads trick 1 whoever takes. Every `hand` block was computed by hand from the quoted rule.
 * Run: `pnpm exec tsx packages/rules/test/conformance/build-coinche-errors.ts` (rewrites JSON).
 */
import { c } from './build-helpers.js';
import { writeFixture } from './fixture-io.js';
import type { RefAction, RefDealIn } from './reference-replay.js';
import { calls, coincheDeckFor, findCoincheDeal, playOut } from './search-coinche.js';
import { lcg } from './random-records.js';

const HANDS = [c('JH 9H AS KS AD KD 7C 8C'), c('8H 7H 10S QS 10D QD 9C 10C'), c('AH 10H JS 9S JD 9D JC QC'), c('KH QH 8S 7S 8D 7D AC KC')];
const DECK = coincheDeckFor(3, HANDS);
const COINCHE = { variant: 'coinche' };
const rec = (actions: RefAction[], rules: object = COINCHE, extra: object[] = []): object => ({ format: 'belote-record/1', rules, deals: [{ dealer: 3, deck: DECK, actions }, ...extra] });
const cx = (...said: string[]): RefAction[] => calls(3, ...said);
const p = (seat: number, card: string): RefAction => ({ seat, type: 'play', card });
const call = (seat: number, said: string): RefAction => ({ ...calls((seat + 3) % 4, said)[0]! });
const err = (action: number | null, code: string, deal = 0): object => ({ error: { deal, action, code } });
/** The unfinished shape; `contract` null/`coinche` 1 while the auction is open. */
const open = (extra: object = {}): object => ({ outcome: 'unfinished', capot: null, taker: null, trump: null, contract: null, coinche: 1, tricks: [], points: [0, 0], belote: [0, 0],
  announcements: [0, 0], written: [0, 0], litigePot: 0, totals: [0, 0], ...extra });
const inPlay = (taker: number, trump: string, contract: number | 'capot', coinche: number, extra: object = {}): object => open({ taker, trump, contract, coinche, ...extra });
let n = 0;
const fx = (name: string, rule: string, actions: RefAction[], hand: object, rules: object = COINCHE, extra: object[] = []): void => {
  writeFixture({ name: `coinche-${name}`, rule, record: rec(actions, rules, extra), hand });
  n++;
};

// How the auction ends (docs/rules/COINCHE.md §3).
fx('auction-three-passes-after-bid', '§3 after a bid, when the next three calls are passes: the contract is that bid, ×1; taker = its bidder',
  cx('bid 80 H', 'pass', 'pass', 'pass'), { error: null, deals: [inPlay(0, 'H', 80, 1)] });
fx('auction-four-passes-redeal', '§3 four passes with no bid: redeal (contract null, coinche 1, all [0, 0])', cx('pass', 'pass', 'pass', 'pass'),
  { error: null, winner: null, deals: [{ outcome: 'redeal', capot: null, taker: null, trump: null, contract: null, coinche: 1, tricks: [], points: [0, 0], belote: [0, 0],
    announcements: [0, 0], written: [0, 0], litigePot: 0, totals: [0, 0] }] });
fx('auction-three-passes-before-any-bid-do-not-end', '§3 three passes with no bid do not end it; the fourth seat bids and three passes follow',
  cx('pass', 'pass', 'pass', 'bid 80 H', 'pass', 'pass', 'pass'), { error: null, deals: [inPlay(3, 'H', 80, 1)] });
fx('auction-passer-may-bid-again', '§3 a seat that passed may bid again later; several rounds',
  cx('pass', 'bid 80 S', 'bid 90 H', 'pass', 'bid 100 D', 'pass', 'pass', 'pass'), { error: null, deals: [inPlay(0, 'D', 100, 1)] });
fx('auction-partner-outbids-partner', '§3 any seat may bid, including the partner of the current highest bidder',
  cx('bid 80 H', 'pass', 'bid 90 S', 'pass', 'pass', 'pass'), { error: null, deals: [inPlay(2, 'S', 90, 1)] });
fx('auction-suit-does-not-rank', '§3 100♠ after 90♥ is legal; the last bid is the contract', cx('bid 90 H', 'bid 100 S', 'pass', 'pass', 'pass'),
  { error: null, deals: [inPlay(1, 'S', 100, 1)] });
fx('auction-capot-bid', '§3 capot is higher than every number; three passes end it', cx('bid 160 H', 'bid capot S', 'pass', 'pass', 'pass'),
  { error: null, deals: [inPlay(1, 'S', 'capot', 1)] });
fx('auction-coinche-three-passes', '§3 after a coinche, the next three calls passes: the coinched bid, ×2', cx('bid 90 H', 'coinche', 'pass', 'pass', 'pass'),
  { error: null, deals: [inPlay(0, 'H', 90, 2)] });
fx('auction-coinche-capot', '§3 a capot bid may be coinched', cx('bid capot C', 'coinche', 'pass', 'pass', 'pass'), { error: null, deals: [inPlay(0, 'C', 'capot', 2)] });
fx('auction-surcoinche-by-partner-ends-at-once', '§3 a surcoinche (the bidder\'s partner) ends the auction at once: ×4', cx('bid 90 H', 'coinche', 'surcoinche'),
  { error: null, deals: [inPlay(0, 'H', 90, 4)] });
fx('auction-surcoinche-by-bidder', '§3 the bidder may surcoinche', cx('bid 90 H', 'pass', 'pass', 'coinche', 'surcoinche'), { error: null, deals: [inPlay(0, 'H', 90, 4)] });
fx('auction-coinched-two-passes-still-open', 'docs/rules/RECORD-COINCHE.md while the auction is not over: contract null, coinche 1, taker/trump null, even coinched',
  cx('bid 80 H', 'coinche', 'pass', 'pass'), { error: null, deals: [open()] });
fx('auction-open-after-bids', 'docs/rules/RECORD-COINCHE.md an unfinished deal stopped in the auction reports no contract yet, even if bids were made',
  cx('bid 80 H', 'bid 90 S'), { error: null, deals: [open()] });
fx('auction-empty', 'an unfinished deal with no actions', [], { error: null, deals: [open()] });
fx('auction-surcoinche-after-bid-over-bid', '§3 surcoinche by the team of the coinched bid (the last bid: seat 1), after outbidding',
  cx('bid 80 H', 'bid 90 S', 'coinche', 'surcoinche'), { error: null, deals: [inPlay(1, 'S', 90, 4)] });

// Each ILLEGAL_BID case of docs/rules/RECORD-COINCHE.md.
const illegal = (name: string, rule: string, said: string[]): void =>
  fx(`illegal-bid-${name}`, `docs/rules/RECORD-COINCHE.md ILLEGAL_BID: ${rule}`, cx(...said), { ...err(said.length - 1, 'ILLEGAL_BID'), deals: [open()] });
illegal('value-70', 'an integer value not 80–160 in steps of 10 (70)', ['bid 70 H']);
illegal('value-85', 'an integer value not in steps of 10 (85)', ['bid 85 S']);
illegal('value-170', 'an integer value above 160 (170)', ['pass', 'bid 170 D']);
illegal('value-0', 'an integer value (0)', ['bid 0 C']);
illegal('value-negative', 'an integer value (-80)', ['bid -80 H']);
illegal('value-1000', 'an integer value (1000)', ['bid 1000 H']);
illegal('equal-value-other-suit', 'not strictly higher (90♠ after 90♥)', ['bid 90 H', 'bid 90 S']);
illegal('lower-value', 'not strictly higher (90 after 100)', ['bid 100 H', 'bid 90 S']);
illegal('partner-not-higher', 'not strictly higher, by the partner', ['bid 100 H', 'pass', 'bid 100 S']);
illegal('second-capot', 'a second capot', ['bid capot H', 'bid capot S']);
illegal('number-after-capot', 'nothing is higher than capot', ['bid capot H', 'pass', 'bid 160 S']);
illegal('bid-after-coinche-bidding-side', 'any bid after a coinche (the bidding side)', ['bid 80 H', 'coinche', 'bid 90 H']);
illegal('bid-after-coinche-coinching-side', 'any bid after a coinche (the coinching side)', ['bid 80 H', 'coinche', 'pass', 'bid 100 S']);
illegal('capot-after-coinche', 'any bid after a coinche, capot included', ['bid 80 H', 'coinche', 'bid capot H']);
illegal('bad-value-after-coinche', 'a bad value after a coinche', ['bid 80 H', 'coinche', 'bid 85 H']);
illegal('coinche-no-bid', 'a coinche with no bid yet', ['coinche']);
illegal('coinche-no-bid-after-passes', 'a coinche with no bid yet (after passes)', ['pass', 'pass', 'coinche']);
illegal('coinche-partner-bid', "a coinche on the caller's own team's bid (the partner's)", ['bid 80 H', 'pass', 'coinche']);
illegal('coinche-after-coinche', 'a coinche after a coinche (the coincher\'s partner)', ['bid 80 H', 'coinche', 'pass', 'coinche']);
illegal('coinche-own-bid-after-coinche', 'a coinche after a coinche, on one\'s own bid (the bidder)', ['bid 80 H', 'coinche', 'pass', 'pass', 'coinche']);
illegal('surcoinche-no-bid', 'a surcoinche with no coinche (no bid at all)', ['surcoinche']);
illegal('surcoinche-no-coinche-bidding-side', 'a surcoinche with no coinche (the bidder\'s partner)', ['bid 80 H', 'pass', 'surcoinche']);
illegal('surcoinche-no-coinche-other-side', 'a surcoinche with no coinche (an opponent)', ['bid 80 H', 'surcoinche']);
illegal('surcoinche-by-coinching-team', 'a surcoinche by the team that coinched', ['bid 80 H', 'coinche', 'pass', 'surcoinche']);

// Error precedence (docs/rules/RECORD-COINCHE.md: GAME_OVER, WRONG_PHASE (deal over), NOT_YOUR_TURN, WRONG_PHASE, ILLEGAL_BID, CARD_NOT_IN_HAND, ILLEGAL_CARD).
const done = cx('bid 80 H', 'pass', 'pass', 'pass');
fx('err-not-your-turn-before-illegal-bid', 'NOT_YOUR_TURN before ILLEGAL_BID', [call(1, 'bid 70 H')], { ...err(0, 'NOT_YOUR_TURN'), deals: [open()] });
fx('err-not-your-turn-call', 'seats must call in turn', [...cx('bid 80 H'), call(2, 'bid 90 S')], { ...err(1, 'NOT_YOUR_TURN'), deals: [open()] });
fx('err-not-your-turn-before-wrong-phase', 'NOT_YOUR_TURN, then WRONG_PHASE (a play by a seat not to call)', [p(1, '8H')], err(0, 'NOT_YOUR_TURN'));
fx('err-play-during-auction', 'WRONG_PHASE: a play during the auction', [p(0, 'JH')], { ...err(0, 'WRONG_PHASE'), deals: [open()] });
fx('err-wrong-phase-before-card-not-in-hand', 'WRONG_PHASE before CARD_NOT_IN_HAND', [p(0, 'AH')], err(0, 'WRONG_PHASE'));
fx('err-eldest-calls-after-three-passes', 'when the auction ends the eldest is to act: a further call by the eldest is WRONG_PHASE',
  [...done, call(0, 'pass')], { ...err(4, 'WRONG_PHASE'), deals: [inPlay(0, 'H', 80, 1)] });
fx('err-eldest-bids-after-three-passes', 'a bid by the eldest after the auction: WRONG_PHASE before ILLEGAL_BID', [...done, call(0, 'bid 85 S')], err(4, 'WRONG_PHASE'));
fx('err-other-calls-after-three-passes', 'when the auction ends, a call by anyone but the eldest is NOT_YOUR_TURN', [...done, call(1, 'bid 90 S')], err(4, 'NOT_YOUR_TURN'));
fx('err-eldest-calls-after-surcoinche', 'a surcoinche ends the auction: a call by the eldest is WRONG_PHASE', [...cx('bid 80 H', 'coinche', 'surcoinche'), call(0, 'coinche')],
  { ...err(3, 'WRONG_PHASE'), deals: [inPlay(0, 'H', 80, 4)] });
fx('err-other-calls-after-surcoinche', 'a surcoinche ends the auction: a pass by the next seat is NOT_YOUR_TURN', [...cx('bid 80 H', 'coinche', 'surcoinche'), call(3, 'pass')],
  err(3, 'NOT_YOUR_TURN'));
fx('err-call-mid-trick', 'WRONG_PHASE: a call during the play by the seat to play', [...done, p(0, 'AS'), call(1, 'surcoinche')],
  { ...err(5, 'WRONG_PHASE'), deals: [inPlay(0, 'H', 80, 1, { tricks: [{ leader: 0, cards: ['AS'], winner: null }] })] });
fx('err-taker-not-eldest-leads', 'the eldest leads whoever took: the taker (seat 2) playing first is NOT_YOUR_TURN', [...cx('pass', 'pass', 'bid 80 H', 'pass', 'pass', 'pass'), p(2, 'AH')],
  { ...err(6, 'NOT_YOUR_TURN'), deals: [inPlay(2, 'H', 80, 1)] });
fx('err-card-not-in-hand-before-illegal-card', 'CARD_NOT_IN_HAND before ILLEGAL_CARD', [...done, p(0, 'AS'), p(1, '8S')], err(5, 'CARD_NOT_IN_HAND'));
fx('err-illegal-card-must-follow', 'ILLEGAL_CARD: docs/rules/RULES.md §5 obligations apply unchanged (must follow spades)', [...done, p(0, 'AS'), p(1, '9C')], err(5, 'ILLEGAL_CARD'));
fx('play-first-trick', 'play: the eldest leads; a trick to the highest card of the suit led; points of completed tricks',
  [...done, p(0, 'AS'), p(1, '10S'), p(2, 'JS'), p(3, '8S'), p(0, 'KS')],
  { error: null, deals: [inPlay(0, 'H', 80, 1, { tricks: [{ leader: 0, cards: ['AS', '10S', 'JS', '8S'], winner: 0 }, { leader: 0, cards: ['KS'], winner: null }], points: [23, 0] })] });
fx('err-action-after-redeal', 'any action after a redeal is WRONG_PHASE (before NOT_YOUR_TURN)', [...cx('pass', 'pass', 'pass', 'pass'), call(1, 'bid 80 H')],
  { ...err(4, 'WRONG_PHASE'), deals: [{ outcome: 'redeal', contract: null, coinche: 1 }] });
fx('unfinished-in-play-shows-contract', 'docs/rules/RECORD-COINCHE.md contract and multiplier reported once the auction is over, also on an unfinished deal',
  [...cx('bid 110 D', 'coinche', 'pass', 'pass', 'pass'), p(0, 'AD')], { error: null, deals: [inPlay(0, 'D', 110, 2, { tricks: [{ leader: 0, cards: ['AD'], winner: null }] })] });

// Whole deals: after the eighth trick, the next deal, game over.
{
  const rnd = lcg(77);
  const full: RefDealIn = { dealer: 3, deck: DECK, actions: [...done] };
  full.actions.push(...playOut(full, rnd));
  const next = (dealer: number, deck: string[] = DECK, actions: RefAction[] = []): RefDealIn => ({ dealer, deck, actions });
  const record = (deals: RefDealIn[], rules: object = COINCHE): object => ({ format: 'belote-record/1', rules, deals });
  const w = (name: string, rule: string, r: object, hand: object): void => { writeFixture({ name: `coinche-${name}`, rule, record: r, hand }); n++; };
  w('err-action-after-eighth-trick', 'an action after the eighth trick is WRONG_PHASE; the deal is reported scored',
    record([{ ...full, actions: [...full.actions, call(0, 'pass')] }]), { error: { deal: 0, action: 36, code: 'WRONG_PHASE' }, deals: [{ contract: 80, coinche: 1, tricks: Array(8).fill({}) }] });
  w('next-deal-after-redeal', 'after a redeal the deal moves to the next seat; the second deal\'s eldest is seat 1',
    record([next(3, DECK, cx('pass', 'pass', 'pass', 'pass')), next(0, DECK, calls(0, 'bid 90 C', 'pass', 'pass', 'pass'))]),
    { error: null, deals: [{ outcome: 'redeal' }, inPlay(1, 'C', 90, 1)] });
  const half = { ...full, actions: full.actions.slice(0, 10) };
  w('err-deal-after-unfinished', 'a deal that follows an unfinished deal is WRONG_PHASE with action null', record([half, next(0)]), { ...err(null, 'WRONG_PHASE', 1), deals: [{ outcome: 'unfinished', contract: 80 }] });
  w('err-bad-dealer', 'dealer must be previous + 1', record([full, next(1)]), { ...err(null, 'BAD_DEALER', 1), deals: [{ contract: 80 }] });
  w('err-bad-deck', 'BAD_DECK: not 32 distinct cards', record([full, next(0, [...DECK.slice(1), DECK[1]!])]), err(null, 'BAD_DECK', 1));
  // A game to 501 won by a surcoinched 80 (example 8): then an action, or a new deal, is GAME_OVER.
  const rules = { variant: 'coinche', target: 501 };
  const won = findCoincheDeal(rules, [], { dealer: 3, calls: cx('bid 80 H', 'coinche', 'surcoinche') }, (d) => d.points[0] === 92, 8);
  w('err-action-after-game-ending-trick', 'an action after the game-ending trick is GAME_OVER', record([{ ...won, actions: [...won.actions, p(0, 'AS')] }], rules),
    { error: { deal: 0, action: 35, code: 'GAME_OVER' }, winner: 0, deals: [{ outcome: 'made', written: [960, 0] }] });
  w('err-deal-after-game-over', 'a deal after the game is over is GAME_OVER (before BAD_DEALER)', record([won, next(2)], rules), { ...err(null, 'GAME_OVER', 1), winner: 0 });
  w('default-target-2000', 'docs/rules/COINCHE.md §1 coinche target defaults to 2000: 960 does not end the game', record([won]), { error: null, winner: null, deals: [{ totals: [960, 0] }] });
  w('target-1000-not-reached', 'target 1000: 960 does not end the game', record([won], { variant: 'coinche', target: 1000 }), { error: null, winner: null });
}

// Explicit classic, extra fields.
fx('extra-fields-ignored', 'unknown fields are ignored (on calls too: a pass with a value, a coinche with a suit)',
  [{ seat: 0, type: 'bid', value: 80, suit: 'H', at: 1 } as RefAction, { seat: 1, type: 'coinche', suit: 'S' } as RefAction, { seat: 2, type: 'pass', value: 90 } as RefAction,
    { seat: 3, type: 'pass' }, { seat: 0, type: 'pass', note: 'x' } as RefAction],
  { error: null, deals: [inPlay(0, 'H', 80, 2)] }, { variant: 'coinche', speed: 'fast', target: 3000 });

// Not records (exit 2).
const good = (): Record<string, unknown> & { deals: { actions: Record<string, unknown>[] }[] } =>
  JSON.parse(JSON.stringify(rec([...cx('bid 80 H', 'pass', 'pass', 'pass'), p(0, 'AS')]))) as never;
const bad = (name: string, rule: string, mutate: (r: ReturnType<typeof good>) => unknown, stderr: string[]): void => {
  const r = good();
  writeFixture({ name: `coinche-exit2-${name}`, rule: `docs/rules/RECORD-COINCHE.md not a record (exit 2): ${rule}`, record: mutate(r) ?? r, hand: { stderr }, exit: 2 });
  n++;
};
const firstCall = (r: ReturnType<typeof good>): Record<string, unknown> => r.deals[0]!.actions[0]!;
bad('variant-unknown', 'an unknown variant', (r) => void (r.rules = { variant: 'belote' }), ['variant', 'belote']);
bad('variant-case', 'an unknown variant ("Coinche")', (r) => void (r.rules = { variant: 'Coinche' }), ['variant']);
bad('variant-number', 'an unknown variant (1)', (r) => void (r.rules = { variant: 1 }), ['variant']);
bad('target-301', 'a coinche target outside the list (301 is classic only)', (r) => void (r.rules = { variant: 'coinche', target: 301 }), ['target', '301']);
bad('target-999', 'a coinche target outside the list', (r) => void (r.rules = { variant: 'coinche', target: 999 }), ['target']);
bad('target-string', 'a coinche target outside the list ("2000")', (r) => void (r.rules = { variant: 'coinche', target: '2000' }), ['target']);
bad('classic-target-2000', 'a classic record with a coinche-only target (unknown setting value)', (r) => void (r.rules = { variant: 'classic', target: 2000 }), ['target']);
bad('classic-default-target-3000', 'variant omitted = classic: 3000 is an unknown target', (r) => void (r.rules = { target: 3000 }), ['target']);
bad('take', 'in a coinche record an action type other than the five (take)', (r) => void (r.deals[0]!.actions[0] = { seat: 0, type: 'take' }), ['take']);
bad('take-with-suit', 'take with a suit', (r) => void (r.deals[0]!.actions[0] = { seat: 0, type: 'take', suit: 'H' }), ['take']);
bad('unknown-type', 'an unknown action type', (r) => void (firstCall(r).type = 'double'), ['double']);
bad('classic-bid', 'in a classic record, bid stays an unknown type', (r) => void (r.rules = {}), ['bid']);
bad('classic-coinche', 'in a classic record, coinche stays an unknown type', (r) => { r.rules = { variant: 'classic' }; r.deals[0]!.actions[0] = { seat: 0, type: 'coinche' }; }, ['coinche']);
bad('classic-surcoinche', 'in a classic record, surcoinche stays an unknown type', (r) => { r.rules = {}; r.deals[0]!.actions[0] = { seat: 0, type: 'surcoinche' }; }, ['surcoinche']);
bad('value-fraction', 'a bid value that is not an integer (85.5)', (r) => void (firstCall(r).value = 85.5), ['value', '85.5']);
bad('value-string-number', 'a bid value that is neither an integer nor "capot" ("90")', (r) => void (firstCall(r).value = '90'), ['value']);
bad('value-capital-capot', 'a bid value that is neither an integer nor "capot" ("Capot")', (r) => void (firstCall(r).value = 'Capot'), ['value']);
bad('value-null', 'a bid value null', (r) => void (firstCall(r).value = null), ['value']);
bad('value-missing', 'a bid without a value', (r) => void delete firstCall(r).value, ['value']);
bad('suit-missing', 'a bid whose suit is missing', (r) => void delete firstCall(r).suit, ['suit']);
bad('suit-unknown', 'a bid whose suit is not one of S H D C', (r) => void (firstCall(r).suit = 'X'), ['suit']);
bad('suit-lowercase', 'a bid whose suit is not one of S H D C ("h")', (r) => void (firstCall(r).suit = 'h'), ['suit']);
bad('suit-null', 'a bid whose suit is null', (r) => void (firstCall(r).suit = null), ['suit']);
bad('card-string', 'a card string that is not one of the 32 cards (docs/rules/RECORD.md)', (r) => void (r.deals[0]!.actions[4]!.card = '1S'), ['1S']);
bad('seat-4', 'a seat outside 0–3 (docs/rules/RECORD.md)', (r) => void (firstCall(r).seat = 4), ['seat']);
bad('array-one-bad', 'for an array, exit 2 when any element is not a record', (r) => [good(), { ...r, deals: [{ ...r.deals[0], actions: [{ seat: 0, type: 'take' }] }] }], ['take']);

console.log(`wrote ${n} coinche auction/error fixtures`);
