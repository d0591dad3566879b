import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const electronOnly = {
  group: ['electron', 'electron-store', 'electron/*'],
  message: 'Only main/electron/ may import Electron; everything else must run under plain Node.',
};
const otherLayers = (...layers) => ({
  group: layers.flatMap((layer) => [`**/${layer}/**`, `../${layer}/*`]),
  message: `This layer may not import ${layers.join(', ')}.`,
});
const desktopLibraries = {
  group: ['got', 'conf', 'react', 'react-dom'],
  message: 'The team server and what it shares run on plain Node without the desktop: no desktop libraries.',
};
const browserPage = (message) => ({ group: ['got', 'conf', 'node:*', 'fs', 'path'], message });

/*
 * One no-restricted-imports block per layer, and no two blocks for the same files: a later block's setting of
 * a rule replaces an earlier one's, so an overlapping block would silently drop the first one's patterns
 * (tests/unit/layering.test.ts plants a forbidden import in each layer to prove every block holds).
 */
const layer = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

// Every IPC handler is registered in main/electron/ipc.ts, which checks the sender and the contract's schemas;
// raw ipcMain anywhere else would open a channel around both.
const rawIpcMain = {
  message: 'Use ipcMain only in main/electron/ipc.ts: it registers every channel, checking sender and schema.',
};
const ipcMainUse = [
  { selector: "MemberExpression[object.name='ipcMain']", ...rawIpcMain },
  { selector: "MemberExpression[property.name='ipcMain']", ...rawIpcMain },
];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'reports/**', 'test-results/**', '.tsbuild/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  layer(
    ['core/**'],
    [
      otherLayers('main', 'server', 'http', 'preload', 'renderer'),
      electronOnly,
      {
        group: ['node:*', 'fs', 'path', 'http', 'got', 'conf', 'pg', 'fastify', 'react', 'react-dom'],
        message: 'core is pure: no Node, no I/O, no UI.',
      },
    ],
  ),
  // main runs on plain Node, in Electron and in the browser host alike; the team server is deployed on its own.
  layer(['main/**'], [electronOnly, otherLayers('server', 'renderer', 'preload')], ['main/electron/**']),
  layer(['main/electron/**'], [otherLayers('server', 'renderer', 'preload')]),
  // The team server is plain Node deployed on its own: core/ and http/, nothing of the desktop.
  layer(['server/**'], [electronOnly, otherLayers('main', 'renderer', 'preload'), desktopLibraries]),
  // Node HTTP pieces both the team server and the desktop's embedded services use: neither may be imported.
  layer(['http/**'], [electronOnly, otherLayers('main', 'server', 'renderer', 'preload'), desktopLibraries]),
  layer(
    ['preload/**'],
    [
      otherLayers('main', 'server', 'http', 'renderer'),
      { group: ['zod', 'got', 'conf', 'node:*'], message: 'Preloads stay tiny: electron and core/channels only.' },
    ],
  ),
  layer(
    ['renderer/editor/**'],
    [
      electronOnly,
      otherLayers('main', 'server', 'http', 'preload', 'preview', 'host-bridge'),
      browserPage('The editor reaches main only through window.studio.'),
    ],
  ),
  layer(
    ['renderer/preview/**'],
    [
      electronOnly,
      otherLayers('main', 'server', 'http', 'preload', 'editor', 'host-bridge'),
      browserPage('The preview reaches nothing but its bridge.'),
    ],
  ),
  // The browser host's window.studio and window.preview: scripts in the pages, before the pages' own.
  layer(
    ['renderer/host-bridge/**'],
    [
      electronOnly,
      otherLayers('main', 'server', 'http', 'preload', 'editor', 'preview'),
      {
        group: ['got', 'conf', 'node:*', 'fs', 'path', 'react', 'react-dom'],
        message: 'The bridges are plain DOM code.',
      },
    ],
  ),
  {
    // main/electron/main.ts may import ipcMain only to hand it to registerIpc; tests use fakes of it.
    files: ['**/*.{ts,tsx}'],
    ignores: ['main/electron/ipc.ts', 'main/electron/main.ts', 'tests/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...ipcMainUse,
        { selector: "ImportSpecifier[imported.name='ipcMain']", ...rawIpcMain },
      ],
    },
  },
  {
    files: ['main/electron/main.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ipcMainUse] },
  },
  {
    // Issue 21: a service that outgrows this is doing more than one job (team.ts did four in 539 lines).
    files: ['main/services/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
);
