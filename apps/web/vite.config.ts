// Vite build + dev server for the web client. Workspace packages are read from their
// TypeScript sources (the `source` export condition); the dev server proxies the table
// server's HTTP API and Socket.IO endpoint so `pnpm dev` works against `pnpm start`.
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig, type ProxyOptions } from 'vite';
import { serviceWorker } from './sw-plugin.js';

const server = process.env.BELOTE_SERVER ?? 'http://localhost:3000';

type Proxy = Parameters<NonNullable<ProxyOptions['configure']>>[0];
function sameOrigin(proxy: Proxy): void {
  const origin = new URL(server).origin;
  proxy.on('proxyReq', (req) => req.setHeader('origin', origin));
  proxy.on('proxyReqWs', (req) => req.setHeader('origin', origin));
}

export default defineConfig({
  // The service worker precaches every file of the build (sw-plugin.ts): a new chunk or worker
  // needs nothing here; `ignore` would leave a file out.
  plugins: [svelte(), serviceWorker({ entry: fileURLToPath(new URL('src/sw.ts', import.meta.url)) })],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // Every browser the app supports preloads modules itself: no polyfill.
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 800, modulePreload: { polyfill: false } },
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
