import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Files that replace modules with vi.mock: each needs its own module graph (the other files share one per
 * worker, where a mocked module would leak into them, or they into it). Found by reading the files, so a new
 * one cannot be forgotten here.
 */
const UNIT_DIR = 'tests/unit';
const MOCKING_MODULES = readdirSync(UNIT_DIR)
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `${UNIT_DIR}/${name}`)
  .filter((path) => readFileSync(path, 'utf8').includes('vi.mock('));

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    // Three files at a time on the 2 cores here: many tests wait on PostgreSQL, servers and timers, so vitest's
    // default of one file per core left half the machine idle (199 s for the suite; 125 s with three).
    maxWorkers: 3,
    projects: [
      { extends: true, test: { name: 'mocking', include: MOCKING_MODULES } },
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: MOCKING_MODULES,
          // A worker keeps the modules it imported for the next file: importing them again for each of the
          // 130 files cost about a third of the suite's CPU (283 CPU-s with a fresh graph per file, 205 without).
          isolate: false,
        },
      },
    ],
  },
});
