// End-to-end tests: real Chromium (playwright-core) against the real server, one file at a time.
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'e2e',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 150_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
