import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from './main/host/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  // A stray test.only would silently run one test and call the suite green.
  forbidOnly: !!process.env.CI,
  // Playwright wipes test-results/; reports go to reports/.
  outputDir: 'reports/e2e-artifacts',
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    viewport: { width: 1400, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      // Root in CI has no user namespace for Chromium's sandbox.
      args: ['--no-sandbox', ...CHROMIUM_FLAGS],
    },
  },
});
