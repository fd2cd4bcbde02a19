/**
 * The service worker (built to /sw.js by sw-plugin.ts, which writes the list of files in
 * place of PRECACHE): at install it caches the whole built app — the app shell, every chunk
 * (pages, languages, the analysis worker), styles, icons and the manifest — under a name
 * made from their contents, and takes over at once. Pages are answered with the cached shell,
 * files from the cache, the API and Socket.IO by the network (sw-routes.ts). The newest
 * older cache is kept so that a page still open on the previous version can load its chunks;
 * that page shows a "new version" notice, and the next load is the new version. A tap on a
 * turn notification brings its table's tab back (or opens it).
 */
import { CACHE_PREFIX, requestKind, stale, tabFor } from './sw-routes.js';

interface Precache {
  version: string;
  files: string[];
}

// Minimal service-worker types (the DOM and WebWorker libraries cannot share one program).
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Promise<Response> | Response): void;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
}
interface Scope {
  addEventListener(type: 'install' | 'activate', fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', fn: (e: FetchEvent) => void): void;
  addEventListener(type: 'notificationclick', fn: (e: NotificationEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(o: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  location: Location;
}

declare const self: Scope;

const PRECACHE = '__BELOTE_PRECACHE__' as unknown as Precache;
const CACHE = `${CACHE_PREFIX}${PRECACHE.version}`;
const SHELL = '/index.html';
const INSTALLED = '/__installed';

self.addEventListener('install', (e) => {
  e.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // `reload`: past the HTTP cache, so the shell is the one this worker was built with.
      await cache.addAll(PRECACHE.files.map((f) => new Request(f, { cache: 'reload' })));
      await cache.put(INSTALLED, new Response(String(Date.now())));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (e) => {
  e.waitUntil(
    (async () => {
      const names = await caches.keys();
      const dated = await Promise.all(
        names.map(async (name) => ({ name, installedAt: Number(await (await (await caches.open(name)).match(INSTALLED))?.text()) || 0 })),
      );
      await Promise.all(stale(dated, CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

/** This version's copy first, then the kept older one, then the network. */
async function cached(key: string, request: Request): Promise<Response> {
  const hit = (await (await caches.open(CACHE)).match(key)) ?? (await caches.match(key));
  return hit ?? fetch(request);
}

self.addEventListener('fetch', (e) => {
  const request = e.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const kind = requestKind(url.pathname, request.mode);
  if (kind === 'network') return;
  e.respondWith(cached(kind === 'shell' ? SHELL : url.pathname, request));
});

self.addEventListener('notificationclick', (e) => {
  e.notification.close();
  const url = (e.notification.data as { url?: string } | null)?.url ?? '/';
  e.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = tabFor(windows, url);
      if (tab) await tab.focus();
      else await self.clients.openWindow(url);
    })(),
  );
});
