import { useId } from 'react';
import type { BlockProps } from '../registry';
import { flag, list, num, record, text } from '../lib/content';
import { ignoreSubmit } from '../lib/forms';
import './StoreFilter.css';

/** Search radii offered; the template's own radius is added when it is not one of them. */
const RADII = [5, 10, 25, 50];

/**
 * Store finder: a town or postcode search, service filters (pre-ticked as the content says) and a radius.
 * The stores themselves come from the store service on the storefront, so the preview shows where they go.
 */
export default function StoreFilter({ content }: BlockProps) {
  const id = useId();
  const title = text(content, 'title');
  const body = text(content, 'text');
  const filters = list(content, 'filters');
  const settings = record(content, 'settings');
  const radius = num(settings, 'radiusMiles', 25);
  const maxResults = num(settings, 'maxResults', 10);
  const radii = [...new Set([...RADII, radius])].filter((miles) => miles > 0).sort((a, b) => a - b);
  return (
    <div className="store-filter">
      <div className="store-filter-panel">
        {title && <h2 className="store-filter-title">{title}</h2>}
        {body && <p className="store-filter-text">{body}</p>}
        <form className="store-filter-form" role="search" onSubmit={ignoreSubmit}>
          <div className="store-filter-search">
            <label className="store-filter-label" htmlFor={`${id}-location`}>
              Town or postcode
            </label>
            <div className="store-filter-search-row">
              <input
                id={`${id}-location`}
                type="search"
                name="location"
                placeholder={text(content, 'placeholder')}
                autoComplete="postal-code"
              />
              <button type="submit" className="store-filter-submit">
                {text(content, 'buttonText') || 'Search'}
              </button>
            </div>
          </div>
          <div className="store-filter-options">
            {filters.length > 0 && (
              <fieldset className="store-filter-services">
                <legend className="store-filter-label">Services</legend>
                {filters.map((filter, index) => (
                  // Keyed by the ticked state too, so ticking it in the editor shows here.
                  <label key={`${index}-${String(flag(filter, 'selected'))}`} className="store-filter-chip">
                    <input
                      type="checkbox"
                      name="services"
                      value={text(filter, 'value')}
                      defaultChecked={flag(filter, 'selected')}
                    />
                    <span>{text(filter, 'label')}</span>
                  </label>
                ))}
              </fieldset>
            )}
            <div className="store-filter-radius">
              <label className="store-filter-label" htmlFor={`${id}-radius`}>
                Distance
              </label>
              <select id={`${id}-radius`} name="radius" key={radius} defaultValue={String(radius)}>
                {radii.map((miles) => (
                  <option key={miles} value={String(miles)}>
                    Within {miles} miles
                  </option>
                ))}
              </select>
            </div>
          </div>
        </form>
      </div>
      <div className="store-filter-results" aria-hidden="true">
        <span className="store-filter-pin" />
        <p>
          Up to {maxResults} nearby stores appear here
          <br />
          <span className="store-filter-results-note">Store list and map load on the storefront</span>
        </p>
      </div>
    </div>
  );
}
