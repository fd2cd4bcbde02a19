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

  it('creates a table with the settings chosen, and the next form opens on them (kept on the device)', async () => {
    prefs.setLang('en');
    localStorage.removeItem('belote:tableChoices');
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify({ id: 'TableRememberedChoices', url: 'http://x/t/TableRememberedChoices', hostKey: 'k' }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const form = (): HTMLElement => screen.getByTestId('create-form');
    const checked = (name: string): string | undefined => form().querySelector<HTMLInputElement>(`input[name=${name}]:checked`)?.value;
    const boxes = (): boolean[] => ['opt-announcements', 'opt-bots', 'opt-hints'].map((id) => (screen.getByTestId(id) as HTMLInputElement).checked);
    try {
      let page = render(Home);
      expect([checked('variant'), checked('target'), checked('dir'), checked('tie'), checked('timer'), ...boxes()]).toEqual(['classic', '1000', 'counterclockwise', 'litige', '', false, false, false]);
      await fireEvent.click(screen.getByLabelText('Coinche'));
      await fireEvent.click(screen.getByLabelText('1000'));
      await fireEvent.click(screen.getByLabelText(/Clockwise/));
      await fireEvent.click(form().querySelector('input[name=tie][value=dedans]')!);
      await fireEvent.click(screen.getByLabelText('30 s'));
      for (const id of ['opt-announcements', 'opt-bots', 'opt-hints']) await fireEvent.click(screen.getByTestId(id));
      await fireEvent.click(screen.getByLabelText('Strong'));
      await fireEvent.submit(form());
      await vi.waitFor(() => expect(fetch).toHaveBeenCalledOnce());
      expect(JSON.parse(fetch.mock.calls[0]![1].body as string)).toEqual({
        rules: { variant: 'coinche', target: 1000, announcements: true, tie: 'dedans', direction: 'clockwise' },
        options: { turnTimerSeconds: 30, fillWithBots: true, botLevel: 'strong', hints: true },
      });
      await vi.waitFor(() => expect(localStorage.getItem('belote:tableChoices')).not.toBeNull());
      page.unmount();

      page = render(Home);
      expect([checked('variant'), checked('target'), checked('dir'), checked('tie'), checked('timer'), checked('bot'), ...boxes()]).toEqual(['coinche', '1000', 'clockwise', 'dedans', '30', 'strong', true, true, true]);
      page.unmount();
      // what no longer reads as a choice the form offers falls back to its default
      localStorage.setItem('belote:tableChoices', JSON.stringify({ variant: 'classic', target: 2000, tie: 'split', timer: 45, fillWithBots: true, botLevel: 'expert', hints: 'yes' }));
      page = render(Home);
      expect([checked('variant'), checked('target'), checked('tie'), checked('timer'), checked('bot'), ...boxes()]).toEqual(['classic', '1000', 'litige', '', 'normal', false, true, false]);
      page.unmount();
    } finally {
      vi.unstubAllGlobals();
      localStorage.removeItem('belote:tableChoices');
      history.replaceState(null, '', '/');
    }
  });
});
