import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The built browser host's command line (`npm run build` first), as a person starts it. */
function startHost(...args: string[]) {
  expect(existsSync('out/main/browser-host.js'), 'run `npm run build` before this test').toBe(true);
  return spawnSync(process.execPath, ['out/main/browser-host.js', '--no-open', '--port', '0', ...args], {
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('browser host command line: the team server address', () => {
  it('refuses plain http to another machine, which would send the token in clear', () => {
    const run = startHost('--server', 'http://team.example.com', '--token-file', '/nonexistent/token');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      '--server http://team.example.com: plain http to another machine would send the API token in clear.',
    );
  });

  it('goes on with http on this machine, or when insecure http is allowed (here to fail on the missing token file)', () => {
    for (const args of [
      ['--server', 'http://127.0.0.1:9'],
      ['--server', 'http://team.example.com', '--allow-insecure-http'],
    ]) {
      const run = startHost(...args, '--token-file', '/nonexistent/token');
      expect(run.status, args.join(' ')).toBe(1);
      expect(run.stderr, args.join(' ')).toContain('Cannot read the token file /nonexistent/token');
    }
  });
});
