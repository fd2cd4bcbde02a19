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
 */
import type * as GameModule from './table-game.js';
import type * as LaterModule from './table-later.js';
import type * as LobbyModule from './table-lobby.js';

type Lobby = typeof LobbyModule;
type Game = typeof GameModule;
type Later = typeof LaterModule;

function once<T extends object>(load: () => Promise<T>): () => T | Promise<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  return () => {
    if (loaded) return loaded;
    if (!loading) {
      loading = load().then((m) => (loaded = m));
      loading.catch(() => (loading = null));
    }
    return loading;
  };
}

export const lobbyParts = once<Lobby>(() => import('./table-lobby.js'));
export const gameParts = once<Game>(() => import('./table-game.js'));
export const laterParts = once<Later>(() => import('./table-later.js'));

/** Fetch every part when the browser is idle (the table is on screen by then). */
export function prefetchParts(): void {
  const idle = globalThis.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 300));
  idle(() => void Promise.all([gameParts(), lobbyParts(), laterParts()]).catch(() => {}), { timeout: 2000 });
}

/** All parts, loaded (tests render the table at once). */
export function loadParts(): Promise<unknown> {
  return Promise.all([gameParts(), lobbyParts(), laterParts()]);
}
