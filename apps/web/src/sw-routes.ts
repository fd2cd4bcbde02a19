/**
 * What the service worker does with a request (pure, tested): the app's own pages get the
 * cached app shell (index.html) — so `/`, a table link, the replays and practice open offline —, the
 * API, Socket.IO and health check always go to the network, and every other file of the
 * origin (scripts, styles, icons, the manifest) comes from the precache when it is there.
 */

/** The client's routes (lib/routes.ts): `/`, `/t/:id`, `/t/:id/replay`, `/replay`, `/practice`, `/practice/replay`. */
const APP_PAGE = /^\/(?:t\/[A-Za-z0-9_-]{22}(?:\/replay)?|replay|practice(?:\/replay)?)?\/?$/;
const NETWORK_ONLY = /^\/(?:api|socket\.io)(?:\/|$)|^\/healthz$/;

export type RequestKind = 'shell' | 'file' | 'network';

export function requestKind(pathname: string, mode: string): RequestKind {
  if (NETWORK_ONLY.test(pathname)) return 'network';
  if (mode === 'navigate') return APP_PAGE.test(pathname) ? 'shell' : 'network';
  return 'file';
}

export const CACHE_PREFIX = 'belote-';

/** Caches to delete when `current` takes over: all of ours but it and the newest older one (the page still open may need its files). */
export function stale(caches: readonly { name: string; installedAt: number }[], current: string): string[] {
  const ours = caches.filter((c) => c.name.startsWith(CACHE_PREFIX) && c.name !== current).sort((a, b) => b.installedAt - a.installedAt);
  return ours.slice(1).map((c) => c.name);
}

/** The open tab showing `url` (the same address, else the same page), to bring back for a notification. */
export function tabFor<T extends { url: string }>(tabs: readonly T[], url: string): T | undefined {
  const path = new URL(url).pathname;
  return tabs.find((w) => w.url === url) ?? tabs.find((w) => new URL(w.url).pathname === path);
}
