import { useId } from 'react';
import { fasciaName } from '../../../../core/fascias';
import type { FhSearch } from '../../../../core/meshSchemas';
import {
  CATEGORIES_FACET,
  NEW_FACET,
  ON_SALE_FACET,
  addFilter,
  clearAll,
  countLine,
  fhLocation,
  fhQueryString,
  removeFilter,
  toggleGroup,
  type FhFilter,
  type FhQueryState,
} from '../../../../core/rules/fhQuery';
import { COPY_TOAST_MS } from '../../../../core/rules/linkGenerator';
import { call, errorMessage } from '../api';
import { useRemote } from '../state/useRemote';
import { toast } from '../state/toasts';
import { localeFor, useFasciaStore } from './fhUniverse';
import './querybuilder.css';
import { ChevronDown, ChevronRight, X } from 'lucide-react';
import { StateMessage } from '../ui/StateMessage';
import { Tooltip } from '../ui/Tooltip';

export const QUERY_COPIED = 'Query copied to Clipboard.';
export const LOADING_PRODUCTS = 'Loading products…';

type FacetGroup = FhSearch['facets'][number];
type FacetValue = FacetGroup['values'][number];

const SHOW_ONLY: readonly { facet: string; label: string }[] = [
  { facet: ON_SALE_FACET, label: 'On sale' },
  { facet: NEW_FACET, label: 'New in' },
];

/** What a category tab reads: the chosen trail, e.g. "Category: Men › Footwear". */
const CATEGORY_PREFIX = 'Category: ';
const TRAIL = ' › ';

/** The filter a click on a facet value stands for, labelled for its "Filtering By" tab. */
function filterFor(group: FacetGroup, value: FacetValue, filters: readonly FhFilter[]): FhFilter {
  if (group.id !== CATEGORIES_FACET)
    return { facet: group.id, value: value.id, label: `${group.title}: ${value.label}` };
  // The category values are the children of the chosen category: drilling down extends its trail.
  const parent = filters.findLast((filter) => filter.facet === CATEGORIES_FACET);
  const trail =
    parent && value.id.startsWith(`${parent.value}/`) ? `${parent.label.slice(CATEGORY_PREFIX.length)}${TRAIL}` : '';
  return { facet: CATEGORIES_FACET, value: value.id, label: `${CATEGORY_PREFIX}${trail}${value.label}` };
}

/** The FH Query Builder's content (querybuilder/QueryBuilderDialog.tsx holds its state and dialog). */
export function QueryBuilder({
  state,
  onChange,
  fascia,
  country,
  onInsert,
}: {
  state: FhQueryState;
  onChange(update: (state: FhQueryState) => FhQueryState): void;
  fascia: string;
  country: string;
  onInsert: ((query: string) => void) | undefined;
}) {
  const id = useId();
  const universe = useFasciaStore(fascia);
  const locale = localeFor(country);
  const location = universe ? fhLocation(universe, locale, state.filters) : null;
  const queryString = universe ? fhQueryString(universe, locale, state.filters) : '';
  const search = useRemote(location, () => call('fhSearch', { location: location ?? '' }));
  const result = search.data;
  const count = result ? countLine(result.totalItems) : null;

  const isChosen = (facet: string, value: string) =>
    state.filters.some((filter) => filter.facet === facet && filter.value === value);
  const clickValue = (group: FacetGroup, value: FacetValue) =>
    onChange((current) =>
      isChosen(group.id, value.id)
        ? removeFilter(current, group.id, value.id)
        : addFilter(current, filterFor(group, value, current.filters)),
    );
  const toggleShowOnly = (facet: string, label: string, on: boolean) =>
    onChange((current) => (on ? addFilter(current, { facet, value: '1', label }) : removeFilter(current, facet, '1')));

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(queryString);
      toast(QUERY_COPIED, 'success', COPY_TOAST_MS);
    } catch (error) {
      toast(`The query could not be copied: ${errorMessage(error)}`, 'error');
    }
  };

  return (
    <div className="query-builder">
      <nav className="qb-facets" aria-label="Facets">
        {universe === null && (
          <p role="alert" className="field-error">
            No store is set for <span title={fascia}>{fasciaName(fascia)}</span> in Settings.
          </p>
        )}
        {result?.facets.map((group) => {
          const expanded = state.openGroups.includes(group.id);
          const listId = `${id}-${group.id}`;
          return (
            <section key={group.id} className="qb-group">
              <h3 className="qb-group-heading">
                <button
                  type="button"
                  className="qb-group-toggle"
                  aria-expanded={expanded}
                  aria-controls={listId}
                  onClick={() => onChange((current) => toggleGroup(current, group.id))}
                >
                  <span className="qb-chevron" aria-hidden="true">
                    {expanded ? <ChevronDown size={14} /> : <ChevronRight size={14} />}
                  </span>
                  {/* The name is the visible text, "Categories (3)", the brackets for the ear only. */}
                  <span className="qb-group-title">{group.title}</span>{' '}
                  <span className="qb-badge">
                    <span className="visually-hidden">(</span>
                    {group.values.length}
                    <span className="visually-hidden">)</span>
                  </span>
                </button>
              </h3>
              {expanded && (
                <ul id={listId} className="qb-values">
                  {group.values.map((value) => {
                    const chosen = value.selected || isChosen(group.id, value.id);
                    return (
                      <li key={value.id}>
                        <button
                          type="button"
                          className="qb-value"
                          aria-pressed={chosen}
                          onClick={() => clickValue(group, value)}
                        >
                          <span className="qb-value-label">{value.label}</span>{' '}
                          <span className="qb-value-count">
                            <span className="visually-hidden">(</span>
                            {value.count}
                            <span className="visually-hidden">)</span>
                          </span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
          );
        })}
        {universe && (
          <fieldset className="qb-show-only">
            <legend>Show only</legend>
            {SHOW_ONLY.map(({ facet, label }) => (
              <label key={facet} className="checkbox">
                <input
                  type="checkbox"
                  checked={state.filters.some((filter) => filter.facet === facet)}
                  onChange={(event) => toggleShowOnly(facet, label, event.target.checked)}
                />
                {label}
              </label>
            ))}
          </fieldset>
        )}
      </nav>

      <section className="qb-results" aria-label="Results">
        <div className="qb-filtering">
          <h3 className="qb-filtering-title">Filtering By</h3>
          {state.filters.length === 0 ? (
            <p className="hint">No filters: every product of the store.</p>
          ) : (
            <ul className="qb-tabs" aria-label="Filters">
              {state.filters.map((filter) => (
                <li key={`${filter.facet}=${filter.value}`} className="qb-tab">
                  <span>{filter.label}</span>
                  <Tooltip content={`Remove ${filter.label}`}>
                    <button
                      type="button"
                      className="qb-tab-remove"
                      aria-label={`Remove ${filter.label}`}
                      onClick={() => onChange((current) => removeFilter(current, filter.facet, filter.value))}
                    >
                      <X size={14} aria-hidden />
                    </button>
                  </Tooltip>
                </li>
              ))}
            </ul>
          )}
          <button
            type="button"
            className="qb-clear"
            disabled={state.filters.length === 0}
            onClick={() => onChange(clearAll)}
          >
            Clear all
          </button>
        </div>
        {(search.loading || universe === undefined) && <StateMessage kind="loading" title={LOADING_PRODUCTS} />}
        {search.error && <StateMessage kind="error" title={search.error} />}
        {result && !search.loading && !count && (
          <StateMessage kind="empty" title="No products match these filters.">
            Remove a filter, or Clear all to start again.
          </StateMessage>
        )}
        {count && <p className="qb-count-line">{count}</p>}
        {result && result.breadcrumbs.length > 1 && (
          <p className="hint qb-trail">{result.breadcrumbs.map((crumb) => crumb.label).join(TRAIL)}</p>
        )}
      </section>

      <footer className="qb-footer">
        <label htmlFor={`${id}-query`}>Query string</label>
        <textarea id={`${id}-query`} className="qb-query" readOnly rows={2} value={queryString} spellCheck={false} />
        <div className="modal-actions">
          <button type="button" disabled={!queryString} onClick={() => void copy()}>
            Copy query
          </button>
          <button
            type="button"
            className="primary"
            disabled={!onInsert || !queryString}
            onClick={() => onInsert?.(queryString)}
          >
            Insert into component
          </button>
        </div>
      </footer>
    </div>
  );
}
