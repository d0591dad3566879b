import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const electronOnly = {
  group: ['electron', 'electron-store', 'electron/*'],
  message: 'Only main/electron/ may import Electron; everything else must run under plain Node.',
};
const rendererLayers = (...layers) => ({
  group: layers.flatMap((layer) => [`**/${layer}/**`, `../${layer}/*`]),
  message: `This layer may not import ${layers.join(', ')}.`,
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
  {
    files: ['core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            rendererLayers('main', 'preload', 'renderer'),
            electronOnly,
            {
              group: ['node:*', 'fs', 'path', 'http', 'got', 'conf', 'react', 'react-dom'],
              message: 'core is pure: no Node, no I/O, no UI.',
            },
          ],
        },
      ],
    },
  },
  {
    // The team server runs on plain Node without the desktop: main may use server/content, never the reverse.
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            electronOnly,
            rendererLayers('main', 'renderer', 'preload'),
            {
              group: ['got', 'conf', 'react', 'react-dom'],
              message: 'The server needs none of the desktop libraries.',
            },
          ],
        },
      ],
    },
  },
  {
    // HTTP pieces of both the team server and the desktop's embedded services: Node, Fastify and core only.
    files: ['http/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            electronOnly,
            rendererLayers('main', 'server', 'renderer', 'preload'),
            { group: ['got', 'conf', 'react', 'react-dom'], message: 'http/ needs none of the desktop libraries.' },
          ],
        },
      ],
    },
  },
  {
    files: ['main/**'],
    ignores: ['main/electron/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [electronOnly, rendererLayers('renderer', 'preload')] }],
    },
  },
  {
    files: ['main/electron/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [rendererLayers('renderer', 'preload')] }] },
  },
  {
    // The team server is plain Node deployed on its own: no Electron, no renderer or preload code.
    files: ['server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [electronOnly, rendererLayers('renderer', 'preload')] }] },
  },
  {
    files: ['preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            rendererLayers('main', 'renderer'),
            {
              group: ['zod', 'got', 'conf', 'node:*'],
              message: 'Preloads stay tiny: electron and core/channels only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            electronOnly,
            rendererLayers('main', 'preload'),
            {
              group: ['got', 'conf', 'node:*', 'fs', 'path'],
              message: 'The renderer reaches main only through window.studio.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/editor/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            electronOnly,
            rendererLayers('main', 'preload', 'preview'),
            { group: ['got', 'conf', 'node:*'], message: 'The editor reaches main only through window.studio.' },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/preview/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            electronOnly,
            rendererLayers('main', 'preload', 'editor'),
            { group: ['got', 'conf', 'node:*'], message: 'The preview reaches nothing but its bridge.' },
          ],
        },
      ],
    },
  },
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
);
