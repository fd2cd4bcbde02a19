/**
 * A hand-written router on `location` (routes in routes.ts).
 */
import { parseRoute, type Route } from './routes.js';

export { parseRoute, replayPath, tableIdFromLink, type Route } from './routes.js';

const here = (): Route => parseRoute(globalThis.location?.pathname ?? '/', globalThis.location?.search ?? '');

class Router {
  route = $state<Route>(here());

  constructor() {
    globalThis.addEventListener?.('popstate', () => (this.route = here()));
  }

  go(path: string): void {
    history.pushState(null, '', path);
    this.route = here();
  }

  /** Change the URL without a new history entry or a new route object (the replay's deal). */
  replace(path: string): void {
    history.replaceState(null, '', path);
  }
}

export const router = new Router();
