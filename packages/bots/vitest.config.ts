import { defineProject } from 'vitest/config';

// `source` must be set for the SSR (node) environment too: vitest resolves imports there.
export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  // testTimeout: a limit catches a hang. The searches are CPU-bound: at load 25 on two cores a test
  // takes ten times its idle time, so the heavy ones say 180 s.
  test: { name: 'bots', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 60_000 },
});
