import { defineProject } from 'vitest/config';

// `source` must be set for the SSR (node) environment too: vitest resolves imports there.
export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: { name: 'bots', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
