/**
 * Sealed practice deals, checkable as online ones (README "Provably fair deals"): before a deal
 * starts, a random seed is drawn (crypto.getRandomValues), the deck is shuffled from it and the
 * deal's commitment sha256(deck.join(' ') + ' ' + salt) is published in the `dealCommitted`
 * event, with the seed itself as the salt. The record reveals deck and salt once the deal is
 * over; `pnpm verify` checks the commitment like any server's, and anyone may also check that
 * the deck is `shuffledDeck(seededRng(salt))`.
 */
import { commitmentPreimage, seededRng, shuffledDeck, type Card } from '@belote/rules';
import { sha256Hex } from './sha256.js';

/** 16 random bytes as 22 url-safe base64 characters. */
export function randomToken(random: (bytes: number) => Uint8Array): string {
  return btoa(String.fromCharCode(...random(16)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The deck a practice deal's seed gives. */
export const deckOfSeed = (seed: string): Card[] => shuffledDeck(seededRng(seed));

export function sealedDeal(random: (bytes: number) => Uint8Array): { deck: Card[]; salt: string; commitment: string } {
  const salt = randomToken(random);
  const deck = deckOfSeed(salt);
  return { deck, salt, commitment: sha256Hex(commitmentPreimage(deck, salt)) };
}
