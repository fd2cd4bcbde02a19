/**
 * A hand-written router on `location`: `/` is the home page, `/t/:id` a table.
 */
export type Route = { name: 'home' } | { name: 'table'; id: string };

export function parseRoute(pathname: string): Route {
  const m = /^\/t\/([A-Za-z0-9_-]{22})\/?$/.exec(pathname);
  return m ? { name: 'table', id: m[1]! } : { name: 'home' };
}

/** The table id in a pasted invite link (or a bare id), or null. */
export function tableIdFromLink(text: string): string | null {
  const s = text.trim();
  if (/^[A-Za-z0-9_-]{22}$/.test(s)) return s;
  const m = /\/t\/([A-Za-z0-9_-]{22})(?:[/?#]|$)/.exec(s);
  return m ? m[1]! : null;
}

class Router {
  route = $state<Route>(parseRoute(globalThis.location?.pathname ?? '/'));

  constructor() {
    globalThis.addEventListener?.('popstate', () => (this.route = parseRoute(location.pathname)));
  }

  go(path: string): void {
    history.pushState(null, '', path);
    this.route = parseRoute(path);
  }
}

export const router = new Router();
