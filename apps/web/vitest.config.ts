// Component and store tests in jsdom, compiling .svelte files with the same plugin as the app.
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { svelteTesting } from '@testing-library/svelte/vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [svelte(), svelteTesting()],
  resolve: { conditions: ['source', 'browser'] },
  // Node ≥ 25 defines its own (file-less, unusable) localStorage global, which would shadow jsdom's.
  // testTimeout: a limit catches a hang; random auctions and whole replays in jsdom took over the
  // 5 s default on a busy machine.
  test: { name: 'web', environment: 'jsdom', include: ['src/**/*.test.ts'], setupFiles: ['./test/setup.ts'], execArgv: ['--no-experimental-webstorage'], testTimeout: 60_000 },
});
