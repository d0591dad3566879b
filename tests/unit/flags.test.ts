import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { COUNTRIES, type CountryCode } from '../../core/countries';
import { flagUrl } from '../../renderer/editor/src/multi/flags';

/** flag-icons names the flag of each country by its ISO code; the UK's nations are filed under gb-*. */
const FLAG_ICONS_NAME: Partial<Record<CountryCode, string>> = { sc: 'gb-sct', ws: 'gb-wls', ni: 'gb-nir' };

/**
 * The SVG a flag URL stands for. Vite inlines small files as data: URLs (URL-encoded, or base64 when the SVG
 * holds text) and serves the others by path: under vitest a path is /@fs/<absolute path> for files resolved
 * outside the project root (node_modules may be a link) and /<path from the root> for files inside it.
 */
function svgOf(url: string): string {
  const dataUrl = /^data:image\/svg\+xml(;base64)?,(.*)$/s.exec(url);
  if (dataUrl)
    return dataUrl[1] ? Buffer.from(dataUrl[2]!, 'base64').toString('utf8') : decodeURIComponent(dataUrl[2]!);
  const file = url.startsWith('/@fs/') ? url.slice('/@fs'.length) : join(process.cwd(), url);
  expect(existsSync(file), `${url} names no file`).toBe(true);
  return readFileSync(file, 'utf8');
}

describe('flagUrl', () => {
  test.each(COUNTRIES.filter(({ code }) => code !== 'jx'))('$name has its flag-icons flag', ({ code }) => {
    const svg = svgOf(flagUrl(code));
    // Every flag-icons SVG carries its own name as its id, so this checks the mapping and not just the format.
    expect(svg).toMatch(new RegExp(`id=["']flag-icons-${FLAG_ICONS_NAME[code] ?? code}["']`));
    expect(svg).toMatch(/viewBox=["']0 0 640 480["']/);
  });

  test('Global has the globe drawn for this app, 4:3 like the others', () => {
    const svg = svgOf(flagUrl('jx'));
    expect(svg).not.toMatch(/flag-icons-/);
    expect(svg).toMatch(/<circle/);
    expect(svg).toMatch(/viewBox=["']0 0 640 480["']/);
  });

  test('every country has a flag of its own', () => {
    const urls = COUNTRIES.map(({ code }) => flagUrl(code));
    expect(urls.every((url) => url.length > 0)).toBe(true);
    expect(new Set(urls).size).toBe(COUNTRIES.length);
  });
});
