/**
 * What a practice game is made of: its settings (chosen on the practice page), its log (the
 * same kinds of entries as a server table's: a game started, a deal with its deck and seal, an
 * action) and the copy kept on the device (IndexedDB) after every change.
 */
import type { BotLevel } from '@belote/protocol/client';
import type { Action, Card, Rules, Seat } from '@belote/rules/core';

export interface PracticeSettings {
  rules: Rules;
  /** The player's partner (seat 2). */
  partner: BotLevel;
  /** Seats 1 and 3. */
  opponents: BotLevel;
  /** null: no timer; else a turn of the player longer than this is played by a bot (the partner's level), as online. */
  turnTimerSeconds: number | null;
  /** The player's display name (seat 0); '' for a player who never gave one: "You" in the language of the page showing it (texts.ts). */
  name: string;
}

export type PracticeEntry =
  | { type: 'gameStart' }
  /** `salt` is the deal's seed: the deck is `shuffledDeck(seededRng(salt))`, sealed by `commitment`. */
  | { type: 'dealStart'; dealer: Seat; deck: Card[]; salt: string; commitment: string }
  | { type: 'action'; action: Action; by: 'player' | 'bot' };

/** One practice table as kept on the device. */
export interface SavedPractice {
  /** 22 url-safe characters, like a server table id. */
  id: string;
  settings: PracticeSettings;
  entries: PracticeEntry[];
  /** Changes counted (never goes back, also across a take-back). */
  version: number;
  createdAt: number;
  updatedAt: number;
  /** The last game is over. */
  finished: boolean;
  /** Hints asked for and cards taken back, for the player's own information. */
  hints: number;
  takeBacks: number;
}

/** The player's seat at a practice table. */
export const ME: Seat = 0;
