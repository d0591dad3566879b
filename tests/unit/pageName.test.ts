import { describe, expect, it } from 'vitest';
import { formatPageName, PAGE_NAME_REMOVED_CHARACTERS, pagesNamedLike } from '../../core/rules/pageName';
import type { PageKey } from '../../core/schemas';

/** The list exactly as editor spec §5 writes it. */
const SPEC_REMOVED_CHARACTERS = '!@#$£%^&*(),.?":\'={}|<>';

describe('PAGE_NAME_REMOVED_CHARACTERS', () => {
  it('equals the list of editor spec §5 exactly', () => {
    expect(PAGE_NAME_REMOVED_CHARACTERS).toBe(SPEC_REMOVED_CHARACTERS);
    expect([...PAGE_NAME_REMOVED_CHARACTERS]).toHaveLength(23);
  });
});

describe('formatPageName', () => {
  describe.each([...SPEC_REMOVED_CHARACTERS].map((character) => ({ character })))(
    'removes $character',
    ({ character }) => {
      it('inside a word', () => {
        expect(formatPageName(`sale${character}page`)).toBe('salepage');
      });

      it('at both ends, alone, and repeated', () => {
        expect(formatPageName(`${character}home${character}`)).toBe('home');
        expect(formatPageName(character)).toBe('');
        expect(formatPageName(`${character}${character}${character}`)).toBe('');
      });

      it('between words, leaving a single hyphen', () => {
        expect(formatPageName(`summer ${character} sale`)).toBe('summer-sale');
      });
    },
  );

  it('removes every listed character at once', () => {
    expect(formatPageName(`a${SPEC_REMOVED_CHARACTERS}b`)).toBe('ab');
  });

  it('lowercases', () => {
    expect(formatPageName('HOME')).toBe('home');
    expect(formatPageName('Black Friday')).toBe('black-friday');
    expect(formatPageName('ÉTÉ')).toBe('été');
  });

  it('trims surrounding whitespace', () => {
    expect(formatPageName('   home   ')).toBe('home');
    expect(formatPageName('\thome\n')).toBe('home');
    expect(formatPageName('  ')).toBe('');
  });

  it('trims after removal, so a removed character leaves no trailing hyphen', () => {
    expect(formatPageName('Sale !')).toBe('sale');
    expect(formatPageName('! Sale !')).toBe('sale');
    expect(formatPageName('  (Sale)  ')).toBe('sale');
  });

  it('collapses runs of spaces into one hyphen', () => {
    expect(formatPageName('men    trainers')).toBe('men-trainers');
    expect(formatPageName('a  b   c')).toBe('a-b-c');
  });

  it('collapses runs of hyphens', () => {
    expect(formatPageName('a--b')).toBe('a-b');
    expect(formatPageName('a-----b')).toBe('a-b');
  });

  it('turns spaces into hyphens', () => {
    expect(formatPageName('summer sale page')).toBe('summer-sale-page');
  });

  it('collapses hyphen runs produced by turning spaces into hyphens ("a - b" -> "a-b")', () => {
    expect(formatPageName('a - b')).toBe('a-b');
    expect(formatPageName('a -- b')).toBe('a-b');
    expect(formatPageName('a  -  b')).toBe('a-b');
    expect(formatPageName('a- -b')).toBe('a-b');
  });

  it.each([
    ['/', 'a/b'],
    ['_', 'a_b'],
    ['digits', 'a0123456789b'],
    ['accented letters', 'aéüñçøb'],
    ['+', 'a+b'],
    ['~', 'a~b'],
    [';', 'a;b'],
    ['[ and ]', 'a[b]'],
    ['backslash', 'a\\b'],
    ['backtick', 'a`b'],
    ['€', 'a€b'],
  ])('keeps characters not in the list: %s', (_label, name) => {
    expect(formatPageName(name)).toBe(name);
  });

  it('keeps a single hyphen', () => {
    expect(formatPageName('a-b')).toBe('a-b');
  });

  it('combines every rule', () => {
    expect(formatPageName("  Summer   SALE!! -- 50% Off (Men's)  ")).toBe('summer-sale-50-off-mens');
  });

  it('is idempotent', () => {
    for (const name of ['  Summer   SALE!! -- 50% Off  ', 'a - b', 'Été/2024_x', '!!!', 'x  -  y']) {
      const once = formatPageName(name);
      expect(formatPageName(once)).toBe(once);
    }
  });
});

describe('pagesNamedLike', () => {
  const key = (changes: Partial<PageKey> = {}): PageKey => ({
    fascia: 'site_jd',
    country: 'gb',
    page: 'summer-sale',
    source: 'content-editor',
    platform: 'web',
    ...changes,
  });

  it('finds the pages of the same fascia, country and name, the exact key first', () => {
    const app = key({ platform: 'app' });
    const exact = key();
    expect(pagesNamedLike([app, key({ page: 'other' }), exact], key())).toEqual([exact, app]);
  });

  it('finds nothing for a free name, or the same name in another fascia or country', () => {
    expect(pagesNamedLike([key({ fascia: 'site_sz' }), key({ country: 'de' }), key({ page: 'x' })], key())).toEqual([]);
  });
});
