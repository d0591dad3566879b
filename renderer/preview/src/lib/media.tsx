import type { CSSProperties } from 'react';
import { imageUrl } from './blockContext';
import { list, record, text, type Content } from './content';

/** Mobile image variant up to this width (catalogue spec §9). */
export const IMAGE_MOBILE_MAX_WIDTH = 765;
/** Aspect ratios and carousels switch at this width (catalogue spec §9). */
export const LAYOUT_MOBILE_MAX_WIDTH = 767;
export const DEFAULT_RATIOS = { desktop: '1160:485', mobile: '640:640' };

/** 'width:height' as a CSS aspect-ratio value, or null when it is not two positive numbers. */
export function cssRatio(ratio: string): string | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(ratio);
  if (!match || Number(match[1]) <= 0 || Number(match[2]) <= 0) return null;
  return `${match[1]} / ${match[2]}`;
}

/** CSS variables the .ratio class switches between at the 767px breakpoint. */
export function ratioStyle(content: Content, key = 'aspectRatio'): CSSProperties {
  const ratios = record(content, key);
  return {
    '--ratio-desktop': cssRatio(text(ratios, 'desktop') || DEFAULT_RATIOS.desktop) ?? '1160 / 485',
    '--ratio-mobile': cssRatio(text(ratios, 'mobile') || DEFAULT_RATIOS.mobile) ?? '1 / 1',
  } as CSSProperties;
}

/**
 * An image with desktop and mobile variants; the browser picks one at the 765px breakpoint. It loads at once:
 * blocks far from the view do not render (blockWindow), and loading="lazy" would cost an IntersectionObserver
 * recomputed on every frame.
 */
export function ResponsiveImage({ images, alt, className }: { images: Content; alt: string; className?: string }) {
  const desktop = text(images, 'desktop');
  const mobile = text(images, 'mobile') || desktop;
  if (!desktop && !mobile) return null;
  return (
    <picture className={className}>
      <source media={`(max-width: ${IMAGE_MOBILE_MAX_WIDTH}px)`} srcSet={imageUrl(mobile)} />
      <img src={imageUrl(desktop || mobile)} alt={alt} />
    </picture>
  );
}

/** Calls to action: text, url (a string or a desktop/mobile pair), optionally inverted. */
export function Ctas({ content, rounded = false, align }: { content: Content; rounded?: boolean; align?: string }) {
  const ctas = list(content, 'ctas');
  if (ctas.length === 0) return null;
  return (
    <div className={`ctas ctas-${align || 'left'}`}>
      {ctas.map((cta, index) => (
        <a
          key={index}
          className={['cta', cta.invert === true ? 'cta-invert' : '', rounded ? 'cta-rounded' : ''].join(' ')}
          href={linkHref(cta, 'url')}
        >
          {text(cta, 'text')}
        </a>
      ))}
    </div>
  );
}

/** A link that may be a plain string or a {desktop, mobile} pair; the preview follows the desktop one. */
export function linkHref(content: Content, key: string): string {
  const value = content[key];
  if (value && typeof value === 'object') return text(value as Content, 'desktop') || '#';
  return text(content, key) || '#';
}
