import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDITOR_CSP } from '../../main/electron/security';

/** A CSP as directive name -> sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The editor page's own CSP: the meta tag the browser host serves (Electron adds EDITOR_CSP as a header). */
function metaCsp(): string {
  const html = readFileSync(join(import.meta.dirname, '../../renderer/editor/index.html'), 'utf8');
  const match = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
  if (!match) throw new Error('The editor page has no CSP meta tag');
  return match[1]!;
}

describe("the editor's CSP", () => {
  for (const [shell, csp] of [
    ['browser host (meta tag)', metaCsp()],
    ['Electron (header)', EDITOR_CSP],
  ] as const) {
    it(`${shell}: shows https images (CDN thumbnails) and nothing of plain http elsewhere`, () => {
      const images = directives(csp).get('img-src') ?? [];
      expect(images).toEqual(expect.arrayContaining(["'self'", 'data:', 'https:']));
      expect(images).not.toContain('http:');
      expect(images).not.toContain('*');
    });

    it(`${shell}: still runs only its own scripts and connects only to itself`, () => {
      const policy = directives(csp);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
    });
  }
});
