/**
 * Player preferences that outlive a table: language and four-colour deck. Reactive, and
 * saved to localStorage on change.
 */
import { LANGS, detectLang, translate, type Lang, type MessageKey, type ParamsArg } from './i18n.js';
import { loadPref, savePref } from './storage.js';

function initialLang(): Lang {
  const saved = loadPref('lang');
  const hit = LANGS.find((l) => l === saved);
  if (hit) return hit;
  const nav = globalThis.navigator;
  return detectLang(nav ? [...(nav.languages ?? []), nav.language ?? ''] : []);
}

class Prefs {
  lang = $state<Lang>(initialLang());
  fourColour = $state(loadPref('fourColour') === '1');

  setLang(lang: Lang): void {
    this.lang = lang;
    savePref('lang', lang);
    if (globalThis.document) document.documentElement.lang = lang;
  }

  setFourColour(on: boolean): void {
    this.fourColour = on;
    savePref('fourColour', on ? '1' : '0');
  }
}

export const prefs = new Prefs();

/** Translate in the current language (reactive inside components). */
export function t<K extends MessageKey>(key: K, ...params: ParamsArg<K>): string {
  return translate(prefs.lang, key, ...params);
}
