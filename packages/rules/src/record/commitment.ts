/**
 * Provably fair deals: the string whose sha256 is published when a deal starts.
 * commitment = hex(sha256(deck.join(' ') + ' ' + salt)), revealed with the salt when the deal ends.
 */
import type { Card } from '../cards.js';

export function commitmentFor(deck: readonly Card[], salt: string): string {
  return `${deck.join(' ')} ${salt}`;
}
