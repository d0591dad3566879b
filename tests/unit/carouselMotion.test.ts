import { describe, expect, it } from 'vitest';
import { swiperOptions } from '../../renderer/preview/src/lib/Carousel';

const AUTOPLAYING = { autoplay: { enabled: true, delay: 3000 } };

describe('a carousel under prefers-reduced-motion', () => {
  it('plays by itself only without it, pausing under the pointer', () => {
    expect(swiperOptions(AUTOPLAYING).autoplay).toEqual({ delay: 3000, pauseOnMouseEnter: true });
    expect(swiperOptions(AUTOPLAYING, true).autoplay).toBe(false);
  });

  it('changes slides without sliding', () => {
    expect(swiperOptions(AUTOPLAYING, true).speed).toBe(0);
    expect(swiperOptions(AUTOPLAYING).speed).toBeUndefined();
  });
});
