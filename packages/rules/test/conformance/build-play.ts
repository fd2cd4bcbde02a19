/**
 * Hand-made fixtures for the play obligations of docs/rules/RULES.md §5 and the error precedence of
 * docs/rules/RECORD.md. Run: `pnpm exec tsx packages/rules/test/conformance/build-play.ts` (rewrites JSON).
 * Dealer 3 throughout, so seat 0 is the eldest, takes in round 1 (action 0) and leads trick 1;
 * every `hand` block was computed by hand from the rule text quoted in `rule`.
 */
import { allPass, bids, c, deckFor, playActions } from './build-helpers.js';
import { writeFixture } from './fixture-io.js';
import type { RefAction } from './reference-replay.js';

const rec = (deck: string[], actions: RefAction[], rules: object = {}, extraDeals: object[] = []): unknown => ({
  format: 'belote-record/1', rules, deals: [{ dealer: 3, deck, actions }, ...extraDeals],
});
const err = (action: number | null, code: string, deal = 0): object => ({ error: { deal, action, code } });
const unfinished = (tricks: object[], points: number[], extra: object = {}): object => ({
  outcome: 'unfinished', capot: null, tricks, points, belote: [0, 0], announcements: [0, 0], written: [0, 0], litigePot: 0, totals: [0, 0], ...extra,
});

// Set A — trump (H) led by seat 0.
const A = deckFor(3, 0, [c('9H AS KS QS AD KD AC 7H'), c('8H 10S JS 9S 10D QD JD KC'), c('JH QH 8S 7S 9D 8D 10C QC'), c('AH 10H KH 7D JC 9C 8C 7C')], '7H');
// Set A' — as A but seat 1 holds no trump (8H and 7D swapped with seat 3).
const A2 = deckFor(3, 0, [c('9H AS KS QS AD KD AC 7H'), c('7D 10S JS 9S 10D QD JD KC'), c('JH QH 8S 7S 9D 8D 10C QC'), c('AH 10H KH 8H JC 9C 8C 7C')], '7H');
// Set B — spades led by seat 0; seats 1 and 2 void in spades.
const B = deckFor(3, 0, [c('7H AS 10S KS QS AD 10D AC'), c('9H QH KD QD JD KC QC JC'), c('JH 8H 9D 8D 7D 10C 9C 8C'), c('AH 10H KH JS 9S 8S 7S 7C')], '7H');
// Set C — as B with JH/QH swapped: seat 1 trumps with JH, seat 2 cannot overtrump.
const C = deckFor(3, 0, [c('7H AS 10S KS QS AD 10D AC'), c('9H JH KD QD JD KC QC JC'), c('QH 8H 9D 8D 7D 10C 9C 8C'), c('AH 10H KH JS 9S 8S 7S 7C')], '7H');
// Set D — seat 0 leads AS, seat 2 (partner) void in spades holding trumps.
const D = deckFor(3, 0, [c('7H AS 10S KS AD 10D AC 10C'), c('QS JS 9S KD QD KC QC JC'), c('JH 9H 8H 9D 8D 7D 9C 8C'), c('AH 10H KH QH 8S 7S JD 7C')], '7H');
// Set E — seat 0 leads AC, seat 1 trumps, seat 3 (partner of 1) void in clubs holding trumps.
const E = deckFor(3, 0, [c('7H AC 10C KC AS 10S AD 10D'), c('JH 9H KS QS JS KD QD JD'), c('QC JC 9C 8C 7C 9S 8S 9D'), c('AH 10H KH QH 8H 7S 8D 7D')], '7H');

const take: RefAction = { seat: 0, type: 'take' };
const p = (seat: number, card: string): RefAction => ({ seat, type: 'play', card });
const H = 'H';

const fixtures: { name: string; rule: string; deck: string[]; actions: RefAction[]; hand: object }[] = [
  { name: 'play-trump-led-partner-winning-must-overtrump', rule: '§5.2 must beat the highest trump even when your partner is winning', deck: A,
    actions: [take, p(0, '9H'), p(1, '8H'), p(2, 'QH')], hand: { ...err(3, 'ILLEGAL_CARD'), deals: [unfinished([{ leader: 0, cards: ['9H', '8H'], winner: null }], [0, 0], { taker: 0, trump: H })] } },
  { name: 'play-trump-led-overtrump-ok', rule: '§5.2; lower-trump-only seats play any trump; trick to the highest trump', deck: A,
    actions: [take, p(0, '9H'), p(1, '8H'), p(2, 'JH'), p(3, 'AH')], hand: { error: null, deals: [unfinished([{ leader: 0, cards: ['9H', '8H', 'JH', 'AH'], winner: 2 }], [45, 0], { taker: 0, trump: H })] } },
  { name: 'play-trump-led-must-play-trump', rule: '§5.2 trump led, holding trump: play a trump', deck: A,
    actions: [take, p(0, '9H'), p(1, '10S')], hand: err(2, 'ILLEGAL_CARD') },
  { name: 'play-trump-led-no-trump-any-card', rule: '§5.2 holding no trump, play any card', deck: A2,
    actions: [take, p(0, '9H'), p(1, '10S'), p(2, 'JH'), p(3, '8H')], hand: { error: null, deals: [unfinished([{ leader: 0, cards: ['9H', '10S', 'JH', '8H'], winner: 2 }], [44, 0])] } },
  { name: 'play-must-follow-suit', rule: '§5.1 plain suit led, you hold that suit: play it', deck: B,
    actions: [take, p(0, 'AS'), p(1, 'QH'), p(2, 'JH'), p(3, 'AH')], hand: err(4, 'ILLEGAL_CARD') },
  { name: 'play-void-opponent-winning-must-trump', rule: '§5.3 otherwise, holding trump, you must trump', deck: B,
    actions: [take, p(0, 'AS'), p(1, 'KD')], hand: err(2, 'ILLEGAL_CARD') },
  { name: 'play-void-must-overtrump', rule: '§5.3 if the trick already holds a trump you must overtrump if you can', deck: B,
    actions: [take, p(0, 'AS'), p(1, '9H'), p(2, '8H')], hand: err(3, 'ILLEGAL_CARD') },
  { name: 'play-void-must-trump-not-discard', rule: '§5.3 opponent trumped, holding a higher trump: discarding is illegal', deck: B,
    actions: [take, p(0, 'AS'), p(1, 'QH'), p(2, '9D')], hand: err(3, 'ILLEGAL_CARD') },
  { name: 'play-void-overtrump-ok', rule: '§5.3 overtrump; trick to the highest trump', deck: B,
    actions: [take, p(0, 'AS'), p(1, '9H'), p(2, 'JH'), p(3, '7S')], hand: { error: null, deals: [unfinished([{ leader: 0, cards: ['AS', '9H', 'JH', '7S'], winner: 2 }], [45, 0])] } },
  { name: 'play-void-must-undertrump', rule: '§5.3 if you cannot overtrump you must still play a trump (undertrump)', deck: C,
    actions: [take, p(0, 'AS'), p(1, 'JH'), p(2, '9D')], hand: err(3, 'ILLEGAL_CARD') },
  { name: 'play-void-undertrump-ok', rule: '§5.3 undertrump', deck: C,
    actions: [take, p(0, 'AS'), p(1, 'JH'), p(2, '8H'), p(3, '7S')], hand: { error: null, deals: [unfinished([{ leader: 0, cards: ['AS', 'JH', '8H', '7S'], winner: 1 }], [0, 31])] } },
  { name: 'play-partner-winning-free-discard', rule: '§5.3 your partner is currently winning the trick: play any card', deck: D,
    actions: [take, p(0, 'AS'), p(1, '9S'), p(2, '7D'), p(3, '7S')], hand: { error: null, deals: [unfinished([{ leader: 0, cards: ['AS', '9S', '7D', '7S'], winner: 0 }], [11, 0])] } },
  { name: 'play-partner-winning-may-trump', rule: '§5.3 partner winning: any card, a trump included', deck: D,
    actions: [take, p(0, 'AS'), p(1, '9S'), p(2, '8H'), p(3, '8S')], hand: { error: null, deals: [unfinished([{ leader: 0, cards: ['AS', '9S', '8H', '8S'], winner: 2 }], [11, 0])] } },
  { name: 'play-partner-trumped-free-discard', rule: '§5.3 partner winning with a trump: 4th seat may discard while holding trumps', deck: E,
    actions: [take, p(0, 'AC'), p(1, 'JH'), p(2, '7C'), p(3, '8D')], hand: { error: null, deals: [unfinished([{ leader: 0, cards: ['AC', 'JH', '7C', '8D'], winner: 1 }], [0, 31])] } },
  { name: 'play-partner-trumped-may-undertrump', rule: '§5.3 partner winning: any card, a lower trump included', deck: E,
    actions: [take, p(0, 'AC'), p(1, 'JH'), p(2, '7C'), p(3, '8H')], hand: { error: null, deals: [unfinished([{ leader: 0, cards: ['AC', 'JH', '7C', '8H'], winner: 1 }], [0, 31])] } },
  { name: 'play-partner-winning-need-not-overtrump', rule: '§5.3 partner (seat 1) winning with a low trump: seat 3 may discard though it could overtrump', deck: E,
    actions: [take, p(0, 'AC'), p(1, '9H'), p(2, '7C'), p(3, '8D')], hand: { error: null } },
  // precedence (docs/rules/RECORD.md)
  { name: 'err-not-your-turn-bid', rule: 'seats must act in turn', deck: A, actions: [{ seat: 1, type: 'take' }], hand: { ...err(0, 'NOT_YOUR_TURN'), deals: [unfinished([], [0, 0], { taker: null, trump: null })] } },
  { name: 'err-not-your-turn-before-wrong-phase', rule: 'NOT_YOUR_TURN, then WRONG_PHASE', deck: A, actions: [p(1, '8H')], hand: err(0, 'NOT_YOUR_TURN') },
  { name: 'err-play-during-bidding', rule: 'WRONG_PHASE (a play during bidding)', deck: A, actions: [p(0, '9H')], hand: err(0, 'WRONG_PHASE') },
  { name: 'err-wrong-phase-before-card-not-in-hand', rule: 'WRONG_PHASE, then CARD_NOT_IN_HAND', deck: A, actions: [p(0, 'AH')], hand: err(0, 'WRONG_PHASE') },
  { name: 'err-bid-during-play', rule: 'WRONG_PHASE (a bid during play)', deck: A, actions: [take, { seat: 0, type: 'pass' }], hand: { ...err(1, 'WRONG_PHASE'), deals: [unfinished([], [0, 0], { taker: 0, trump: H })] } },
  { name: 'err-round1-take-with-suit', rule: 'a suit in round 1 is ILLEGAL_BID (even the retourne suit)', deck: A, actions: [{ seat: 0, type: 'take', suit: 'H' }], hand: err(0, 'ILLEGAL_BID') },
  { name: 'err-not-your-turn-before-illegal-bid', rule: 'NOT_YOUR_TURN before ILLEGAL_BID', deck: A, actions: [{ seat: 2, type: 'take', suit: 'S' }], hand: err(0, 'NOT_YOUR_TURN') },
  { name: 'err-round2-take-without-suit', rule: 'none in round 2 is ILLEGAL_BID', deck: A, actions: [...bids(3, 0, 'S').slice(0, 4), { seat: 0, type: 'take' }], hand: err(4, 'ILLEGAL_BID') },
  { name: 'err-round2-retourne-suit', rule: '§4 round 2 names a suit other than the retourne\'s', deck: A, actions: [...bids(3, 1, 'H')], hand: err(5, 'ILLEGAL_BID') },
  { name: 'bid-round2-names-suit', rule: '§4 round 2: seat 1 names spades; trump S, taker 1', deck: A, actions: bids(3, 1, 'S'), hand: { error: null, deals: [unfinished([], [0, 0], { taker: 1, trump: 'S' })] } },
  { name: 'err-card-not-in-hand-before-illegal', rule: 'CARD_NOT_IN_HAND before ILLEGAL_CARD', deck: A, actions: [take, p(0, '9H'), p(1, 'AH')], hand: err(2, 'CARD_NOT_IN_HAND') },
  { name: 'err-card-already-played', rule: 'a played card is no longer in hand', deck: A,
    actions: [take, p(0, '9H'), p(1, '8H'), p(2, 'JH'), p(3, 'AH'), p(2, 'JH')], hand: { ...err(5, 'CARD_NOT_IN_HAND'), deals: [unfinished([{ leader: 0, cards: ['9H', '8H', 'JH', 'AH'], winner: 2 }], [45, 0])] } },
  { name: 'err-action-after-redeal', rule: 'any action after a redeal is WRONG_PHASE (before NOT_YOUR_TURN)', deck: A, actions: [...allPass(3), { seat: 2, type: 'take' }], hand: err(8, 'WRONG_PHASE') },
  { name: 'redeal-shape', rule: 'a redeal: taker/trump null, tricks empty, all [0,0]', deck: A, actions: allPass(3),
    hand: { error: null, winner: null, deals: [{ outcome: 'redeal', capot: null, taker: null, trump: null, tricks: [], points: [0, 0], belote: [0, 0], announcements: [0, 0], written: [0, 0], litigePot: 0, totals: [0, 0] }] } },
  { name: 'unfinished-empty-deal', rule: 'an unfinished deal with no actions', deck: A, actions: [], hand: { error: null, deals: [unfinished([], [0, 0], { taker: null, trump: null })] } },
];

for (const f of fixtures) writeFixture({ name: f.name, rule: f.rule, record: rec(f.deck, f.actions), hand: f.hand });

// A full deal, then an action after the eighth trick (game not over) → WRONG_PHASE.
{
  const actions = [take, ...playActions({ dealer: 3, deck: A, actions: [] }, 0, H, [], true)];
  writeFixture({ name: 'err-action-after-eighth-trick', rule: 'an action after the eighth trick is WRONG_PHASE', record: rec(A, [...actions, p(0, '9H')]), hand: { error: { deal: 0, action: 33, code: 'WRONG_PHASE' }, deals: [{ tricks: Array(8).fill({}) }] } });
  // new-deal precedence: the unfinished deal 0 then deal 1.
  const half = actions.slice(0, 10);
  const next = (dealer: number, deck: string[]): object => ({ dealer, deck, actions: [] });
  writeFixture({ name: 'err-deal-after-unfinished', rule: 'a deal that follows an unfinished deal is WRONG_PHASE with action null', record: rec(A, half, {}, [next(0, A)]), hand: { ...err(null, 'WRONG_PHASE', 1), deals: [{ outcome: 'unfinished' }] } });
  writeFixture({ name: 'err-bad-dealer', rule: 'dealer must be previous + 1', record: rec(A, actions, {}, [next(1, A)]), hand: { ...err(null, 'BAD_DEALER', 1), deals: [{ tricks: Array(8).fill({}) }] } });
  writeFixture({ name: 'err-bad-dealer-before-bad-deck', rule: 'BAD_DEALER, then BAD_DECK', record: rec(A, actions, {}, [next(2, A.slice(1))]), hand: err(null, 'BAD_DEALER', 1) });
  writeFixture({ name: 'err-bad-deck-short', rule: 'BAD_DECK: not 32 cards', record: rec(A, actions, {}, [next(0, A.slice(1))]), hand: { ...err(null, 'BAD_DECK', 1), deals: [{}] } });
  writeFixture({ name: 'err-bad-deck-duplicate', rule: 'BAD_DECK: not 32 distinct cards', record: rec(A, actions, {}, [next(0, [...A.slice(1), A[1]!])]), hand: err(null, 'BAD_DECK', 1) });
  writeFixture({ name: 'err-bad-deck-first-deal', rule: 'BAD_DECK on the first deal: no entry', record: { format: 'belote-record/1', rules: {}, deals: [next(2, [...A, 'AS'])] }, hand: { ...err(null, 'BAD_DECK', 0), deals: [] } });
  // Ambiguous in docs/rules/RECORD.md; chosen: phase checks first (GAME_OVER, WRONG_PHASE), as for actions.
  writeFixture({ name: 'err-unfinished-then-bad-dealer', rule: 'AMBIGUOUS (chosen): after an unfinished deal WRONG_PHASE wins over BAD_DEALER', record: rec(A, half, {}, [next(2, A)]), hand: err(null, 'WRONG_PHASE', 1) });
  writeFixture({ name: 'err-unfinished-then-bad-deck', rule: 'AMBIGUOUS (chosen): after an unfinished deal WRONG_PHASE wins over BAD_DECK', record: rec(A, half, {}, [next(0, A.slice(2))]), hand: err(null, 'WRONG_PHASE', 1) });
  writeFixture({ name: 'redeal-then-next-dealer', rule: 'after a redeal the deal moves to the next seat', record: rec(A, allPass(3), {}, [{ dealer: 0, deck: A, actions: bids(0, 1) }]), hand: { error: null, deals: [{ outcome: 'redeal' }, { outcome: 'unfinished', taker: 1, trump: 'H' }] } });
  writeFixture({ name: 'err-redeal-then-same-dealer', rule: 'after a redeal the deal moves to the next seat', record: rec(A, allPass(3), {}, [{ dealer: 3, deck: A, actions: [] }]), hand: err(null, 'BAD_DEALER', 1) });
}
console.log(`wrote ${fixtures.length + 11} play/precedence fixtures`);
