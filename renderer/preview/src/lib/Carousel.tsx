import type { ReactNode } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { Autoplay, FreeMode, Grid, Navigation, Pagination } from 'swiper/modules';
import type { SwiperOptions } from 'swiper/types';
import 'swiper/css';
import 'swiper/css/grid';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { flag, num, record, type Content } from './content';

/** Swiper options from a component's carousel settings (catalogue spec §3, "Carousel settings"). */
export function swiperOptions(settings: Content): SwiperOptions {
  const layout = (values: Content): SwiperOptions => ({
    slidesPerView: num(values, 'slidesPerView', 1),
    slidesPerGroup: num(values, 'slidesPerGroup', 1),
    spaceBetween: num(values, 'spaceBetween', 16),
    grid: { rows: num(values, 'slidesPerColumn', 1), fill: 'row' },
  });
  const breakpoints = Object.fromEntries(Object.entries(record(settings, 'breakpoints')).map(([width, values]) => [width, layout(values as Content)]));
  const autoplay = record(settings, 'autoplay');
  return {
    ...layout(settings),
    breakpoints,
    freeMode: flag(settings, 'freeMode'),
    loop: flag(settings, 'loop'),
    autoplay: flag(autoplay, 'enabled') ? { delay: num(autoplay, 'delay', 5000) } : false,
  };
}

/** A carousel on swiper, honouring per-view, per-group, rows, spacing, breakpoints, arrows and pagination. */
export function Carousel({ settings, children, label }: { settings: Content; children: ReactNode[]; label: string }) {
  const arrows = record(settings, 'arrows');
  const pagination = record(settings, 'pagination');
  const classes = [
    'carousel',
    flag(arrows, 'hideMobile') ? 'arrows-hide-mobile' : '',
    flag(pagination, 'showOnMobile') ? '' : 'pagination-hide-mobile',
  ].join(' ');
  return (
    <div className={classes} aria-roledescription="carousel" aria-label={label}>
      <Swiper
        modules={[Navigation, Pagination, Autoplay, FreeMode, Grid]}
        {...swiperOptions(settings)}
        navigation={flag(arrows, 'buttons')}
        pagination={flag(pagination, 'show') ? { clickable: true } : false}
      >
        {children.map((child, index) => (
          <SwiperSlide key={index}>{child}</SwiperSlide>
        ))}
      </Swiper>
    </div>
  );
}
