import { describe, expect, it } from 'vitest';
import { cardLabel, detectLang, errorText, translate } from './i18n.js';
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
    expect(errorText('en', 'INTERNAL', 'boom')).toBe('Something went wrong: boom');
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
