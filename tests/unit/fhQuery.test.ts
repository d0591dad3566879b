import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OPEN_GROUP,
  FH_ATTRIBUTE_ORDER,
  addFilter,
  clearAll,
  countLine,
  fhLocation,
  fhQueryString,
  initialFhQuery,
  removeFilter,
  toggleGroup,
  formatFhLocation,
  parseFhLocation,
  type FhFilter,
  type FhLocation,
} from '../../core/rules/fhQuery';
import { FACET_NAMES as FH_ATTRIBUTES } from '../../main/services/sampleCatalogue';

const men: FhFilter = { facet: 'categories', value: 'men', label: 'Men' };
const menFootwear: FhFilter = { facet: 'categories', value: 'men/footwear', label: 'Footwear' };
const nike: FhFilter = { facet: 'brand', value: 'nike', label: 'Nike' };
const adidas: FhFilter = { facet: 'brand', value: 'adidas', label: 'adidas' };
const black: FhFilter = { facet: 'colour', value: 'black', label: 'Black' };
const sale: FhFilter = { facet: 'isonsale', value: '1', label: 'On sale' };
const fresh: FhFilter = { facet: 'isnew', value: '1', label: 'New in' };

describe('query builder state (editor spec §2)', () => {
  it('starts with no filter and the Categories group open', () => {
    expect(initialFhQuery()).toEqual({ filters: [], openGroups: ['categories'] });
    expect(DEFAULT_OPEN_GROUP).toBe('categories');
  });

  it('adds filters once each, a category replacing the current one', () => {
    let state = addFilter(initialFhQuery(), men);
    state = addFilter(state, nike);
    expect(addFilter(state, { ...nike })).toBe(state);
    state = addFilter(state, adidas);
    state = addFilter(state, menFootwear);
    expect(state.filters).toEqual([nike, adidas, menFootwear]);
    state = addFilter(addFilter(state, sale), sale);
    expect(state.filters.filter((filter) => filter.facet === 'isonsale')).toHaveLength(1);
  });

  it('removes tabs one by one and clears them all', () => {
    let state = [men, nike, black, sale].reduce(addFilter, initialFhQuery());
    state = removeFilter(state, 'brand', 'nike');
    expect(state.filters).toEqual([men, black, sale]);
    expect(removeFilter(state, 'brand', 'nike')).toBe(state);
    const cleared = clearAll(toggleGroup(state, 'brand'));
    expect(cleared).toEqual({ filters: [], openGroups: ['categories', 'brand'] });
    expect(clearAll(cleared)).toBe(cleared);
  });

  it('toggles facet groups open and closed', () => {
    const closed = toggleGroup(initialFhQuery(), 'categories');
    expect(closed.openGroups).toEqual([]);
    expect(toggleGroup(closed, 'categories').openGroups).toEqual(['categories']);
  });

  it('counts products only above 0', () => {
    expect(countLine(0)).toBeNull();
    expect(countLine(-1)).toBeNull();
    expect(countLine(Number.NaN)).toBeNull();
    expect(countLine(1)).toBe('1 product found');
    expect(countLine(2)).toBe('2 products found');
    expect(countLine(363)).toBe('363 products found');
  });
});

describe('fhLocation', () => {
  it('is the universe and locale alone without filters', () => {
    expect(fhLocation('jdsportsuk', 'en_GB', [])).toBe('//jdsportsuk/en_GB');
    expect(fhQueryString('jdsportsuk', 'en_GB', [])).toBe('fh_location=//jdsportsuk/en_GB');
  });

  it('lists category, attributes, on sale and new in, values URL-encoded', () => {
    expect(fhLocation('jdsportsuk', 'en_GB', [menFootwear, nike, sale])).toBe(
      '//jdsportsuk/en_GB/categories<{men%2Ffootwear}/brand>{nike}/isonsale=1',
    );
    expect(fhQueryString('jdsportsuk', 'en_GB', [menFootwear, nike, sale])).toBe(
      'fh_location=//jdsportsuk/en_GB/categories<{men%2Ffootwear}/brand>{nike}/isonsale=1',
    );
    // Fixed order whatever the order of choosing; alternatives of one attribute joined by ';'.
    expect(fhLocation('scottsuk', 'en_GB', [fresh, sale, black, adidas, menFootwear, nike])).toBe(
      '//scottsuk/en_GB/categories<{men%2Ffootwear}/brand>{adidas;nike}/colour>{black}/isonsale=1/isnew=1',
    );
    expect(
      fhLocation('jdsportsuk', 'en_GB', [
        { facet: 'size', value: '9.5', label: '9.5' },
        { facet: 'price', value: '25-50', label: '£25 - £50' },
      ]),
    ).toBe('//jdsportsuk/en_GB/size>{9.5}/price>{25-50}');
  });

  it('encodes characters that would break the grammar', () => {
    expect(fhLocation('jdsportsuk', 'en_GB', [{ facet: 'brand', value: 'a;b {c}/d', label: 'x' }])).toBe(
      '//jdsportsuk/en_GB/brand>{a%3Bb%20%7Bc%7D%2Fd}',
    );
  });

  it('puts attributes the sample does not know after the known ones', () => {
    expect(fhLocation('u', 'en_GB', [{ facet: 'fit', value: 'slim', label: 'Slim' }, nike])).toBe(
      '//u/en_GB/brand>{nike}/fit>{slim}',
    );
  });

  it('reads back through the sample service grammar, unchanged', () => {
    expect([...FH_ATTRIBUTE_ORDER]).toEqual([...FH_ATTRIBUTES]);
    const cases: FhFilter[][] = [
      [],
      [men],
      [menFootwear, nike, sale],
      [fresh, sale, black, adidas, menFootwear, nike],
      [
        { facet: 'size', value: '9.5', label: '9.5' },
        { facet: 'price', value: 'under-25', label: 'Under £25' },
      ],
    ];
    for (const filters of cases) {
      const text = fhLocation('jdsportsuk', 'en_GB', filters);
      const parsed = parseFhLocation(text);
      expect(parsed.ok, text).toBe(true);
      if (!parsed.ok) continue;
      expect(formatFhLocation(parsed.location)).toBe(text);
      expect(parsed.location.isOnSale).toBe(filters.includes(sale));
      expect(parsed.location.isNew).toBe(filters.includes(fresh));
    }
    const parsed = parseFhLocation(fhLocation('jdsportsuk', 'en_GB', [menFootwear, adidas, nike]));
    expect(parsed.ok && parsed.location).toMatchObject({
      categoryPath: 'men/footwear',
      attributes: { brand: ['adidas', 'nike'] },
    });
  });
});

describe('parseFhLocation', () => {
  it('reads universe, locale, category, attributes and flags', () => {
    expect(parseFhLocation('//jdsportsuk/en_GB/categories<{men%2Ffootwear}/brand>{stride}/isonsale=1')).toEqual({
      ok: true,
      location: {
        universe: 'jdsportsuk',
        locale: 'en_GB',
        categoryPath: 'men/footwear',
        attributes: { brand: ['stride'] },
        isOnSale: true,
        isNew: false,
      },
    });
    const parsed = parseFhLocation(
      '//tessuti/en_GB/categories<{women/clothing}/colour>{Black;white}/size>{one%20size}/isnew=1/',
    );
    expect(parsed).toEqual({
      ok: true,
      location: {
        universe: 'tessuti',
        locale: 'en_GB',
        categoryPath: 'women/clothing',
        attributes: { colour: ['black', 'white'], size: ['one size'] },
        isOnSale: false,
        isNew: true,
      },
    });
    expect(parseFhLocation('//jdsportsuk/en_GB')).toMatchObject({
      ok: true,
      location: { categoryPath: null, attributes: {} },
    });
  });

  it.each([
    ['jdsportsuk/en_GB', /must start with/],
    ['//jdsportsuk', /locale/],
    ['//jdsportsuk/english', /locale/],
    ['//jd sports/en_GB', /universe/],
    ['//jdsportsuk/en_GB/material>{cotton}', /attribute 'material'/],
    ['//jdsportsuk/en_GB/brand>{a}/brand>{b}', /more than once/],
    ['//jdsportsuk/en_GB/categories<{men}/categories<{women}', /more than once/],
    ['//jdsportsuk/en_GB/categories<{../etc}', /not a category path/],
    ['//jdsportsuk/en_GB/brand>{stride', /without its '}'/],
    ['//jdsportsuk/en_GB/brand>{%E0%A4%A}', /URL-encoded/],
    ['//jdsportsuk/en_GB/brand>{}', /1 to 100/],
    ['//jdsportsuk/en_GB//isnew=1', /empty criterion/],
    ['//jdsportsuk/en_GB/isonsale=0', /not supported/],
    ['//jdsportsuk/en_GB/price<{10}', /not supported/],
  ])('refuses %s', (text, message) => {
    const parsed = parseFhLocation(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });

  it('formats a location that parses back to itself', () => {
    const location: FhLocation = {
      universe: 'jdsportsuk',
      locale: 'en_GB',
      categoryPath: 'men/clothing',
      attributes: { size: ['7-8y', 'one size'], brand: ['volt'] },
      isOnSale: true,
      isNew: true,
    };
    const text = formatFhLocation(location);
    expect(text).toBe(
      '//jdsportsuk/en_GB/categories<{men%2Fclothing}/brand>{volt}/size>{7-8y;one%20size}/isonsale=1/isnew=1',
    );
    expect(parseFhLocation(text)).toEqual({ ok: true, location });
  });
});

describe('one grammar for writer and reader', () => {
  const slug = fc.stringMatching(/^[a-z0-9]+(-[a-z0-9]+)*$/, { maxLength: 12 });
  // Values as the reader keeps them: trimmed, lowercase, 1 to 100 characters; the grammar's own characters
  // come often, any other character now and then.
  const character = fc.oneof(
    fc.constantFrom(';', '{', '}', '/', '%', ' ', '<', '>', '=', 'a', '9'),
    fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }),
  );
  const value = fc
    .string({ minLength: 1, maxLength: 100, unit: character })
    .map((text) => text.trim().toLowerCase())
    .filter((text) => text !== '' && text.length <= 100);
  const location = fc.record({
    universe: fc.stringMatching(/^[a-z0-9_-]{1,64}$/),
    locale: fc.constantFrom('en_GB', 'de_DE', 'fr_FR'),
    categoryPath: fc.option(
      fc.array(slug, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/')),
      { nil: null },
    ),
    attributes: fc.record(
      Object.fromEntries(
        FH_ATTRIBUTE_ORDER.map((name) => [name, fc.uniqueArray(value, { minLength: 1, maxLength: 4 })]),
      ),
      { requiredKeys: [] },
    ),
    isOnSale: fc.boolean(),
    isNew: fc.boolean(),
  });

  it('reads back every location it writes, whatever the values hold', () => {
    fc.assert(
      fc.property(location, (written) => {
        expect(parseFhLocation(formatFhLocation(written))).toEqual({ ok: true, location: written });
      }),
    );
  });
});
