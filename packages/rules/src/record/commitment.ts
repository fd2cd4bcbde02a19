/**
 * Provably fair deals: the string whose sha256 is published when a deal starts.
 * commitment = hex(sha256(deck.join(' ') + ' ' + salt)), revealed with the salt when the deal ends.
 */
import type { Card } from '../cards.js';

export function commitmentFor(deck: readonly Card[], salt: string): string {
  return `${deck.join(' ')} ${salt}`;
}

/**
 * The strings a commitment may hash when `verify` checks a record: ours first, then the other
 * plain spellings of "deck order + salt" (RECORD.md does not fix the serialization, so a record
 * written by another implementation is not called unfair for its separators).
 */
export function commitmentCandidates(deck: readonly Card[], salt: string): string[] {
  const orders = [deck.join(' '), deck.join(''), deck.join(','), JSON.stringify(deck)];
  const out = [commitmentFor(deck, salt)];
  for (const o of orders) for (const sep of ['', ' ', ':', '\n', ',']) out.push(o + sep + salt);
  return [...new Set(out)];
}
