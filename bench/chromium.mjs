// Chromium for the benchmarks: the flags and binary the browser host and the e2e tests use
// (main/host/chromium.ts, read through Vite's module runner), plus what the Puck harness adds for measuring.
// It launches with no sandbox, as ../shared/bench/puck-bench does.
import { chromium } from '@playwright/test';
import { runnerImport } from 'vite';

export async function launchBenchChromium(extraArgs = []) {
  const { module } = await runnerImport('./main/host/chromium.ts', { configFile: false, logLevel: 'error' });
  return chromium.launch({
    executablePath: module.chromiumPath(),
    args: ['--no-sandbox', ...module.CHROMIUM_FLAGS, '--enable-precise-memory-info', ...extraArgs],
  });
}
