import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: { name: 'rules', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
