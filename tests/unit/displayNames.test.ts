import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../core/catalogue';
import { FASCIAS, brandName, fasciaName } from '../../core/fascias';
import { componentLabel, componentTypeName } from '../../core/rules/displayNames';

describe('componentTypeName', () => {
  it("reads a catalogue type as the catalogue's name in words", () => {
    expect(componentTypeName('VideoSpot')).toBe('Video Spot');
    expect(componentTypeName('UspBar')).toBe('USP Bar');
    expect(componentTypeName('CustomHTML')).toBe('Custom HTML');
    for (const entry of CATALOGUE) expect(componentTypeName(entry.data._component)).toBe(entry.name);
  });

  it('splits a type the catalogue does not hold at its capitals', () => {
    expect(componentTypeName('HeroTiles')).toBe('Hero Tiles');
    expect(componentTypeName('PDPWidget')).toBe('PDP Widget');
    expect(componentTypeName('Banner2Up')).toBe('Banner2 Up');
  });
});

describe('componentLabel', () => {
  it("is the component's own name, else its type in words", () => {
    expect(componentLabel({ name: 'Summer hero', _component: 'MainBanner' })).toBe('Summer hero');
    expect(componentLabel({ name: '  ', _component: 'VideoSpot' })).toBe('Video Spot');
    expect(componentLabel({ _component: 'StoreFilter' })).toBe('Store Filter');
  });
});

describe('fascia names', () => {
  it('show the brand in capitals, an app fascia with "App", so no two fascias read the same', () => {
    expect(brandName('site_jd')).toBe('JD');
    expect(fasciaName('site_jd')).toBe('JD');
    expect(fasciaName('app_jd')).toBe('JD App');
    expect(fasciaName('jd')).toBe('JD');
    expect(new Set(FASCIAS.map(fasciaName)).size).toBe(FASCIAS.length);
  });
});
