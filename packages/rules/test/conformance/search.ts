/**
 * Finding deals with a wanted property for the scoring fixtures: some cards fixed by hand
 * (the combinations/belote under test), the rest filled at random without adding combinations
 * or belote, and the tricks played at random (reference legality) until the deal's reference
 * result satisfies `want`. Seeded, so the fixture files are reproducible.
 */
import { bids, deckFor, playActions } from './build-helpers.js';
import { combosOf, suitOf } from './reference.js';
import { lcg, ALL } from './random-records.js';
import { refReplay, type RefDeal, type RefDealIn, type RefRecord } from './reference-replay.js';

export interface Spec {
  dealer: number;
  taker: number;
  /** Round-2 suit named by the taker (round 1 when absent). */
  suit?: string;
  /** Cards each seat must hold (the taker's include the retourne). */
  fixed?: string[][];
  retourne?: string;
  /** Keep filled cards from adding combinations or a belote. */
  clean?: boolean;
}

function fill(spec: Spec, rnd: () => number): { hands: string[][]; retourne: string } | null {
  const fixed = spec.fixed ?? [[], [], [], []];
  const used = new Set(fixed.flat());
  const rest = ALL.filter((x) => !used.has(x));
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  const hands = fixed.map((h) => [...h]);
  let retourne = spec.retourne;
  if (retourne === undefined) {
    retourne = rest.pop()!;
    hands[spec.taker]!.push(retourne);
  }
  for (const h of hands) while (h.length < 8) h.push(rest.pop()!);
  const trump = spec.suit ?? suitOf(retourne);
  if (spec.clean) {
    for (let s = 0; s < 4; s++) {
      if (JSON.stringify(combosOf(hands[s]!)) !== JSON.stringify(combosOf(fixed[s]!))) return null;
      const kq = (h: string[]): boolean => h.includes('K' + trump) && h.includes('Q' + trump);
      if (kq(hands[s]!) && !kq(fixed[s]!)) return null;
    }
  }
  // Put the fixed cards last so the random part decides the first five (any order deals the same hand).
  return { hands: hands.map((h) => [...h].reverse()), retourne };
}

/** A deal built from `spec`, appended to `prefix`, whose reference result satisfies `want`. */
export function findDeal(rules: RefRecord['rules'], prefix: RefDealIn[], spec: Spec, want: (d: RefDeal, all: ReturnType<typeof refReplay>) => boolean, seed = 1, tries = 200_000): RefDealIn {
  const rnd = lcg(seed);
  for (let t = 0; t < tries; t++) {
    const f = fill(spec, rnd);
    if (!f) continue;
    const deck = deckFor(spec.dealer, spec.taker, f.hands, f.retourne);
    if (!spec.suit && deck[20] !== f.retourne) throw new Error('retourne');
    const trump = spec.suit ?? suitOf(f.retourne);
    const deal: RefDealIn = { dealer: spec.dealer, deck, actions: bids(spec.dealer, spec.taker, spec.suit) };
    deal.actions.push(...playActions(deal, spec.taker, trump, [], true, [], rnd));
    const res = refReplay({ rules, deals: [...prefix, deal] });
    if (res.error) throw new Error(`reference refused its own deal: ${JSON.stringify(res.error)}`);
    if (res.deals.length === prefix.length + 1 && want(res.deals[res.deals.length - 1]!, res)) return deal;
  }
  throw new Error(`no deal found for ${JSON.stringify(spec)}`);
}
