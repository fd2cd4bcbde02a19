/**
 * Texts in English, German and French. Pure data and functions (no runes) so tests and
 * the store can use them alike; the current language lives in `prefs.svelte.ts`.
 * The game's own French terms (Belote, Rebelote, Capot, Dedans, Litige, Tierce, Carré)
 * stay as players know them in every language (`i18n/terms.ts`).
 *
 * Keys and their placeholders are typed from the English texts: `translate(lang, 'waitingFor',
 * { name })` must get `name`, a plural text must get the count `n` (a number), and a key
 * missing in German or French fails the type check (`Dict`).
 */
import type { CombinationKind, Outcome, Rank, Suit } from '@belote/rules';
import { de } from './i18n/de.js';
import { en, type Dict, type MessageKey } from './i18n/en.js';
import type { Plural } from './i18n/plural.js';
import { fr } from './i18n/fr.js';

export type { MessageKey };

export const LANGS = ['en', 'de', 'fr'] as const;
export type Lang = (typeof LANGS)[number];

const DICTS: Record<Lang, Dict> = { en, de, fr };

/** The English text of a key (for plurals, its `other` form), as a literal type. */
type Template<K extends MessageKey> = (typeof en)[K] extends infer T ? (T extends string ? T : T extends Plural ? T['other'] : never) : never;
/** The `{name}` placeholders of a text. */
type Placeholders<S> = S extends `${string}{${infer P}}${infer Rest}` ? P | Placeholders<Rest> : never;
/** What a key needs filled in: each placeholder, a number for the count `n`. */
export type Params<K extends MessageKey> = { [P in Placeholders<Template<K>>]: P extends 'n' ? number : string | number };
/** The params argument: required when the text has placeholders, absent otherwise. */
export type ParamsArg<K extends MessageKey> = [Placeholders<Template<K>>] extends [never] ? [] : [params: Params<K>];

const PLURAL_RULES = new Map<Lang, Intl.PluralRules>();
function pluralRules(lang: Lang): Intl.PluralRules {
  let rules = PLURAL_RULES.get(lang);
  if (!rules) PLURAL_RULES.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules;
}

/** The form of a text for `lang`, choosing the plural form by `n`. */
function form(lang: Lang, text: string | Plural, n: unknown): string {
  if (typeof text === 'string') return text;
  return (typeof n === 'number' ? text[pluralRules(lang).select(n)] : undefined) ?? text.other;
}

/** The text for `key` in `lang`, with `{name}` placeholders filled. */
export function translate<K extends MessageKey>(lang: Lang, key: K, ...args: ParamsArg<K>): string {
  const params: Record<string, string | number> = args[0] ?? {};
  return form(lang, DICTS[lang][key], params.n).replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
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

/** The rank as printed in a card's corner: court cards by their letter in the language (R, D, V in French). */
export function rankLetter(lang: Lang, rank: Rank): string {
  switch (rank) {
    case 'J':
    case 'Q':
    case 'K':
    case 'A':
      return translate(lang, `letter${rank}`);
    default:
      return rank;
  }
}

/** Spoken name of a card: "jack of hearts". */
export function cardLabel(lang: Lang, card: string): string {
  const suit = card.slice(-1) as Suit;
  const rank = card.slice(0, -1) as Rank;
  return translate(lang, 'cardName', { rank: translate(lang, `r${rank}`), suit: translate(lang, suit) });
}

type ErrorKey = Extract<MessageKey, `err_${string}`>;
const isErrorKey = (key: string): key is ErrorKey => key.startsWith('err_') && key in en;

/** A refused request in the player's language (the server's English message otherwise). */
export function errorText(lang: Lang, code: string, message: string): string {
  const key = `err_${code}`;
  if (isErrorKey(key)) return translate(lang, key);
  if (code === 'NOT_YOUR_TURN') return translate(lang, 'notYourTurn');
  return translate(lang, 'error', { message });
}

export const outcomeKey = (o: Outcome): MessageKey & Outcome => o;
export const combinationKey = (k: CombinationKind): MessageKey & CombinationKind => k;
