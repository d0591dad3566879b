import { describe, expect, it } from 'vitest';
import {
  aspectRatioError,
  blankCta,
  blankLike,
  hexColourError,
  isCta,
  isHex6,
  isHexColour,
  isImageMetadata,
  isImagesValue,
  isPointOfInterest,
  isStringPair,
  knownShape,
  normaliseAspectRatio,
} from '../../core/rules/fields';
import { mainBanner } from '../../core/catalogue/mainBanner';
import { spotCarousel } from '../../core/catalogue/carousels';
import { CATALOGUE } from '../../core/catalogue';

const pair = { desktop: '/d.jpg', mobile: '/m.jpg' };
const poi = { x: 0.5, y: 0.46, w: 0.35, h: 0.34 };
const withPoint = { ...pair, desktopMetadata: { pointOfInterest: poi } };
const ctas = [
  { text: 'Shop Men', url: '/men/', invert: false },
  { text: 'Shop Women', url: '/women/', invert: true },
];

describe('knownShape', () => {
  it.each([
    ['images', pair, 'images'],
    ['overlayImages', pair, 'images'],
    ['image', { desktop: '', mobile: '' }, 'images'],
    ['images', withPoint, 'images'],
    ['image', { ...pair, mobileMetadata: { pointOfInterest: poi } }, 'images'],
    ['overlayImages', { ...withPoint, mobileMetadata: { pointOfInterest: { x: 0, y: 1, w: 1, h: 0.02 } } }, 'images'],
    ['aspectRatio', { desktop: '1160:485', mobile: '640:640' }, 'aspectRatio'],
    ['productAspectRatio', { desktop: '1:1', mobile: '1:1' }, 'aspectRatio'],
    ['url', { desktop: '/sale/', mobile: '/sale/' }, 'urlPair'],
    ['mainLink', { desktop: '/a/', mobile: '/b/' }, 'urlPair'],
    ['links', { desktop: '/a/', mobile: '/a/' }, 'urlPair'],
    ['ctas', ctas, 'ctas'],
    ['ctas', [{ text: 'Go', url: '/go/' }], 'ctas'],
    ['ctas', [], 'ctas'],
    ['fontColor', '#111111', 'colour'],
    ['backgroundColor', '', 'colour'],
    ['color', 'red', 'colour'],
  ] as const)('%s = %j is %s', (key, value, shape) => {
    expect(knownShape(key, value)).toBe(shape);
  });

  it.each([
    ['images with a non-string', 'images', { desktop: '/d.jpg', mobile: 3 }],
    ['images with a third key', 'images', { ...pair, alt: 'x' }],
    ['images missing mobile', 'images', { desktop: '/d.jpg' }],
    ['images as a list', 'images', [pair]],
    ['images as a text', 'images', '/d.jpg'],
    ['images with one metadata for both', 'images', { ...pair, metadata: { pointOfInterest: poi } }],
    ['images with a metadata of another kind', 'images', { ...pair, desktopMetadata: { alt: 'A runner' } }],
    [
      'images with metadata beside the point',
      'images',
      { ...pair, desktopMetadata: { pointOfInterest: poi, alt: 'x' } },
    ],
    ['images with a null point', 'images', { ...pair, desktopMetadata: { pointOfInterest: null } }],
    [
      'images with a point missing h',
      'images',
      { ...pair, desktopMetadata: { pointOfInterest: { x: 0.5, y: 0.5, w: 0.1 } } },
    ],
    ['images with a point in texts', 'images', { ...pair, desktopMetadata: { pointOfInterest: { ...poi, x: '0.5' } } }],
    [
      'images with a point of extra keys',
      'images',
      { ...pair, desktopMetadata: { pointOfInterest: { ...poi, z: 1 } } },
    ],
    ['images with metadata and no mobile', 'images', { desktop: '/d.jpg', desktopMetadata: { pointOfInterest: poi } }],
    [
      'a url pair with a focal point',
      'url',
      { desktop: '/a/', mobile: '/a/', desktopMetadata: { pointOfInterest: poi } },
    ],
    [
      'an aspect ratio with a focal point',
      'aspectRatio',
      { desktop: '1:1', mobile: '1:1', desktopMetadata: { pointOfInterest: poi } },
    ],
    ['product images keyed by shot', 'images', { a: '/a.jpg', b: '/b.jpg' }],
    ['a pair under another key', 'videos', { desktop: '', mobile: '' }],
    ['aspect ratio as one text', 'aspectRatio', '16:9'],
    ['aspect ratio with a null', 'aspectRatio', { desktop: '16:9', mobile: null }],
    ['a plain url text', 'url', '/sale/'],
    ['a url pair with a number', 'url', { desktop: '/a/', mobile: 1 }],
    ['ctas with a url pair', 'ctas', [{ text: 'Go', url: pair }]],
    ['ctas with an extra key', 'ctas', [{ text: 'Go', url: '/go/', invert: false, color: '#fff' }]],
    ['ctas with a text invert', 'ctas', [{ text: 'Go', url: '/go/', invert: 'yes' }]],
    ['ctas with a non-object item', 'ctas', ['Go']],
    ['one cta object', 'ctas', { text: 'Go', url: '/go/' }],
    ['a cta list under another key', 'buttons', ctas],
    ['a colour key holding a number', 'fontColor', 0],
    ['a colour key holding null', 'fontColor', null],
    ['a British colour key', 'fontColour', '#111111'],
    ['colour written in capitals only', 'COLOR', '#111111'],
  ])('%s is not a known shape', (_, key, value) => {
    expect(knownShape(key, value)).toBeNull();
  });

  it('gives array items (numeric keys) no shape of their own', () => {
    expect(knownShape(0, pair)).toBeNull();
    expect(knownShape(1, '#111111')).toBeNull();
  });

  it('finds every shape in real catalogue defaults', () => {
    const banner = mainBanner.data.content as Record<string, unknown>;
    expect(knownShape('images', banner.images)).toBe('images');
    expect(knownShape('aspectRatio', banner.aspectRatio)).toBe('aspectRatio');
    expect(knownShape('mainLink', banner.mainLink)).toBe('urlPair');
    const overlay = banner.overlay as Record<string, unknown>;
    expect(knownShape('ctas', overlay.ctas)).toBe('ctas');
    expect(knownShape('images', overlay.images)).toBe('images');
    // Buttons carry more than a CTA (id, color, categories): they stay a generic list, their colour a colour.
    const buttons = banner.buttons as Record<string, unknown>[];
    expect(knownShape('buttons', buttons)).toBeNull();
    expect(knownShape('color', buttons[0]!.color)).toBe('colour');
    const slide = (spotCarousel.data.content as { slides: Record<string, unknown>[] }).slides[0]!;
    expect(knownShape('url', slide.url)).toBe('urlPair');
    expect(knownShape('ctas', slide.ctas)).toBe('ctas');
  });

  it('isStringPair, isImagesValue and isCta are the shapes underneath', () => {
    expect(isStringPair(pair)).toBe(true);
    expect(isStringPair(null)).toBe(false);
    expect(isStringPair(withPoint)).toBe(false);
    expect(isImagesValue(pair)).toBe(true);
    expect(isImagesValue(withPoint)).toBe(true);
    expect(isImagesValue({ ...pair, desktopMetadata: undefined })).toBe(false);
    expect(isImageMetadata({ pointOfInterest: poi })).toBe(true);
    expect(isImageMetadata({ pointOfInterest: poi, width: 600 })).toBe(false);
    expect(isPointOfInterest(poi)).toBe(true);
    expect(isPointOfInterest({ ...poi, w: Number.NaN })).toBe(false);
    expect(isPointOfInterest({ ...poi, h: Infinity })).toBe(false);
    expect(isCta(ctas[0])).toBe(true);
    expect(isCta({ text: 'Go' })).toBe(false);
  });
});

describe('aspectRatioError', () => {
  it.each(['1160:485', '640:640', '16:9', '1:1', '1.91:1', '2.35:1'])('accepts %j', (text) => {
    expect(aspectRatioError(text)).toBeNull();
  });

  it.each([
    ['0:5', /greater than 0/],
    ['5:0', /greater than 0/],
    ['-1:2', /greater than 0/],
    ['16/9', /width:height/],
    ['16:', /width:height/],
    [':9', /width:height/],
    ['abc', /width:height/],
    ['16:9:1', /width:height/],
    ['16x9', /width:height/],
    ['1e3:1', /width:height/],
    ['.5:1', /width:height/],
  ])('refuses %j with a message', (text, message) => {
    expect(aspectRatioError(text)).toMatch(message);
  });

  it('tolerates spaces around the numbers and stores the ratio without them', () => {
    expect(aspectRatioError(' 16 : 9 ')).toBeNull();
    expect(normaliseAspectRatio(' 16 : 9 ')).toBe('16:9');
    expect(normaliseAspectRatio('016:09')).toBe('16:9');
    expect(normaliseAspectRatio('1.50:1')).toBe('1.5:1');
    expect(normaliseAspectRatio('1160:485')).toBe('1160:485');
  });

  it('allows empty, which leaves the preview default in force', () => {
    expect(aspectRatioError('')).toBeNull();
    expect(aspectRatioError('  ')).toBeNull();
    expect(normaliseAspectRatio('  ')).toBe('');
  });

  it('has no stored form for an invalid ratio', () => {
    expect(normaliseAspectRatio('16/9')).toBeNull();
    expect(normaliseAspectRatio('0:5')).toBeNull();
  });
});

describe('hex colours', () => {
  it.each(['#111111', '#FFFFFF', '#a1B2c3', '#fff', '#ABC', '  #111111 ', ''])('accepts %j', (text) => {
    expect(hexColourError(text)).toBeNull();
  });

  it.each([
    ['111111', /Start the colour with #/],
    ['fff', /Start the colour with #/],
    ['#11111', /hex colour/],
    ['#1111111', /hex colour/],
    ['#ffff', /hex colour/],
    ['#11111180', /hex colour/],
    ['#gggggg', /hex colour/],
    ['red', /hex colour/],
    ['#', /hex colour/],
    ['rgb(0,0,0)', /hex colour/],
  ])('refuses %j with a message', (text, message) => {
    expect(hexColourError(text)).toMatch(message);
  });

  it('isHexColour accepts 3 or 6 digits, isHex6 (a colour picker value) only 6', () => {
    expect(isHexColour('#fff')).toBe(true);
    expect(isHexColour('#ffffff')).toBe(true);
    expect(isHexColour('')).toBe(false);
    expect(isHex6('#a1b2c3')).toBe(true);
    expect(isHex6('#A1B2C3')).toBe(true);
    expect(isHex6('#fff')).toBe(false);
    expect(isHex6(' #a1b2c3')).toBe(false);
  });
});

describe('blankLike on images with a focal point', () => {
  it('empties the addresses and drops the points, which belonged to the old images', () => {
    const blank = blankLike({ ...withPoint, mobileMetadata: { pointOfInterest: poi } });
    expect(blank).toEqual({ desktop: '', mobile: '' });
    expect(knownShape('images', blank)).toBe('images');
  });

  it('keeps a plain pair a plain pair', () => {
    expect(blankLike(pair)).toEqual({ desktop: '', mobile: '' });
  });
});

describe('blankLike on CTA lists', () => {
  it('blanks a CTA to an empty CTA that is still a CTA', () => {
    const blank = blankLike(ctas[1]);
    expect(blank).toEqual({ text: '', url: '', invert: false });
    expect(isCta(blank)).toBe(true);
    expect(blank).toEqual(blankCta());
  });

  it('empties a CTA list, which the editor still knows as a CTA list', () => {
    const blank = blankLike(ctas);
    expect(blank).toEqual([]);
    expect(knownShape('ctas', blank)).toBe('ctas');
  });

  it('keeps every shape of a blanked slide', () => {
    const slide = (spotCarousel.data.content as { slides: Record<string, unknown>[] }).slides[0]!;
    const blank = blankLike(slide) as Record<string, unknown>;
    expect(blank.ctas).toEqual([]);
    for (const key of Object.keys(slide)) expect(knownShape(key, blank[key])).toBe(knownShape(key, slide[key]));
    expect(knownShape('aspectRatio', blank.aspectRatio)).toBe('aspectRatio');
    expect(aspectRatioError((blank.aspectRatio as { desktop: string }).desktop)).toBeNull();
  });

  it('does not share a CTA with its sample', () => {
    const sample = [{ text: 'Go', url: '/go/', invert: true }];
    const copy = blankLike(sample[0]) as (typeof sample)[0];
    copy.text = 'changed';
    expect(sample[0]!.text).toBe('Go');
  });
});

describe('catalogue defaults', () => {
  /** Every field of a template's content with its key, depth first. */
  function* fields(value: unknown, key: string | number = ''): Generator<[string | number, unknown]> {
    yield [key, value];
    if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* fields(item, index);
    else if (typeof value === 'object' && value !== null)
      for (const [child, item] of Object.entries(value)) yield* fields(item, child);
  }

  it('open with no validation error: every colour is hex, every aspect ratio valid', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const template of CATALOGUE) {
      for (const [key, value] of fields(template.data.content)) {
        const shape = knownShape(key, value);
        if (shape === 'colour' || shape === 'aspectRatio') checked += 1;
        if (shape === 'colour' && hexColourError(value as string))
          problems.push(`${template.name} ${key}=${String(value)}`);
        if (shape === 'aspectRatio') {
          const ratio = value as { desktop: string; mobile: string };
          for (const text of [ratio.desktop, ratio.mobile])
            if (aspectRatioError(text)) problems.push(`${template.name} ${key}=${text}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });
});
