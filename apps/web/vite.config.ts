// Vite build + dev server for the web client. Workspace packages are read from their
// TypeScript sources (the `source` export condition); the dev server proxies the table
// server's HTTP API and Socket.IO endpoint so `pnpm dev` works against `pnpm start`.
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { serviceWorker } from './sw-plugin.js';

const server = process.env.BELOTE_SERVER ?? 'http://localhost:3000';

type Proxy = Parameters<NonNullable<ProxyOptions['configure']>>[0];
function sameOrigin(proxy: Proxy): void {
  const origin = new URL(server).origin;
  proxy.on('proxyReq', (req) => req.setHeader('origin', origin));
  proxy.on('proxyReqWs', (req) => req.setHeader('origin', origin));
}

/**
 * engine.io-client's table of transports without WebTransport: the client only ever asks for
 * a WebSocket, then long-polling (lib/socket.ts `transports`), so the WebTransport class is
 * never created, and it was ~0.5 kB (gzip) of the table's first load. The table keeps its
 * `webtransport` entry, empty. (If the package's layout changes, nothing matches: it is bundled
 * as before.)
 */
function noWebTransport(): Plugin {
  const id = '\0belote:no-webtransport';
  return {
    name: 'belote:no-webtransport',
    enforce: 'pre',
    resolveId: (source, importer) => (source === './webtransport.js' && importer && /engine\.io-client[\\/]build[\\/]esm[\\/]transports[\\/]index\.js$/.test(importer) ? id : null),
    load: (loaded) => (loaded === id ? 'export const WT = undefined;' : null),
  };
}

export default defineConfig({
  // The service worker precaches every file of the build (sw-plugin.ts): a new chunk or worker
  // needs nothing here; `ignore` would leave a file out.
  plugins: [svelte(), noWebTransport(), serviceWorker({ entry: fileURLToPath(new URL('src/sw.ts', import.meta.url)) })],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    // Every browser the app supports preloads modules itself: no polyfill.
    modulePreload: { polyfill: false },
    // Fewer, larger shared chunks: the Svelte runtime, and the small modules every page uses
    // (the rules' cards, legal plays and bids, the texts' machinery, routes, preferences, a
    // card's drawing, a part's timers, the frame-late flag). Left to itself the bundler cuts
    // them into a dozen files of a few hundred bytes, each compressed on its own: together they
    // are ~3 KB smaller (gzip); the last two alone, a chunk each on every table's first screen,
    // were 0.4 kB more. Pages, table parts and languages stay chunks of their own (lib/pages.ts,
    // components/parts.ts).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'runtime', test: /node_modules[\\/].*svelte[\\/]src[\\/]/, priority: 30 },
            {
              name: 'app',
              test: /packages[\\/]rules[\\/]src[\\/](types|cards|play|auction|fast[\\/]tables)\.ts|apps[\\/]web[\\/]src[\\/](lib[\\/](i18n\.ts|prefs|storage|router|routes|pwa|layout|refusal|seat-view|motion|notify|keys|later\.ts|frame-late)|lib[\\/]i18n[\\/]terms|components[\\/](Suit|Card|Icon|CardBack|Trick|parts)\.)/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
  // The analysis worker (src/lib/replay/analysis.worker.ts) is an ES module like the app.
  worker: { format: 'es' },
  server: {
    // The server only accepts its own origin: present proxied requests as coming from it.
    proxy: {
      '/api': { target: server, changeOrigin: true, configure: sameOrigin },
      '/socket.io': { target: server, ws: true, changeOrigin: true, configure: sameOrigin },
    },
  },
});
