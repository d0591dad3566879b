import { useId, useState, type CSSProperties } from 'react';
import type { BlockProps } from '../registry';
import { flag, html, list, num, record, text } from '../lib/content';
import { imageUrl } from '../lib/blockContext';
import { ignoreSubmit } from '../lib/forms';
import { linkHref } from '../lib/media';
import { RichText } from '../lib/RichText';
import './BrandSelector.css';

/** Brand logos in a grid of `settings.columns` (two on mobile), with a search box that narrows them by name. */
export default function BrandSelector({ content }: BlockProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const title = text(content, 'title');
  const intro = html(content, 'text');
  const settings = record(content, 'settings');
  const columns = Math.min(8, Math.max(1, Math.round(num(settings, 'columns', 4))));
  const showNames = flag(settings, 'showNames');
  const brands = list(content, 'brands').map((brand) => ({
    name: text(brand, 'name'),
    image: text(brand, 'image'),
    href: linkHref(brand, 'url'),
  }));
  const needle = query.trim().toLocaleLowerCase();
  const shown = needle ? brands.filter((brand) => brand.name.toLocaleLowerCase().includes(needle)) : brands;
  return (
    <div
      className="brand-selector"
      style={
        {
          '--brand-selector-columns': columns,
          '--brand-selector-mobile-columns': Math.min(columns, 2),
        } as CSSProperties
      }
    >
      <div className="brand-selector-header">
        <div>
          {title && <h2 className="brand-selector-title">{title}</h2>}
          <RichText value={intro} className="brand-selector-text" />
        </div>
        <form className="brand-selector-search" role="search" onSubmit={ignoreSubmit}>
          <label htmlFor={`${id}-search`}>Find a brand</label>
          <input
            id={`${id}-search`}
            type="search"
            placeholder="Brand name"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
          />
        </form>
      </div>
      {shown.length > 0 ? (
        <ul className="brand-selector-grid">
          {shown.map((brand, index) => (
            <li key={`${brand.name}-${index}`}>
              <a className="brand-selector-brand" href={brand.href}>
                <span className="brand-selector-logo">
                  {brand.image ? (
                    <img src={imageUrl(brand.image)} alt={showNames ? '' : brand.name} />
                  ) : (
                    <span className="brand-selector-fallback">{brand.name}</span>
                  )}
                </span>
                {showNames && <span className="brand-selector-name">{brand.name}</span>}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="brand-selector-empty" role="status">
          {brands.length === 0 ? 'No brands yet.' : `No brands match “${query.trim()}”.`}
        </p>
      )}
    </div>
  );
}
