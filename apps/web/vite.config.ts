// Vite build + dev server for the web client. Workspace packages are read from their
// TypeScript sources (the `source` export condition); the dev server proxies the table
// server's HTTP API and Socket.IO endpoint so `pnpm dev` works against `pnpm start`.
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defaultClientConditions, defineConfig } from 'vite';

const server = process.env.BELOTE_SERVER ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [svelte()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 800 },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/socket.io': { target: server, ws: true, changeOrigin: true },
    },
  },
});
