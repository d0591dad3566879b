import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The layers are kept apart by eslint.config.js (no-restricted-imports, one block per layer). A block that a
 * later one silently replaces stops guarding, so each layer's block is proven here: an import it forbids,
 * planted in a file of that layer, is an error, and an import it allows is not.
 */

const ROOT = resolve(import.meta.dirname, '../..');

interface Layer {
  /** A file of the layer that does not exist: ESLint applies the config by path. */
  file: string;
  forbidden: string[];
  allowed: string[];
}

const LAYERS: Layer[] = [
  {
    file: 'core/rules/planted.ts',
    forbidden: [
      'node:fs',
      'fs',
      'got',
      'pg',
      'fastify',
      'react',
      'electron',
      '../../main/services/files',
      '../../server/teamServer',
      '../../http/errors',
      '../../preload/editor',
      '../../renderer/editor/src/api',
    ],
    allowed: ['zod', '../schemas', './quote'],
  },
  {
    file: 'main/services/planted.ts',
    forbidden: [
      'electron',
      'electron-store',
      '../../server/content/api',
      '../../server/db/pool',
      '../../preload/editor',
      '../../renderer/editor/src/api',
    ],
    allowed: ['node:fs', 'got', 'conf', 'fastify', '../../core/channels', '../../http/errors', './files'],
  },
  {
    // Excused from main's server/ pattern for now (eslint.config.js, TEMPORARY), but from nothing else.
    file: 'main/services/filesStore.ts',
    forbidden: ['electron', '../../preload/editor', '../../renderer/editor/src/api'],
    allowed: ['../../core/channels'],
  },
  {
    file: 'main/electron/planted.ts',
    forbidden: ['../../server/content/api', '../../preload/editor', '../../renderer/editor/src/api'],
    allowed: ['electron', 'electron-store', 'node:path', '../services/files', '../../core/channels'],
  },
  {
    file: 'server/content/planted.ts',
    forbidden: [
      'got',
      'conf',
      'react',
      'react-dom',
      'electron',
      '../../main/services/files',
      '../../preload/editor',
      '../../renderer/editor/src/api',
    ],
    allowed: ['node:http', 'pg', 'fastify', '../../core/channels', '../../http/errors', './store'],
  },
  {
    file: 'http/planted.ts',
    forbidden: [
      'got',
      'conf',
      'react',
      'electron',
      '../main/services/files',
      '../server/teamServer',
      '../preload/editor',
      '../renderer/editor/src/api',
    ],
    allowed: ['fastify', 'node:http', '../core/channels', './errors'],
  },
  {
    file: 'preload/planted.ts',
    forbidden: [
      'zod',
      'got',
      'node:fs',
      '../main/services/files',
      '../server/teamServer',
      '../renderer/editor/src/api',
    ],
    allowed: ['electron', '../core/channels'],
  },
  {
    file: 'renderer/editor/src/planted.ts',
    forbidden: [
      'electron',
      'node:fs',
      'fs',
      'got',
      '../../../main/services/files',
      '../../../server/teamServer',
      '../../../preload/editor',
      '../../preview/src/registry',
      '../../host-bridge/editorBridge',
    ],
    allowed: ['react', 'zod', '../../../core/channels', './api'],
  },
  {
    file: 'renderer/preview/src/planted.ts',
    forbidden: [
      'electron',
      'node:fs',
      'got',
      '../../../main/services/files',
      '../../../server/teamServer',
      '../../editor/src/api',
      '../../host-bridge/previewBridge',
    ],
    allowed: ['react', '../../../core/channels', './registry'],
  },
  {
    file: 'renderer/host-bridge/planted.ts',
    forbidden: [
      'electron',
      'node:fs',
      'react',
      '../../main/host/browserHost',
      '../../server/teamServer',
      '../editor/src/api',
      '../preview/src/registry',
    ],
    allowed: ['../../core/channels', './messages'],
  },
];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The no-restricted-imports messages ESLint gives for a file of the layer importing `specifier`. */
async function restrictedImports(file: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import '${specifier}';\n`, { filePath: resolve(ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe.each(LAYERS)('the layer of $file', ({ file, forbidden, allowed }) => {
  it.each(forbidden)('may not import %s', async (specifier) => {
    expect((await restrictedImports(file, specifier)).length).toBeGreaterThan(0);
  });

  it.each(allowed)('may import %s', async (specifier) => {
    expect(await restrictedImports(file, specifier)).toEqual([]);
  });
});
