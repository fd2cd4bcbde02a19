import { describe, expect, it } from 'vitest';
import { requestKind, stale, tabFor } from '../sw-routes.js';
import { parseRoute } from './routes.js';

const ID = 'AAAAAAAAAAAAAAAAAAAAAA';

describe('the service worker’s routing', () => {
  it('answers the app’s own pages with the shell, and only them', () => {
    for (const p of ['/', `/t/${ID}`, `/t/${ID}/`, `/t/${ID}/replay`, '/replay', '/replay/', '/practice', '/practice/replay']) {
      expect(requestKind(p, 'navigate'), p).toBe('shell');
      // The client routes them to a page of the app, never to home by mistake.
      expect(parseRoute(p, p.startsWith('/practice/') ? `?table=${ID}` : '').name === 'home', p).toBe(p === '/');
    }
    for (const p of ['/nope', `/t/${ID}/x`, '/t/short', '/api/tables', '/healthz']) expect(requestKind(p, 'navigate'), p).toBe('network');
  });

  it('leaves the API, Socket.IO and the health check to the network; files come from the cache', () => {
    for (const p of ['/api/tables', `/api/tables/${ID}/record`, '/socket.io/', '/socket.io/?EIO=4&transport=polling', '/healthz']) expect(requestKind(p.split('?')[0]!, 'cors'), p).toBe('network');
    for (const p of ['/assets/index-abc.js', '/manifest.webmanifest', '/icons/icon-192.png', '/favicon.svg']) expect(requestKind(p, 'no-cors'), p).toBe('file');
  });

  it('keeps the newest older cache (a page still open on it), deletes the others and foreign ones are left alone', () => {
    const caches = [
      { name: 'belote-new', installedAt: 30 },
      { name: 'belote-old', installedAt: 20 },
      { name: 'belote-older', installedAt: 10 },
      { name: 'someone-else', installedAt: 5 },
    ];
    expect(stale(caches, 'belote-new')).toEqual(['belote-older']);
    expect(stale([{ name: 'belote-new', installedAt: 1 }], 'belote-new')).toEqual([]);
  });

  it('brings back the tab of the notified table, or none', () => {
    const tabs = [{ url: `https://b.example/t/${ID}` }, { url: 'https://b.example/' }];
    expect(tabFor(tabs, `https://b.example/t/${ID}`)).toBe(tabs[0]);
    expect(tabFor(tabs, `https://b.example/t/${ID}?x=1`)).toBe(tabs[0]);
    expect(tabFor(tabs, `https://b.example/t/BBBBBBBBBBBBBBBBBBBBBB`)).toBeUndefined();
  });
});
