import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../core/catalogue';
import { loadImplementations, previewFor } from '../../renderer/preview/src/registry';
import {
  cssRatio,
  DEFAULT_RATIOS,
  IMAGE_MOBILE_MAX_WIDTH,
  LAYOUT_MOBILE_MAX_WIDTH,
} from '../../renderer/preview/src/lib/media';
import { CAROUSEL_WIDTH_ADJUST_MS, RESIZE_DEBOUNCE_MS, swiperOptions } from '../../renderer/preview/src/lib/Carousel';

describe('the preview registry', () => {
  it('has a lazily loaded implementation for every catalogue template', () => {
    for (const template of CATALOGUE) {
      expect(previewFor(template.data._component), template.name).not.toBeNull();
    }
  });

  it('answers null for an unknown type (the block shows a placeholder naming it)', () => {
    expect(previewFor('NoSuchThing')).toBeNull();
    expect(previewFor('toString')).toBeNull();
    expect(previewFor('__proto__')).toBeNull();
  });

  it('loads each implementation once', () => {
    expect(previewFor('MainBanner')).toBe(previewFor('MainBanner'));
  });

  it('preloads the types of a page, after which blocks get the implementation itself, not a lazy wrapper', async () => {
    const lazyOne = previewFor('CustomHTML');
    expect((lazyOne as { $$typeof?: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
    const loading = loadImplementations(['CustomHTML', 'CustomHTML', 'NoSuchThing']);
    expect(loading).not.toBeNull();
    await loading;
    const loaded = previewFor('CustomHTML');
    expect(typeof loaded).toBe('function');
    expect(loaded).not.toBe(lazyOne);
    // Nothing left to load: the command is handled at once.
    expect(loadImplementations(['CustomHTML', 'NoSuchThing'])).toBeNull();
  });
});

describe('breakpoints and image variants (catalogue spec §9)', () => {
  it('switches images at 765px and ratios and carousels at 767px, with the default ratios', () => {
    expect(IMAGE_MOBILE_MAX_WIDTH).toBe(765);
    expect(LAYOUT_MOBILE_MAX_WIDTH).toBe(767);
    expect(DEFAULT_RATIOS).toEqual({ desktop: '1160:485', mobile: '640:640' });
    expect(CAROUSEL_WIDTH_ADJUST_MS).toBe(505);
    expect(RESIZE_DEBOUNCE_MS).toBe(250);
  });

  it('reads width:height ratios and refuses anything else', () => {
    expect(cssRatio('1160:485')).toBe('1160 / 485');
    expect(cssRatio(' 16 : 9 ')).toBe('16 / 9');
    for (const bad of ['0:5', '16/9', 'abc', '16:', '-1:2']) expect(cssRatio(bad), bad).toBeNull();
  });

  it('turns carousel settings into swiper options, breakpoints included', () => {
    const options = swiperOptions({
      slidesPerView: 3,
      slidesPerColumn: 2,
      spaceBetween: 50,
      loop: true,
      autoplay: { enabled: true, delay: 3000 },
      breakpoints: { 768: { slidesPerView: 6, slidesPerColumn: 1 } },
    });
    expect(options).toMatchObject({
      slidesPerView: 3,
      spaceBetween: 50,
      loop: true,
      grid: { rows: 2 },
      autoplay: { delay: 3000 },
    });
    expect(options.breakpoints?.[768]).toMatchObject({ slidesPerView: 6, grid: { rows: 1 } });
  });
});
