/**
 * Texts in English, German and French. Pure data and functions (no runes) so tests and
 * the store can use them alike; the current language lives in `prefs.svelte.ts`.
 * Each language comes in sections (i18n/en.ts), each its own chunk, loaded with what shows it
 * (`loadTexts`): the core before the first screen (main.ts), a page's own with the page
 * (lib/pages.ts), the table's later parts' and the chat's with those parts (components/parts.ts).
 * A page carries only the texts it shows; `translate` reads what has been loaded so far.
 * The game's own French terms (Belote, Rebelote, Capot, Dedans, Litige, Tierce, Carré)
 * stay as players know them in every language (`i18n/terms.ts`).
 *
 * Keys and their placeholders are typed from the English texts: `translate(lang, 'waitingFor',
 * { name })` must get `name`, a plural text must get the count `n` (a number), and a key
 * missing in German or French fails the type check (`Dict`).
 */
import type { CombinationKind, Outcome, Rank, Suit } from '@belote/rules';
import type { MessageKey, Texts as AllTexts } from './i18n/en.js';
import type { Plural } from './i18n/plural.js';
import { NO_ANSWER, NOT_CONNECTED } from './local-errors.js';

export type { MessageKey };

export const LANGS = ['en', 'de', 'fr'] as const;
export type Lang = (typeof LANGS)[number];

/** A part of a language's texts, loaded with what shows it (see i18n/en.ts). */
export type Section = 'core' | 'home' | 'later' | 'replay' | 'chat';
export const SECTIONS: readonly Section[] = ['core', 'home', 'later', 'replay', 'chat'];
type Texts = Partial<Record<MessageKey, string | Plural>>;

/** Each language's sections (a literal import each, so the bundler splits them). */
const IMPORTS: Record<Lang, Record<Section, () => Promise<Texts>>> = {
  en: {
    core: () => import('./i18n/en.js').then((m) => m.en),
    home: () => import('./i18n/home-en.js').then((m) => m.HOME_EN),
    later: () => import('./i18n/later-en.js').then((m) => m.LATER_EN),
    replay: () => import('./i18n/replay-en.js').then((m) => m.REPLAY_EN),
    chat: () => import('./i18n/chat-en.js').then((m) => m.CHAT_EN),
  },
  de: {
    core: () => import('./i18n/de.js').then((m) => m.de),
    home: () => import('./i18n/home-de.js').then((m) => m.HOME_DE),
    later: () => import('./i18n/later-de.js').then((m) => m.LATER_DE),
    replay: () => import('./i18n/replay-de.js').then((m) => m.REPLAY_DE),
    chat: () => import('./i18n/chat-de.js').then((m) => m.CHAT_DE),
  },
  fr: {
    core: () => import('./i18n/fr.js').then((m) => m.fr),
    home: () => import('./i18n/home-fr.js').then((m) => m.HOME_FR),
    later: () => import('./i18n/later-fr.js').then((m) => m.LATER_FR),
    replay: () => import('./i18n/replay-fr.js').then((m) => m.REPLAY_FR),
    chat: () => import('./i18n/chat-fr.js').then((m) => m.CHAT_FR),
  },
};

const DICTS: Partial<Record<Lang, Texts>> = {};
const LOADED = new Set<`${Lang}/${Section}`>();

/** Load a section of a language's texts (once); `translate` can use it when this resolves. */
export async function loadTexts(lang: Lang, section: Section): Promise<void> {
  if (LOADED.has(`${lang}/${section}`)) return;
  const texts = await IMPORTS[lang][section]();
  DICTS[lang] = { ...DICTS[lang], ...texts };
  LOADED.add(`${lang}/${section}`);
}

/** Load a language's core texts. */
export const loadLang = (lang: Lang): Promise<void> => loadTexts(lang, 'core');

/** Whether these sections of a language's texts are all loaded. */
export const textsLoaded = (lang: Lang, sections: readonly Section[] = ['core']): boolean => sections.every((s) => LOADED.has(`${lang}/${s}`));

/** The sections loaded for a language. */
export const sectionsOf = (lang: Lang): Section[] => SECTIONS.filter((s) => LOADED.has(`${lang}/${s}`));

/** The texts of `lang`, or of any loaded language until it arrives. */
function dictOf(lang: Lang): Texts | undefined {
  return DICTS[lang] ?? DICTS.en ?? Object.values(DICTS)[0];
}

/** The English text of a key (for plurals, its `other` form), as a literal type. */
type Template<K extends MessageKey> = AllTexts[K] extends infer T ? (T extends string ? T : T extends Plural ? T['other'] : never) : never;
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

/** The form of a text for `lang`, choosing the plural form by `n` (the practice's texts use it too). */
export function form(lang: Lang, text: string | Plural, n: unknown): string {
  if (typeof text === 'string') return text;
  return (typeof n === 'number' ? text[pluralRules(lang).select(n)] : undefined) ?? text.other;
}

/** The text for `key` in `lang`, with `{name}` placeholders filled. */
export function translate<K extends MessageKey>(lang: Lang, key: K, ...args: ParamsArg<K>): string {
  const params: Record<string, string | number> = args[0] ?? {};
  const dict = dictOf(lang);
  if (!dict) return key; // nothing loaded yet (main.ts loads the language before the first screen)
  const text = dict[key];
  if (text === undefined) throw new Error(`no text "${key}"`);
  return form(lang, text, params.n).replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
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
const isErrorKey = (lang: Lang, key: string): key is ErrorKey => key.startsWith('err_') && key in (dictOf(lang) ?? {});

/**
 * A refused request in the player's language: every code of the protocol has a text (`err_CODE`;
 * the commonest in the core section, the rest in the home section, which the table loads with its
 * later parts, and the chat's in the chat section); the server's English message until it is loaded
 * (the table's toast fetches the later parts then, and says the notice again when they come).
 */
export function errorText(lang: Lang, code: string, message: string): string {
  if (message === NOT_CONNECTED) return translate(lang, 'notConnected');
  if (message === NO_ANSWER) return translate(lang, 'noAnswer');
  if (code === 'NOT_YOUR_TURN') return translate(lang, 'notYourTurn');
  const key = `err_${code}`;
  if (isErrorKey(lang, key)) return translate(lang, key);
  return translate(lang, 'error', { message });
}

export const outcomeKey = (o: Outcome): MessageKey & Outcome => o;
export const combinationKey = (k: CombinationKind): MessageKey & CombinationKind => k;
