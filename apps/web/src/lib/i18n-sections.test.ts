import { describe, expect, it, vi } from 'vitest';
import { pageOf } from './pages.js';

describe('texts in sections, loaded on demand', () => {
  it('shows nothing but keys before a section is loaded, each section once it is', async () => {
    vi.resetModules(); // a module that has loaded nothing yet (the test setup loads everything)
    const i18n = await import('./i18n.js');
    expect(i18n.translate('fr', 'take')).toBe('take');
    expect(i18n.textsLoaded('fr')).toBe(false);
    await i18n.loadLang('fr');
    expect(i18n.translate('fr', 'take')).toBe('Prendre');
    expect(i18n.sectionsOf('fr')).toEqual(['core']);
    // A key of a section not loaded yet is a bug: it throws, it is not shown.
    expect(() => i18n.translate('fr', 'createTable')).toThrow();
    await i18n.loadTexts('fr', 'home');
    expect(i18n.translate('fr', 'createTable')).toBe('Créer une table');
    expect(i18n.sectionsOf('fr')).toEqual(['core', 'home']);
  });

  it('switches language once the new language’s texts for what is on screen have loaded', async () => {
    vi.resetModules();
    localStorage.setItem('belote:lang', 'en');
    const i18n = await import('./i18n.js');
    const { prefs } = await import('./prefs.svelte.js');
    await i18n.loadLang('en');
    await i18n.loadTexts('en', 'later');
    prefs.setLang('de');
    // Not yet: German is still loading; English stays on screen meanwhile.
    expect(prefs.lang).toBe('en');
    await vi.waitFor(() => expect(prefs.lang).toBe('de'));
    expect(i18n.sectionsOf('de')).toEqual(['core', 'later']);
    expect(i18n.translate('de', 'continue')).toBe('Weiter');
    expect(document.documentElement.lang).toBe('de');
  });

  it('names the page of each route', () => {
    expect(pageOf({ name: 'home' })).toBe('home');
    expect(pageOf({ name: 'table', id: 'x' })).toBe('table');
    expect(pageOf({ name: 'replay', id: 'x', game: 0, deal: null })).toBe('replay');
    expect(pageOf({ name: 'replayFile', deal: null })).toBe('replay');
  });
});
