// End-to-end tests: real Chromium (playwright-core) against the real server, one file at a time.
// Without a browser they are skipped (one line says how to get one; an error under CI), and
// neither the web build nor the server of the global setup runs.
import { defineProject } from 'vitest/config';
import { CHROMIUM, requireTool } from '../test-support/tools.js';

const chromium = requireTool(CHROMIUM);

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'e2e',
    include: chromium ? ['tests/**/*.test.ts'] : [],
    env: chromium ? { CHROMIUM_PATH: chromium } : {},
    globalSetup: ['./global-setup.ts'],
    testTimeout: 150_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
