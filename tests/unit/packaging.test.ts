import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { FuseState, SENTINEL } from '@electron/fuses/dist/constants';

/**
 * Packaging is checked without the Electron binary (it cannot be downloaded here): electron-builder's dir
 * target runs against a stub Electron folder, and the test reads what app.asar holds. Needs `npm run build`.
 * The stub carries a fuse wire as Electron's binary does (sentinel, version 1, eight fuses in Electron's
 * default states), so the fuses electron-builder flips can be read back.
 */
const ELECTRON_DEFAULT_FUSES = '10110001';

describe('the packaged app', () => {
  const work = mkdtempSync(join(tmpdir(), 'studio-pack-'));
  let files: string[] = [];
  let packagedBinary = '';

  beforeAll(() => {
    expect(existsSync('out/main/index.js'), 'run `npm run build` before this test').toBe(true);
    const stub = join(work, 'electron-dist');
    const output = join(work, 'dist');
    mkdirSync(stub, { recursive: true });
    writeFileSync(join(stub, 'electron'), `#!/bin/sh\n# ${SENTINEL}\x01\x08${ELECTRON_DEFAULT_FUSES}\n`, 'latin1');
    chmodSync(join(stub, 'electron'), 0o755);
    writeFileSync(join(stub, 'version'), '45.4.1');
    const result = spawnSync(
      process.execPath,
      [
        'node_modules/electron-builder/cli.js',
        '--dir',
        '--linux',
        `-c.electronDist=${stub}`,
        `-c.directories.output=${output}`,
      ],
      { encoding: 'utf8' },
    );
    expect(result.status, result.stderr + result.stdout).toBe(0);
    packagedBinary = join(output, 'linux-unpacked', 'storefront-studio');
    files = listPackage(join(output, 'linux-unpacked', 'resources', 'app.asar'), { isPack: false }).map((file) =>
      file.replace(/\\/g, '/').replace(/^\//, ''),
    );
  }, 180_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('holds the built main, both preloads and both renderer bundles', () => {
    for (const file of [
      'out/main/index.js',
      'out/preload/editor.cjs',
      'out/preload/preview.cjs',
      'out/renderer/editor/index.html',
      'out/renderer/preview/index.html',
      'package.json',
    ]) {
      expect(files).toContain(file);
    }
    expect(files.some((file) => /^out\/renderer\/assets\/editor-.*\.js$/.test(file))).toBe(true);
    expect(files.some((file) => /^out\/renderer\/assets\/preview-.*\.js$/.test(file))).toBe(true);
  });

  it('flips the fuses: no RunAsNode, NODE_OPTIONS or --inspect; only the integrity-checked app.asar; encrypted cookies', async () => {
    const wire = await getCurrentFuseWire(packagedBinary);
    const state = (fuse: FuseV1Options) =>
      ({ [FuseState.ENABLE]: 'on', [FuseState.DISABLE]: 'off' })[wire[fuse] as number];
    expect({
      runAsNode: state(FuseV1Options.RunAsNode),
      nodeOptions: state(FuseV1Options.EnableNodeOptionsEnvironmentVariable),
      inspectArguments: state(FuseV1Options.EnableNodeCliInspectArguments),
      asarIntegrity: state(FuseV1Options.EnableEmbeddedAsarIntegrityValidation),
      onlyLoadAppFromAsar: state(FuseV1Options.OnlyLoadAppFromAsar),
      cookieEncryption: state(FuseV1Options.EnableCookieEncryption),
    }).toEqual({
      runAsNode: 'off',
      nodeOptions: 'off',
      inspectArguments: 'off',
      asarIntegrity: 'on',
      onlyLoadAppFromAsar: 'on',
      cookieEncryption: 'on',
    });
  });

  it('holds the shipped resources: sample images and component icons', () => {
    expect(files).toContain('resources/sample/icons/main-banner.svg');
    expect(files.some((file) => file.startsWith('resources/sample/images/'))).toBe(true);
  });

  it("holds main's run-time dependencies and nothing of development", () => {
    expect(files).toContain('node_modules/got/package.json');
    expect(files).toContain('node_modules/zod/package.json');
    for (const devOnly of [
      'typescript',
      'vitest',
      'electron',
      'electron-vite',
      'react',
      '@playwright/test',
      'eslint',
    ]) {
      expect(files, devOnly).not.toContain(`node_modules/${devOnly}/package.json`);
    }
  });

  it('holds no sources or tests', () => {
    const sources = files.filter(
      (file) => /^(core|main|preload|renderer|tests|bench|scripts)\//.test(file) || /\.tsx?$/.test(file),
    );
    expect(sources.filter((file) => !file.startsWith('node_modules/'))).toEqual([]);
  });
});
