/**
 * Player preferences that outlive a table: language, four-colour deck, a muted chat, the
 * quick-reaction tray left open, sound (on by default) and turn notifications (off until the
 * player asks for them). Reactive, and saved to localStorage on change.
 */
import { LANGS, detectLang, loadTexts, sectionsOf, textsLoaded, translate, type Lang, type MessageKey, type ParamsArg } from './i18n.js';
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
  chatMuted = $state(loadPref('chatMuted') === '1');
  reactionsOpen = $state(loadPref('reactionsOpen') === '1');
  soundOn = $state(loadPref('sound') !== '0');
  /** The player asked for a notification when it is their turn (the browser's permission is asked then). */
  notify = $state(loadPref('notify') === '1');

  #wanted: Lang = this.lang;

  /** Switch language once its texts are loaded (the sections the page uses): at once when they are. */
  setLang(lang: Lang): void {
    savePref('lang', lang);
    this.#wanted = lang;
    const sections = sectionsOf(this.lang);
    if (textsLoaded(lang, sections)) this.#show(lang);
    else void Promise.all(sections.map((s) => loadTexts(lang, s))).then(() => this.#wanted === lang && this.#show(lang));
  }

  #show(lang: Lang): void {
    this.lang = lang;
    if (globalThis.document) document.documentElement.lang = lang;
  }

  setFourColour(on: boolean): void {
    this.fourColour = on;
    savePref('fourColour', on ? '1' : '0');
  }

  setChatMuted(on: boolean): void {
    this.chatMuted = on;
    savePref('chatMuted', on ? '1' : '0');
  }

  setSoundOn(on: boolean): void {
    this.soundOn = on;
    savePref('sound', on ? '1' : '0');
  }

  setNotify(on: boolean): void {
    this.notify = on;
    savePref('notify', on ? '1' : '0');
  }

  setReactionsOpen(on: boolean): void {
    this.reactionsOpen = on;
    savePref('reactionsOpen', on ? '1' : '0');
  }
}

export const prefs = new Prefs();

/** Translate in the current language (reactive inside components). */
export function t<K extends MessageKey>(key: K, ...params: ParamsArg<K>): string {
  return translate(prefs.lang, key, ...params);
}
