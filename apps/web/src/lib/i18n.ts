/**
 * Texts in English, German and French. Pure data and functions (no runes) so tests and
 * the store can use them alike; the current language lives in `prefs.svelte.ts`.
 * The game's own French terms (Belote, Rebelote, Capot, Dedans, Litige, Tierce, Carré)
 * stay as players know them in every language.
 */
import type { CombinationKind, Outcome, Rank, Suit } from '@belote/rules';
import { de } from './i18n/de.js';
import { en, type Dict, type MessageKey } from './i18n/en.js';
import { fr } from './i18n/fr.js';

export type { MessageKey };

export const LANGS = ['en', 'de', 'fr'] as const;
export type Lang = (typeof LANGS)[number];

const DICTS: Record<Lang, Dict> = { en, de, fr };

export type Params = Record<string, string | number>;

/** The text for `key` in `lang`, with `{name}` placeholders filled. */
export function translate(lang: Lang, key: MessageKey, params: Params = {}): string {
  const text = DICTS[lang][key];
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

/** The first supported language among the browser's preferences (English otherwise). */
export function detectLang(preferred: readonly string[]): Lang {
  for (const p of preferred) {
    const base = p.toLowerCase().split('-')[0];
    const hit = LANGS.find((l) => l === base);
    if (hit) return hit;
  }
  return 'en';
}

export const SUIT_SYMBOL: Record<Suit, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** Spoken name of a card: "jack of hearts". */
export function cardLabel(lang: Lang, card: string): string {
  const suit = card.slice(-1) as Suit;
  const rank = card.slice(0, -1) as Rank;
  return translate(lang, 'cardName', { rank: translate(lang, `r${rank}`), suit: translate(lang, suit) });
}

/** A refused request in the player's language (the server's English message otherwise). */
export function errorText(lang: Lang, code: string, message: string): string {
  const key = `err_${code}`;
  if (key in DICTS[lang]) return translate(lang, key as MessageKey);
  if (code === 'NOT_YOUR_TURN') return translate(lang, 'notYourTurn');
  return translate(lang, 'error', { message });
}

export const outcomeKey = (o: Outcome): MessageKey => o;
export const combinationKey = (k: CombinationKind): MessageKey => k;
