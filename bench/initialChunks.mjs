// What a renderer loads before it can run: its entry chunk and every chunk that chunk imports statically, read
// from the Vite manifest of a build (electron.vite.config.ts writes one). The same for a part loaded on demand. Used by bench/run.mjs for the size
// figures and by tests/unit/bundleSplit.test.ts to keep CodeMirror and Slate out of the editor's start.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const MANIFEST = '.vite/manifest.json';

/**
 * The manifest's chunks by key, and the files of the chunks loaded with `entryKey` (an entry such as
 * 'editor/index.html', or a part loaded on demand such as 'editor/src/code/JsonEditor.tsx'): its own first,
 * then those it imports statically, each once.
 */
export function initialChunks(rendererDir, entryKey) {
  const manifest = JSON.parse(readFileSync(join(rendererDir, MANIFEST), 'utf8'));
  if (!manifest[entryKey]?.isEntry && !manifest[entryKey]?.isDynamicEntry)
    throw new Error(`${entryKey} is no entry of ${join(rendererDir, MANIFEST)}`);
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(entryKey);
  return { manifest, files: [...seen].map((key) => manifest[key].file) };
}

/** The raw and gzipped bytes of those files (each gzipped on its own, as each is fetched on its own). */
export function sizeOf(rendererDir, files) {
  let raw = 0;
  let gzipped = 0;
  for (const file of files) {
    const bytes = readFileSync(join(rendererDir, file));
    raw += bytes.length;
    gzipped += gzipSync(bytes).length;
  }
  return { raw, gzipped };
}
