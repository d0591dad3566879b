import { describe, expect, it } from 'vitest';
import { deriveBlockMeta, DEFAULT_CHANNEL } from '../../core/rules/blocks';
import { fitPreview, PREVIEW_WIDTHS } from '../../core/rules/viewport';
import { CDN_IMAGE_HOSTS, withWebp } from '../../core/rules/webp';
import type { Component } from '../../core/schemas';

const block = (type: string, id: string, extra: Partial<Component> = {}): Component => ({
  _component: type,
  _identifier: id,
  name: id,
  hidden: false,
  classes: [],
  content: {},
  ...extra,
});
const carousel = (type: string, id: string) => block(type, id, { content: { carousel: { slidesPerView: 4 } } });

describe('block meta (catalogue spec §3, Block)', () => {
  it('numbers blocks per type from 1, in page order', () => {
    const metas = deriveBlockMeta([block('MainBanner', 'a'), block('SpotList', 'b'), block('MainBanner', 'c')]);
    expect([...metas.values()].map((m) => m._index)).toEqual(['MainBanner1', 'SpotList1', 'MainBanner2']);
    expect(metas.get('c')).toMatchObject({ _identifier: 'c', channel: DEFAULT_CHANNEL });
    expect(DEFAULT_CHANNEL).toBe('responsive');
  });

  it('skips hidden components: they are not blocks and take no number', () => {
    const metas = deriveBlockMeta([block('MainBanner', 'a', { hidden: true }), block('MainBanner', 'b')]);
    expect(metas.has('a')).toBe(false);
    expect(metas.get('b')).toMatchObject({ _index: 'MainBanner1', eager: true });
  });

  it('loads only the first visible block eagerly and marks only the first carousel lazy-loaded', () => {
    const metas = deriveBlockMeta([block('MainBanner', 'a'), carousel('SpotCarousel', 'b'), carousel('LogoList', 'c')]);
    expect([...metas.values()].map((m) => [m.eager, m.lazyLoadedCarousel])).toEqual([
      [true, false],
      [false, true],
      [false, false],
    ]);
  });
});

describe('the WebP rule (catalogue spec §5)', () => {
  const cdn = `https://${CDN_IMAGE_HOSTS[0]}/i/retailer/shoe`;

  it('appends fmt=webp to CDN images without fmt when supported', () => {
    expect(withWebp(cdn, true)).toBe(`${cdn}?fmt=webp`);
    expect(withWebp(`${cdn}?w=500`, true)).toBe(`${cdn}?w=500&fmt=webp`);
    expect(withWebp(`${cdn}?w=500#top`, true)).toBe(`${cdn}?w=500&fmt=webp#top`);
  });

  it('leaves everything else alone', () => {
    expect(withWebp(cdn, false)).toBe(cdn);
    expect(withWebp(`${cdn}?fmt=jpg`, true)).toBe(`${cdn}?fmt=jpg`);
    expect(withWebp('https://images.example.com/shoe.jpg', true)).toBe('https://images.example.com/shoe.jpg');
    expect(withWebp('/sample/images/banner.svg', true)).toBe('/sample/images/banner.svg');
  });
});

describe('fitting the preview to a width', () => {
  const area = { x: 500, y: 80, width: 900, height: 700 };

  it('has the three widths of the width switch', () => {
    expect(PREVIEW_WIDTHS.map((w) => [w.label, w.width])).toEqual([
      ['Desktop', 1280],
      ['Tablet', 768],
      ['Mobile', 375],
    ]);
  });

  it('fills the area when fitting or when the width is the area width', () => {
    expect(fitPreview(area, null)).toEqual({ ...area, zoom: 1 });
    expect(fitPreview(area, 900)).toEqual({ ...area, zoom: 1 });
  });

  it('centres a narrower page at full size', () => {
    expect(fitPreview(area, 375)).toEqual({ x: 500 + 262, y: 80, width: 375, height: 700, zoom: 1 });
  });

  it('zooms a wider page out so it is laid out at its width', () => {
    const layout = fitPreview(area, 1280);
    expect(layout).toMatchObject(area);
    expect(layout.width / layout.zoom).toBeCloseTo(1280);
  });
});
