/**
 * Provably fair deals: commitment = hex(sha256(preimage)), published when a deal starts; the deck
 * and salt are revealed when it ends. The rules stay free of hashing (they run in browsers too):
 * they give the pre-image, the server and `verify` hash it.
 */
import type { Card } from '../cards.js';

/** The string a deal's commitment hashes: the deck order and the salt, `deck.join(' ') + ' ' + salt`. */
export function commitmentPreimage(deck: readonly Card[], salt: string): string {
  return `${deck.join(' ')} ${salt}`;
}

/**
 * The strings a commitment may hash when `verify` checks a record: ours first, then the other
 * plain spellings of "deck order and salt", the salt after the deck or before it (the record
 * format does not fix the serialization, so a record written by another implementation is not
 * called unfair for its separators or its order; a changed deck still matches none of them).
 */
export function commitmentCandidates(deck: readonly Card[], salt: string): string[] {
  const orders = [deck.join(' '), deck.join(''), deck.join(','), JSON.stringify(deck)];
  const out = [commitmentPreimage(deck, salt)];
  for (const o of orders) for (const sep of ['', ' ', ':', '\n', ',', '|']) out.push(o + sep + salt, salt + sep + o);
  return [...new Set(out)];
}
