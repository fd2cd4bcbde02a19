import { afterEach, describe, expect, it, vi } from 'vitest';
import { TABLE_ID, taken, updateFor } from '../../test/fixtures.js';
import { HOME_FR } from '../lib/i18n/home-fr.js';

/**
 * A table's first screen with fresh modules: only the French core texts loaded (main.ts), no part
 * yet, and the idle moment that fetches the later parts once the table is shown (parts.ts
 * `tableShown`) never coming, so that only the notice can fetch them.
 */
async function frenchTable() {
  vi.resetModules();
  localStorage.setItem('belote:lang', 'fr');
  vi.stubGlobal('requestIdleCallback', () => 0);
  const { loadLang, textsLoaded } = await import('../lib/i18n.js');
  const { TableClient } = await import('../lib/store.svelte.js');
  const TableView = (await import('./TableView.svelte')).default;
  const { render, screen, cleanup } = await import('@testing-library/svelte'); // on the same (fresh) Svelte
  unmount = cleanup;
  const { flushSync } = await import('svelte');
  await import('./table-later.js'); // compiled now, so that a loaded machine does not outlast the notice (NOTICE_MS)
  await loadLang('fr');
  expect(textsLoaded('fr', ['home'])).toBe(false);
  const store = new TableClient(TABLE_ID);
  store.receive(updateFor(taken(3), 0, 1));
  render(TableView, { id: TABLE_ID, storeFactory: () => store });
  return { store, screen, flushSync, textsLoaded };
}

let unmount = (): void => {};
afterEach(() => {
  unmount();
  localStorage.removeItem('belote:lang');
  vi.unstubAllGlobals();
});

describe('a notice at a table', () => {
  it('before the later parts came, is said in the player’s language once its text (the home section) has loaded', async () => {
    const { store, screen, flushSync, textsLoaded } = await frenchTable();
    store.cues.notify({ code: 'WRONG_PHASE', message: 'the deal is over' });
    flushSync();
    expect(screen.getByTestId('notice').textContent).toBe('Erreur\u202f: the deal is over');
    // No other trigger: the notice fetches the text, and says it again when it has come.
    await vi.waitFor(() => expect(screen.getByTestId('notice').textContent).toBe(HOME_FR.err_WRONG_PHASE), { timeout: 3000 });
    expect(textsLoaded('fr', ['home'])).toBe(true);
  });

  it('whose words were already there, is not drawn (nor read out) again when the later parts come', async () => {
    const { store, screen, flushSync, textsLoaded } = await frenchTable();
    store.cues.notify({ code: 'RATE_LIMITED', message: 'slow down' });
    flushSync();
    const shown = screen.getByTestId('notice');
    const words = shown.textContent;
    expect(words).not.toContain('slow down');
    await vi.waitFor(() => expect(textsLoaded('fr', ['home'])).toBe(true), { timeout: 3000 });
    await new Promise((r) => setTimeout(r, 50));
    flushSync();
    expect(screen.getByTestId('notice')).toBe(shown);
    expect(shown.textContent).toBe(words);
  });

  it('whose words come late is shown for as long again from then, not only for what was left', async () => {
    const { store, screen, flushSync } = await frenchTable();
    const { NOTICE_MS } = await import('../lib/store-cues.svelte.js');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      store.cues.notify({ code: 'WRONG_PHASE', message: 'the deal is over' });
      flushSync();
      expect(screen.getByTestId('notice').textContent).toBe('Erreur\u202f: the deal is over');
      // A slow phone: the words come near the end of the notice's time.
      vi.advanceTimersByTime(NOTICE_MS - 500);
      for (let i = 0; i < 500 && screen.queryByTestId('notice')?.textContent !== HOME_FR.err_WRONG_PHASE; i++) await new Promise((r) => setImmediate(r));
      expect(screen.getByTestId('notice').textContent).toBe(HOME_FR.err_WRONG_PHASE);
      vi.advanceTimersByTime(NOTICE_MS - 100);
      flushSync();
      expect(screen.getByTestId('notice').textContent).toBe(HOME_FR.err_WRONG_PHASE);
      vi.advanceTimersByTime(200);
      flushSync();
      expect(screen.queryByTestId('notice')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('has one timer for its time on screen: its words changing (another language) start it again, add none', async () => {
    const { store, screen, flushSync } = await frenchTable();
    const { NOTICE_MS } = await import('../lib/store-cues.svelte.js');
    const { prefs } = await import('../lib/prefs.svelte.js');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The timers of a notice's length pending (a language switch starts others, the table's).
    const pending = new Set<ReturnType<typeof setTimeout>>();
    const [set, clear] = [globalThis.setTimeout, globalThis.clearTimeout];
    vi.stubGlobal('setTimeout', (fn: () => void, ms: number) => {
      if (ms !== NOTICE_MS) return set(fn, ms);
      const h = set(() => (pending.delete(h), fn()), ms);
      pending.add(h);
      return h;
    });
    vi.stubGlobal('clearTimeout', (h: ReturnType<typeof setTimeout>) => (pending.delete(h), clear(h)));
    const until = async (done: () => boolean): Promise<void> => {
      for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setImmediate(r));
      flushSync();
    };
    try {
      // Notified by the command, then again by the view as its words show, again as they come
      // in French (the later parts), again in English.
      store.cues.notify({ code: 'WRONG_PHASE', message: 'the deal is over' });
      flushSync();
      expect(screen.getByTestId('notice').textContent).toBe('Erreur\u202f: the deal is over');
      expect(pending.size).toBe(1);
      await until(() => screen.queryByTestId('notice')?.textContent === HOME_FR.err_WRONG_PHASE);
      expect(screen.getByTestId('notice').textContent).toBe(HOME_FR.err_WRONG_PHASE);
      expect(pending.size).toBe(1);
      prefs.setLang('en');
      await until(() => screen.queryByTestId('notice')?.textContent !== HOME_FR.err_WRONG_PHASE);
      expect(screen.getByTestId('notice').textContent).toBe('Not possible at this point of the deal');
      expect(pending.size).toBe(1);
      // Another notice takes its place, with its own one timer.
      store.cues.notify({ code: 'RATE_LIMITED', message: 'slow down' });
      flushSync();
      expect(pending.size).toBe(1);
      vi.advanceTimersByTime(NOTICE_MS);
      flushSync();
      expect(screen.queryByTestId('notice')).toBeNull();
      expect(pending.size).toBe(0);
    } finally {
      vi.unstubAllGlobals(); // before the fake timers go: the stubs hold them
      vi.useRealTimers();
    }
  });
});
