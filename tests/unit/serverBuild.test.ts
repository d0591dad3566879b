import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { buildServer } from '../helpers/teamServer';

const builtServer = join(import.meta.dirname, '../../out/server/main.js');

// The unit and end-to-end suites run side by side, each building the server and starting it: a build that
// emptied out/server left the other suite's server start without its file ("Cannot find module").
it('keeps the built server in place while it is built again', { timeout: 60_000 }, async () => {
  await buildServer();
  let missing = 0;
  const watch = setInterval(() => {
    if (!existsSync(builtServer)) missing++;
  }, 0);
  try {
    await buildServer();
  } finally {
    clearInterval(watch);
  }
  expect(missing).toBe(0);
  expect(existsSync(builtServer)).toBe(true);
});
