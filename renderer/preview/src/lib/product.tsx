import { useState, type CSSProperties } from 'react';
import { imageUrl } from './blockContext';
import { choice, record, text, type Content } from './content';
import { linkHref } from './media';
import './product.css';

/** A price with the currency symbol before or after it (currency.location, a select box 'before' | 'after'). */
export function formatPrice(amount: string, currency: Content): string {
  const symbol = text(currency, 'symbol');
  return choice(currency, 'location', 'before') === 'after' ? `${amount}${symbol}` : `${symbol}${amount}`;
}

/** Whether the was price is a real, different earlier price (not empty, not the same figure as now). */
function isReduced(was: string, now: string): boolean {
  if (!was.trim()) return false;
  const [wasValue, nowValue] = [Number(was), Number(now)];
  return Number.isFinite(wasValue) && Number.isFinite(nowValue) ? wasValue !== nowValue : was.trim() !== now.trim();
}

/** Now price, with the was price struck through beside it when it differs; currency.text (such as "from") leads. */
export function Price({ price, currency }: { price: Content; currency: Content }) {
  const was = text(price, 'was');
  const now = text(price, 'now');
  const reduced = isReduced(was, now);
  const lead = text(currency, 'text');
  if (!now && !was) return null;
  return (
    <p className={reduced ? 'price reduced' : 'price'}>
      {lead && <span className="price-text">{lead} </span>}
      {reduced && (
        <s className="price-was">
          <span className="visually-hidden">Was </span>
          {formatPrice(was, currency)}
        </s>
      )}
      {now && (
        <span className="price-now">
          {reduced && <span className="visually-hidden">Now </span>}
          {formatPrice(now, currency)}
        </span>
      )}
    </p>
  );
}

/**
 * A product tile from its product details (pluDetails): the imageShots.default shot, swapped for the
 * imageShots.hover shot while the pointer is over it; brand, name and price.
 */
export function ProductCard({
  product,
  currency,
  imageShots,
  ratio,
}: {
  product: Content;
  currency: Content;
  imageShots: Content;
  ratio: CSSProperties;
}) {
  const [hovered, setHovered] = useState(false);
  const details = record(product, 'pluDetails');
  const images = record(details, 'images');
  const title = text(details, 'title');
  const defaultShot =
    text(images, choice(imageShots, 'default', 'a')) ||
    Object.values(images).find((value): value is string => typeof value === 'string') ||
    '';
  const hoverShot = text(images, choice(imageShots, 'hover', 'b')) || defaultShot;
  const shown = hovered ? hoverShot : defaultShot;
  return (
    <a
      className="product-card"
      href={linkHref(details, 'url')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
      data-plu={text(details, 'plu') || undefined}
    >
      <span className="product-card-image ratio" style={ratio}>
        {shown && <img src={imageUrl(shown)} alt={title} />}
      </span>
      <span className="product-card-details">
        {text(details, 'brand') && <span className="product-card-brand">{text(details, 'brand')}</span>}
        <span className="product-card-title">{title}</span>
        <Price price={record(details, 'price')} currency={currency} />
      </span>
    </a>
  );
}
