/**
 * Trick play in the reducer (docs/rules/RULES.md §5–7, shared by both variants): removing the card from
 * the hand, belote and rebelote calls, showing announcements at the first card of trick 2,
 * closing tricks, and scoring the deal after the eighth (classic docs/rules/RULES.md §7 or coinche
 * docs/rules/COINCHE.md §5). Called after `checkAction` accepted the card.
 */
import { shownCombinations } from './announcements.js';
import { RANK_K, RANK_Q, SUITS, bit, cardOf, rankOf, suitOf, type CardId, type SuitId } from './cards.js';
import { trickPoints, winningIndex } from './play.js';
import { contractFields, tricksOf } from './report.js';
import { scoreCoincheDeal } from './coinche-scoring.js';
import { gameWinner, scoreDeal } from './scoring.js';
import { copyDeal, copyGame, withDeal, type DealState, type GameState } from './state.js';
import { nextSeat, summaryOfResult, teamOf, type DealResult, type GameEvent, type Seat } from './types.js';

/** Apply an accepted card play. */
export function playCard(state: GameState, deal: DealState, seat: Seat, card: CardId, events: GameEvent[]): GameState {
  const trump = deal.trump as SuitId;
  const d = copyDeal(deal);
  const hands = deal.hands.slice();
  hands[seat] = (hands[seat] as number) & ~bit(card);
  d.hands = hands;
  const cards = [...deal.trick.cards, card];
  const name = cardOf(card);
  d.actions = [...deal.actions, { type: 'play', seat, card: name }];
  events.push({ type: 'cardPlayed', seat, card: name });
  if (seat === deal.beloteSeat && suitOf(card) === trump && (rankOf(card) === RANK_K || rankOf(card) === RANK_Q)) {
    d.belotePlayed = deal.belotePlayed + 1;
    events.push({ type: 'belote', seat, card: name, call: d.belotePlayed === 1 ? 'belote' : 'rebelote' });
  }
  if (deal.announcements && !deal.announcementsShown && deal.tricks.length === 1 && deal.trick.cards.length === 0) {
    d.announcementsShown = true;
    events.push({ type: 'announcementsShown', team: deal.announcements.winner, combinations: shownCombinations(deal.announcements) });
  }
  if (cards.length < 4) {
    d.trick = { leader: deal.trick.leader, cards };
    d.turn = nextSeat(seat);
    return withDeal(state, d);
  }
  // The trick is complete.
  const leader = deal.trick.leader;
  const winner = ((leader + winningIndex(cards, trump)) & 3) as Seat;
  const last = deal.tricks.length === 7;
  const pts = trickPoints(cards, trump) + (last ? 10 : 0);
  const team = teamOf(winner);
  const points: [number, number] = [deal.points[0], deal.points[1]];
  points[team] += pts;
  const trickCounts: [number, number] = [deal.trickCounts[0], deal.trickCounts[1]];
  trickCounts[team]++;
  d.tricks = [...deal.tricks, { leader, cards, winner }];
  d.trick = { leader: winner, cards: [] };
  d.turn = last ? null : winner;
  d.points = points;
  d.trickCounts = trickCounts;
  events.push({ type: 'trickWon', winner, leader, cards: cards.map(cardOf), points: pts });
  return last ? finishDeal(state, d, events) : withDeal(state, d);
}

/** Score the deal after its eighth trick (docs/rules/RULES.md §7 / docs/rules/COINCHE.md §5) and decide the game (§8 / §6). */
function finishDeal(state: GameState, deal: DealState, events: GameEvent[]): GameState {
  const taker = deal.taker as Seat;
  const belote: [number, number] = [0, 0];
  if (deal.beloteSeat !== null) belote[teamOf(deal.beloteSeat)] = 20;
  const ann: [number, number] = deal.announcements ? [deal.announcements.points[0], deal.announcements.points[1]] : [0, 0];
  const tally = { takerTeam: teamOf(taker), points: deal.points, tricks: deal.trickCounts, belote, announcements: ann };
  const contract = deal.auction?.high ?? null;
  const score = contract
    ? scoreCoincheDeal(tally, { value: contract.value, coinche: deal.auction!.coinche }, state.rules.tie, state.litigePot)
    : scoreDeal(tally, state.rules.tie, state.litigePot);
  const totals: [number, number] = [state.totals[0] + score.written[0], state.totals[1] + score.written[1]];
  const result: DealResult = {
    outcome: score.outcome,
    capot: score.capot,
    taker,
    trump: SUITS[deal.trump as SuitId]!,
    ...contractFields(deal),
    tricks: tricksOf(deal),
    points: [deal.points[0], deal.points[1]],
    belote,
    announcements: ann,
    written: score.written,
    litigePot: score.litigePot,
    totals,
  };
  events.push({ type: 'dealScored', result: summaryOfResult(result) });
  const winner = gameWinner(totals, state.rules.target);
  if (winner !== null) events.push({ type: 'gameOver', winner, totals });
  const d = copyDeal(deal);
  d.phase = 'over';
  d.turn = null;
  d.result = result;
  const s = withDeal(copyGame(state), d);
  s.totals = totals;
  s.litigePot = score.litigePot;
  s.winner = winner;
  return s;
}
