/**
 * Finding coinche deals with a wanted property for the hand-made fixtures: some cards fixed by
 * hand (the belote, combinations or strength under test), the rest filled at random without
 * adding combinations or a belote, the given calls, then tricks played at random (reference
 * legality) until the deal's reference result satisfies `want`. Seeded, so reproducible.
 */
import { combosOf, legalCards, winnerIndex } from './reference.js';
import { readAuction } from './reference-coinche.js';
import { ALL, lcg } from './random-records.js';
import { refReplay, type RefAction, type RefDeal, type RefDealIn, type RefRecord, type RefResult } from './reference-replay.js';

type Suit = 'S' | 'H' | 'D' | 'C';

/** The deck that deals `hands` 3-2-3 from the eldest (each hand's first 3, next 2, last 3 cards). */
export function coincheDeckFor(dealer: number, hands: string[][]): string[] {
  const order = [1, 2, 3, 4].map((k) => (dealer + k) % 4);
  const deck = [
    ...order.flatMap((s) => hands[s]!.slice(0, 3)),
    ...order.flatMap((s) => hands[s]!.slice(3, 5)),
    ...order.flatMap((s) => hands[s]!.slice(5, 8)),
  ];
  if (deck.length !== 32 || new Set(deck).size !== 32) throw new Error(`bad hands: ${deck.length} / ${new Set(deck).size}`);
  return deck;
}

/** Calls from the eldest (dealer + 1), seats in turn: `bid 90 H`, `pass`, `coinche`, `surcoinche`. */
export function calls(dealer: number, ...spoken: string[]): RefAction[] {
  return spoken.map((s, k) => {
    const seat = (dealer + 1 + k) % 4;
    const [type, value, suit] = s.split(' ');
    if (type !== 'bid') return { seat, type: type! };
    return { seat, type, value: value === 'capot' ? 'capot' : Number(value), suit: suit! };
  });
}

/** Random legal plays to the end of the deal (cards named first in `prefer` when legal). */
export function playOut(deal: RefDealIn, rnd: () => number, prefer: string[] = []): RefAction[] {
  const a = readAuction(deal.actions.filter((x) => x.type !== 'play'));
  const trump = a.best!.suit as Suit;
  const eldest = (deal.dealer + 1) % 4;
  const hands = coincheHandsOf(deal);
  let leader = eldest;
  const out: RefAction[] = [];
  for (let t = 0; t < 8; t++) {
    const trick: string[] = [];
    for (let k = 0; k < 4; k++) {
      const seat = (leader + k) % 4;
      const legal = legalCards(hands[seat]!, trick, trump);
      const card = prefer.find((p) => legal.includes(p)) ?? legal[Math.floor(rnd() * legal.length)]!;
      hands[seat]!.splice(hands[seat]!.indexOf(card), 1);
      trick.push(card);
      out.push({ seat, type: 'play', card });
    }
    leader = (leader + winnerIndex(trick, trump)) % 4;
  }
  return out;
}

function coincheHandsOf(deal: RefDealIn): string[][] {
  const eldest = (deal.dealer + 1) % 4;
  const hands: string[][] = [[], [], [], []];
  let next = 0;
  for (const n of [3, 2, 3]) for (let k = 0; k < 4; k++) { hands[(eldest + k) % 4]!.push(...deal.deck.slice(next, next + n)); next += n; }
  return hands;
}

export interface CoincheSpec {
  dealer: number;
  /** The calls (seats from the eldest, see `calls`). */
  calls: RefAction[];
  /** Cards each seat must hold. */
  fixed?: string[][];
  /** Filled cards add no combination and no belote. */
  clean?: boolean;
}

function fill(spec: CoincheSpec, trump: string, rnd: () => number): string[][] | null {
  const fixed = spec.fixed ?? [[], [], [], []];
  const used = new Set(fixed.flat());
  const rest = ALL.filter((x) => !used.has(x));
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  const hands = fixed.map((h) => [...h]);
  for (const h of hands) while (h.length < 8) h.push(rest.pop()!);
  if (spec.clean !== false) {
    for (let s = 0; s < 4; s++) {
      if (JSON.stringify(combosOf(hands[s]!)) !== JSON.stringify(combosOf(fixed[s]!))) return null;
      const kq = (h: string[]): boolean => h.includes('K' + trump) && h.includes('Q' + trump);
      if (kq(hands[s]!) && !kq(fixed[s]!)) return null;
    }
  }
  return hands.map((h) => { const x = [...h]; for (let i = x.length - 1; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [x[i], x[j]] = [x[j]!, x[i]!]; } return x; });
}

/** A coinche deal built from `spec`, appended to `prefix`, whose reference result satisfies `want`. */
export function findCoincheDeal(
  rules: RefRecord['rules'],
  prefix: RefDealIn[],
  spec: CoincheSpec,
  want: (d: RefDeal, all: RefResult) => boolean,
  seed = 1,
  tries = 400_000,
): RefDealIn {
  const rnd = lcg(seed);
  const trump = readAuction(spec.calls).best!.suit;
  for (let t = 0; t < tries; t++) {
    const hands = fill(spec, trump, rnd);
    if (!hands) continue;
    const deal: RefDealIn = { dealer: spec.dealer, deck: coincheDeckFor(spec.dealer, hands), actions: [...spec.calls] };
    deal.actions.push(...playOut(deal, rnd));
    const res = refReplay({ rules, deals: [...prefix, deal] });
    if (res.error) throw new Error(`reference refused its own deal: ${JSON.stringify(res.error)}`);
    if (res.deals.length === prefix.length + 1 && want(res.deals[res.deals.length - 1]!, res)) return deal;
  }
  throw new Error(`no coinche deal found for ${JSON.stringify(spec)}`);
}
