/**
 * Helpers for writing the hand-made conformance fixtures: the deck order that deals chosen
 * hands (docs/rules/RULES.md §3–4 run backwards, written independently of the engine) and action lists
 * whose seats follow the turn order of the auditor's reference model.
 */
import { legalCards, suitOf, winnerIndex } from './reference.js';
import type { RefAction, RefDealIn } from './reference-replay.js';

export const c = (s: string): string[] => s.trim().split(/\s+/);

/**
 * Deck for `dealer` where final 8-card hands are `hands` (listed: 3 cards of round 1, 2 of
 * round 2, then the completion) and `taker` (holding `retourne`) takes.
 */
export function deckFor(dealer: number, taker: number, hands: string[][], retourne: string): string[] {
  const rest = hands.map((h, s) => (s === taker ? h.filter((x) => x !== retourne) : [...h]));
  if (rest[taker]!.length !== 7) throw new Error('retourne must be in the taker hand');
  const order = [1, 2, 3, 4].map((k) => (dealer + k) % 4);
  const deck = [
    ...order.flatMap((s) => rest[s]!.slice(0, 3)),
    ...order.flatMap((s) => rest[s]!.slice(3, 5)),
    retourne,
    ...order.flatMap((s) => rest[s]!.slice(5)),
  ];
  if (deck.length !== 32 || new Set(deck).size !== 32) throw new Error(`bad hands: ${deck.length} / ${new Set(deck).size}`);
  return deck;
}

/** Bids: passes from the eldest until `taker` takes (round 2 with `suit`). */
export function bids(dealer: number, taker: number, suit?: string): RefAction[] {
  const out: RefAction[] = [];
  const eldest = (dealer + 1) % 4;
  const n = (taker - eldest + 4) % 4 + (suit ? 4 : 0);
  for (let k = 0; k < n; k++) out.push({ seat: (eldest + k) % 4, type: 'pass' });
  out.push(suit ? { seat: taker, type: 'take', suit } : { seat: taker, type: 'take' });
  return out;
}
export const allPass = (dealer: number): RefAction[] =>
  Array.from({ length: 8 }, (_, k) => ({ seat: (dealer + 1 + k) % 4, type: 'pass' }));

/** Final hands (by the reference dealing) after `taker` takes. */
export function handsAfter(dealer: number, deck: string[], taker: number): string[][] {
  const eldest = (dealer + 1) % 4;
  const h: string[][] = [[], [], [], []];
  for (let k = 0; k < 4; k++) h[(eldest + k) % 4]!.push(...deck.slice(3 * k, 3 * k + 3), ...deck.slice(12 + 2 * k, 14 + 2 * k));
  h[taker]!.push(deck[20]!);
  let next = 21;
  for (let k = 0; k < 4; k++) {
    const s = (eldest + k) % 4;
    const n = s === taker ? 2 : 3;
    h[s]!.push(...deck.slice(next, next + n));
    next += n;
  }
  return h;
}

/**
 * Play actions: the given cards in order (seat = whoever's turn), then, if `fill`, the rest of
 * the deal with each seat's first legal card in the order it holds them (hands ordered as dealt
 * unless `prefer` lists cards to try first).
 */
export function playActions(deal: RefDealIn, taker: number, trump: string, cards: string[], fill = false, prefer: string[] = [], rnd?: () => number): RefAction[] {
  const hands = handsAfter(deal.dealer, deal.deck, taker);
  let leader = (deal.dealer + 1) % 4;
  let trick: string[] = [];
  const out: RefAction[] = [];
  const queue = [...cards];
  for (let n = 0; n < 32; n++) {
    const seat = (leader + trick.length) % 4;
    let card = queue.shift();
    if (card === undefined) {
      if (!fill) break;
      const legal = legalCards(hands[seat]!, trick, trump as 'S');
      card = prefer.find((p) => legal.includes(p)) ?? (rnd ? legal[Math.floor(rnd() * legal.length)]! : legal[0]!);
    }
    out.push({ seat, type: 'play', card });
    const i = hands[seat]!.indexOf(card);
    if (i >= 0) hands[seat]!.splice(i, 1);
    trick.push(card);
    if (trick.length === 4) {
      leader = (leader + winnerIndex(trick, trump as 'S')) % 4;
      trick = [];
    }
  }
  return out;
}
export { suitOf };
