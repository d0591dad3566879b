import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    // Three files at a time on the 2 cores here: many tests wait on PostgreSQL, servers and timers, so vitest's
    // default of one file per core left half the machine idle (199 s for the suite; 125 s with three).
    maxWorkers: 3,
  },
});
