/**
 * Named fixture deals for tests: build the deck order that gives chosen 8-card hands
 * (docs/rules/RULES.md §3–4 run backwards), and drive the reducer with short scripts.
 */
import { apply, newGame, startDeal, type Action, type Card, type GameState, type Rules, type Seat, type Suit } from '../src/index.js';

/**
 * The deck that deals `hands` (final 8-card hands by seat) when `dealer` deals and `taker`
 * takes; the retourne must be in the taker's hand. Each seat gets the first 3 of its listed
 * cards in round 1, the next 2 in round 2 and the rest when the deal is completed.
 */
export function deckFor(dealer: Seat, taker: Seat, hands: readonly (readonly Card[])[], retourne: Card): Card[] {
  if (!hands[taker]!.includes(retourne)) throw new Error('the retourne must be in the taker\'s hand');
  const rest = hands.map((h, s) => (s === taker ? h.filter((c) => c !== retourne) : [...h]));
  const deck: Card[] = [];
  const order = [1, 2, 3, 4].map((k) => ((dealer + k) & 3) as Seat);
  for (const s of order) deck.push(...rest[s]!.slice(0, 3));
  for (const s of order) deck.push(...rest[s]!.slice(3, 5));
  deck.push(retourne);
  for (const s of order) deck.push(...rest[s]!.slice(5));
  if (deck.length !== 32 || new Set(deck).size !== 32) throw new Error(`bad fixture: ${deck.length} cards`);
  return deck;
}

/** Bids from the eldest: everyone passes until `taker` takes (round 1, or round 2 naming `suit`). */
export function takeBids(dealer: Seat, taker: Seat, suit?: Suit): Action[] {
  const out: Action[] = [];
  let seat = ((dealer + 1) & 3) as Seat;
  if (suit !== undefined) {
    for (let k = 0; k < 4; k++) out.push({ type: 'pass', seat: ((dealer + 1 + k) & 3) as Seat });
  }
  while (seat !== taker) {
    out.push({ type: 'pass', seat });
    seat = ((seat + 1) & 3) as Seat;
  }
  out.push(suit === undefined ? { type: 'take', seat: taker } : { type: 'take', seat: taker, suit });
  return out;
}

/** All eight passes of a redeal. */
export function allPass(dealer: Seat): Action[] {
  return Array.from({ length: 8 }, (_, k) => ({ type: 'pass', seat: ((dealer + 1 + k) & 3) as Seat }) as Action);
}

/** Apply actions, throwing on the first refusal (tests that expect refusals use `apply`). */
export function run(state: GameState, actions: readonly Action[]): GameState {
  for (const a of actions) {
    const r = apply(state, a);
    if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.code} ${r.error.message}`);
    state = r.state;
  }
  return state;
}

/** A game with one deal started. */
export function dealt(dealer: Seat, deck: readonly Card[], rules: Partial<Rules> = {}, state: GameState = newGame(rules)): GameState {
  const r = startDeal(state, dealer, deck);
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

/** Play actions from card strings in turn order (each card by whoever's turn it is). */
export function plays(state: GameState, cards: readonly Card[]): GameState {
  for (const card of cards) {
    const deal = state.deals[state.deals.length - 1]!;
    state = run(state, [{ type: 'play', seat: deal.turn!, card }]);
  }
  return state;
}

/** Card strings from a space-separated list. */
export const cards = (s: string): Card[] => s.trim().split(/\s+/) as Card[];
