import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: { name: 'bots', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
