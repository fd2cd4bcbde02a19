import { defineProject } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (`source` export condition);
// vitest runs tests in Vite's ssr environment, which takes its conditions from `ssr.resolve`.
export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // One PostgreSQL for the run (TEST_DATABASE_URL, or a real server started from the npm registry).
    globalSetup: ['test/pg/global-setup.ts'],
  },
});
