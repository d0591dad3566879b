import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// A plain Node module without type declarations (shared with bench/run.mjs): imported by address.
const { initialChunks, MANIFEST } = await import(new URL('../../bench/initialChunks.mjs', import.meta.url).href);

/**
 * CodeMirror and Slate load on demand (ui/LazyPart.tsx): neither may come back into what the editor loads at
 * start, its entry chunk and the chunks that imports statically. Nor may the parts its first view does not draw
 * (issue 25 §4). The modules inside each chunk are read from its source map. Needs `npm run build`, as
 * tests/unit/packaging.test.ts does.
 */
const RENDERER = 'out/renderer';
const ON_DEMAND: Record<string, RegExp> = {
  CodeMirror: /\/node_modules\/(@codemirror|@lezer)\//,
  Slate: /\/node_modules\/slate(-react|-history|-dom)?\//,
};

/** The editor's own parts loaded on first use: each is the entry of its chunk (the manifest's key). */
const PARTS_ON_DEMAND = [
  // An open row's form: the field editors, and the component's JSON editor with its checks.
  'editor/src/fields/ContentFields.tsx',
  'editor/src/json/ComponentJsonEditor.tsx',
  // Version history's body, and the merge dialog's clashing fields.
  'editor/src/history/VersionHistory.tsx',
  'editor/src/history/MergeForm.tsx',
  // The page options panel.
  'editor/src/app/OptionsPanel.tsx',
];

interface Loaded {
  files: string[];
  manifest: Record<string, { file: string; imports?: string[] }>;
}

/** The modules bundled into these chunks. Rolldown's runtime helper chunk has no modules and no map. */
function modulesOf({ files, manifest }: Loaded): string[] {
  const runtime = new Set(
    Object.entries(manifest)
      .filter(([key]) => key.startsWith('_rolldown-runtime'))
      .map(([, chunk]) => chunk.file),
  );
  return files
    .filter((file) => !runtime.has(file))
    .flatMap((file) => {
      const map = join(RENDERER, `${file}.map`);
      expect(existsSync(map), `${map}: the renderer build writes source maps`).toBe(true);
      return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
    });
}

const matching = (modules: string[], library: RegExp) => modules.filter((module) => library.test(module));

describe("the editor's start", () => {
  expect(existsSync(join(RENDERER, MANIFEST)), 'run `npm run build` before this test').toBe(true);
  const atStart: Loaded = initialChunks(RENDERER, 'editor/index.html');
  const startModules = modulesOf(atStart);

  it.each(Object.keys(ON_DEMAND))('holds no %s module', (library) => {
    expect(startModules.some((module) => module.includes('/renderer/editor/src/app/App.tsx'))).toBe(true);
    expect(matching(startModules, ON_DEMAND[library]!)).toEqual([]);
  });

  // The other side, so a change in how chunks or maps are named cannot make the check above pass unseen.
  it.each([
    ['CodeMirror', 'editor/src/code/JsonEditor.tsx'],
    ['CodeMirror', 'editor/src/code/CodeEditor.tsx'],
    ['Slate', 'editor/src/richtext/RichTextField.tsx'],
  ])('loads %s with %s', (library, entry) => {
    expect(matching(modulesOf(initialChunks(RENDERER, entry)), ON_DEMAND[library]!).length).toBeGreaterThan(0);
  });

  it.each(PARTS_ON_DEMAND)('leaves out %s, which loads on demand with its own chunk', (part) => {
    const source = `/renderer/${part}`;
    expect(startModules.filter((module) => module.endsWith(source))).toEqual([]);
    expect(modulesOf(initialChunks(RENDERER, part)).some((module) => module.endsWith(source))).toBe(true);
  });
});
