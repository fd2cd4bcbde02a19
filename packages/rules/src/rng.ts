/**
 * Deterministic randomness: a seeded PRNG and a shuffle. The rules never touch
 * Math.random; callers (the server, tests, bots) pass a seed or a deck order.
 */
import { ALL_CARDS, type Card } from './cards.js';

/** A PRNG: returns a float in [0, 1). */
export type Rng = () => number;

/** sfc32 seeded from four 32-bit words (fast, well distributed, tiny state). */
export function sfc32(a: number, b: number, c: number, d: number): Rng {
  return () => {
    a |= 0; b |= 0; c |= 0; d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** A PRNG from a string or numeric seed (string seeds are hashed with cyrb128). */
export function seededRng(seed: string | number): Rng {
  const s = String(seed);
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < s.length; i++) {
    const k = s.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const rng = sfc32(h1 ^ h2 ^ h3 ^ h4, h2 ^ h1, h3 ^ h1, h4 ^ h1);
  for (let i = 0; i < 12; i++) rng();
  return rng;
}

/** Shuffle `xs` in place (Fisher–Yates) with the given PRNG; returns `xs`. */
export function shuffleInPlace<T>(xs: T[], rng: Rng): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const t = xs[i]!;
    xs[i] = xs[j]!;
    xs[j] = t;
  }
  return xs;
}

/** A uniformly shuffled deck drawn from the given PRNG. */
export function shuffledDeck(rng: Rng): Card[] {
  return shuffleInPlace([...ALL_CARDS], rng);
}

/** Integer in [0, n). */
export function randomInt(rng: Rng, n: number): number {
  return Math.floor(rng() * n);
}
