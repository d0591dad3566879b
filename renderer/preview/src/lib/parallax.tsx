import type { CSSProperties } from 'react';
import { imageUrl } from './blockContext';
import { text, type Content } from './content';
import { ResponsiveImage } from './media';

const cssUrl = (url: string): string => `url("${imageUrl(url).replace(/["\\]/g, '\\$&')}")`;

/**
 * The art as a fixed background that the page scrolls over: CSS variables --parallax-desktop and
 * --parallax-mobile, which the component's CSS switches between at the 765px image breakpoint.
 */
export function parallaxStyle(images: Content): CSSProperties {
  const desktop = text(images, 'desktop');
  const mobile = text(images, 'mobile') || desktop;
  return {
    '--parallax-desktop': desktop || mobile ? cssUrl(desktop || mobile) : 'none',
    '--parallax-mobile': mobile ? cssUrl(mobile) : 'none',
  } as CSSProperties;
}

/**
 * A banner's art: with parallax on, a layer (of class `className`) whose background stays fixed behind the
 * page as it scrolls; otherwise the responsive image.
 */
export function ParallaxArt({
  images,
  alt,
  parallax,
  className,
}: {
  images: Content;
  alt: string;
  parallax: boolean;
  className: string;
}) {
  if (!parallax) return <ResponsiveImage images={images} alt={alt} />;
  return <div className={className} style={parallaxStyle(images)} role="img" aria-label={alt} />;
}
