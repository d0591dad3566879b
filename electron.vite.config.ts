import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

/**
 * The browser host's window.studio and window.preview (renderer/host-bridge/), served as /host/<name>.js. Each
 * goes into its page's head as a classic script that must run before the page's module scripts, so each is one
 * self-contained script (IIFE: no imports, no shared chunks), built by its own Vite run once the renderer's
 * bundles are written. Unminified, so that what the page runs reads like its source.
 */
const HOST_BRIDGES = {
  studio: 'renderer/host-bridge/editorBridge.ts',
  'preview-bridge': 'renderer/host-bridge/previewBridge.ts',
};

function hostBridges(): Plugin {
  return {
    name: 'host-bridges',
    apply: 'build',
    async writeBundle() {
      for (const [name, entry] of Object.entries(HOST_BRIDGES)) {
        await build({
          configFile: false,
          publicDir: false,
          logLevel: 'warn',
          build: {
            outDir: 'out/renderer/host',
            emptyOutDir: false,
            minify: false,
            rollupOptions: { input: entry, output: { format: 'iife', strict: true, entryFileNames: `${name}.js` } },
          },
        });
      }
    },
  };
}

/**
 * The preview's server-render entry (issue 25), built for Node into out/ssr/preview.js once the renderer's
 * bundles are written: main's hosts load it to send the preview document with its first blocks rendered
 * (main/host/previewDocument.ts). Self-contained (React and the components bundled in), as the packaged app
 * ships no node_modules for the renderer; styles are left to the client build, whose manifest names them.
 */
const PREVIEW_SERVER_ENTRY = 'renderer/preview/src/server.tsx';

function previewServerRenderer(): Plugin {
  return {
    name: 'preview-server-renderer',
    apply: 'build',
    async writeBundle() {
      await build({
        configFile: false,
        publicDir: false,
        logLevel: 'warn',
        plugins: [react()],
        ssr: { noExternal: true },
        build: {
          ssr: PREVIEW_SERVER_ENTRY,
          outDir: 'out/ssr',
          emptyOutDir: true,
          minify: false,
          rollupOptions: { output: { format: 'es', entryFileNames: 'preview.js' } },
        },
      });
    },
  };
}

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
    plugins: [react(), hostBridges(), previewServerRenderer()],
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
