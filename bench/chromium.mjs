// Chromium for the benchmarks, launched as ../shared/bench/puck-bench launches it (without its host rules:
// the Studio loads nothing from the internet). Never downloaded: Debian's, or CHROMIUM_PATH.
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';

export const launchBenchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--enable-precise-memory-info',
    ],
  });
