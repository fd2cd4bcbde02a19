import { defineProject } from 'vitest/config';

// The property tests are CPU work (20,000 random auctions, every view of random games): a time
// limit is there to catch a hang, not to time them, so it is far above their time on a busy machine.
export default defineProject({
  resolve: { conditions: ['source'] },
  test: { name: 'rules', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 60_000 },
});
