import { fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { prefs } from '../lib/prefs.svelte.js';
import { pwa } from '../lib/pwa.svelte.js';
import Home from './Home.svelte';

beforeAll(() => pwa.start(false));

describe('the home page as an app', () => {
  it('offers to install once the browser allows it, with the browser’s own dialog', async () => {
    prefs.setLang('en');
    render(Home);
    expect(screen.queryByTestId('install-app')).toBeNull();
    const prompt = vi.fn(async () => {});
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt, userChoice: Promise.resolve({ outcome: 'accepted' }) });
    window.dispatchEvent(offer);
    await tick();
    // The browser's own mini-infobar is kept back: the page offers its button.
    expect(offer.defaultPrevented).toBe(true);
    await fireEvent.click(screen.getByTestId('install-app'));
    expect(prompt).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('install-app')).toBeNull();
  });

  it('says so offline, and keeps creating and joining for when the connection is back', async () => {
    prefs.setLang('en');
    render(Home);
    window.dispatchEvent(new Event('offline'));
    await tick();
    expect(screen.getByTestId('offline-home').textContent).toMatch(/offline/);
    expect((screen.getByTestId('create') as HTMLButtonElement).disabled).toBe(true);
    // Opening a record file still works offline.
    expect((screen.getByTestId('open-record') as HTMLInputElement).disabled).toBe(false);
    window.dispatchEvent(new Event('online'));
    await tick();
    expect(screen.queryByTestId('offline-home')).toBeNull();
    expect((screen.getByTestId('create') as HTMLButtonElement).disabled).toBe(false);
  });

  it('says why a table could not be created in the page’s language, not in the server’s English', async () => {
    prefs.setLang('fr');
    const fetch = vi.fn(async () => new Response(JSON.stringify({ error: { code: 'BAD_REQUEST', message: 'rules: invalid target' } }), { status: 400 }));
    vi.stubGlobal('fetch', fetch);
    try {
      render(Home);
      await fireEvent.submit(screen.getByTestId('create-form'));
      await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Le serveur n’a pas compris cette demande'));
      expect(fetch).toHaveBeenCalledOnce();
      // The language changed afterwards: the text follows.
      prefs.setLang('de');
      await tick();
      expect(screen.getByRole('alert').textContent).toBe('Der Server hat die Anfrage nicht verstanden');
    } finally {
      vi.unstubAllGlobals();
      prefs.setLang('en');
    }
  });
});
