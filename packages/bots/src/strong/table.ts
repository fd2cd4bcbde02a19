/**
 * The solver's transposition table: open addressing on typed arrays keyed by the remaining
 * cards (a 32-bit mask) and a 4-bit key (the seat to lead, and which teams have taken a trick
 * while a capot is possible), with generation tags so that clearing between sampled deals is
 * O(1). Entries are bounds, so losing one to replacement is always safe.
 */
const BITS = 19;
const SIZE = 1 << BITS;
const MASK = SIZE - 1;
const PROBES = 4;
const keys = new Int32Array(SIZE);
const tags = new Int32Array(SIZE);
const vals = new Int32Array(SIZE);
let gen = 1;

const slot = (rem: number, leader: number): number => Math.imul(rem ^ Math.imul(leader + 1, 0x9e3779b9), 0x85ebca6b) >>> (32 - BITS);

/** Forget every entry. */
export function ttClear(): void {
  gen++;
  if (gen > 0x7ffffff) {
    tags.fill(0);
    gen = 1;
  }
}

/** The stored value for (rem, key), or -1. */
export function ttGet(rem: number, leader: number): number {
  const tag = (gen << 4) | leader;
  const i = slot(rem, leader);
  for (let p = 0; p < PROBES; p++) {
    const j = (i + p) & MASK;
    const t = tags[j]!;
    if (t === tag && keys[j] === rem) return vals[j]!;
    if (t >> 4 !== gen) return -1;
  }
  return -1;
}

export function ttSet(rem: number, leader: number, value: number): void {
  const tag = (gen << 4) | leader;
  const i = slot(rem, leader);
  for (let p = 0; p < PROBES; p++) {
    const j = (i + p) & MASK;
    const t = tags[j]!;
    if (t >> 4 !== gen || (t === tag && keys[j] === rem)) {
      tags[j] = tag;
      keys[j] = rem;
      vals[j] = value;
      return;
    }
  }
  tags[i] = tag;
  keys[i] = rem;
  vals[i] = value;
}
