import { ERROR_CODES } from '@belote/protocol/client';
import { describe, expect, it } from 'vitest';
import { LANGS, cardLabel, detectLang, errorText, rankLetter, translate } from './i18n.js';
import { CHAT_DE } from './i18n/chat-de.js';
import { CHAT_EN } from './i18n/chat-en.js';
import { CHAT_FR } from './i18n/chat-fr.js';
import { de } from './i18n/de.js';
import { en } from './i18n/en.js';
import type { Plural } from './i18n/plural.js';
import { fr } from './i18n/fr.js';
import { HOME_DE } from './i18n/home-de.js';
import { HOME_EN } from './i18n/home-en.js';
import { HOME_FR } from './i18n/home-fr.js';
import { LATER_DE } from './i18n/later-de.js';
import { LATER_EN } from './i18n/later-en.js';
import { LATER_FR } from './i18n/later-fr.js';
import { REPLAY_DE } from './i18n/replay-de.js';
import { REPLAY_EN } from './i18n/replay-en.js';
import { REPLAY_FR } from './i18n/replay-fr.js';
import { positionOf, seatsByPosition } from './layout.js';
import { translateRefusal } from './refusal.js';
import { tableIdFromLink, parseRoute } from './router.svelte.js';

describe('i18n', () => {
  it('picks the first supported browser language', () => {
    expect(detectLang(['de-CH', 'en'])).toBe('de');
    expect(detectLang(['es', 'fr-FR'])).toBe('fr');
    expect(detectLang(['ja'])).toBe('en');
    expect(detectLang([])).toBe('en');
  });

  it('fills placeholders and keeps the French game terms', () => {
    expect(translate('en', 'botPlayingFor', { name: 'Anna' })).toBe('bot playing for Anna');
    expect(translate('de', 'spectators', { n: 3 })).toBe('3 schauen zu');
    for (const lang of ['en', 'de', 'fr'] as const) {
      expect(translate(lang, 'capot')).toBe('Capot');
      expect(translate(lang, 'dedans')).toBe('Dedans');
      expect(translate(lang, 'litige')).toBe('Litige');
      expect(translate(lang, 'tierce')).toBe('Tierce');
      expect(translate(lang, 'carre')).toBe('Carré');
      expect(translate(lang, 'belote')).toMatch(/^Belote/);
    }
  });

  it('translates the refusals a player can meet, and falls back to the server message', () => {
    expect(errorText('fr', 'SEAT_TAKEN', 'seat 2 is taken')).toBe('Quelqu’un vient de prendre cette place');
    expect(errorText('de', 'NOT_YOUR_TURN', 'x')).toBe('Du bist nicht dran');
    expect(errorText('en', 'SOME_NEW_CODE', 'boom')).toBe('Something went wrong: boom');
    expect(errorText('fr', 'SOME_NEW_CODE', 'boom')).toBe('Erreur\u202f: boom');
  });

  it('has a text for every error code of the protocol, in every language', () => {
    const server = 'the server’s English message';
    for (const lang of LANGS) {
      for (const code of ERROR_CODES) {
        const text = errorText(lang, code, server);
        expect(text, `${lang} ${code}`).not.toContain(server);
        expect(text, `${lang} ${code}`).not.toBe('');
        // French typography: a narrow no-break space before : ; ! ?, never a plain one.
        if (lang === 'fr') expect(text, code).not.toMatch(/(^|[^\u202f])[:;!?]/);
      }
    }
  });

  it('counts with the plural rules of each language', () => {
    expect(translate('en', 'spectators', { n: 1 })).toBe('1 watching');
    expect(translate('en', 'cardsLeft', { n: 1 })).toBe('1 card');
    expect(translate('en', 'cardsLeft', { n: 0 })).toBe('0 cards');
    expect(translate('de', 'spectators', { n: 1 })).toBe('1 schaut zu');
    expect(translate('de', 'cardsLeft', { n: 2 })).toBe('2 Karten');
    expect(translate('fr', 'spectators', { n: 1 })).toBe('1 spectateur');
    // French counts zero in the singular; "many" (a million) falls back to the plural form.
    expect(translate('fr', 'spectators', { n: 0 })).toBe('0 spectateur');
    expect(translate('fr', 'spectators', { n: 2 })).toBe('2 spectateurs');
    expect(translate('fr', 'cardsLeft', { n: 1_000_000 })).toBe('1000000 cartes');
  });

  it('gives every text in every language with the same placeholders and plural shape', () => {
    const holes = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
    const forms = (v: string | Plural): string[] => (typeof v === 'string' ? [v] : Object.values(v));
    const sections = [
      [en, { de, fr }],
      [HOME_EN, { de: HOME_DE, fr: HOME_FR }],
      [LATER_EN, { de: LATER_DE, fr: LATER_FR }],
      [REPLAY_EN, { de: REPLAY_DE, fr: REPLAY_FR }],
      [CHAT_EN, { de: CHAT_DE, fr: CHAT_FR }],
    ] as const;
    for (const [ref0, dicts] of sections) for (const [lang, dict] of Object.entries(dicts) as ['de' | 'fr', Record<string, string | Plural>][]) {
      const reference = ref0 as Record<string, string | Plural>;
      expect(Object.keys(dict).sort(), lang).toEqual(Object.keys(reference).sort());
      for (const key of Object.keys(reference)) {
        const ref = reference[key]!;
        const text = dict[key]!;
        expect(typeof text, `${lang}.${key}`).toBe(typeof ref);
        for (const f of forms(text)) expect(holes(f), `${lang}.${key}: ${f}`).toEqual(holes(typeof ref === 'string' ? ref : ref.other));
        if (typeof text !== 'string') {
          // Every plural category the language uses for everyday counts has its own form.
          const cats = new Set([0, 1, 2, 3, 5, 21, 100].map((n) => new Intl.PluralRules(lang).select(n)));
          for (const c of cats) expect(text[c], `${lang}.${key}.${c}`).toBeDefined();
        }
      }
    }
  });

  it('writes French with the typographic apostrophe (’), never the straight one', () => {
    const forms = (v: string | Plural): string[] => (typeof v === 'string' ? [v] : Object.values(v));
    for (const dict of [fr, HOME_FR, LATER_FR, REPLAY_FR, CHAT_FR] as Record<string, string | Plural>[])
      for (const [key, v] of Object.entries(dict)) for (const f of forms(v)) expect(f, `fr.${key}`).not.toMatch(/'/);
  });

  it('puts a narrow no-break space before « : ; ! ? » in French (and in the French terms), never a plain one', () => {
    const forms = (v: string | Plural): string[] => (typeof v === 'string' ? [v] : Object.values(v));
    for (const dict of [fr, HOME_FR, LATER_FR, REPLAY_FR, CHAT_FR] as Record<string, string | Plural>[])
      for (const [key, v] of Object.entries(dict)) for (const f of forms(v)) expect(f, `fr.${key}`).not.toMatch(/[ \u00a0][:;!?]/);
    expect(translate('fr', 'trumpIs', { suit: 'cœur' })).toBe('Atout\u202f: cœur');
    expect(translate('en', 'belote')).toBe('Belote\u202f!');
  });

  it('puts every key in exactly one section', () => {
    const all = [en, HOME_EN, LATER_EN, REPLAY_EN, CHAT_EN].flatMap((d) => Object.keys(d));
    expect(all.length).toBe(new Set(all).size);
  });

  it('says "Gegner" for the opponents in German, not the formal "Sie"', () => {
    expect(translate('de', 'them')).toBe('Gegner');
    expect(translate('de', 'us')).toBe('Wir');
  });

  it('checks placeholders at compile time', () => {
    // @ts-expect-error: `name` is missing
    expect(translate('en', 'waitingFor')).toBe('Waiting for {name}');
    // @ts-expect-error: a count must be a number
    expect(translate('en', 'cardsLeft', { n: '2' })).toBe('2 cards');
    // @ts-expect-error: no such key
    expect(() => translate('en', 'nope')).toThrow();
    expect(translate('en', 'take')).toBe('Take');
  });

  it('prints court cards with the letters of each language', () => {
    expect((['J', 'Q', 'K', 'A', '10', '7'] as const).map((r) => rankLetter('en', r))).toEqual(['J', 'Q', 'K', 'A', '10', '7']);
    expect((['J', 'Q', 'K', 'A'] as const).map((r) => rankLetter('fr', r))).toEqual(['V', 'D', 'R', 'A']);
    expect((['J', 'Q', 'K', 'A'] as const).map((r) => rankLetter('de', r))).toEqual(['B', 'D', 'K', 'A']);
    expect(LANGS).toEqual(['en', 'de', 'fr']);
  });

  it('names cards for screen readers', () => {
    expect(cardLabel('en', 'JH')).toBe('jack of hearts');
    expect(cardLabel('fr', '10S')).toBe('dix de pique');
    expect(cardLabel('de', 'AC')).toBe('Kreuz-Ass');
  });

  it('translates every refusal the engine gives', () => {
    expect(translateRefusal('en', 'must overtrump: holds JH')).toBe('You must overtrump');
    expect(translateRefusal('fr', 'must follow hearts: holds 7H')).toBe('Vous devez fournir à cœur');
    expect(translateRefusal('de', 'must follow trumps: holds 9S')).toBe('Du musst Trumpf bedienen');
    expect(translateRefusal('en', 'must trump: holds 7S')).toBe('You must trump');
    expect(translateRefusal('en', 'must undertrump: holds 7S')).toBe('You must trump, even lower');
    expect(translateRefusal('en', 'notYourTurn')).toBe('Not your turn');
  });
});

describe('seat layout', () => {
  it('puts the viewer at the bottom and the partner on top', () => {
    expect(positionOf(2, 2, 'counterclockwise')).toBe('bottom');
    expect(positionOf(0, 2, 'clockwise')).toBe('top');
  });

  it('puts the next seat on the right counterclockwise and on the left clockwise', () => {
    expect(positionOf(3, 2, 'counterclockwise')).toBe('right');
    expect(positionOf(3, 2, 'clockwise')).toBe('left');
    expect(seatsByPosition(0, 'counterclockwise')).toEqual({ bottom: 0, right: 1, top: 2, left: 3 });
  });
});

describe('routes', () => {
  it('reads table ids from paths and pasted links', () => {
    const id = 'abcdefghijklmnopqrstuv';
    expect(parseRoute(`/t/${id}`)).toEqual({ name: 'table', id });
    expect(parseRoute('/t/short')).toEqual({ name: 'home' });
    expect(tableIdFromLink(`https://belote.example/t/${id}?x=1`)).toBe(id);
    expect(tableIdFromLink(` ${id} `)).toBe(id);
    expect(tableIdFromLink('hello')).toBeNull();
  });
});
