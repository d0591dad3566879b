import { describe, expect, it } from 'vitest';
import {
  COPY_TOAST,
  COPY_TOAST_MS,
  DEFAULT_FASCIA_STORES,
  LANDING_PAGE_CHANNELS,
  LINK_TYPES,
  PLACEHOLDER,
  addFacet,
  categoryTarget,
  changeLinkType,
  encodeLinkValue,
  generateLink,
  hasBrandFacets,
  initialLinkForm,
  levelOptions,
  linkParts,
  linkText,
  pickLevel,
  removeFacet,
  resetLinkForm,
  storeFor,
  visibleFields,
  type LinkFilters,
  type LinkForm,
  type LinkRequest,
  type LinkType,
} from '../../core/rules/linkGenerator';

const context = { platform: 'app', siteType: 'sites', fascia: 'site_jd', currentApp: 'app_sc' };

function link(type: LinkType, target: string, filters?: LinkFilters, overrides: Partial<LinkRequest> = {}): string {
  const result = generateLink({ ...context, type, target, ...(filters ? { filters } : {}), ...overrides });
  if (!result.ok) throw new Error(`expected a link, got '${result.error.message}'`);
  return result.value;
}

function message(request: Partial<LinkRequest>): string {
  const result = generateLink({ ...context, type: 'custom', target: 'x', ...request });
  if (result.ok) throw new Error(`expected a message, got the link ${result.value}`);
  return result.error.message;
}

describe('encodeLinkValue (editor spec §9)', () => {
  it('encodes each listed character as the spec says', () => {
    expect(encodeLinkValue('{')).toBe('%7B');
    expect(encodeLinkValue('}')).toBe('%7D');
    expect(encodeLinkValue('\n')).toBe('%0A');
    expect(encodeLinkValue(' ')).toBe('%20');
    expect(encodeLinkValue('"')).toBe('%22');
    expect(encodeLinkValue(':')).toBe('%3A');
    expect(encodeLinkValue(',')).toBe('%2C');
    expect(encodeLinkValue('/')).toBe('%2F');
    expect(encodeLinkValue('{\n "a":1,/}')).toBe('%7B%0A%20%22a%22%3A1%2C%2F%7D');
  });

  it('touches nothing else', () => {
    const untouched = "abcXYZ019-_.~!?&#%=+;'()*[]<>@$^|\\`\r\té£";
    expect(encodeLinkValue(untouched)).toBe(untouched);
    // Every printable ASCII character but the eight listed passes through.
    for (let code = 0x20; code < 0x7f; code++) {
      const character = String.fromCharCode(code);
      if ('{}\n ":,/'.includes(character)) continue;
      expect(encodeLinkValue(character), character).toBe(character);
    }
    expect(encodeLinkValue('%7B')).toBe('%7B');
    expect(encodeLinkValue('')).toBe('');
  });
});

describe('generateLink: the link format (applink://{fascia}?type&target[&filters])', () => {
  it('builds each link type without filters', () => {
    expect(link('custom', 'summer sale')).toBe('applink://jd?type=CUSTOM&target=summer%20sale');
    expect(link('category', 'men/footwear/trainers')).toBe(
      'applink://jd?type=CATEGORY&target=men%2Ffootwear%2Ftrainers',
    );
    expect(link('search', 'air max')).toBe('applink://jd?type=SEARCH&target=air%20max');
    expect(link('link', 'https://www.example.com/a,b')).toBe(
      'applink://jd?type=LINK&target=https%3A%2F%2Fwww.example.com%2Fa%2Cb',
    );
    expect(link('nav', 'lp-1001-summer-sale')).toBe('applink://jd?type=NAV&target=lp-1001-summer-sale');
  });

  it('adds each filter as pretty JSON, encoded', () => {
    expect(link('category', 'men', { brandname: 'nike' })).toBe(
      'applink://jd?type=CATEGORY&target=men&filters=%7B%0A%20%20%22brandname%22%3A%20%22nike%22%0A%7D',
    );
    expect(link('category', 'men', { isOnSale: true })).toBe(
      'applink://jd?type=CATEGORY&target=men&filters=%7B%0A%20%20%22isonsale%22%3A%20%221%22%0A%7D',
    );
    expect(link('category', 'men', { isNew: true })).toBe(
      'applink://jd?type=CATEGORY&target=men&filters=%7B%0A%20%20%22isnew%22%3A%20%221%22%0A%7D',
    );
    expect(link('search', 'hoodie', { facets: [{ name: 'colour', value: 'black' }] })).toBe(
      'applink://jd?type=SEARCH&target=hoodie&filters=%7B%0A%20%20%22facet%3Acolour%22%3A%20%22black%22%0A%7D',
    );
  });

  it('orders brandname, isonsale, isnew, then the facet pairs as added', () => {
    const all = {
      brandname: 'nike',
      isOnSale: true,
      isNew: true,
      facets: [
        { name: 'size', value: '9' },
        { name: 'colour', value: 'black' },
      ],
    };
    expect(link('category', 'men/footwear', all)).toBe(
      'applink://jd?type=CATEGORY&target=men%2Ffootwear&filters=' +
        '%7B%0A' +
        '%20%20%22brandname%22%3A%20%22nike%22%2C%0A' +
        '%20%20%22isonsale%22%3A%20%221%22%2C%0A' +
        '%20%20%22isnew%22%3A%20%221%22%2C%0A' +
        '%20%20%22facet%3Asize%22%3A%20%229%22%2C%0A' +
        '%20%20%22facet%3Acolour%22%3A%20%22black%22' +
        '%0A%7D',
    );
    expect(link('search', 'air max', { brandname: 'New Balance', isNew: true })).toBe(
      'applink://jd?type=SEARCH&target=air%20max&filters=' +
        '%7B%0A%20%20%22brandname%22%3A%20%22New%20Balance%22%2C%0A%20%20%22isnew%22%3A%20%221%22%0A%7D',
    );
  });

  it('gives the exact string for every combination of filters, on both filtered types', () => {
    const lines = {
      brand: '%20%20%22brandname%22%3A%20%22nike%22',
      sale: '%20%20%22isonsale%22%3A%20%221%22',
      new: '%20%20%22isnew%22%3A%20%221%22',
      facet: '%20%20%22facet%3Acolour%22%3A%20%22black%22',
    };
    const targets = { category: ['women/clothing', 'women%2Fclothing'], search: ['red shoes', 'red%20shoes'] } as const;
    for (const type of ['category', 'search'] as const) {
      for (let mask = 0; mask < 16; mask++) {
        const filters: LinkFilters = {
          brandname: mask & 1 ? 'nike' : '',
          isOnSale: Boolean(mask & 2),
          isNew: Boolean(mask & 4),
          facets: mask & 8 ? [{ name: 'colour', value: 'black' }] : [],
        };
        const chosen = [
          mask & 1 && lines.brand,
          mask & 2 && lines.sale,
          mask & 4 && lines.new,
          mask & 8 && lines.facet,
        ].filter((line): line is string => typeof line === 'string');
        const [target, encodedTarget] = targets[type];
        const expected =
          `applink://jd?type=${type.toUpperCase()}&target=${encodedTarget}` +
          (chosen.length > 0 ? `&filters=%7B%0A${chosen.join('%2C%0A')}%0A%7D` : '');
        expect(link(type, target, filters), `${type} ${mask}`).toBe(expected);
      }
    }
  });

  it('decodes back to the filters object', () => {
    const generated = link('category', 'kids', {
      brandname: 'adidas',
      isOnSale: true,
      facets: [{ name: 'price', value: 'under-25' }],
    });
    const filters = new URL(generated).searchParams.get('filters') ?? '';
    expect(JSON.parse(filters)).toEqual({ brandname: 'adidas', isonsale: '1', 'facet:price': 'under-25' });
  });

  it('leaves characters outside §9 in the link as they are', () => {
    expect(link('custom', 'a?b&c#d%e')).toBe('applink://jd?type=CUSTOM&target=a?b&c#d%e');
  });

  it('drops blank filters and trims the target', () => {
    expect(
      link('category', '  men  ', { brandname: '  ', isOnSale: false, facets: [{ name: 'colour', value: ' ' }] }),
    ).toBe('applink://jd?type=CATEGORY&target=men');
  });

  it('uses the fascia without its prefix, or the current app with site type apps', () => {
    expect(link('custom', 'x', undefined, { fascia: 'site_sc' })).toBe('applink://sc?type=CUSTOM&target=x');
    expect(link('custom', 'x', undefined, { fascia: 'jd' })).toBe('applink://jd?type=CUSTOM&target=x');
    expect(link('custom', 'x', undefined, { siteType: 'apps' })).toBe('applink://sc?type=CUSTOM&target=x');
    expect(link('custom', 'x', undefined, { siteType: 'apps', currentApp: 'app_ts', fascia: 'site_jd' })).toBe(
      'applink://ts?type=CUSTOM&target=x',
    );
  });

  it('refuses the web platform and unknown platforms with the spec messages', () => {
    expect(message({ platform: 'web' })).toBe('Web link not yet supported.');
    expect(message({ platform: 'desktop' })).toBe('Unable to not generate link.');
    expect(message({ platform: '' })).toBe('Unable to not generate link.');
    // The platform is checked first, even with an empty form.
    expect(message({ platform: 'web', target: '' })).toBe('Web link not yet supported.');
  });

  it('shows the placeholder until there is a target and a fascia', () => {
    expect(PLACEHOLDER).toBe('Use form above to generate link.');
    expect(message({ target: '' })).toBe(PLACEHOLDER);
    expect(message({ target: '   ' })).toBe(PLACEHOLDER);
    expect(message({ siteType: 'apps', currentApp: '' })).toBe(PLACEHOLDER);
    expect(message({ fascia: '' })).toBe(PLACEHOLDER);
    expect(linkText(generateLink({ ...context, type: 'custom', target: '' }))).toBe(PLACEHOLDER);
    expect(linkText(generateLink({ ...context, type: 'custom', target: 'x' }))).toBe(
      'applink://jd?type=CUSTOM&target=x',
    );
  });

  it('keeps the copy toast and landing page channels of the spec', () => {
    expect(COPY_TOAST).toBe('Link copied to Clipboard.');
    expect(COPY_TOAST_MS).toBe(750);
    expect(LANDING_PAGE_CHANNELS).toEqual(['ipad-app', 'android-app-tablet', 'iphone-app', 'android-app-phone']);
  });
});

describe('the link form (editor spec §4)', () => {
  const filled = (type: LinkType): LinkForm => ({
    type,
    target: 't',
    levels: { gender: 'men', category: 'men/footwear', subcategory: 'men/footwear/trainers' },
    facetName: 'size',
    facetValue: '9',
    facets: [{ name: 'colour', value: 'black' }],
    brand: 'nike',
    isOnSale: true,
    isNew: true,
    keywords: 'air',
    url: 'https://x',
    landingPage: 'lp-1',
  });

  it('starts as custom with every field empty', () => {
    expect(initialLinkForm()).toEqual({
      type: 'custom',
      target: '',
      levels: { gender: '', category: '', subcategory: '' },
      facetName: '',
      facetValue: '',
      facets: [],
      brand: '',
      isOnSale: false,
      isNew: false,
      keywords: '',
      url: '',
      landingPage: '',
    });
    expect(LINK_TYPES).toEqual(['custom', 'category', 'search', 'link', 'nav']);
  });

  it('resets every field when the type changes, and on Reset', () => {
    for (const from of LINK_TYPES) {
      for (const to of LINK_TYPES) expect(changeLinkType(filled(from), to)).toEqual(initialLinkForm(to));
    }
    expect(resetLinkForm(filled('category'))).toEqual(initialLinkForm('category'));
  });

  it('shows the fields of each type, the brand select only with brand facets', () => {
    expect(visibleFields('custom', false)).toEqual(['target']);
    expect(visibleFields('category', false)).toEqual([
      'gender',
      'category',
      'subcategory',
      'facetName',
      'facetValue',
      'isOnSale',
      'isNew',
      'reset',
      'add',
    ]);
    expect(visibleFields('category', true)).toEqual([
      'gender',
      'category',
      'subcategory',
      'brand',
      'facetName',
      'facetValue',
      'isOnSale',
      'isNew',
      'reset',
      'add',
    ]);
    expect(visibleFields('search', false)).toEqual(['keywords', 'facetName', 'facetValue', 'isOnSale', 'isNew', 'add']);
    expect(visibleFields('search', true)).toEqual([
      'keywords',
      'brand',
      'facetName',
      'facetValue',
      'isOnSale',
      'isNew',
      'add',
    ]);
    expect(visibleFields('link', true)).toEqual(['url']);
    expect(visibleFields('nav', true)).toEqual(['landingPage']);
    expect(visibleFields('custom', true)).toEqual(['target']);
  });

  it('knows when brand facets exist', () => {
    expect(hasBrandFacets([])).toBe(false);
    expect(hasBrandFacets([{ name: 'colour', values: [1] }])).toBe(false);
    expect(hasBrandFacets([{ name: 'brand', values: [] }])).toBe(false);
    expect(
      hasBrandFacets([
        { name: 'colour', values: [1] },
        { name: 'brand', values: [1] },
      ]),
    ).toBe(true);
  });

  it('resets category and subcategory when the gender is picked, and clears the sale box on any change', () => {
    const form = filled('category');
    const gender = pickLevel(form, 'gender', 'women');
    expect(gender.levels).toEqual({ gender: 'women', category: '', subcategory: '' });
    expect(gender.isOnSale).toBe(false);
    expect(gender.isNew).toBe(true);
    expect(gender.facets).toEqual(form.facets);

    const category = pickLevel(form, 'category', 'men/clothing');
    expect(category.levels).toEqual({ gender: 'men', category: 'men/clothing', subcategory: '' });
    expect(category.isOnSale).toBe(false);

    const subcategory = pickLevel(form, 'subcategory', 'men/footwear/running');
    expect(subcategory.levels).toEqual({
      gender: 'men',
      category: 'men/footwear',
      subcategory: 'men/footwear/running',
    });
    expect(subcategory.isOnSale).toBe(false);
    expect(subcategory.isNew).toBe(true);

    // Picking what is already chosen changes nothing.
    expect(pickLevel(form, 'gender', 'men')).toBe(form);
  });

  it('targets the deepest chosen level and offers each level the children of the one above', () => {
    const tree = [
      {
        name: 'Men',
        path: 'men',
        children: [
          {
            name: 'Footwear',
            path: 'men/footwear',
            children: [{ name: 'Trainers', path: 'men/footwear/trainers', children: [] }],
          },
        ],
      },
      { name: 'Women', path: 'women', children: [] },
    ];
    let form = initialLinkForm('category');
    expect(categoryTarget(form)).toBe('');
    expect(levelOptions(tree, form, 'gender').map((node) => node.path)).toEqual(['men', 'women']);
    expect(levelOptions(tree, form, 'category')).toEqual([]);
    form = pickLevel(form, 'gender', 'men');
    expect(categoryTarget(form)).toBe('men');
    expect(levelOptions(tree, form, 'category').map((node) => node.path)).toEqual(['men/footwear']);
    expect(levelOptions(tree, form, 'subcategory')).toEqual([]);
    form = pickLevel(form, 'category', 'men/footwear');
    expect(levelOptions(tree, form, 'subcategory').map((node) => node.path)).toEqual(['men/footwear/trainers']);
    form = pickLevel(form, 'subcategory', 'men/footwear/trainers');
    expect(categoryTarget(form)).toBe('men/footwear/trainers');
  });

  it('adds facet pairs with Add (one value per facet) and removes them', () => {
    let form: LinkForm = { ...initialLinkForm('search'), facetName: 'colour', facetValue: 'black' };
    form = addFacet(form);
    expect(form.facets).toEqual([{ name: 'colour', value: 'black' }]);
    expect([form.facetName, form.facetValue]).toEqual(['', '']);
    expect(addFacet({ ...form, facetName: 'size', facetValue: ' ' })).toEqual({
      ...form,
      facetName: 'size',
      facetValue: ' ',
    });
    form = addFacet({ ...form, facetName: 'size', facetValue: '9' });
    form = addFacet({ ...form, facetName: 'colour', facetValue: 'white' });
    expect(form.facets).toEqual([
      { name: 'colour', value: 'white' },
      { name: 'size', value: '9' },
    ]);
    expect(removeFacet(form, 0).facets).toEqual([{ name: 'size', value: '9' }]);
    expect(removeFacet(form, 5)).toBe(form);
  });

  it('turns each form into the parts of its link', () => {
    expect(linkParts(filled('custom'))).toEqual({ type: 'custom', target: 't' });
    expect(linkParts(filled('link'))).toEqual({ type: 'link', target: 'https://x' });
    expect(linkParts(filled('nav'))).toEqual({ type: 'nav', target: 'lp-1' });
    const filters = { brandname: 'nike', isOnSale: true, isNew: true, facets: [{ name: 'colour', value: 'black' }] };
    expect(linkParts(filled('category'))).toEqual({ type: 'category', target: 'men/footwear/trainers', filters });
    expect(linkParts(filled('search'))).toEqual({ type: 'search', target: 'air', filters });
    expect(generateLink({ ...context, ...linkParts(filled('nav')) })).toEqual({
      ok: true,
      value: 'applink://jd?type=NAV&target=lp-1',
    });
  });
});

describe('storeFor (editor spec §3, fascia map)', () => {
  it('maps jd, sc and ts with their site_ and app_ forms', () => {
    expect(DEFAULT_FASCIA_STORES).toEqual({
      jd: 'jdsportsuk',
      app_jd: 'jdsportsuk',
      sc: 'scottsuk',
      app_sc: 'scottsuk',
      ts: 'tessuti',
      app_ts: 'tessuti',
    });
    for (const [fascia, store] of [
      ['jd', 'jdsportsuk'],
      ['site_jd', 'jdsportsuk'],
      ['app_jd', 'jdsportsuk'],
      ['sc', 'scottsuk'],
      ['site_sc', 'scottsuk'],
      ['app_sc', 'scottsuk'],
      ['ts', 'tessuti'],
      ['SITE_TS', 'tessuti'],
      ['app_ts', 'tessuti'],
    ]) {
      expect(storeFor(fascia as string), fascia).toBe(store);
    }
  });

  it('answers null for a fascia without a store, and reads other maps', () => {
    expect(storeFor('site_sz')).toBeNull();
    expect(storeFor('')).toBeNull();
    expect(storeFor('toString')).toBeNull();
    expect(storeFor('app_jd', { jd: 'one' })).toBe('one');
    expect(storeFor('app_jd', { jd: 'one', app_jd: 'two' })).toBe('two');
  });
});
