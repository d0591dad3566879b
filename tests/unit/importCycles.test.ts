import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
// renderer/preview is left out: its block registry and the blocks import each other on purpose.
const LAYERS = ['core', 'main', 'preload', 'renderer/editor/src', 'server'];

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The project's own files a file imports (type-only imports too), as the TypeScript scanner reads them. */
function importsOf(file: string): string[] {
  return ts
    .preProcessFile(readFileSync(file, 'utf8'), true, false)
    .importedFiles.filter(({ fileName }) => fileName.startsWith('.'))
    .map(({ fileName }) => resolve(dirname(file), fileName))
    .flatMap(
      (base) =>
        [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
          (path) => existsSync(path) && statSync(path).isFile(),
        ) ?? [],
    );
}

/** Every cycle a depth-first walk meets, as the files around it. */
function importCycles(files: readonly string[]): string[][] {
  const imports = new Map(files.map((file) => [file, importsOf(file)]));
  const done = new Set<string>();
  const path: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    path.push(file);
    for (const next of imports.get(file) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) cycles.push([...path.slice(at), next].map((f) => relative(ROOT, f)));
      else if (!done.has(next)) visit(next);
    }
    path.pop();
    done.add(file);
  };
  for (const file of files) if (!done.has(file)) visit(file);
  return cycles;
}

describe('imports', () => {
  it('finds a cycle when there is one', () => {
    const cycles = importCycles(sourceFiles(join(ROOT, 'renderer/preview/src')));
    expect(cycles.length).toBeGreaterThan(0);
    expect(cycles[0]!.at(0)).toBe(cycles[0]!.at(-1));
  });

  it('have no cycles in any layer', () => {
    expect(importCycles(LAYERS.flatMap((layer) => sourceFiles(join(ROOT, layer))))).toEqual([]);
  });
});
