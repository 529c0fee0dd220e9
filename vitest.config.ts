import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
    // Vitest's default leaves one core free, which on a 2-core machine runs every file in one worker; many of our
    // files wait on child processes and servers, so two workers finish the suite in well under 3 minutes there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
