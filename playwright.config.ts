import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, chromiumPath } from './main/host/chromium';

/** Chromium as the tests start it: without its omnibox popups (see the script); root in CI has no user namespace. */
const launchOptions = (browser: string) => ({
  executablePath: join(import.meta.dirname, 'tests/e2e/chromium.sh'),
  env: { ...process.env, STUDIO_CHROMIUM: browser },
  args: ['--no-sandbox', ...CHROMIUM_FLAGS],
});
const fullChromium = chromiumPath() ?? 'chromium';
/**
 * Debian's old headless shell (package chromium-headless-shell, which .ci/run installs where it can): the same
 * engine without the browser's windows, 16% less CPU for the suite on this CPU-bound 2-core machine (4 specs at
 * 2 workers: 96 to 80 CPU-s, 119 to 102 s). The screenshot baselines were made in the full browser and are
 * compared there: the shell draws text a few pixels differently. CHROMIUM_PATH, when set, is used for all.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const testBrowser = !process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : fullChromium;
const SCREENSHOTS = 'screenshots.spec.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  // Two workers on the 2-core CI machine. A third made a subset of 26 tests 15% faster alone, but in full runs
  // beside the unit suite the team scenarios (two browsers, two hosts, a server each) timed out waiting.
  workers: 2,
  // Every test stays well under this on a loaded machine; a longer scenario is split, not given more time.
  timeout: 60_000,
  // Conditions, never fixed waits: a loaded machine (a second browser suite beside this one) makes some of
  // them take several seconds, which costs nothing when they hold sooner.
  expect: { timeout: 15_000 },
  // Fails the run when a test leaves a browser host, team server or PostgreSQL running.
  globalSetup: './tests/e2e/leakedProcesses.ts',
  retries: 0,
  // A stray test.only would silently run one test and call the suite green.
  forbidOnly: !!process.env.CI,
  // Playwright wipes test-results/; reports go to reports/.
  outputDir: 'reports/e2e-artifacts',
  // Screenshot baselines (screenshots.spec.ts) are committed beside the specs. CI only compares: a missing or
  // changed baseline fails there instead of being written; locally a missing one is written on first run.
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFileName}/{arg}-{platform}{ext}',
  updateSnapshots: process.env.CI ? 'none' : 'missing',
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    viewport: { width: 1400, height: 900 },
    // A failed test keeps a screenshot of the end and Playwright's snapshot of the page's accessibility tree
    // (error-context.md). Traces are recorded only when PW_TRACE is set: recording one for every test cost the
    // CPU-bound suite about 17% (editing spec, 1 worker: 78 CPU-s with traces, 64 without).
    trace: process.env.PW_TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'screenshots', testMatch: SCREENSHOTS, use: { launchOptions: launchOptions(fullChromium) } },
    { name: 'browser', testIgnore: SCREENSHOTS, use: { launchOptions: launchOptions(testBrowser) } },
  ],
});
