import { defineConfig } from 'vitest/config';

// One test command for the whole workspace: each package/app brings its own project config.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'e2e'],
  },
});
