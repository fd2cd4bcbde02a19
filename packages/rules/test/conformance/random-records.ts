/**
 * Random game records (classic and coinche) generated with the auditor's reference model only
 * (reference.ts, reference-coinche.ts), so a disagreement with the engine cannot come from
 * sharing its legality code. Deterministic (own LCG).
 */
import { REF_VALUES, callAllowed, coincheHands, readAuction } from './reference-coinche.js';
import { legalCards, suitOf, winnerIndex } from './reference.js';
import { refReplay, type RefAction, type RefDealIn, type RefRecord } from './reference-replay.js';

const SUITS = ['S', 'H', 'D', 'C'];
const RANKS = ['7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
export const ALL = SUITS.flatMap((s) => RANKS.map((r) => r + s));

export function lcg(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}
const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

function shuffle(rnd: () => number): string[] {
  const d = [...ALL];
  for (let i = d.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [d[i], d[j]] = [d[j]!, d[i]!];
  }
  return d;
}

/** One complete deal (or redeal) played with random legal moves; `takeP` tunes how often seats take. */
export function randomDeal(rnd: () => number, dealer: number, takeP = 0.3): RefDealIn {
  const deck = shuffle(rnd);
  const eldest = (dealer + 1) % 4;
  const hands: string[][] = [[], [], [], []];
  for (let k = 0; k < 4; k++) hands[(eldest + k) % 4]!.push(...deck.slice(3 * k, 3 * k + 3), ...deck.slice(12 + 2 * k, 14 + 2 * k));
  const actions: RefAction[] = [];
  let taker = -1;
  let trump = '';
  for (let b = 0; b < 8 && taker < 0; b++) {
    const seat = (eldest + b) % 4;
    if (rnd() < takeP) {
      taker = seat;
      if (b < 4) { trump = suitOf(deck[20]!); actions.push({ seat, type: 'take' }); }
      else { trump = pick(rnd, SUITS.filter((s) => s !== suitOf(deck[20]!))); actions.push({ seat, type: 'take', suit: trump }); }
    } else actions.push({ seat, type: 'pass' });
  }
  if (taker < 0) return { dealer, deck, actions };
  hands[taker]!.push(deck[20]!);
  let next = 21;
  for (let k = 0; k < 4; k++) {
    const s = (eldest + k) % 4;
    const n = s === taker ? 2 : 3;
    hands[s]!.push(...deck.slice(next, next + n));
    next += n;
  }
  let leader = eldest;
  for (let t = 0; t < 8; t++) {
    const trick: string[] = [];
    for (let k = 0; k < 4; k++) {
      const seat = (leader + k) % 4;
      const card = pick(rnd, legalCards(hands[seat]!, trick, trump as 'S'));
      hands[seat]!.splice(hands[seat]!.indexOf(card), 1);
      trick.push(card);
      actions.push({ seat, type: 'play', card });
    }
    // winner: replay through the reference to stay single-sourced
    let best = 0;
    const led = suitOf(trick[0]!);
    const str = (c: string): number => (suitOf(c) === trump ? 100 - ['J', '9', 'A', '10', 'K', 'Q', '8', '7'].indexOf(c.slice(0, -1)) : suitOf(c) === led ? 50 - ['A', '10', 'K', 'Q', 'J', '9', '8', '7'].indexOf(c.slice(0, -1)) : 0);
    trick.forEach((c, i) => { if (str(c) > str(trick[best]!)) best = i; });
    leader = (leader + best) % 4;
  }
  return { dealer, deck, actions };
}

/** A random game to its end (or `maxDeals`), with random settings; sometimes cut mid-deal or corrupted. */
export function randomRecord(seed: number): RefRecord & { format: string } {
  const rnd = lcg(seed);
  const rules = { target: pick(rnd, [301, 501, 1000, 1001]), announcements: rnd() < 0.5, tie: pick(rnd, ['litige', 'dedans']) };
  const rec = { format: 'belote-record/1', rules, deals: [] as RefDealIn[] };
  let dealer = Math.floor(rnd() * 4);
  for (let i = 0; i < 40; i++) {
    rec.deals.push(randomDeal(rnd, dealer, pick(rnd, [0.1, 0.3, 0.6])));
    dealer = (dealer + 1) % 4;
    if (refReplay(rec).winner !== null) break;
  }
  const r = rnd();
  const last = rec.deals[rec.deals.length - 1]!;
  if (r < 0.15) last.actions = last.actions.slice(0, Math.floor(rnd() * last.actions.length));
  else if (r < 0.35) {
    // corrupt one action: a random card / seat / type somewhere in a random deal
    const d = pick(rnd, rec.deals);
    const i = Math.floor(rnd() * (d.actions.length + 1));
    const seat = rnd() < 0.8 && i < d.actions.length ? d.actions[i]!.seat : Math.floor(rnd() * 4);
    const bad: RefAction = rnd() < 0.7
      ? { seat, type: 'play', card: pick(rnd, ALL) }
      : rnd() < 0.5 ? { seat, type: 'pass' } : { seat, type: 'take', ...(rnd() < 0.5 ? { suit: pick(rnd, SUITS) } : {}) };
    d.actions.splice(i, 0, bad);
  } else if (r < 0.4) {
    rec.deals.push(randomDeal(rnd, (dealer + (rnd() < 0.5 ? 0 : 1)) % 4));
  } else if (r < 0.5) {
    // drop, duplicate or swap actions somewhere
    const d = pick(rnd, rec.deals);
    const i = Math.floor(rnd() * d.actions.length);
    const j = Math.floor(rnd() * d.actions.length);
    const m = rnd();
    if (m < 0.33) d.actions.splice(i, 1);
    else if (m < 0.66) d.actions.splice(i, 0, { ...d.actions[i]! });
    else [d.actions[i], d.actions[j]] = [d.actions[j]!, d.actions[i]!];
  }
  return rec;
}

/** One complete coinche deal (or redeal) with random calls and plays, all by the reference's legality. */
export function randomCoincheDeal(rnd: () => number, dealer: number, bidP = 0.3): RefDealIn {
  const deck = shuffle(rnd);
  const eldest = (dealer + 1) % 4;
  const hands = coincheHands(dealer, deck);
  const actions: RefAction[] = [];
  for (let seat = eldest; !readAuction(actions).over; seat = (seat + 1) % 4) {
    const ok = (c: RefAction): boolean => callAllowed(actions, c);
    const bids = REF_VALUES.filter((value) => ok({ seat, type: 'bid', value, suit: 'S' }));
    let call: RefAction = { seat, type: 'pass' };
    if (ok({ seat, type: 'surcoinche' }) && rnd() < 0.15) call = { seat, type: 'surcoinche' };
    else if (ok({ seat, type: 'coinche' }) && rnd() < 0.1) call = { seat, type: 'coinche' };
    else if (bids.length > 0 && rnd() < bidP) {
      const value = rnd() < 0.05 ? bids[bids.length - 1]! : bids[Math.min(Math.floor(rnd() * 3), bids.length - 1)]!;
      call = { seat, type: 'bid', value, suit: pick(rnd, SUITS) };
    }
    actions.push(call);
  }
  const a = readAuction(actions);
  if (a.redeal) return { dealer, deck, actions };
  const trump = a.best!.suit;
  let leader = eldest;
  for (let t = 0; t < 8; t++) {
    const trick: string[] = [];
    for (let k = 0; k < 4; k++) {
      const seat = (leader + k) % 4;
      const card = pick(rnd, legalCards(hands[seat]!, trick, trump));
      hands[seat]!.splice(hands[seat]!.indexOf(card), 1);
      trick.push(card);
      actions.push({ seat, type: 'play', card });
    }
    leader = (leader + winnerIndex(trick, trump)) % 4;
  }
  return { dealer, deck, actions };
}

/** A random coinche game to its end (or `maxDeals`), random settings; sometimes cut mid-deal or corrupted. */
export function randomCoincheRecord(seed: number): RefRecord & { format: string } {
  const rnd = lcg(seed);
  const rules = { variant: 'coinche', target: pick(rnd, [501, 1000, 1001, 2000, 3000]), announcements: rnd() < 0.5, tie: pick(rnd, ['litige', 'dedans']) };
  const rec = { format: 'belote-record/1', rules, deals: [] as RefDealIn[] };
  let dealer = Math.floor(rnd() * 4);
  for (let i = 0; i < 30; i++) {
    rec.deals.push(randomCoincheDeal(rnd, dealer, pick(rnd, [0.15, 0.3, 0.5])));
    dealer = (dealer + 1) % 4;
    if (refReplay(rec).winner !== null) break;
  }
  const r = rnd();
  const last = rec.deals[rec.deals.length - 1]!;
  if (r < 0.15) last.actions = last.actions.slice(0, Math.floor(rnd() * last.actions.length));
  else if (r < 0.4) {
    // insert a random action somewhere: a card, or a call (bid values legal or not)
    const d = pick(rnd, rec.deals);
    const i = Math.floor(rnd() * (d.actions.length + 1));
    const seat = rnd() < 0.8 && i < d.actions.length ? d.actions[i]!.seat : Math.floor(rnd() * 4);
    const m = rnd();
    const bad: RefAction = m < 0.4 ? { seat, type: 'play', card: pick(rnd, ALL) }
      : m < 0.55 ? { seat, type: 'pass' }
        : m < 0.8 ? { seat, type: 'bid', value: pick(rnd, [70, 80, 85, 90, 100, 120, 150, 160, 170, 'capot'] as (number | 'capot')[]), suit: pick(rnd, SUITS) }
          : m < 0.9 ? { seat, type: 'coinche' } : { seat, type: 'surcoinche' };
    d.actions.splice(i, 0, bad);
  } else if (r < 0.45) {
    rec.deals.push(randomCoincheDeal(rnd, (dealer + (rnd() < 0.5 ? 0 : 1)) % 4));
  } else if (r < 0.55) {
    const d = pick(rnd, rec.deals);
    const i = Math.floor(rnd() * d.actions.length);
    const j = Math.floor(rnd() * d.actions.length);
    const m = rnd();
    if (m < 0.33) d.actions.splice(i, 1);
    else if (m < 0.66) d.actions.splice(i, 0, { ...d.actions[i]! });
    else [d.actions[i], d.actions[j]] = [d.actions[j]!, d.actions[i]!];
  }
  return rec;
}
