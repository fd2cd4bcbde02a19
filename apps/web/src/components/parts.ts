/**
 * The table page in chunks, so its first load carries only what the table shows: the lobby's
 * parts (table-lobby.ts) before a game, the game's (table-game.ts) during one, and the rest
 * (table-later.ts: dialogs, chat panel, coinche auction…) when wanted. Each loads once; once
 * the table is on screen the others are fetched while the browser is idle, so a dialog opens
 * without waiting. A failed fetch (offline) is tried again the next time.
 *
 * Each accessor gives the module itself once it has loaded (a promise before): Svelte's
 * `{#await}` shows a value that is not a promise at once, in the same update as the state
 * that asked for it (no frame without the part, and the deal's motion starts with the step).
 * `laterParts()` loads the later parts now (a dialog to open, one's turn to bid, a notice whose
 * words come with them);
 * `laterSoon()` waits for them without asking (what can come a moment after the first screen).
 */
import { loadTexts } from '../lib/i18n.js';
import { prefs } from '../lib/prefs.svelte.js';
import { provideLate } from '../lib/store-late.js';
import type * as GameModule from './table-game.js';
import type * as LaterModule from './table-later.js';
import type * as LobbyModule from './table-lobby.js';

type Lobby = typeof LobbyModule;
type Game = typeof GameModule;
type Later = typeof LaterModule;

interface Part<T> {
  /** The module, loading it now if it is not there. */
  (): T | Promise<T>;
  /** The module once someone has loaded it (a promise until then; it starts nothing). */
  soon(): T | Promise<T>;
}

function once<T extends object>(load: () => Promise<T>): Part<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  let arrive!: (m: T) => void;
  const arrived = new Promise<T>((r) => (arrive = r));
  const get = (): T | Promise<T> => {
    if (loaded) return loaded;
    if (!loading) {
      loading = load().then((m) => {
        arrive((loaded = m));
        return m;
      });
      loading.catch(() => (loading = null));
    }
    return loading;
  };
  return Object.assign(get, { soon: (): T | Promise<T> => loaded ?? arrived });
}

export const lobbyParts = once<Lobby>(() => import('./table-lobby.js'));
export const gameParts = once<Game>(() => import('./table-game.js'));
// Their texts (and the chat's: the later parts hold the chat) come with them, and the home
// page's, whose settings' words the host's table settings dialog shows (a table opened from its link).
// The chat's client and a step's feel come with them too (provideLate): tables start them then.
export const laterParts = once<Later>(() =>
  Promise.all([import('./table-later.js'), loadTexts(prefs.lang, 'later'), loadTexts(prefs.lang, 'chat'), loadTexts(prefs.lang, 'home')]).then(([m]) => {
    provideLate(m);
    return m;
  }),
);

export const laterSoon = laterParts.soon;

let shown = false;
/**
 * The table's first screen is up (FeltGame, FeltLobby): mark the moment (the `belote:interactive`
 * performance mark: the bundle budget test and traces read it) and fetch every other part
 * when the browser is next idle, so that they are there before they are wanted.
 */
export function tableShown(): void {
  if (shown) return;
  shown = true;
  globalThis.performance?.mark?.('belote:interactive');
  const idle = globalThis.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 300));
  idle(() => void Promise.all([gameParts(), lobbyParts(), laterParts()]).catch(() => {}), { timeout: 2000 });
}

/** Run `use` with a part: at once when it has loaded, else when it arrives. */
export function withPart<T>(part: T | Promise<T>, use: (m: T) => void): void {
  if (part instanceof Promise) void part.then(use, () => {});
  else use(part);
}

/** All parts, loaded (tests render the table at once). */
export function loadParts(): Promise<unknown> {
  return Promise.all([gameParts(), lobbyParts(), laterParts()]);
}
