import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        // The Electron entry and the browser host share every service module; only the shell differs.
        input: { index: 'main/electron/main.ts', 'browser-host': 'main/host/cli.ts' },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // Sandboxed preloads can only require('electron'): each must be one self-contained CommonJS file.
      externalizeDeps: false,
      isolatedEntries: true,
      rollupOptions: {
        input: { editor: 'preload/editor.ts', preview: 'preload/preview.ts' },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    // Relative asset URLs let one bundle load from app://editor/ in Electron and from the browser host.
    base: './',
    plugins: [react()],
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves renderers unminified; React 19 ships readable production builds, so minifying
      // halves what the editor parses at start.
      minify: true,
      // Maps beside the bundles for reading stack traces, not referenced from them: the package leaves them
      // out (electron-builder.yml), and a reference to a missing map would only make DevTools complain.
      sourcemap: 'hidden',
      // Which chunks each entry loads statically (tests/unit/bundleSplit.test.ts, bench/run.mjs).
      manifest: true,
      rollupOptions: {
        input: { editor: 'renderer/editor/index.html', preview: 'renderer/preview/index.html' },
      },
    },
  },
});
