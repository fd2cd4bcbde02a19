/**
 * The pages, each its own chunk loaded when its route is opened: the home page does not carry
 * the table (nor Socket.IO), neither carries the replay and analysis page (nor zod, which the
 * record parser needs) nor the practice pages (a game against bots on this device). A page's texts load with it. `main.ts` starts the first
 * page's chunk alongside the language's core texts, so they load in parallel.
 */
import type { Component } from 'svelte';
import { loadTexts, type Section } from './i18n.js';
import { prefs } from './prefs.svelte.js';
import type { Route } from './routes.js';

export type PageName = 'home' | 'table' | 'replay' | 'practice';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page takes its own props
type AnyComponent = Component<any>;

const IMPORTS: Record<PageName, () => Promise<{ default: AnyComponent }>> = {
  home: () => import('../components/Home.svelte'),
  table: () => import('../components/TableView.svelte'),
  replay: () => import('../components/replay/ReplayPage.svelte'),
  practice: () => import('../practice/PracticeRoute.svelte'),
};
/** The texts each page needs beyond the core (the table's come with its later parts: parts.ts). */
const TEXTS: Record<PageName, Section[]> = { home: ['home'], table: [], replay: ['later', 'replay'], practice: ['home', 'later', 'replay'] };

const loading = new Map<PageName, Promise<AnyComponent>>();

/** The page a route shows. */
export function pageOf(route: Route): PageName {
  switch (route.name) {
    case 'home':
      return 'home';
    case 'table':
      return 'table';
    case 'replay':
    case 'replayFile':
      return 'replay';
    case 'practice':
    case 'practiceReplay':
      return 'practice';
  }
}

/** The page's component, its chunk fetched once. */
export function loadPage(name: PageName): Promise<AnyComponent> {
  let p = loading.get(name);
  if (!p) {
    p = Promise.all([IMPORTS[name](), ...TEXTS[name].map((s) => loadTexts(prefs.lang, s))]).then(([m]) => m.default);
    // A failed fetch (offline, a new version deployed) may be retried by the next navigation.
    p.catch(() => loading.delete(name));
    loading.set(name, p);
  }
  return p;
}
