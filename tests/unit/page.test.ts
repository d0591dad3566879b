import { describe, expect, it } from 'vitest';
import {
  bookmarkFor,
  buildPageContent,
  COMMIT_MESSAGE_MAX,
  COMMIT_MESSAGE_REQUIRED,
  commitMessageError,
  documentHash,
  isDirty,
  metaFromPage,
  s3JsonUrl,
  versionHash,
  type SaveInput,
} from '../../core/rules/page';
import { emptyPageMeta, PageContentSchema, type Component, type PageKey, type PageMeta } from '../../core/schemas';

const KEY: PageKey = { fascia: 'site_jd', country: 'fr', page: 'summer-sale', source: 'ios', platform: 'app' };

const components = (): Component[] => [
  {
    _component: 'Banner',
    _identifier: 'Bannerabcdefghij',
    name: 'Top banner',
    hidden: false,
    classes: ['wide'],
    content: { title: 'Summer', size: { selectBox: { current: 'l', options: 'sizes' } } },
  },
  {
    _component: 'Carousel',
    _identifier: 'Carousel0123456789',
    name: 'Carousel',
    hidden: true,
    classes: [],
    content: { items: [{ image: 'a.jpg' }] },
  },
];

const meta = (overrides: Partial<PageMeta> = {}): PageMeta => ({
  category: 'Trainers',
  subcategory: 'Running',
  pageLinks: { uat: { desktop: 'ud', mobile: 'um' }, live: { desktop: 'ld', mobile: 'lm' } },
  stylesheets: [],
  customStyles: '.a{color:red}',
  scripts: [],
  customScripts: 'console.log(1)',
  ...overrides,
});

const saveInput = (overrides: Partial<SaveInput> = {}): SaveInput => ({
  key: KEY,
  meta: meta(),
  components: components(),
  author: 'Alice.Smith@Example.COM',
  commitMessage: 'Summer banner',
  apiUrl: 'https://content.example/api/',
  now: new Date(Date.UTC(2024, 4, 1, 10, 30, 15, 250)),
  ...overrides,
});

describe('s3JsonUrl', () => {
  it('is {platform}/{source}/{page}/uat/{country}.json', () => {
    expect(s3JsonUrl(KEY)).toBe('app/ios/summer-sale/uat/fr.json');
    expect(s3JsonUrl({ fascia: 'site_sz', country: 'gb', page: 'home', source: 'web-main', platform: 'web' })).toBe(
      'web/web-main/home/uat/gb.json',
    );
  });

  it('takes another status when given one', () => {
    expect(s3JsonUrl(KEY, 'live')).toBe('app/ios/summer-sale/live/fr.json');
  });

  it('does not include the fascia', () => {
    expect(s3JsonUrl({ ...KEY, fascia: 'site_hs' })).toBe(s3JsonUrl(KEY));
  });
});

describe('bookmarkFor', () => {
  it('is stable for a key, also when built separately with another property order', () => {
    const reordered: PageKey = {
      platform: 'app',
      source: 'ios',
      page: 'summer-sale',
      country: 'fr',
      fascia: 'site_jd',
    };
    expect(bookmarkFor(KEY)).toBe(bookmarkFor({ ...KEY }));
    expect(bookmarkFor(reordered)).toBe(bookmarkFor(KEY));
  });

  it.each([
    ['fascia', { fascia: 'site_sz' }],
    ['country', { country: 'gb' }],
    ['platform', { platform: 'web' }],
    ['source', { source: 'android' }],
    ['page', { page: 'winter-sale' }],
  ] as const)('changes when the %s changes', (_part, change) => {
    expect(bookmarkFor({ ...KEY, ...change })).not.toBe(bookmarkFor(KEY));
  });

  it('gives distinct bookmarks for every combination of a few key parts', () => {
    const seen = new Set<string>();
    let count = 0;
    for (const fascia of ['site_jd', 'app_jd', 'jd'])
      for (const country of ['gb', 'fr'] as const)
        for (const platform of ['app', 'web'] as const)
          for (const source of ['ios', 'android', 'ios-2'])
            for (const page of ['home', 'home-2', 'sale page']) {
              seen.add(bookmarkFor({ fascia, country, platform, source, page }));
              count++;
            }
    expect(seen.size).toBe(count);
  });

  it('is URL-safe: only unreserved characters and percent escapes', () => {
    const key: PageKey = { ...KEY, page: 'Été sale?x=1&y=#2 50%', source: 'a b+c' };
    const bookmark = bookmarkFor(key);
    expect(bookmark).toMatch(/^(?:[A-Za-z0-9\-_.!~*'()]|%[0-9A-F]{2})+$/);
    expect(bookmark).not.toMatch(/[/?#&= ]/);
    expect(new URL(`http://host/editor/${bookmark}`).pathname).toBe(`/editor/${bookmark}`);
  });

  it('is readable: a plain key shows its parts', () => {
    const bookmark = bookmarkFor(KEY);
    for (const part of ['site_jd', 'fr', 'app', 'ios', 'summer-sale']) expect(bookmark).toContain(part);
  });
});

describe('buildPageContent', () => {
  it('has every field of editor spec §3 and no others', () => {
    const input = saveInput();
    expect(buildPageContent(input)).toStrictEqual({
      fascia: 'site_jd',
      page: 'summer-sale',
      author: 'alice.smith@example.com',
      country: 'fr',
      status: 'uat',
      category: 'Trainers',
      subcategory: 'Running',
      timestamp: '2024-05-01T10:30:15.250Z',
      content: components(),
      apiUrl: 'https://content.example/api/',
      hash: documentHash(meta(), components()),
      source: 'ios',
      commitMessage: 'Summer banner',
      platform: 'app',
      customStyles: '.a{color:red}',
      customScripts: 'console.log(1)',
      pageLinks: { uat: { desktop: 'ud', mobile: 'um' }, live: { desktop: 'ld', mobile: 'lm' } },
      s3JsonUrl: 'app/ios/summer-sale/uat/fr.json',
    });
  });

  it('lowercases the author', () => {
    expect(buildPageContent(saveInput({ author: 'BOB@SHOP.CO.UK' })).author).toBe('bob@shop.co.uk');
  });

  it('always saves with status uat', () => {
    expect(buildPageContent(saveInput()).status).toBe('uat');
    expect(buildPageContent(saveInput()).s3JsonUrl).toContain('/uat/');
  });

  it('writes the timestamp as ISO 8601 in UTC', () => {
    const page = buildPageContent(saveInput({ now: new Date('2024-12-31T23:59:59.999+02:00') }));
    expect(page.timestamp).toBe('2024-12-31T21:59:59.999Z');
    expect(page.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("hashes the editable document: page fields count, the save's own stamp does not", () => {
    const a = buildPageContent(saveInput());
    // A page loaded as it was saved is clean: its version hash is its document's.
    expect(a.hash).toBe(documentHash(metaFromPage(a), a.content));
    expect(versionHash(a)).toBe(a.hash);
    expect(buildPageContent(saveInput({ commitMessage: 'x', now: new Date(0), author: 'bob@example.com' })).hash).toBe(
      a.hash,
    );
    // Only page fields changed: a new hash, so a save based on the version before meets a conflict.
    for (const change of [{ category: 'Other' }, { customStyles: '.b{}' }, { scripts: ['https://cdn/x.js'] }]) {
      expect(buildPageContent(saveInput({ meta: meta(change) })).hash).not.toBe(a.hash);
    }
    const changed = components();
    changed[0]!.content.title = 'Winter';
    expect(buildPageContent(saveInput({ components: changed })).hash).not.toBe(a.hash);
  });

  it('leaves out stylesheets and scripts when empty', () => {
    const page = buildPageContent(saveInput());
    expect('stylesheets' in page).toBe(false);
    expect('scripts' in page).toBe(false);
  });

  it('includes stylesheets and scripts when non-empty', () => {
    const page = buildPageContent(saveInput({ meta: meta({ stylesheets: ['a.css', 'b.css'], scripts: ['a.js'] }) }));
    expect(page.stylesheets).toEqual(['a.css', 'b.css']);
    expect(page.scripts).toEqual(['a.js']);
  });

  it('includes only the non-empty one of the two lists', () => {
    const withStyles = buildPageContent(saveInput({ meta: meta({ stylesheets: ['a.css'] }) }));
    expect(withStyles.stylesheets).toEqual(['a.css']);
    expect('scripts' in withStyles).toBe(false);
    const withScripts = buildPageContent(saveInput({ meta: meta({ scripts: ['a.js'] }) }));
    expect(withScripts.scripts).toEqual(['a.js']);
    expect('stylesheets' in withScripts).toBe(false);
  });

  it('builds content the page content schema accepts', () => {
    for (const m of [meta(), meta({ stylesheets: ['a.css'], scripts: ['a.js'] })]) {
      const page = buildPageContent(saveInput({ meta: m }));
      expect(PageContentSchema.parse(page)).toEqual(page);
    }
  });
});

describe('metaFromPage', () => {
  it('inverts buildPageContent', () => {
    for (const m of [meta(), meta({ stylesheets: ['a.css'], scripts: ['a.js', 'b.js'] }), emptyPageMeta()]) {
      expect(metaFromPage(buildPageContent(saveInput({ meta: m })))).toStrictEqual(m);
    }
  });

  it('fills empty links and lists for a page saved without them', () => {
    const page = buildPageContent(saveInput());
    delete page.pageLinks;
    expect(metaFromPage(page)).toStrictEqual({ ...meta(), pageLinks: emptyPageMeta().pageLinks });
  });
});

describe('commitMessageError', () => {
  it.each(['', ' ', '   ', '\t', '\n'])('asks for a message when it is %j', (message) => {
    expect(commitMessageError(message)).toBe('Please enter a message for the changes.');
  });

  it('uses the message of editor spec §8', () => {
    expect(COMMIT_MESSAGE_REQUIRED).toBe('Please enter a message for the changes.');
    expect(COMMIT_MESSAGE_MAX).toBe(150);
  });

  it('accepts 150 characters', () => {
    expect(commitMessageError('a'.repeat(150))).toBeNull();
  });

  it('rejects 151 characters with a length error', () => {
    const error = commitMessageError('a'.repeat(151));
    expect(error).toEqual(expect.any(String));
    expect(error).not.toBe(COMMIT_MESSAGE_REQUIRED);
    expect(error).toContain('150');
  });

  it('accepts an ordinary message, including one with surrounding spaces', () => {
    expect(commitMessageError('Fix typo')).toBeNull();
    expect(commitMessageError(' a ')).toBeNull();
    expect(commitMessageError('x')).toBeNull();
  });
});

describe('documentHash and isDirty', () => {
  it('is clean when the document matches its clean hash', () => {
    const m = meta();
    const c = components();
    expect(isDirty({ meta: m, components: c, cleanHash: documentHash(m, c) })).toBe(false);
  });

  it('stays clean for an equal document built separately', () => {
    expect(isDirty({ meta: meta(), components: components(), cleanHash: documentHash(meta(), components()) })).toBe(
      false,
    );
  });

  it('is dirty after a component change', () => {
    const cleanHash = documentHash(meta(), components());
    const changed = components();
    changed[1]!.hidden = false;
    expect(isDirty({ meta: meta(), components: changed, cleanHash })).toBe(true);
  });

  it('is dirty after a metadata change', () => {
    const cleanHash = documentHash(meta(), components());
    expect(isDirty({ meta: meta({ customStyles: '' }), components: components(), cleanHash })).toBe(true);
    expect(isDirty({ meta: meta({ stylesheets: ['a.css'] }), components: components(), cleanHash })).toBe(true);
  });

  it('is dirty after reordering components', () => {
    const cleanHash = documentHash(meta(), components());
    expect(isDirty({ meta: meta(), components: components().reverse(), cleanHash })).toBe(true);
  });

  it('is clean again when a change is undone', () => {
    const cleanHash = documentHash(meta(), components());
    const c = components();
    c[0]!.name = 'Changed';
    expect(isDirty({ meta: meta(), components: c, cleanHash })).toBe(true);
    c[0]!.name = 'Top banner';
    expect(isDirty({ meta: meta(), components: c, cleanHash })).toBe(false);
  });

  it('separates metadata from components', () => {
    expect(documentHash(meta(), [])).not.toBe(documentHash(emptyPageMeta(), []));
    expect(documentHash(meta(), components())).not.toBe(documentHash(meta(), []));
    expect(documentHash(meta(), components())).toMatch(/^[0-9a-f]{16}$/);
  });
});
