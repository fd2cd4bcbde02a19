/**
 * Everything random or secret the server makes: table ids, seat tokens, host keys, deals.
 * All from node:crypto (never a seeded PRNG): ids and tokens must be unguessable and deals
 * unpredictable. Only hashes of tokens are kept; comparisons are constant-time.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ALL_CARDS, commitmentPreimage, type Card, type Seat } from '@belote/rules';

/** 128 random bits as 22 url-safe base64 characters (matches TableIdSchema). */
export const newTableId = (): string => randomBytes(16).toString('base64url');

/** A seat token or host key: 192 random bits, url-safe. */
export const newSecret = (): string => randomBytes(24).toString('base64url');

export const sha256Hex = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

/** Constant-time check of a presented secret against a stored sha256 hex. */
export function secretMatches(secret: string, storedHash: string | null): boolean {
  return hashMatches(sha256Hex(secret), storedHash);
}

/** The same, for a secret hashed already (by the process that received it). */
export function hashMatches(hash: string, storedHash: string | null): boolean {
  if (storedHash === null) return false;
  const a = Buffer.from(hash, 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** A uniformly shuffled deck (Fisher–Yates with crypto.randomInt). */
export function cryptoDeck(): Card[] {
  const deck = [...ALL_CARDS];
  for (let i = deck.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    const t = deck[i]!;
    deck[i] = deck[j]!;
    deck[j] = t;
  }
  return deck;
}

export const randomSeat = (): Seat => randomInt(4) as Seat;

/** A new deal's deck (tests may give one), salt and published commitment: hex(sha256(commitmentPreimage(deck, salt))). */
export function newDealSecrets(deck: Card[] = cryptoDeck()): { deck: Card[]; salt: string; commitment: string } {
  const salt = randomBytes(16).toString('base64url');
  return { deck, salt, commitment: sha256Hex(commitmentPreimage(deck, salt)) };
}
