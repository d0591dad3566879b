import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';

/**
 * The browser host puts each bridge into its page's head as a classic script, to run before the page's module
 * scripts (main/host/browserHost.ts): the build must make each one self-contained, since an import statement
 * would not even parse there. Needs `npm run build`, as tests/unit/bundleSplit.test.ts does.
 */
describe('the browser host bridges built from renderer/host-bridge/', () => {
  it.each(['studio.js', 'preview-bridge.js'])('%s is one classic script', (name) => {
    const source = readFileSync(join('out/renderer/host', name), 'utf8');
    expect(() => new Script(source, { filename: name })).not.toThrow();
  });
});
