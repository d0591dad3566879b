import { existsSync } from 'node:fs';

/**
 * How Chromium is started on these machines, by the browser host and by the end-to-end tests alike: the
 * background-networking flags keep it from reaching for Google's hosts on a machine with no network.
 */
export const CHROMIUM_FLAGS = [
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Debian's Chromium unless CHROMIUM_PATH says otherwise; never a downloaded one. */
export function chromiumPath(): string | undefined {
  return process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
}
