import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
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

/** Pairs of top-level folders of `root` that import each other, each as `a <-> b` with one import either way. */
function foldersImportingEachOther(root: string): string[] {
  const folderOf = (file: string): string | undefined => {
    const [first, ...rest] = relative(root, file).split('/');
    return rest.length > 0 && first !== '..' ? first : undefined;
  };
  const firstImport = new Map<string, string>();
  for (const file of sourceFiles(root)) {
    const from = folderOf(file);
    for (const target of importsOf(file)) {
      const to = folderOf(target);
      if (from && to && from !== to && !firstImport.has(`${from}->${to}`))
        firstImport.set(`${from}->${to}`, `${relative(root, file)} -> ${relative(root, target)}`);
    }
  }
  return [...firstImport.keys()].flatMap((edge) => {
    const [from, to] = edge.split('->') as [string, string];
    const back = firstImport.get(`${to}->${from}`);
    return from < to && back ? [`${from} <-> ${to}: ${firstImport.get(edge)}; ${back}`] : [];
  });
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

  it('finds folders that import each other when there are some', () => {
    const root = mkdtempSync(join(tmpdir(), 'folder-cycle-'));
    try {
      for (const [file, text] of [
        ['shell/App.tsx', "import { Modal } from '../parts/Modal';\n"],
        ['parts/Modal.tsx', "import { App } from '../shell/App';\n"],
        ['parts/Button.tsx', "import { Modal } from './Modal';\n"],
      ]) {
        mkdirSync(dirname(join(root, file!)), { recursive: true });
        writeFileSync(join(root, file!), text!);
      }
      expect(foldersImportingEachOther(root)).toEqual([
        'parts <-> shell: parts/Modal.tsx -> shell/App.tsx; shell/App.tsx -> parts/Modal.tsx',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  // One-way dependencies between the editor's folders: app imports components and features, never the reverse.
  it('keep the top-level folders of the editor renderer from importing each other', () => {
    expect(foldersImportingEachOther(join(ROOT, 'renderer/editor/src'))).toEqual([]);
  });
});
