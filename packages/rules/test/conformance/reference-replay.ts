/**
 * The auditor's independent replay of a record (docs/rules/RECORD.md), built on reference.ts only
 * (coinche records: reference-coinche.ts).
 * Used to cross-check `replayRecord` field by field over random games; messages are not compared.
 */
import { announcementPoints, cardPoints, legalCards, suitOf, winnerIndex } from './reference.js';
import { refReplayCoinche } from './reference-coinche.js';

type Suit = 'S' | 'H' | 'D' | 'C';
export interface RefAction { seat: number; type: string; suit?: string; card?: string; value?: number | 'capot' }
export interface RefDealIn { dealer: number; deck: string[]; actions: RefAction[] }
export interface RefRecord { rules?: { variant?: string; target?: number; announcements?: boolean; tie?: string }; deals: RefDealIn[] }
export interface RefTrick { leader: number; cards: string[]; winner: number | null }
export interface RefDeal {
  outcome: string; capot: number | null; taker: number | null; trump: string | null;
  /** Coinche records only (docs/rules/RECORD-COINCHE.md). */
  contract?: number | 'capot' | null; coinche?: number;
  tricks: RefTrick[];
  points: number[]; belote: number[]; announcements: number[]; written: number[]; litigePot: number; totals: number[];
}
export interface RefResult { deals: RefDeal[]; winner: number | null; error: { deal: number; action: number | null; code: string } | null }

const team = (s: number): number => s % 2;

export function refReplay(rec: RefRecord): RefResult {
  if (rec.rules?.variant === 'coinche') return refReplayCoinche(rec);
  const target = rec.rules?.target ?? 1000;
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
    // Ambiguity (docs/rules/RECORD.md): the text lists GAME_OVER, BAD_DEALER, BAD_DECK and says a deal after an
    // unfinished deal is WRONG_PHASE. Read as phase checks first (as for actions): GAME_OVER,
    // WRONG_PHASE, then BAD_DEALER, BAD_DECK.
    if (winner !== null) return dealErr('GAME_OVER');
    if (prevUnfinished) return dealErr('WRONG_PHASE');
    if (prevDealer !== null && d.dealer !== (prevDealer + 1) % 4) return dealErr('BAD_DEALER');
    if (d.deck.length !== 32 || new Set(d.deck).size !== 32) return dealErr('BAD_DECK');
    prevDealer = d.dealer;

    const eldest = (d.dealer + 1) % 4;
    const hands: string[][] = [[], [], [], []];
    for (let k = 0; k < 4; k++) hands[(eldest + k) % 4]!.push(...d.deck.slice(3 * k, 3 * k + 3));
    for (let k = 0; k < 4; k++) hands[(eldest + k) % 4]!.push(...d.deck.slice(12 + 2 * k, 14 + 2 * k));
    const retourne = d.deck[20]!;
    let bids = 0;
    let taker: number | null = null;
    let trump: Suit | null = null;
    let redeal = false;
    let start8: string[][] = [];
    const tricks: RefTrick[] = [];
    let current: string[] = [];
    let leader = eldest;
    let endsGame = false;
    let error: RefResult['error'] = null;

    for (let ai = 0; ai < d.actions.length; ai++) {
      const a = d.actions[ai]!;
      const fail = (code: string): void => { error = { deal: di, action: ai, code }; };
      if (endsGame) { fail('GAME_OVER'); break; }
      if (redeal || tricks.length === 8) { fail('WRONG_PHASE'); break; }
      const turn: number = taker === null ? (eldest + bids) % 4 : (leader + current.length) % 4;
      if (a.seat !== turn) { fail('NOT_YOUR_TURN'); break; }
      const isBid = a.type === 'pass' || a.type === 'take';
      if (isBid !== (taker === null)) { fail('WRONG_PHASE'); break; }
      if (a.type === 'pass') {
        bids++;
        if (bids === 8) redeal = true;
        continue;
      }
      if (a.type === 'take') {
        const round2 = bids >= 4;
        if (!round2 && a.suit !== undefined) { fail('ILLEGAL_BID'); break; }
        if (round2 && (a.suit === undefined || a.suit === suitOf(retourne))) { fail('ILLEGAL_BID'); break; }
        taker = a.seat;
        trump = round2 ? (a.suit as Suit) : suitOf(retourne);
        hands[taker]!.push(retourne);
        let next = 21;
        for (let k = 0; k < 4; k++) {
          const s = (eldest + k) % 4;
          const n = s === taker ? 2 : 3;
          hands[s]!.push(...d.deck.slice(next, next + n));
          next += n;
        }
        start8 = hands.map((h) => [...h]);
        continue;
      }
      // play
      const card = a.card!;
      const hand = hands[a.seat]!;
      if (!hand.includes(card)) { fail('CARD_NOT_IN_HAND'); break; }
      if (!legalCards(hand, current, trump!).includes(card)) { fail('ILLEGAL_CARD'); break; }
      hand.splice(hand.indexOf(card), 1);
      current.push(card);
      if (current.length === 4) {
        const w = (leader + winnerIndex(current, trump!)) % 4;
        tricks.push({ leader, cards: current, winner: w });
        current = [];
        leader = w;
        if (tricks.length === 8) {
          const dealRes = score();
          deals.push(dealRes);
          if (winner !== null) endsGame = true;
        }
      }
    }

    function score(): RefDeal {
      const tr = trump!;
      const tk = taker!;
      const points = [0, 0];
      const won = [0, 0];
      tricks.forEach((t, i) => {
        const w = team(t.winner!);
        won[w]!++;
        points[w]! += t.cards.reduce((s, c) => s + cardPoints(c, tr), 0) + (i === 7 ? 10 : 0);
      });
      const belote = [0, 0];
      start8.forEach((h, s) => { if (h.includes('K' + tr) && h.includes('Q' + tr)) belote[team(s)] = 20; });
      const ann = annOn ? announcementPoints(start8, tr) : [0, 0];
      const tot = [0, 1].map((t) => points[t]! + belote[t]! + ann[t]!);
      const T = team(tk);
      const D = 1 - T;
      const written = [0, 0];
      let outcome: string;
      let capot: number | null = null;
      const dedans = (): void => { written[D] = 162 + ann[0]! + ann[1]! + belote[D]!; written[T] = belote[T]!; };
      if (won[0] === 8 || won[1] === 8) {
        capot = won[0] === 8 ? 0 : 1;
        written[capot] = 252 + belote[capot]! + ann[0]! + ann[1]!;
        written[1 - capot] = belote[1 - capot]!;
        outcome = capot === T ? 'made' : 'dedans';
      } else if (tot[T]! > tot[D]!) {
        outcome = 'made';
        written[0] = tot[0]!; written[1] = tot[1]!;
      } else if (tot[T]! < tot[D]! || tieDedans) {
        outcome = 'dedans';
        dedans();
      } else {
        outcome = 'litige';
        written[D] = tot[D]!;
        written[T] = belote[T]!;
        pot += tot[T]! - belote[T]!;
      }
      if (outcome === 'made') { written[T]! += pot; pot = 0; }
      if (outcome === 'dedans') { written[D]! += pot; pot = 0; }
      totals = [totals[0]! + written[0]!, totals[1]! + written[1]!];
      if (totals[0]! >= target || totals[1]! >= target) {
        if (totals[0]! !== totals[1]!) winner = totals[0]! > totals[1]! ? 0 : 1;
      }
      return { outcome, capot, taker: tk, trump: tr, tricks, points, belote, announcements: [...ann], written, litigePot: pot, totals: [...totals] };
    }

    if (redeal && !error) {
      deals.push({ outcome: 'redeal', capot: null, taker: null, trump: null, tricks: [], points: [0, 0], belote: [0, 0], announcements: [0, 0], written: [0, 0], litigePot: pot, totals: [...totals] });
      continue;
    }
    if (tricks.length === 8 && !error) continue;
    if (tricks.length === 8 && error) return result(error);
    // unfinished (or holding an error)
    const points = [0, 0];
    tricks.forEach((t) => { points[team(t.winner!)]! += t.cards.reduce((s, c) => s + cardPoints(c, trump!), 0); });
    const shown: RefTrick[] = [...tricks];
    if (current.length > 0) shown.push({ leader, cards: current, winner: null });
    deals.push({ outcome: 'unfinished', capot: null, taker, trump, tricks: redeal ? [] : shown, points, belote: [0, 0], announcements: [0, 0], written: [0, 0], litigePot: pot, totals: [...totals] });
    if (error) {
      if (redeal) { deals[deals.length - 1] = { ...deals[deals.length - 1]!, outcome: 'redeal' }; }
      return result(error);
    }
    prevUnfinished = true;
  }
  return result(null);
}
