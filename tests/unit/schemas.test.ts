import { describe, expect, it } from 'vitest';
import { buildPageContent, documentHash } from '../../core/rules/page';
import {
  ComponentListSchema,
  ComponentSchema,
  DraftSchema,
  EmailSchema,
  PageContentSchema,
  PageKeySchema,
  ProductDetailsSchema,
  emptyPageMeta,
  type Draft,
  type PageKey,
} from '../../core/schemas';
import { COUNTRY_CODES } from '../../core/countries';

/** A copy of `value` without `key`. */
function without<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  const copy: Partial<T> = { ...value };
  delete copy[key];
  return copy as Omit<T, K>;
}

const KEY: PageKey = { fascia: 'jd', country: 'gb', page: 'home', source: 'ios', platform: 'app' };

const component = (id: string, extra: Record<string, unknown> = {}) => ({
  _component: 'Banner',
  _identifier: id,
  name: 'Banner',
  hidden: false,
  classes: [],
  content: { title: 'Hi' },
  ...extra,
});

function pageContent(options: { stylesheets?: string[]; scripts?: string[] } = {}) {
  return buildPageContent({
    key: KEY,
    meta: {
      ...emptyPageMeta(),
      category: 'Trainers',
      stylesheets: options.stylesheets ?? [],
      scripts: options.scripts ?? [],
    },
    components: [component('Banner0123456789'), component('Bannerabcdefghij')],
    author: 'Alice@Example.com',
    commitMessage: 'First version',
    apiUrl: 'http://127.0.0.1:4000/',
    now: new Date('2024-05-01T10:00:00.000Z'),
  });
}

/** The issue paths of a failed parse, joined with dots. */
function issuePaths(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }): string[] {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((issue) => issue.path.map(String).join('.'));
}

describe('ComponentSchema', () => {
  it('keeps unknown fields through a round trip', () => {
    const input = { ...component('Banner0123456789'), futureField: { nested: [1, 2] }, version: 3 };
    const parsed = ComponentSchema.parse(input);
    expect(parsed).toEqual(input);
    expect((parsed as Record<string, unknown>).futureField).toEqual({ nested: [1, 2] });
    expect(ComponentSchema.parse(JSON.parse(JSON.stringify(parsed)))).toEqual(input);
  });

  it('keeps preload when present', () => {
    const input = component('Banner0123456789', { preload: { desktop: '<b>d</b>', mobile: '<b>m</b>' } });
    expect(ComponentSchema.parse(input).preload).toEqual({ desktop: '<b>d</b>', mobile: '<b>m</b>' });
  });

  it('applies defaults for name, hidden, classes and content', () => {
    expect(ComponentSchema.parse({ _component: 'Banner', _identifier: 'Bannerabcdefghij' })).toEqual({
      _component: 'Banner',
      _identifier: 'Bannerabcdefghij',
      name: '',
      hidden: false,
      classes: [],
      content: {},
    });
  });

  it('does not overwrite given values with defaults', () => {
    const parsed = ComponentSchema.parse(component('B1', { name: 'Top', hidden: true, classes: ['x'] }));
    expect(parsed.name).toBe('Top');
    expect(parsed.hidden).toBe(true);
    expect(parsed.classes).toEqual(['x']);
    expect(parsed.content).toEqual({ title: 'Hi' });
  });

  it('rejects a missing or empty _component', () => {
    expect(issuePaths(ComponentSchema.safeParse(without(component('B1'), '_component')))).toContain('_component');
    expect(issuePaths(ComponentSchema.safeParse({ ...component('B1'), _component: '' }))).toContain('_component');
  });

  it('rejects a missing or empty _identifier', () => {
    expect(issuePaths(ComponentSchema.safeParse(without(component('B1'), '_identifier')))).toContain('_identifier');
    expect(issuePaths(ComponentSchema.safeParse({ ...component('B1'), _identifier: '' }))).toContain('_identifier');
  });

  it('rejects wrongly typed known fields', () => {
    expect(issuePaths(ComponentSchema.safeParse({ ...component('B1'), hidden: 'yes' }))).toContain('hidden');
    expect(issuePaths(ComponentSchema.safeParse({ ...component('B1'), classes: 'a,b' }))).toContain('classes');
    expect(issuePaths(ComponentSchema.safeParse({ ...component('B1'), content: [] }))).toContain('content');
  });
});

describe('ComponentListSchema', () => {
  it('accepts distinct identifiers', () => {
    expect(ComponentListSchema.safeParse([component('A1'), component('A2')]).success).toBe(true);
  });

  it('rejects duplicate identifiers with the path of the duplicate', () => {
    const result = ComponentListSchema.safeParse([component('A1'), component('A2'), component('A1')]);
    expect(issuePaths(result)).toEqual(['2._identifier']);
    expect(result.error?.issues[0]?.message).toContain('A1');
  });
});

describe('PageKeySchema', () => {
  it('accepts a plain key', () => {
    expect(PageKeySchema.parse(KEY)).toEqual(KEY);
  });

  it.each(['..', '.', '.hidden', 'a/b', 'a\\b', '', '/abs', 'a\u0000b', 'line\nbreak'])('rejects page %j', (page) => {
    expect(new Set(issuePaths(PageKeySchema.safeParse({ ...KEY, page })))).toEqual(new Set(['page']));
  });

  it.each(['fascia', 'source'] as const)('applies the same segment rule to %s', (field) => {
    expect(issuePaths(PageKeySchema.safeParse({ ...KEY, [field]: '..' }))).toEqual([field]);
    expect(issuePaths(PageKeySchema.safeParse({ ...KEY, [field]: 'a/b' }))).toEqual([field]);
  });

  it('accepts every country of editor spec §3', () => {
    for (const country of COUNTRY_CODES) expect(PageKeySchema.safeParse({ ...KEY, country }).success).toBe(true);
  });

  it.each(['xx', 'uk', 'GB', ''])('rejects unknown country %j', (country) => {
    expect(new Set(issuePaths(PageKeySchema.safeParse({ ...KEY, country })))).toEqual(new Set(['country']));
  });

  it('rejects an unknown platform', () => {
    expect(issuePaths(PageKeySchema.safeParse({ ...KEY, platform: 'desktop' }))).toEqual(['platform']);
  });
});

describe('PageContentSchema', () => {
  it('accepts content built by buildPageContent', () => {
    const page = pageContent();
    expect(PageContentSchema.parse(page)).toEqual(page);
  });

  it('accepts content with stylesheets and scripts', () => {
    const page = pageContent({ stylesheets: ['https://cdn/a.css'], scripts: ['https://cdn/a.js'] });
    expect(PageContentSchema.parse(page)).toEqual(page);
  });

  it('keeps fields it does not know', () => {
    const page = { ...pageContent(), teamField: 'kept' };
    expect(PageContentSchema.parse(page)).toEqual(page);
  });

  it.each(['live', 'UAT', 'prod', ''])('rejects status %j', (status) => {
    expect(issuePaths(PageContentSchema.safeParse({ ...pageContent(), status }))).toEqual(['status']);
  });

  it.each(['yesterday', '2024-05-01', '2024-13-01T10:00:00.000Z', '2024-05-01 10:00:00', ''])(
    'rejects timestamp %j',
    (timestamp) => {
      expect(issuePaths(PageContentSchema.safeParse({ ...pageContent(), timestamp }))).toEqual(['timestamp']);
    },
  );

  it('rejects a timestamp with an offset (timestamps are UTC)', () => {
    const result = PageContentSchema.safeParse({ ...pageContent(), timestamp: '2024-05-01T10:00:00+02:00' });
    expect(issuePaths(result)).toEqual(['timestamp']);
  });

  it('rejects empty stylesheets or scripts lists when present', () => {
    expect(issuePaths(PageContentSchema.safeParse({ ...pageContent(), stylesheets: [] }))).toEqual(['stylesheets']);
    expect(issuePaths(PageContentSchema.safeParse({ ...pageContent(), scripts: [] }))).toEqual(['scripts']);
  });

  it('rejects duplicate component identifiers in content', () => {
    const page = pageContent();
    const result = PageContentSchema.safeParse({ ...page, content: [page.content[0], page.content[0]] });
    expect(issuePaths(result)).toEqual(['content.1._identifier']);
  });

  it('rejects a page name that is not a safe segment', () => {
    expect(issuePaths(PageContentSchema.safeParse({ ...pageContent(), page: '../x' }))).toEqual(['page']);
  });
});

describe('EmailSchema', () => {
  it('lowercases the address', () => {
    expect(EmailSchema.parse('Alice.Smith@Example.COM')).toBe('alice.smith@example.com');
  });

  it.each(['', 'alice', 'alice@', '@example.com', 'alice example.com'])('rejects %j', (email) => {
    const result = EmailSchema.safeParse(email);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Enter a valid email address');
  });
});

describe('DraftSchema', () => {
  function draft(): Draft {
    const meta = emptyPageMeta();
    const components = [ComponentSchema.parse(component('Banner0123456789'))];
    return {
      bookmark: 'jd~gb~app~ios~home',
      key: KEY,
      meta,
      components,
      baseHash: null,
      cleanHash: documentHash(meta, components),
      updatedAt: '2024-05-01T10:00:00.000Z',
    };
  }

  it('accepts a draft, with or without a base hash', () => {
    expect(DraftSchema.parse(draft())).toEqual(draft());
    expect(DraftSchema.parse({ ...draft(), baseHash: 'abc' }).baseHash).toBe('abc');
  });

  it('rejects an empty bookmark', () => {
    expect(issuePaths(DraftSchema.safeParse({ ...draft(), bookmark: '' }))).toEqual(['bookmark']);
  });

  it('rejects a bad key, checking its segments', () => {
    expect(issuePaths(DraftSchema.safeParse({ ...draft(), key: { ...KEY, page: '..' } }))).toEqual(['key.page']);
  });

  it('rejects a bad updatedAt', () => {
    expect(issuePaths(DraftSchema.safeParse({ ...draft(), updatedAt: 'now' }))).toEqual(['updatedAt']);
  });

  it('rejects missing meta fields', () => {
    const meta = without(emptyPageMeta(), 'customScripts');
    expect(issuePaths(DraftSchema.safeParse({ ...draft(), meta }))).toEqual(['meta.customScripts']);
  });

  it('rejects duplicate component identifiers', () => {
    const d = draft();
    const result = DraftSchema.safeParse({ ...d, components: [d.components[0], d.components[0]] });
    expect(issuePaths(result)).toEqual(['components.1._identifier']);
  });

  it('rejects an undefined base hash (it must be null or a string)', () => {
    expect(issuePaths(DraftSchema.safeParse(without(draft(), 'baseHash')))).toEqual(['baseHash']);
  });
});

describe('ProductDetailsSchema', () => {
  const images = { a: 'a.jpg', b: 'b.jpg', c: 'c.jpg', d: 'd.jpg', e: 'e.jpg', f: 'f.jpg' };
  const product = {
    plu: '123456',
    secondid: '654321',
    title: 'Runner',
    url: '/product/runner/123456/',
    brand: 'Brand',
    category: 'Trainers',
    price: { was: '100.00', now: '80.00' },
    images,
  };

  it('accepts images keyed a to f', () => {
    expect(ProductDetailsSchema.parse(product)).toEqual(product);
  });

  it.each(['g', 'A', 'main', '1'])('rejects image key %j', (key) => {
    const result = ProductDetailsSchema.safeParse({ ...product, images: { ...images, [key]: 'x.jpg' } });
    expect(result.success).toBe(false);
    expect(issuePaths(result).some((path) => path.startsWith('images'))).toBe(true);
  });

  it('rejects a non-string image', () => {
    expect(issuePaths(ProductDetailsSchema.safeParse({ ...product, images: { ...images, a: 1 } }))).toEqual([
      'images.a',
    ]);
  });

  it('rejects a price that is not {was, now}', () => {
    expect(issuePaths(ProductDetailsSchema.safeParse({ ...product, price: { now: '1' } }))).toEqual(['price.was']);
  });
});
