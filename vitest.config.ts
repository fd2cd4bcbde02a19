import { defineConfig } from 'vitest/config';

// One test command for the whole workspace: each package/app brings its own project config;
// test-support/ holds the helpers the projects share (system tools the tests need).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'e2e', { test: { name: 'support', include: ['test-support/**/*.test.ts'] } }],
  },
});
