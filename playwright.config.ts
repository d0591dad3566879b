import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

/** Debian's Chromium (never a downloaded one); CHROMIUM_PATH overrides. */
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  // Playwright wipes test-results/; reports go to reports/.
  outputDir: 'reports/e2e-artifacts',
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    viewport: { width: 1400, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
