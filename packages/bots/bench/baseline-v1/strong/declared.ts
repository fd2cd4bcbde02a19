/**
 * Declared announcement types (announcements on) constrain the hidden hands strongly: a seat
 * that declared "quarte, tierce" holds two runs. Rejection sampling alone rarely hits such
 * hands, so for each declaring seat we first draw concrete combinations of the declared kinds
 * among the cards it may hold (or has played), force them into its hand, and let the sampler
 * deal the rest; the final check against detectCombinations keeps only exact fits.
 */
import { bit, type CombinationKind, type Rng } from '@belote/rules';
import type { Knowledge } from '../knowledge.js';

const CARRE_RANKS = [4, 2, 7, 3, 6, 5];

function candidates(kind: CombinationKind, allowed: number): number[] {
  const out: number[] = [];
  if (kind === 'carre') {
    for (const r of CARRE_RANKS) {
      const m = bit(r) | bit(8 + r) | bit(16 + r) | bit(24 + r);
      if ((allowed & m) === m) out.push(m);
    }
    return out;
  }
  const lengths = kind === 'tierce' ? [3] : kind === 'quarte' ? [4] : [5, 6, 7, 8];
  for (let s = 0; s < 4; s++) {
    for (const len of lengths) {
      for (let lo = 0; lo + len <= 8; lo++) {
        let m = 0;
        for (let r = lo; r < lo + len; r++) m |= bit(s * 8 + r);
        if ((allowed & m) === m) out.push(m);
      }
    }
  }
  return out;
}

/**
 * Per seat, extra cards to force (still unseen ones only), or null when no draw fitted.
 * Seats without declarations get 0.
 */
export function drawDeclared(k: Knowledge, rng: Rng): number[] | null {
  const extra = [0, 0, 0, 0];
  const declared = k.deal.declared;
  if (!declared) return extra;
  const playedBy = [0, 0, 0, 0];
  for (const p of k.plays) playedBy[p.seat] = playedBy[p.seat]! | bit(p.card);
  let taken = 0;
  for (let s = 0; s < 4; s++) if (s !== k.seat) taken |= k.mustHold[s]!;
  for (const d of declared) {
    if (d.seat === k.seat || d.kinds.length === 0) continue;
    let mine = k.mustHold[d.seat]! | playedBy[d.seat]!;
    const allowedBase = (k.unseen & ~k.cannotHold[d.seat]!) | playedBy[d.seat]! | k.mustHold[d.seat]!;
    for (const kind of d.kinds) {
      const c = candidates(kind, allowedBase & ~(taken & ~mine));
      if (c.length === 0) return null;
      const m = c[Math.floor(rng() * c.length)]!;
      mine |= m;
    }
    extra[d.seat] = mine & k.unseen & ~k.mustHold[d.seat]!;
    taken |= extra[d.seat]!;
  }
  return extra;
}
