/**
 * The auditor's independent, deliberately naive reading of docs/rules/COINCHE.md + docs/rules/RECORD-COINCHE.md,
 * written from the text without the engine: a coinche record replayed into the result shape
 * of docs/rules/RECORD-COINCHE.md. Cards are strings, the auction is a list of calls re-read from the
 * start at every step, and the scoring table of docs/rules/COINCHE.md §5 is spelled out row by row.
 * Trick play and announcements reuse the auditor's classic reference (reference.ts).
 */
import { announcementPoints, cardPoints, legalCards, suitOf, winnerIndex } from './reference.js';
import type { RefAction, RefDeal, RefRecord, RefResult, RefTrick } from './reference-replay.js';

type Suit = 'S' | 'H' | 'D' | 'C';
const team = (s: number): number => s % 2;
/** docs/rules/COINCHE.md §3: the values, lowest first. */
export const REF_VALUES: (number | 'capot')[] = [80, 90, 100, 110, 120, 130, 140, 150, 160, 'capot'];
const rank = (v: number | string): number => REF_VALUES.indexOf(v as number);

/** What the call list says so far (re-read from the start every time). */
export interface RefAuction {
  best: { value: number | 'capot'; suit: Suit; seat: number } | null;
  coinchedBy: number | null;
  mult: number;
  over: boolean;
  redeal: boolean;
}

export function readAuction(calls: readonly RefAction[]): RefAuction {
  let best: RefAuction['best'] = null;
  let coinchedBy: number | null = null;
  let mult = 1;
  let over = false;
  let redeal = false;
  let lastNonPass = -1;
  calls.forEach((c, i) => {
    if (c.type !== 'pass') lastNonPass = i;
    if (c.type === 'bid') best = { value: c.value!, suit: c.suit as Suit, seat: c.seat };
    if (c.type === 'coinche') { coinchedBy = c.seat; mult = 2; }
    if (c.type === 'surcoinche') { mult = 4; over = true; }
    // four passes and no bid: redeal; three passes after the last bid or coinche: over
    if (best === null && i === 3) redeal = true;
    if (best !== null && i - lastNonPass === 3) over = true;
  });
  return { best, coinchedBy, mult, over: over || redeal, redeal };
}

/** Is `call` by `seat` allowed after `calls` (docs/rules/COINCHE.md §3, docs/rules/RECORD-COINCHE.md ILLEGAL_BID list)? */
export function callAllowed(calls: readonly RefAction[], call: RefAction): boolean {
  const a = readAuction(calls);
  if (call.type === 'pass') return true;
  if (call.type === 'bid') {
    if (rank(call.value!) < 0) return false;
    if (a.coinchedBy !== null) return false;
    return a.best === null || rank(call.value!) > rank(a.best.value);
  }
  if (call.type === 'coinche') return a.best !== null && a.coinchedBy === null && team(a.best.seat) !== team(call.seat);
  if (call.type === 'surcoinche') return a.coinchedBy !== null && a.best !== null && team(a.best.seat) === team(call.seat);
  return false;
}

/** The 3-2-3 deal from the eldest (docs/rules/COINCHE.md §2). */
export function coincheHands(dealer: number, deck: readonly string[]): string[][] {
  const eldest = (dealer + 1) % 4;
  const hands: string[][] = [[], [], [], []];
  let next = 0;
  for (const n of [3, 2, 3]) {
    for (let k = 0; k < 4; k++) {
      hands[(eldest + k) % 4]!.push(...deck.slice(next, next + n));
      next += n;
    }
  }
  return hands;
}

/** docs/rules/COINCHE.md §5, row by row: [outcome, takers write, defenders write, pot after]. */
export function refCoincheScore(
  o: { T: number; points: number[]; won: number[]; belote: number[]; ann: number[]; value: number | 'capot'; mult: number; tieDedans: boolean },
  pot: number,
): { outcome: string; capot: number | null; written: number[]; pot: number } {
  const { T, points, won, belote, ann, mult } = o;
  const D = 1 - T;
  const total = (t: number): number => points[t]! + belote[t]! + ann[t]!;
  const C = o.value === 'capot' ? 250 : o.value;
  const A = ann[0]! + ann[1]!;
  const capot = won[0] === 8 ? 0 : won[1] === 8 ? 1 : null;
  let outcome: string;
  if (capot === T) outcome = 'made';
  else if (capot === D) outcome = 'dedans';
  else if (o.value === 'capot') outcome = 'dedans';
  else if (total(T) >= C && total(T) > total(D)) outcome = 'made';
  else if (total(T) === total(D) && total(T) >= C && mult === 1 && !o.tieDedans) outcome = 'litige';
  else outcome = 'dedans';
  const w = [0, 0];
  if (outcome === 'made' && mult === 1 && capot === null) { w[T] = total(T) + C; w[D] = total(D); }
  else if (outcome === 'made' && mult === 1) { w[T] = 252 + belote[T]! + A + C; w[D] = belote[D]!; }
  else if (outcome === 'made') { w[T] = mult * ((capot === T ? 250 : 160) + belote[T]! + A + C); w[D] = belote[D]!; }
  else if (outcome === 'dedans') { w[T] = belote[T]!; w[D] = mult * (160 + belote[D]! + A + C); }
  else { w[T] = belote[T]!; w[D] = total(D); }
  // the pot: added after multiplication to the winner of this deal; a litige adds to it
  if (outcome === 'made') { w[T]! += pot; pot = 0; }
  else if (outcome === 'dedans') { w[D]! += pot; pot = 0; }
  else pot += total(T) - belote[T]!;
  return { outcome, capot, written: w, pot };
}

const dealShape = (d: Omit<RefDeal, 'contract' | 'coinche'>, contract: number | 'capot' | null, coinche: number): RefDeal =>
  ({ outcome: d.outcome, capot: d.capot, taker: d.taker, trump: d.trump, contract, coinche, tricks: d.tricks, points: d.points, belote: d.belote,
    announcements: d.announcements, written: d.written, litigePot: d.litigePot, totals: d.totals }) as RefDeal;

export function refReplayCoinche(rec: RefRecord): RefResult {
  const target = rec.rules?.target ?? 2000;
  const annOn = rec.rules?.announcements ?? false;
  const tieDedans = (rec.rules?.tie ?? 'litige') === 'dedans';
  let totals = [0, 0];
  let pot = 0;
  let winner: number | null = null;
  const deals: RefDeal[] = [];
  let prevDealer: number | null = null;
  let prevUnfinished = false;
  const result = (error: RefResult['error']): RefResult => ({ deals, winner, error });

  for (let di = 0; di < rec.deals.length; di++) {
    const d = rec.deals[di]!;
    const dealErr = (code: string): RefResult => result({ deal: di, action: null, code });
    if (winner !== null) return dealErr('GAME_OVER');
    if (prevUnfinished) return dealErr('WRONG_PHASE');
    if (prevDealer !== null && d.dealer !== (prevDealer + 1) % 4) return dealErr('BAD_DEALER');
    if (d.deck.length !== 32 || new Set(d.deck).size !== 32) return dealErr('BAD_DECK');
    prevDealer = d.dealer;

    const eldest = (d.dealer + 1) % 4;
    const hands = coincheHands(d.dealer, d.deck);
    const start8 = hands.map((h) => [...h]);
    const calls: RefAction[] = [];
    let auction = readAuction(calls);
    const tricks: RefTrick[] = [];
    let current: string[] = [];
    let leader = eldest;
    let endsGame = false;
    let error: RefResult['error'] = null;

    for (let ai = 0; ai < d.actions.length; ai++) {
      const a = d.actions[ai]!;
      const fail = (code: string): void => { error = { deal: di, action: ai, code }; };
      if (endsGame) { fail('GAME_OVER'); break; }
      if (auction.redeal || tricks.length === 8) { fail('WRONG_PHASE'); break; }
      const turn = !auction.over ? (eldest + calls.length) % 4 : (leader + current.length) % 4;
      if (a.seat !== turn) { fail('NOT_YOUR_TURN'); break; }
      const isCall = a.type !== 'play';
      if (isCall === auction.over) { fail('WRONG_PHASE'); break; }
      if (isCall) {
        if (!callAllowed(calls, a)) { fail('ILLEGAL_BID'); break; }
        calls.push(a);
        auction = readAuction(calls);
        continue;
      }
      const trump = auction.best!.suit;
      const hand = hands[a.seat]!;
      if (!hand.includes(a.card!)) { fail('CARD_NOT_IN_HAND'); break; }
      if (!legalCards(hand, current, trump).includes(a.card!)) { fail('ILLEGAL_CARD'); break; }
      hand.splice(hand.indexOf(a.card!), 1);
      current.push(a.card!);
      if (current.length < 4) continue;
      const w = (leader + winnerIndex(current, trump)) % 4;
      tricks.push({ leader, cards: current, winner: w });
      current = [];
      leader = w;
      if (tricks.length < 8) continue;
      // the deal is over: score it (docs/rules/COINCHE.md §5) and decide the game (§6)
      const points = [0, 0];
      const won = [0, 0];
      tricks.forEach((t, i) => {
        won[team(t.winner!)]!++;
        points[team(t.winner!)]! += t.cards.reduce((s, c) => s + cardPoints(c, trump), 0) + (i === 7 ? 10 : 0);
      });
      const belote = [0, 0];
      start8.forEach((h, s) => { if (h.includes('K' + trump) && h.includes('Q' + trump)) belote[team(s)] = 20; });
      const ann = annOn ? announcementPoints(start8, trump) : [0, 0];
      const s = refCoincheScore({ T: team(auction.best!.seat), points, won, belote, ann, value: auction.best!.value, mult: auction.mult, tieDedans }, pot);
      pot = s.pot;
      totals = [totals[0]! + s.written[0]!, totals[1]! + s.written[1]!];
      if ((totals[0]! >= target || totals[1]! >= target) && totals[0] !== totals[1]) winner = totals[0]! > totals[1]! ? 0 : 1;
      deals.push(dealShape({ outcome: s.outcome, capot: s.capot, taker: auction.best!.seat, trump, tricks, points, belote, announcements: [...ann],
        written: s.written, litigePot: pot, totals: [...totals] }, auction.best!.value, auction.mult));
      if (winner !== null) endsGame = true;
    }

    if (auction.redeal) {
      deals.push(dealShape({ outcome: 'redeal', capot: null, taker: null, trump: null, tricks: [], points: [0, 0], belote: [0, 0], announcements: [0, 0],
        written: [0, 0], litigePot: pot, totals: [...totals] }, null, 1));
      if (error) return result(error);
      continue;
    }
    if (tricks.length === 8) {
      if (error) return result(error);
      continue;
    }
    // unfinished, or holding an error: completed tricks, the trick in progress, no contract while calling
    const trump = auction.over ? auction.best!.suit : null;
    const points = [0, 0];
    tricks.forEach((t) => { points[team(t.winner!)]! += t.cards.reduce((s, c) => s + cardPoints(c, trump!), 0); });
    const shown: RefTrick[] = [...tricks];
    if (current.length > 0) shown.push({ leader, cards: current, winner: null });
    deals.push(dealShape({ outcome: 'unfinished', capot: null, taker: auction.over ? auction.best!.seat : null, trump, tricks: shown, points,
      belote: [0, 0], announcements: [0, 0], written: [0, 0], litigePot: pot, totals: [...totals] }, auction.over ? auction.best!.value : null, auction.over ? auction.mult : 1));
    if (error) return result(error);
    prevUnfinished = true;
  }
  return result(null);
}

export { suitOf };
