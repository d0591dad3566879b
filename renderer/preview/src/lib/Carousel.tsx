import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { Autoplay, FreeMode, Grid, Navigation, Pagination } from 'swiper/modules';
import type { Swiper as SwiperInstance, SwiperOptions } from 'swiper/types';
import 'swiper/css';
import 'swiper/css/grid';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { choice, flag, num, record, text, type Content } from './content';
import { REDUCED_MOTION, useMediaQuery } from './viewport';

/** The carousel's width is measured again this long after it mounts, once images and fonts settle (§9). */
export const CAROUSEL_WIDTH_ADJUST_MS = 505;
/** Window resizes are handled once they pause for this long (§9). */
export const RESIZE_DEBOUNCE_MS = 250;

/**
 * Swiper options from a component's carousel settings (catalogue spec §3, "Carousel settings"). Under
 * prefers-reduced-motion nothing moves by itself and slides change without sliding.
 */
export function swiperOptions(settings: Content, reducedMotion = false): SwiperOptions {
  const layout = (values: Content): SwiperOptions => ({
    slidesPerView: num(values, 'slidesPerView', 1),
    slidesPerGroup: num(values, 'slidesPerGroup', 1),
    spaceBetween: num(values, 'spaceBetween', 16),
    grid: { rows: num(values, 'slidesPerColumn', 1), fill: 'row' },
  });
  const breakpoints = Object.fromEntries(
    Object.entries(record(settings, 'breakpoints')).map(([width, values]) => [width, layout(values as Content)]),
  );
  const autoplay = record(settings, 'autoplay');
  return {
    ...layout(settings),
    breakpoints,
    freeMode: flag(settings, 'freeMode'),
    loop: flag(settings, 'loop'),
    autoplay:
      flag(autoplay, 'enabled') && !reducedMotion
        ? { delay: num(autoplay, 'delay', 5000), pauseOnMouseEnter: true }
        : false,
    ...(reducedMotion ? { speed: 0 } : {}),
  };
}

/**
 * A carousel on swiper, honouring per-view, per-group, rows, spacing, free mode, loop, autoplay, breakpoints,
 * arrows (buttons, colours, background, size, position, hidden on mobile) and pagination (shown, on mobile,
 * position).
 */
export function Carousel({ settings, children, label }: { settings: Content; children: ReactNode[]; label: string }) {
  const swiper = useRef<SwiperInstance | null>(null);
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const options = swiperOptions(settings, reducedMotion);
  // WCAG 2.2.2: what moves by itself can be paused.
  const [paused, setPaused] = useState(false);
  const arrows = record(settings, 'arrows');
  const pagination = record(settings, 'pagination');

  useEffect(() => {
    const adjust = setTimeout(() => swiper.current?.update(), CAROUSEL_WIDTH_ADJUST_MS);
    let resizeTimer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => swiper.current?.update(), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(adjust);
      clearTimeout(resizeTimer);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  const classes = [
    'carousel',
    `arrows-${text(arrows, 'position') || 'inside'}`,
    flag(arrows, 'showBackground') ? 'arrows-background' : '',
    flag(arrows, 'hideMobile') ? 'arrows-hide-mobile' : '',
    flag(pagination, 'showOnMobile') ? '' : 'pagination-hide-mobile',
    `pagination-${text(pagination, 'position') || 'bottom'}`,
  ].join(' ');
  const style = {
    '--swiper-navigation-color': text(arrows, 'fontColor') || '#111',
    '--swiper-navigation-size': choice(arrows, 'fontSize', '24px'),
    '--carousel-arrow-background': text(arrows, 'backgroundColor') || '#fff',
  } as CSSProperties;

  return (
    <div className={classes} style={style} aria-roledescription="carousel" aria-label={label}>
      <Swiper
        modules={[Navigation, Pagination, Autoplay, FreeMode, Grid]}
        {...options}
        navigation={flag(arrows, 'buttons')}
        pagination={flag(pagination, 'show') ? { clickable: true } : false}
        onSwiper={(instance) => (swiper.current = instance)}
      >
        {children.map((child, index) => (
          <SwiperSlide key={index}>{child}</SwiperSlide>
        ))}
      </Swiper>
      {options.autoplay && (
        <button
          type="button"
          className="carousel-pause"
          onClick={() => {
            setPaused(!paused);
            if (paused) swiper.current?.autoplay?.start();
            else swiper.current?.autoplay?.stop();
          }}
        >
          {paused ? 'Play' : 'Pause'}
          <span className="visually-hidden"> the {label} slides</span>
        </button>
      )}
    </div>
  );
}
