/**
 * The deal's motion as data (pure, no DOM): when each dealt card leaves the dealer, in the
 * packets of the rule book — classic 3 then 2 to each seat from the eldest (docs/rules/RULES.md §2) and,
 * after the taking, the retourne to the taker then 3 to each (2 to the taker); coinche 3-2-3
 * (docs/rules/COINCHE.md). Cards are numbered per seat in the order they were dealt; a viewer's own hand
 * is sorted, so its cards take those numbers in hand order (what one sees is which packet a
 * card came in, not which card). Timings keep the whole deal within 1.2 s.
 */
import type { Card, Seat } from '@belote/rules';

/** The whole deal's motion ends within this (a practice bot's first move waits for it: practice/table.ts). */
export const DEAL_WITHIN_MS = 1200;
/** Classic, after the taking: the rest of the deal lands within this (the first lead waits for it, as above). */
export const COMPLETE_WITHIN_MS = 850;
/** One card's flight from the dealer to its seat. */
export const FLIGHT_MS = 260;
/** Between two cards of one packet. */
export const CARD_GAP_MS = 35;
/** The retourne turning face up once the first packets are dealt. */
export const FLIP_MS = 260;

export interface DealMotion {
  /** `deal`: the first packets (classic 3-2 with the retourne, coinche all eight 3-2-3); `complete`: classic's rest. */
  kind: 'deal' | 'complete';
  dealer: Seat;
  /** Per seat, when each card (by its dealt index) leaves, ms after the step; absent: held before. */
  delays: [number[], number[], number[], number[]];
  /**
   * Per seat, when the packet of each card (by its dealt index) leaves the dealer, ms after the
   * step: the card is drawn then (lib/motion.ts), and flies `delays - leaves` later.
   */
  leaves: [number[], number[], number[], number[]];
  /** `deal`: when the retourne turns face up; `complete`: the retourne flies to `taker` first. */
  retourne: { flipAt: number } | { taker: Seat } | null;
  /** When the last card has landed (and the retourne turned), ms after the step. */
  ends: number;
}

/** The seats in dealing order: the eldest (after the dealer) first. */
export const dealingOrder = (dealer: Seat): Seat[] => [1, 2, 3, 4].map((k) => ((dealer + k) % 4) as Seat);

function packets(dealer: Seat, rounds: readonly number[], counts: (s: Seat, round: number) => number, first: readonly number[], start: number, stagger: number): Pick<DealMotion, 'delays' | 'leaves'> {
  const delays: DealMotion['delays'] = [[], [], [], []];
  const leaves: DealMotion['leaves'] = [[], [], [], []];
  const next = [...first];
  let p = 0;
  rounds.forEach((_, r) => {
    for (const s of dealingOrder(dealer)) {
      const n = counts(s, r);
      for (let j = 0; j < n; j++) {
        leaves[s][next[s]!] = start + p * stagger;
        delays[s][next[s]!++] = start + p * stagger + j * CARD_GAP_MS;
      }
      p++;
    }
  });
  return { delays, leaves };
}

// (flat() skips the cards held before: their places are holes)
const lastOf = (delays: DealMotion['delays']): number => Math.max(0, ...delays.flat());

/** The first packets of a deal: classic 3 then 2 (`retourne` true), coinche 3-2-3. */
export function dealMotion(dealer: Seat, retourne: boolean): DealMotion {
  const rounds = retourne ? [3, 2] : [3, 2, 3];
  const { delays, leaves } = packets(dealer, rounds, (_, r) => rounds[r]!, [0, 0, 0, 0], 0, retourne ? 85 : 75);
  const landed = lastOf(delays) + FLIGHT_MS;
  return retourne
    ? { kind: 'deal', dealer, delays, leaves, retourne: { flipAt: landed }, ends: landed + FLIP_MS }
    : { kind: 'deal', dealer, delays, leaves, retourne: null, ends: landed };
}

/** Classic, after the taking: the retourne to the taker at once, then 3 cards to each seat from the eldest (2 to the taker). */
export function completeMotion(dealer: Seat, taker: Seat, held: readonly number[]): DealMotion {
  const first = held.map((n, s) => n + (s === taker ? 1 : 0));
  const { delays, leaves } = packets(dealer, [3], (s) => (s === taker ? 2 : 3), first, 150, 110);
  delays[taker][held[taker]!] = 0;
  leaves[taker][held[taker]!] = 0;
  return { kind: 'complete', dealer, delays, leaves, retourne: { taker }, ends: Math.max(lastOf(delays), 0) + FLIGHT_MS };
}

/**
 * The viewer's newly dealt cards with their dealt index: at a deal all of them in hand order;
 * after the taking the retourne first (when the viewer took) and the others in hand order.
 */
export function newCards(before: readonly Card[] | null, after: readonly Card[], held: number, retourne: Card | null): Map<Card, number> {
  const had = new Set(before ?? []);
  const fresh = after.filter((c) => !had.has(c));
  const out = new Map<Card, number>();
  let i = held;
  if (retourne !== null && fresh.includes(retourne)) out.set(retourne, i++);
  for (const c of fresh) if (c !== retourne) out.set(c, i++);
  return out;
}
