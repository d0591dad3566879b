import { defineConfig } from 'vite';

/**
 * The team server as one Node 20 ES module (out/server/main.js): TypeScript and the shared core/ rules are
 * bundled, packages in node_modules stay imports. Migrations are SQL files bundled in by import.meta.glob.
 */
export default defineConfig({
  build: {
    ssr: 'server/main.ts',
    outDir: 'out/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: 'main.js' } },
  },
});
