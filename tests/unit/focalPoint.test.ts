import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FOCAL_SIZE,
  DEFAULT_PREVIEW_WIDTH,
  MIN_FOCAL_SIZE,
  PREVIEW_RATIOS,
  amplienceUrl,
  clampFocalPoint,
  customCrop,
  defaultFocalPoint,
  formatFraction,
  isFocalPoint,
  metadataUrl,
  moveFocalPoint,
  parseAspectRatio,
  previewSize,
  resizeFocalPoint,
  roundFocalPoint,
  type CropRect,
  type FocalPoint,
} from '../../core/rules/focalPoint';

const EPSILON = 1e-12;

/** The box lies inside the image and each side is at least the minimum. */
function expectInBounds(p: FocalPoint): void {
  expect(p.w).toBeGreaterThanOrEqual(MIN_FOCAL_SIZE);
  expect(p.h).toBeGreaterThanOrEqual(MIN_FOCAL_SIZE);
  expect(p.w).toBeLessThanOrEqual(1);
  expect(p.h).toBeLessThanOrEqual(1);
  expect(p.x - p.w / 2).toBeGreaterThanOrEqual(-EPSILON);
  expect(p.y - p.h / 2).toBeGreaterThanOrEqual(-EPSILON);
  expect(p.x + p.w / 2).toBeLessThanOrEqual(1 + EPSILON);
  expect(p.y + p.h / 2).toBeLessThanOrEqual(1 + EPSILON);
}

function expectPoint(actual: FocalPoint, expected: FocalPoint): void {
  for (const key of ['x', 'y', 'w', 'h'] as const) expect(actual[key], key).toBeCloseTo(expected[key], 10);
}

function expectRect(actual: CropRect, expected: CropRect): void {
  for (const key of ['x', 'y', 'width', 'height'] as const) expect(actual[key], key).toBeCloseTo(expected[key], 9);
}

describe('constants (editor spec §9)', () => {
  it('a new point is 12.5% by 28.169% of the image, centred', () => {
    expect(DEFAULT_FOCAL_SIZE).toEqual({ w: 0.125, h: 0.28169 });
    expect(defaultFocalPoint()).toEqual({ x: 0.5, y: 0.5, w: 0.125, h: 0.28169 });
    expectInBounds(defaultFocalPoint());
  });

  it('previews are 500 px wide at 2:1, 1:1, 1:2, 3:4, 4:3', () => {
    expect(DEFAULT_PREVIEW_WIDTH).toBe(500);
    expect([...PREVIEW_RATIOS]).toEqual(['2:1', '1:1', '1:2', '3:4', '4:3']);
  });

  it('defaultFocalPoint returns a fresh object each time', () => {
    const a = defaultFocalPoint();
    a.x = 0.1;
    expect(defaultFocalPoint().x).toBe(0.5);
  });
});

describe('clampFocalPoint: the box stays inside the image', () => {
  it('leaves a point in bounds as it is', () => {
    const p = { x: 0.3, y: 0.7, w: 0.2, h: 0.4 };
    expect(clampFocalPoint(p)).toEqual(p);
  });

  it.each([
    ['left edge', { x: 0, y: 0.5, w: 0.2, h: 0.2 }, { x: 0.1, y: 0.5, w: 0.2, h: 0.2 }],
    ['right edge', { x: 1, y: 0.5, w: 0.2, h: 0.2 }, { x: 0.9, y: 0.5, w: 0.2, h: 0.2 }],
    ['top edge', { x: 0.5, y: 0, w: 0.2, h: 0.4 }, { x: 0.5, y: 0.2, w: 0.2, h: 0.4 }],
    ['bottom edge', { x: 0.5, y: 1, w: 0.2, h: 0.4 }, { x: 0.5, y: 0.8, w: 0.2, h: 0.4 }],
    ['far outside, top left', { x: -3, y: -2, w: 0.2, h: 0.4 }, { x: 0.1, y: 0.2, w: 0.2, h: 0.4 }],
    ['far outside, bottom right', { x: 5, y: 9, w: 0.2, h: 0.4 }, { x: 0.9, y: 0.8, w: 0.2, h: 0.4 }],
    ['top-left corner', { x: 0.01, y: 0.01, w: 0.125, h: 0.28169 }, { x: 0.0625, y: 0.140845, w: 0.125, h: 0.28169 }],
    [
      'bottom-right corner',
      { x: 0.99, y: 0.99, w: 0.125, h: 0.28169 },
      { x: 0.9375, y: 0.859155, w: 0.125, h: 0.28169 },
    ],
  ])('pulls a box over the %s back inside, keeping its size', (_name, input, expected) => {
    const clamped = clampFocalPoint(input);
    expectPoint(clamped, expected);
    expectInBounds(clamped);
  });

  it('clamps sizes to at least the minimum and at most the whole image', () => {
    expectPoint(clampFocalPoint({ x: 0.5, y: 0.5, w: 0, h: -1 }), {
      x: 0.5,
      y: 0.5,
      w: MIN_FOCAL_SIZE,
      h: MIN_FOCAL_SIZE,
    });
    expectPoint(clampFocalPoint({ x: 0.2, y: 0.9, w: 3, h: 1.5 }), { x: 0.5, y: 0.5, w: 1, h: 1 });
    expect(MIN_FOCAL_SIZE).toBe(0.02);
  });

  it('replaces numbers that are not finite', () => {
    const clamped = clampFocalPoint({ x: Number.NaN, y: Number.POSITIVE_INFINITY, w: Number.NaN, h: Number.NaN });
    expectInBounds(clamped);
    expect(clamped.w).toBe(DEFAULT_FOCAL_SIZE.w);
    expect(clamped.h).toBe(DEFAULT_FOCAL_SIZE.h);
    expect(clamped.x).toBe(0.5);
    expect(clamped.y).toBe(0.5);
  });

  it('keeps every point of a grid in bounds', () => {
    const values = [-1, 0, 0.01, 0.3, 0.5, 0.77, 0.99, 1, 2];
    for (const x of values)
      for (const y of values)
        for (const w of values)
          for (const h of values) {
            expectInBounds(clampFocalPoint({ x, y, w, h }));
          }
  });
});

describe('moveFocalPoint', () => {
  const start = defaultFocalPoint();

  it('moves by fractions of the image', () => {
    expectPoint(moveFocalPoint(start, 0.1, -0.2), { x: 0.6, y: 0.3, w: 0.125, h: 0.28169 });
    expectPoint(moveFocalPoint(start, 0.01, 0), { x: 0.51, y: 0.5, w: 0.125, h: 0.28169 });
  });

  it.each([
    ['left', -1, 0, { x: 0.0625, y: 0.5 }],
    ['right', 1, 0, { x: 0.9375, y: 0.5 }],
    ['up', 0, -1, { x: 0.5, y: 0.140845 }],
    ['down', 0, 1, { x: 0.5, y: 0.859155 }],
  ])('stops at the %s edge with its size unchanged', (_name, dx, dy, expected) => {
    const moved = moveFocalPoint(start, dx, dy);
    expectPoint(moved, { ...expected, w: 0.125, h: 0.28169 });
    expectInBounds(moved);
  });

  it('slides along an edge it is pushed against', () => {
    const atLeft = moveFocalPoint(start, -1, 0);
    expectPoint(moveFocalPoint(atLeft, -0.05, 0.1), { x: 0.0625, y: 0.6, w: 0.125, h: 0.28169 });
  });
});

describe('resizeFocalPoint: the top-left corner stays put', () => {
  const start = { x: 0.5, y: 0.5, w: 0.2, h: 0.2 }; // box 0.4..0.6

  it('grows right and down, shrinks left and up', () => {
    expectPoint(resizeFocalPoint(start, 0.1, 0.2), { x: 0.55, y: 0.6, w: 0.3, h: 0.4 });
    expectPoint(resizeFocalPoint(start, -0.1, -0.05), { x: 0.45, y: 0.475, w: 0.1, h: 0.15 });
  });

  it('stops at the right and bottom edges', () => {
    const grown = resizeFocalPoint(start, 5, 5);
    expectPoint(grown, { x: 0.7, y: 0.7, w: 0.6, h: 0.6 });
    expectInBounds(grown);
  });

  it('stops at the minimum size', () => {
    const shrunk = resizeFocalPoint(start, -5, -5);
    expectPoint(shrunk, { x: 0.41, y: 0.41, w: MIN_FOCAL_SIZE, h: MIN_FOCAL_SIZE });
    expectInBounds(shrunk);
  });

  it('keeps a box at the bottom-right corner from growing, but lets it shrink', () => {
    const corner = { x: 0.9, y: 0.9, w: 0.2, h: 0.2 };
    expectPoint(resizeFocalPoint(corner, 0.01, 0.01), corner);
    expectPoint(resizeFocalPoint(corner, -0.01, 0), { x: 0.895, y: 0.9, w: 0.19, h: 0.2 });
  });

  it('works from an out-of-bounds point by clamping it first', () => {
    const resized = resizeFocalPoint({ x: 2, y: 2, w: 0.2, h: 0.2 }, 0.1, 0.1);
    expectPoint(resized, { x: 0.9, y: 0.9, w: 0.2, h: 0.2 });
  });
});

describe('formatFraction and roundFocalPoint', () => {
  it.each([
    [0.5, '0.5'],
    [0.28169, '0.28169'],
    [0.1408451, '0.14085'],
    [0.1 + 0.2, '0.3'],
    [1, '1'],
    [0, '0'],
    [-0, '0'],
    [1e-7, '0'],
    [0.00001, '0.00001'],
    [0.123456789, '0.12346'],
  ])('%s -> %s', (value, text) => {
    expect(formatFraction(value)).toBe(text);
  });

  it('rounds each number to 5 decimals', () => {
    expect(roundFocalPoint({ x: 0.8 + 0.01 + 0.01, y: 0.1408451, w: 0.125, h: 0.28169 })).toEqual({
      x: 0.82,
      y: 0.14085,
      w: 0.125,
      h: 0.28169,
    });
  });

  it('isFocalPoint checks the four finite numbers', () => {
    expect(isFocalPoint({ x: 0.5, y: 0.5, w: 0.1, h: 0.1 })).toBe(true);
    expect(isFocalPoint({ x: 0.5, y: 0.5, w: 0.1 })).toBe(false);
    expect(isFocalPoint({ x: '0.5', y: 0.5, w: 0.1, h: 0.1 })).toBe(false);
    expect(isFocalPoint({ x: Number.NaN, y: 0.5, w: 0.1, h: 0.1 })).toBe(false);
    expect(isFocalPoint(null)).toBe(false);
  });
});

describe('amplienceUrl', () => {
  const image = '/sample/images/athlete-moreau.svg';
  const point = { x: 0.5, y: 0.46, w: 0.35, h: 0.34 };

  it.each([
    ['2:1', `${image}?poi=0.5,0.46,0.35,0.34&scaleFit=poi&sm=aspect&aspect=2:1&w=500`],
    ['1:1', `${image}?poi=0.5,0.46,0.35,0.34&scaleFit=poi&sm=aspect&aspect=1:1&w=500`],
    ['1:2', `${image}?poi=0.5,0.46,0.35,0.34&scaleFit=poi&sm=aspect&aspect=1:2&w=500`],
    ['3:4', `${image}?poi=0.5,0.46,0.35,0.34&scaleFit=poi&sm=aspect&aspect=3:4&w=500`],
    ['4:3', `${image}?poi=0.5,0.46,0.35,0.34&scaleFit=poi&sm=aspect&aspect=4:3&w=500`],
  ])('%s', (ratio, url) => {
    expect(amplienceUrl(image, point, ratio, 500)).toBe(url);
  });

  it('covers exactly the five preview ratios above', () => {
    expect(PREVIEW_RATIOS.map((ratio) => amplienceUrl(image, point, ratio, 320))).toEqual(
      PREVIEW_RATIOS.map((ratio) => `${image}?poi=0.5,0.46,0.35,0.34&scaleFit=poi&sm=aspect&aspect=${ratio}&w=320`),
    );
  });

  it('writes the default point with the exact default size and clamps an out-of-bounds point', () => {
    expect(amplienceUrl(image, defaultFocalPoint(), '1:1', 500)).toBe(
      `${image}?poi=0.5,0.5,0.125,0.28169&scaleFit=poi&sm=aspect&aspect=1:1&w=500`,
    );
    expect(amplienceUrl(image, { x: 0, y: 1, w: 0.2, h: 0.2 }, '1:1', 500)).toBe(
      `${image}?poi=0.1,0.9,0.2,0.2&scaleFit=poi&sm=aspect&aspect=1:1&w=500`,
    );
  });

  it('rounds fractions to 5 decimals without trailing zeros, and the width to whole pixels', () => {
    expect(amplienceUrl(image, { x: 0.123456789, y: 0.5000001, w: 0.1, h: 0.25 }, '4:3', 499.6)).toBe(
      `${image}?poi=0.12346,0.5,0.1,0.25&scaleFit=poi&sm=aspect&aspect=4:3&w=500`,
    );
  });

  it('joins an existing query with & and keeps a fragment last', () => {
    expect(amplienceUrl('https://cdn.example/i/shop/pic?fmt=jpg', point, '2:1', 500)).toBe(
      'https://cdn.example/i/shop/pic?fmt=jpg&poi=0.5,0.46,0.35,0.34&scaleFit=poi&sm=aspect&aspect=2:1&w=500',
    );
    expect(amplienceUrl('/a.svg#top', point, '2:1', 500)).toBe(
      '/a.svg?poi=0.5,0.46,0.35,0.34&scaleFit=poi&sm=aspect&aspect=2:1&w=500#top',
    );
  });

  it('refuses a ratio that is not W:H', () => {
    expect(() => amplienceUrl(image, point, '2x1', 500)).toThrow(RangeError);
  });
});

describe('customCrop: the largest crop of the ratio, centred on the point, inside the image', () => {
  const wide = { width: 1600, height: 800 };
  const tall = { width: 600, height: 800 };
  const centre = { x: 0.5, y: 0.5, w: 0.1, h: 0.1 };

  it('on a wide image, is full height for 1:1, 1:2, 3:4, 4:3 and full width-and-height for 2:1', () => {
    expectRect(customCrop(wide, centre, '2:1'), { x: 0, y: 0, width: 1600, height: 800 });
    expectRect(customCrop(wide, centre, '1:1'), { x: 400, y: 0, width: 800, height: 800 });
    expectRect(customCrop(wide, centre, '1:2'), { x: 600, y: 0, width: 400, height: 800 });
    expectRect(customCrop(wide, centre, '3:4'), { x: 500, y: 0, width: 600, height: 800 });
    expectRect(customCrop(wide, centre, '4:3'), { x: 800 - 1600 / 3, y: 0, width: 3200 / 3, height: 800 });
  });

  it('on a tall image, is full width for 2:1, 1:1, 4:3 and full height for 1:2 and 3:4', () => {
    expectRect(customCrop(tall, centre, '2:1'), { x: 0, y: 250, width: 600, height: 300 });
    expectRect(customCrop(tall, centre, '1:1'), { x: 0, y: 100, width: 600, height: 600 });
    expectRect(customCrop(tall, centre, '4:3'), { x: 0, y: 175, width: 600, height: 450 });
    expectRect(customCrop(tall, centre, '1:2'), { x: 100, y: 0, width: 400, height: 800 });
    expectRect(customCrop(tall, centre, '3:4'), { x: 0, y: 0, width: 600, height: 800 });
  });

  it('centres the crop on the point when there is room', () => {
    // Athlete portrait, face at (0.5, 0.46): the 2:1 crop is 600 x 300 centred on y = 368.
    expectRect(customCrop(tall, { x: 0.5, y: 0.46, w: 0.35, h: 0.34 }, '2:1'), {
      x: 0,
      y: 218,
      width: 600,
      height: 300,
    });
    expectRect(customCrop(wide, { x: 0.4, y: 0.5, w: 0.1, h: 0.1 }, '1:1'), { x: 240, y: 0, width: 800, height: 800 });
  });

  it.each([
    ['left', { x: 0.05, y: 0.5, w: 0.1, h: 0.1 }, { x: 0, y: 0, width: 800, height: 800 }],
    ['right', { x: 0.95, y: 0.5, w: 0.1, h: 0.1 }, { x: 800, y: 0, width: 800, height: 800 }],
  ])('near the %s edge of a wide image, stays inside it', (_name, point, expected) => {
    expectRect(customCrop(wide, point, '1:1'), expected);
  });

  it.each([
    ['top', { x: 0.5, y: 0.05, w: 0.1, h: 0.1 }, { x: 0, y: 0, width: 600, height: 300 }],
    ['bottom', { x: 0.5, y: 0.97, w: 0.1, h: 0.06 }, { x: 0, y: 500, width: 600, height: 300 }],
  ])('near the %s edge of a tall image, stays inside it', (_name, point, expected) => {
    expectRect(customCrop(tall, point, '2:1'), expected);
  });

  it('always has the ratio and lies inside the image', () => {
    const sizes = [wide, tall, { width: 333, height: 777 }, { width: 1000, height: 1000 }];
    const points = [0, 0.1, 0.5, 0.9, 1].flatMap((x) => [0, 0.3, 1].map((y) => ({ x, y, w: 0.125, h: 0.28169 })));
    for (const size of sizes)
      for (const point of points)
        for (const ratio of PREVIEW_RATIOS) {
          const rect = customCrop(size, point, ratio);
          const parsed = parseAspectRatio(ratio)!;
          expect(rect.width / rect.height).toBeCloseTo(parsed.w / parsed.h, 9);
          expect(rect.x).toBeGreaterThanOrEqual(0);
          expect(rect.y).toBeGreaterThanOrEqual(0);
          expect(rect.x + rect.width).toBeLessThanOrEqual(size.width + 1e-9);
          expect(rect.y + rect.height).toBeLessThanOrEqual(size.height + 1e-9);
          // As large as fits: one side is the whole image.
          expect(Math.abs(rect.width - size.width) < 1e-9 || Math.abs(rect.height - size.height) < 1e-9).toBe(true);
        }
  });

  it('refuses a bad ratio or image size', () => {
    expect(() => customCrop(wide, centre, '0:1')).toThrow(RangeError);
    expect(() => customCrop({ width: 0, height: 10 }, centre, '1:1')).toThrow(RangeError);
    expect(() => customCrop({ width: Number.NaN, height: 10 }, centre, '1:1')).toThrow(RangeError);
  });
});

describe('previewSize and parseAspectRatio', () => {
  it('is the width wide and width x H / W high, in whole pixels', () => {
    expect(PREVIEW_RATIOS.map((ratio) => previewSize(ratio, 500))).toEqual([
      { width: 500, height: 250 },
      { width: 500, height: 500 },
      { width: 500, height: 1000 },
      { width: 500, height: 667 },
      { width: 500, height: 375 },
    ]);
  });

  it('parses W:H of whole numbers 1-999 only', () => {
    expect(parseAspectRatio('16:9')).toEqual({ w: 16, h: 9 });
    for (const bad of ['0:1', '1:0', '1.5:1', '1:', ':1', '1000:1', ' 1:1', '1:1 ', '-1:1', '1/1']) {
      expect(parseAspectRatio(bad), bad).toBeNull();
    }
  });
});

describe('metadataUrl (editor spec §7)', () => {
  it('appends .json/ and the metadata query', () => {
    expect(metadataUrl('/sample/images/athlete-moreau.svg')).toBe(
      '/sample/images/athlete-moreau.svg.json/?metadata=true&metaFilter=pointOfInterest&cacheBust=4',
    );
    expect(metadataUrl('https://cdn.example/i/shop/pic')).toBe(
      'https://cdn.example/i/shop/pic.json/?metadata=true&metaFilter=pointOfInterest&cacheBust=4',
    );
  });

  it("leaves out the image URL's own query and fragment", () => {
    expect(metadataUrl('https://cdn.example/i/shop/pic?w=300#x')).toBe(
      'https://cdn.example/i/shop/pic.json/?metadata=true&metaFilter=pointOfInterest&cacheBust=4',
    );
  });
});
