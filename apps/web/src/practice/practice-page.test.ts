/**
 * The practice page rendered whole (its worker run in this process, IndexedDB faked).
 *
 * The form opens on the last game's choices, and a game starts with the settings chosen.
 *
 * The name of a practice player who gave none: "You" in the language in force, on the table
 * and in the game's record — also after the language changes mid-game. A game kept with the name
 * written out (as every game was before) still opens, under that name.
 */
import 'fake-indexeddb/auto';
import { decide } from '@belote/bots';
import { seededRng } from '@belote/rules/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prefs } from '../lib/prefs.svelte.js';
import { practiceHost } from './host.js';
import { DEFAULT_CHOICES, loadChoices } from './last-choices.js';
import type { FromPractice, ToPractice } from './messages.js';
import PracticePage from './PracticePage.svelte';
import { practiceRecord } from './record.js';
import { SavedGames } from './saved-games.js';
import type { SavedPractice } from './types.js';

// The practice worker, run in this process on the same (fake) IndexedDB as the page; messages cloned as across a real worker.
vi.mock('./practice.worker.ts?worker', () => ({
  default: class {
    onmessage: ((e: MessageEvent<FromPractice>) => void) | null = null;
    readonly #handle = practiceHost((m) => queueMicrotask(() => this.onmessage?.({ data: structuredClone(m) } as MessageEvent<FromPractice>)), {
      store: () => SavedGames.open(),
      decide: (view, level, seed) => decide(view, { level, rng: seededRng(seed) }),
      clock: { now: () => Date.now(), setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) },
      random: (n) => crypto.getRandomValues(new Uint8Array(n)),
    });
    postMessage(m: ToPractice): void {
      queueMicrotask(() => this.#handle(structuredClone(m)));
    }
    terminate(): void {}
  },
}));

const ownName = (): string | null | undefined => document.querySelector('[data-pos=bottom] .name')?.textContent;

async function saved(): Promise<SavedPractice[]> {
  const db = await SavedGames.open();
  const all = await db.list();
  db.close();
  return all;
}

beforeAll(() => {
  // jsdom lays nothing out: the practice controls' placement has nothing to observe
  vi.stubGlobal('ResizeObserver', class { observe(): void {} unobserve(): void {} disconnect(): void {} });
  localStorage.setItem('belote:practiceTiming', JSON.stringify({ botPaceMs: 0 }));
});

afterAll(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  prefs.setLang('en');
});

describe('the practice player who gave no name', () => {
  it('is "You" in the language in force: a game started in French shows "Vous", then "You" once the page is in English, and its record says so', async () => {
    prefs.setLang('fr');
    const page = render(PracticePage, { table: null });
    await fireEvent.click(await screen.findByTestId('practice-start'));
    await waitFor(() => expect(ownName()).toBe('Vous'));
    prefs.setLang('en');
    await waitFor(() => expect(ownName()).toBe('You'));
    const [game] = await saved();
    expect(practiceRecord(game!, 0)?.players[0]).toBe('You');
    page.unmount();
  });

  it('a game kept under a name written out (as every game was before) opens under it', async () => {
    const legacy: SavedPractice = {
      id: 'LegacyGameKeptAsVous00',
      settings: { rules: { target: 501, announcements: true, tie: 'litige', direction: 'counterclockwise' }, partner: 'strong', opponents: 'strong', turnTimerSeconds: null, name: 'Vous' },
      entries: [{ type: 'gameStart' }],
      version: 1,
      createdAt: 1,
      updatedAt: 1,
      finished: false,
      hints: 0,
      takeBacks: 0,
    };
    const db = await SavedGames.open();
    await db.put(legacy);
    db.close();
    prefs.setLang('en');
    const page = render(PracticePage, { table: legacy.id });
    await waitFor(() => expect(ownName()).toBe('Vous · you'));
    expect(practiceRecord(legacy, 0)?.players[0]).toBe('Vous');
    page.unmount();
  });
});

describe('the practice form', () => {
  const checked = (form: HTMLElement, name: string): string | undefined => form.querySelector<HTMLInputElement>(`input[name=${name}]:checked`)?.value;

  it('starts a game with the choices made, and the next form opens on them', async () => {
    localStorage.removeItem('belote:practiceChoices');
    prefs.setLang('en');
    let page = render(PracticePage, { table: null });
    let form = await screen.findByTestId('practice-form');
    // (the timer's "None" has no value)
    expect([checked(form, 'variant'), checked(form, 'target'), checked(form, 'partner'), checked(form, 'opponents'), checked(form, 'timer')]).toEqual(['classic', '501', 'strong', 'strong', '']);
    await fireEvent.click(within(form).getByLabelText('Coinche'));
    await fireEvent.click(within(form).getByLabelText('1000'));
    await fireEvent.click(within(form.querySelectorAll('fieldset')[2]!).getByLabelText('Normal'));
    await fireEvent.click(within(form.querySelectorAll('fieldset')[3]!).getByLabelText('Easy'));
    await fireEvent.click(within(form).getByLabelText('30 s'));
    const before = new Set((await saved()).map((s) => s.id));
    await fireEvent.click(screen.getByTestId('practice-start'));
    let game: SavedPractice | undefined;
    await waitFor(async () => expect((game = (await saved()).find((s) => !before.has(s.id)))).toBeDefined());
    expect(game!.settings).toMatchObject({ rules: { variant: 'coinche', target: 1000 }, partner: 'normal', opponents: 'easy', turnTimerSeconds: 30 });
    // the game opened: its address is the page's
    await waitFor(() => expect(location.search).toBe(`?table=${game!.id}`));
    page.unmount();

    page = render(PracticePage, { table: null });
    form = await screen.findByTestId('practice-form');
    expect([checked(form, 'variant'), checked(form, 'target'), checked(form, 'partner'), checked(form, 'opponents'), checked(form, 'timer')]).toEqual(['coinche', '1000', 'normal', 'easy', '30']);
    // another variant: its own default target (501 is offered in both)
    await fireEvent.click(within(form).getByLabelText('Classic Belote'));
    expect(checked(form, 'target')).toBe('501');
    page.unmount();
  });

  it('left before the game has opened: the page it would have opened stays closed (its address unchanged)', async () => {
    history.replaceState(null, '', '/practice');
    const before = new Set((await saved()).map((s) => s.id));
    const page = render(PracticePage, { table: null });
    await fireEvent.click(await screen.findByTestId('practice-start'));
    page.unmount();
    // the worker still creates the game; nothing opens it
    await waitFor(async () => expect((await saved()).some((s) => !before.has(s.id))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(location.pathname + location.search).toBe('/practice');
  });

  it('reads back only what the form offers: each unreadable field falls back to its default', () => {
    const read = (raw: string | null): unknown => {
      if (raw === null) localStorage.removeItem('belote:practiceChoices');
      else localStorage.setItem('belote:practiceChoices', raw);
      return loadChoices();
    };
    expect(read(null)).toEqual(DEFAULT_CHOICES);
    expect(read('not json')).toEqual(DEFAULT_CHOICES);
    expect(read('[1,2]')).toEqual(DEFAULT_CHOICES);
    expect(read(JSON.stringify({ variant: 'coinche', target: 3000, partner: 'easy', opponents: 'normal', timer: 15 }))).toEqual({ variant: 'coinche', target: 3000, partner: 'easy', opponents: 'normal', timer: 15 });
    // 3000 is a coinche target only; a timer the form does not offer; an unknown level
    expect(read(JSON.stringify({ variant: 'classic', target: 3000, partner: 'expert', opponents: 'easy', timer: 45 }))).toEqual({ ...DEFAULT_CHOICES, opponents: 'easy' });
    expect(read(JSON.stringify({ variant: 'tarot', target: 1000, timer: '30' }))).toEqual({ ...DEFAULT_CHOICES, target: 1000 });
    localStorage.removeItem('belote:practiceChoices');
  });
});
