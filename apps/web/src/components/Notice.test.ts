import { describe, expect, it, vi } from 'vitest';
import { TABLE_ID, taken, updateFor } from '../../test/fixtures.js';
import { HOME_FR } from '../lib/i18n/home-fr.js';

describe('a notice at a table', () => {
  it('before the later parts came, is said in the player’s language once its text (the home section) has loaded', async () => {
    // Fresh modules: only the core texts loaded, as at a table's first screen (main.ts); no part yet.
    vi.resetModules();
    localStorage.setItem('belote:lang', 'fr');
    const { loadLang, textsLoaded } = await import('../lib/i18n.js');
    const { TableClient } = await import('../lib/store.svelte.js');
    const TableView = (await import('./TableView.svelte')).default;
    const { render, screen } = await import('@testing-library/svelte'); // on the same (fresh) Svelte
    const { flushSync } = await import('svelte');
    await loadLang('fr');
    expect(textsLoaded('fr', ['home'])).toBe(false);
    const store = new TableClient(TABLE_ID);
    store.receive(updateFor(taken(3), 0, 1));
    render(TableView, { id: TABLE_ID, storeFactory: () => store });
    store.cues.notify({ code: 'WRONG_PHASE', message: 'the deal is over' });
    flushSync();
    expect(screen.getByTestId('notice').textContent).toBe('Erreur\u202f: the deal is over');
    // No other trigger: the notice fetches the text, and says it again when it has come (before it goes: NOTICE_MS).
    await vi.waitFor(() => expect(screen.getByTestId('notice').textContent).toBe(HOME_FR.err_WRONG_PHASE), { timeout: 3000 });
    expect(textsLoaded('fr', ['home'])).toBe(true);
    localStorage.removeItem('belote:lang');
  });
});
