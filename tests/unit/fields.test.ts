import { describe, expect, it } from 'vitest';
import { blankLike, fieldKind, isRichText, isSelectBox, labelFromKey } from '../../core/rules/fields';

const selectBox = { selectBox: { current: 'large', options: 'fontSizes' } };
const richText = { html: { value: '<p>Hello <b>there</b></p>' } };
const pluDetails = {
  plu: '123',
  title: 'Runner',
  price: { was: '100', now: '80' },
  images: { a: 'a.jpg' },
};

describe('fieldKind', () => {
  it.each([
    ['title', 'Summer', 'string'],
    ['title', '', 'string'],
    ['fontSize', 12, 'number'],
    ['fontSize', 0, 'number'],
    ['showTitle', true, 'boolean'],
    ['showTitle', false, 'boolean'],
    ['size', selectBox, 'selectBox'],
    ['size', { selectBox: { current: 3, options: 'columns' } }, 'selectBox'],
    ['body', richText, 'richText'],
    ['body', { html: { value: '' } }, 'richText'],
    ['startDate', '2024-05-01', 'date'],
    ['saleEndDate', '', 'date'],
    ['startCountdownDateTime', '2024-05-01T10:00', 'dateTime'],
    ['endDateTime', '', 'dateTime'],
    ['pluDetails', pluDetails, 'pluDetails'],
    ['pluDetails', {}, 'pluDetails'],
    ['link', { url: '/x', target: '_blank' }, 'object'],
    ['slides', [{ image: 'a.jpg' }], 'array'],
    ['slides', [], 'array'],
    ['image', null, 'null'],
    ['image', undefined, 'null'],
  ] as const)('%s = %j is %s', (key, value, kind) => {
    expect(fieldKind(key, value)).toBe(kind);
  });

  it('recognises a DateTime key as dateTime, not date', () => {
    expect(fieldKind('startCountdownDateTime', '2024-05-01T10:00')).toBe('dateTime');
    expect(fieldKind('DateTime', 'x')).toBe('dateTime');
    expect(fieldKind('Date', 'x')).toBe('date');
  });

  it('matches Date with its capital, so ordinary words containing "date" stay text', () => {
    expect(fieldKind('candidate', 'x')).toBe('string');
    expect(fieldKind('update', 'x')).toBe('string');
  });

  it('uses the value shape for a Date key that does not hold text', () => {
    expect(fieldKind('startDate', null)).toBe('null');
    expect(fieldKind('startDate', { a: 1 })).toBe('object');
  });

  it('treats pluDetails as product details only when it holds an object', () => {
    expect(fieldKind('pluDetails', '123')).toBe('string');
    expect(fieldKind('pluDetails', null)).toBe('null');
    expect(fieldKind('productDetails', pluDetails)).toBe('object');
  });

  it('does not take almost-select-boxes or almost-rich-text for them', () => {
    expect(fieldKind('size', { selectBox: { current: 'l' } })).toBe('object');
    expect(fieldKind('size', { selectBox: { current: true, options: 'x' } })).toBe('object');
    expect(fieldKind('size', { selectBox: 'x' })).toBe('object');
    expect(fieldKind('body', { html: 'x' })).toBe('object');
    expect(fieldKind('body', { html: { value: 1 } })).toBe('object');
    expect(fieldKind('body', { html: null })).toBe('object');
  });

  it('prefers select box and rich text over the key convention', () => {
    expect(fieldKind('startDate', selectBox)).toBe('selectBox');
    expect(fieldKind('startDateTime', richText)).toBe('richText');
  });
});

describe('isSelectBox and isRichText', () => {
  it('recognise the shapes of editor spec §3', () => {
    expect(isSelectBox(selectBox)).toBe(true);
    expect(isSelectBox(richText)).toBe(false);
    expect(isSelectBox([selectBox])).toBe(false);
    expect(isRichText(richText)).toBe(true);
    expect(isRichText(selectBox)).toBe(false);
    expect(isRichText(null)).toBe(false);
  });
});

describe('labelFromKey', () => {
  it.each([
    ['fontSize', 'Font size'],
    ['startCountdownDateTime', 'Start countdown date time'],
    ['cta_text', 'Cta text'],
    ['cta-text', 'Cta text'],
    ['title', 'Title'],
    ['Title', 'Title'],
    ['image2Url', 'Image2 url'],
    ['  padded  ', 'Padded'],
  ])('%j -> %j', (key, label) => {
    expect(labelFromKey(key)).toBe(label);
  });

  it('keeps an acronym readable as one word', () => {
    expect(labelFromKey('URL').toLowerCase()).toBe('url');
    expect(labelFromKey('URL')).toMatch(/^U/);
    expect(labelFromKey('imageURL').toLowerCase()).toBe('image url');
    expect(labelFromKey('ctaURLText').toLowerCase()).toBe('cta url text');
  });

  it('starts with a capital and has no doubled spaces', () => {
    for (const key of ['fontSize', 'cta__text', 'a_-_b', 'backgroundColourHex']) {
      const label = labelFromKey(key);
      expect(label[0]).toBe(label[0]!.toUpperCase());
      expect(label).not.toMatch(/ {2}/);
    }
  });

  it.each([
    [0, 'Item 1'],
    [1, 'Item 2'],
    [2, 'Item 3'],
    [9, 'Item 10'],
  ])('numbers count from one: %i -> %j', (index, label) => {
    expect(labelFromKey(index)).toBe(label);
  });
});

describe('blankLike', () => {
  it('empties text, zeroes numbers, clears booleans and lists, keeps null', () => {
    expect(blankLike('Summer')).toBe('');
    expect(blankLike(42)).toBe(0);
    expect(blankLike(true)).toBe(false);
    expect(blankLike(['a', 'b'])).toEqual([]);
    expect(blankLike(null)).toBeNull();
    expect(blankLike(undefined)).toBeNull();
  });

  it('keeps a select box with its option list', () => {
    const blank = blankLike(selectBox);
    expect(isSelectBox(blank)).toBe(true);
    expect((blank as typeof selectBox).selectBox.options).toBe('fontSizes');
    expect(fieldKind('size', blank)).toBe('selectBox');
  });

  it('does not share the select box object with its sample', () => {
    const sample = { selectBox: { current: 'l', options: 'sizes' } };
    const blank = blankLike(sample) as typeof sample;
    blank.selectBox.current = 'changed';
    expect(sample.selectBox.current).toBe('l');
  });

  it('keeps the rich text wrapper with an empty value', () => {
    const blank = blankLike(richText);
    expect(blank).toEqual({ html: { value: '' } });
    expect(fieldKind('body', blank)).toBe('richText');
  });

  it('blanks nested objects recursively, keeping their keys and kinds', () => {
    const sample = {
      title: 'Slide',
      position: 3,
      visible: true,
      startDate: '2024-05-01',
      startCountdownDateTime: '2024-05-01T10:00',
      size: selectBox,
      body: richText,
      tags: ['x'],
      empty: null,
      link: { url: '/sale', newTab: true, style: { colour: 'red', weight: 700, font: selectBox } },
      pluDetails,
    };
    const blank = blankLike(sample) as Record<string, unknown>;
    expect(blank).toEqual({
      title: '',
      position: 0,
      visible: false,
      startDate: '',
      startCountdownDateTime: '',
      size: { selectBox: { current: 'large', options: 'fontSizes' } },
      body: { html: { value: '' } },
      tags: [],
      empty: null,
      link: {
        url: '',
        newTab: false,
        style: { colour: '', weight: 0, font: { selectBox: { current: 'large', options: 'fontSizes' } } },
      },
      pluDetails: { plu: '', title: '', price: { was: '', now: '' }, images: { a: '' } },
    });
    for (const key of Object.keys(sample)) {
      expect(fieldKind(key, blank[key])).toBe(fieldKind(key, sample[key as keyof typeof sample]));
    }
  });

  it('leaves the sample untouched', () => {
    const sample = { title: 'Slide', link: { url: '/sale' }, items: [1, 2] };
    const copy = structuredClone(sample);
    const blank = blankLike(sample) as typeof sample;
    blank.link.url = 'changed';
    expect(sample).toEqual(copy);
    expect(blank.link).not.toBe(sample.link);
  });
});
