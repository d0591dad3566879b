import { useEffect, useId, useState, type ReactNode } from 'react';
import type { MeshFacet } from '../../../../core/meshSchemas';
import {
  APPS_SITE_TYPE,
  COPY_TOAST,
  COPY_TOAST_MS,
  LINK_PLATFORM,
  LINK_TYPES,
  LINK_TYPE_LABELS,
  PLACEHOLDER,
  addFacet,
  categoryTarget,
  changeLinkType,
  generateLink,
  hasBrandFacets,
  levelOptions,
  linkParts,
  pickLevel,
  removeFacet,
  resetLinkForm,
  visibleFields,
  type CategoryLevel,
  type LinkForm,
  type LinkType,
} from '../../../../core/rules/linkGenerator';
import { linkTargetKey, type LinkTarget } from '../../../../core/rules/insertIntoComponent';
import { call, errorMessage } from '../api';
import { toast } from '../state/toasts';
import { useRemote } from '../state/useRemote';
import './links.css';
import { X } from 'lucide-react';
import { Tooltip } from '../ui/Tooltip';

/** Site type of a web fascia (site_*); only 'apps' changes anything (core/rules/linkGenerator.ts). */
const SITE_SITE_TYPE = 'site';
const KEYWORD_DELAY_MS = 300;

const LEVEL_LABELS: Record<CategoryLevel, string> = {
  gender: 'Gender',
  category: 'Category',
  subcategory: 'Subcategory',
};

/** A value that follows `value` once it has stopped changing for `delayMs`. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * Where `Insert into component` can write: the open component's link fields, or why there are none (no
 * component open, none of its fields takes a link), which disables it.
 */
export type InsertInto =
  | { targets: readonly LinkTarget[]; unavailable: null; insert(link: string, target: LinkTarget): void }
  | { targets: readonly LinkTarget[]; unavailable: string };

/** The Link Generator's content (links/LinkGeneratorDialog.tsx holds its state and dialog). */
export function LinkGenerator({
  form,
  setForm,
  fascia,
  insertInto,
  onOpenQueryBuilder,
}: {
  form: LinkForm;
  setForm(update: (form: LinkForm) => LinkForm): void;
  fascia: string;
  insertInto: InsertInto;
  onOpenQueryBuilder(): void;
}) {
  const id = useId();
  return (
    <div className="link-generator">
      <section className="lg-section" aria-labelledby={`${id}-feed`}>
        <h3 id={`${id}-feed`} className="lg-heading">
          Product feed query
        </h3>
        <p className="hint">Build a faceted-search query (fh_location) for a product-feed component.</p>
        <div>
          <button type="button" onClick={onOpenQueryBuilder}>
            Open query builder
          </button>
        </div>
      </section>
      <section className="lg-section" aria-labelledby={`${id}-link`}>
        <h3 id={`${id}-link`} className="lg-heading">
          App link
        </h3>
        <MeshLinkGenerator form={form} setForm={setForm} fascia={fascia} insertInto={insertInto} />
      </section>
    </div>
  );
}

/** What an added facet pair reads, e.g. "Colour: Red"; the raw name and value when the facets do not list it. */
function facetLabel(facets: readonly MeshFacet[], name: string, value: string): string {
  const facet = facets.find((candidate) => candidate.name === name);
  const shown = facet?.values.find((candidate) => candidate.value === value)?.displayName ?? value;
  return `${facet?.displayName ?? name}: ${shown}`;
}
const pairKey = (name: string, value: string) => JSON.stringify([name.trim(), value.trim()]);

function MeshLinkGenerator({
  form,
  setForm,
  fascia,
  insertInto,
}: {
  form: LinkForm;
  setForm(update: (form: LinkForm) => LinkForm): void;
  fascia: string;
  insertInto: InsertInto;
}) {
  const id = useId();
  const [chosenTarget, setChosenTarget] = useState<string | null>(null);
  // The first link field until the user picks another; a pick the open component no longer has falls back too.
  const target =
    insertInto.targets.find((candidate) => linkTargetKey(candidate) === chosenTarget) ?? insertInto.targets[0];
  // The labels of added pairs, taken when added: later answers (e.g. after ticking Sale) may not list them.
  const [pairLabels, setPairLabels] = useState<Readonly<Record<string, string>>>({});
  const keywords = useSettled(form.keywords.trim(), KEYWORD_DELAY_MS);

  // The mesh answers each field needs, asked for only while its link type is chosen.
  const categories = useRemote(form.type === 'category' ? `categories:${fascia}` : null, () =>
    call('meshCategories', { fascia }),
  );
  const landingPages = useRemote(form.type === 'nav' ? `landing:${fascia}` : null, () =>
    call('meshLandingPages', { fascia }),
  );
  const path = categoryTarget(form);
  const categoryQuery = { fascia, path, isNew: form.isNew, isOnSale: form.isOnSale };
  const searchQuery = {
    fascia,
    ...(form.brand.trim() ? { brandname: form.brand.trim() } : {}),
    ...(keywords ? { keywords } : {}),
    facets: form.facets,
    isNew: form.isNew,
    isOnSale: form.isOnSale,
  };
  const facetKey =
    form.type === 'category' && path
      ? `category:${JSON.stringify(categoryQuery)}`
      : form.type === 'search'
        ? `search:${JSON.stringify(searchQuery)}`
        : null;
  const facetAnswer = useRemote(facetKey, () =>
    facetKey?.startsWith('category:') ? call('meshCategoryProducts', categoryQuery) : call('meshSearch', searchQuery),
  );
  const facets = facetAnswer.data?.facets ?? [];
  const brandShown = hasBrandFacets(facets);
  const fields = visibleFields(form.type, brandShown);
  const shows = (field: (typeof fields)[number]) => fields.includes(field);
  // With its own select, the brand is not offered again as a facet.
  const facetChoices = brandShown ? facets.filter((facet) => facet.name !== 'brand') : facets;
  const chosenFacet = facetChoices.find((facet) => facet.name === form.facetName);

  const siteType = fascia.startsWith('app_') ? APPS_SITE_TYPE : SITE_SITE_TYPE;
  const result = generateLink({ platform: LINK_PLATFORM, siteType, fascia, currentApp: fascia, ...linkParts(form) });
  const link = result.ok ? result.value : '';
  const problem = !result.ok && result.error.message !== PLACEHOLDER ? result.error.message : null;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast(COPY_TOAST, 'success', COPY_TOAST_MS);
    } catch (error) {
      toast(`The link could not be copied: ${errorMessage(error)}`, 'error');
    }
  };

  const set = <K extends keyof LinkForm>(key: K, value: LinkForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const field = (name: string) => `${id}-${name}`;
  const statuses: string[] = [];
  if (categories.loading) statuses.push('Loading categories…');
  if (landingPages.loading) statuses.push('Loading landing pages…');
  if (facetAnswer.loading) statuses.push('Loading facets…');
  const errors = [categories.error, landingPages.error, facetAnswer.error].filter((error): error is string =>
    Boolean(error),
  );

  const select = (
    name: string,
    label: string,
    value: string,
    onChange: (value: string) => void,
    options: ReactNode,
    disabled = false,
  ) => (
    <div className="field">
      <label htmlFor={field(name)}>{label}</label>
      <select id={field(name)} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {options}
      </select>
    </div>
  );

  return (
    <div className="mesh-link-generator">
      <dl className="lg-fixed">
        <dt>Platform</dt>
        <dd>{LINK_PLATFORM === 'app' ? 'App' : LINK_PLATFORM} (fixed)</dd>
        <dt>Site type</dt>
        <dd>{siteType === APPS_SITE_TYPE ? 'Apps' : 'Site'}</dd>
        <dt>Fascia</dt>
        <dd>{fascia}</dd>
      </dl>

      {select(
        'type',
        'Link type',
        form.type,
        (type) => setForm((current) => changeLinkType(current, type as LinkType)),
        LINK_TYPES.map((type) => (
          <option key={type} value={type}>
            {LINK_TYPE_LABELS[type]}
          </option>
        )),
      )}

      {shows('target') && (
        <div className="field">
          <label htmlFor={field('target')}>Target</label>
          <input
            id={field('target')}
            type="text"
            value={form.target}
            onChange={(event) => set('target', event.target.value)}
          />
        </div>
      )}

      {shows('gender') && (
        <div className="lg-levels">
          {(['gender', 'category', 'subcategory'] as const).map((level) => {
            const options = levelOptions(categories.data?.categories ?? [], form, level);
            return (
              <div key={level}>
                {select(
                  level,
                  LEVEL_LABELS[level],
                  form.levels[level],
                  (value) => setForm((current) => pickLevel(current, level, value)),
                  <>
                    <option value="">Choose…</option>
                    {options.map((option) => (
                      <option key={option.path} value={option.path}>
                        {option.name}
                      </option>
                    ))}
                  </>,
                  options.length === 0 && !form.levels[level],
                )}
              </div>
            );
          })}
        </div>
      )}

      {shows('keywords') && (
        <div className="field">
          <label htmlFor={field('keywords')}>Keywords</label>
          <input
            id={field('keywords')}
            type="search"
            value={form.keywords}
            onChange={(event) => set('keywords', event.target.value)}
          />
        </div>
      )}

      {shows('brand') &&
        select(
          'brand',
          'Brand',
          form.brand,
          (value) => set('brand', value),
          <>
            <option value="">Any brand</option>
            {facets
              .find((facet) => facet.name === 'brand')
              ?.values.map((value) => (
                <option key={value.value} value={value.displayName}>
                  {value.displayName} ({value.count})
                </option>
              ))}
            {form.brand &&
              !facets.some(
                (facet) => facet.name === 'brand' && facet.values.some((value) => value.displayName === form.brand),
              ) && <option value={form.brand}>{form.brand}</option>}
          </>,
        )}

      {shows('facetName') && (
        <div className="lg-facet-row">
          {select(
            'facet-name',
            'Facet name',
            form.facetName,
            (value) => setForm((current) => ({ ...current, facetName: value, facetValue: '' })),
            <>
              <option value="">Choose…</option>
              {facetChoices.map((facet) => (
                <option key={facet.name} value={facet.name}>
                  {facet.displayName}
                </option>
              ))}
            </>,
            facetChoices.length === 0 && !form.facetName,
          )}
          {shows('facetValue') &&
            select(
              'facet-value',
              'Facet value',
              form.facetValue,
              (value) => set('facetValue', value),
              <>
                <option value="">Choose…</option>
                {chosenFacet?.values.map((value) => (
                  <option key={value.value} value={value.value}>
                    {value.displayName} ({value.count})
                  </option>
                ))}
              </>,
              !chosenFacet,
            )}
          {shows('add') && (
            <button
              type="button"
              className="lg-add"
              disabled={!form.facetName.trim() || !form.facetValue.trim()}
              onClick={() => {
                const key = pairKey(form.facetName, form.facetValue);
                setPairLabels((labels) => ({
                  ...labels,
                  [key]: facetLabel(facets, form.facetName.trim(), form.facetValue.trim()),
                }));
                setForm(addFacet);
              }}
            >
              Add
            </button>
          )}
        </div>
      )}

      {form.facets.length > 0 && (
        <ul className="lg-facets" aria-label="Added facets">
          {form.facets.map((pair, index) => {
            const label = pairLabels[pairKey(pair.name, pair.value)] ?? facetLabel(facets, pair.name, pair.value);
            return (
              <li key={pair.name} className="lg-chip">
                <span>{label}</span>
                <Tooltip content={`Remove facet ${label}`}>
                  <button
                    type="button"
                    className="lg-chip-remove"
                    aria-label={`Remove facet ${label}`}
                    onClick={() => setForm((current) => removeFacet(current, index))}
                  >
                    <X size={14} aria-hidden />
                  </button>
                </Tooltip>
              </li>
            );
          })}
        </ul>
      )}

      {(shows('isOnSale') || shows('isNew') || shows('reset')) && (
        <div className="lg-flags">
          {shows('isOnSale') && (
            <label className="checkbox">
              <input
                type="checkbox"
                checked={form.isOnSale}
                onChange={(event) => set('isOnSale', event.target.checked)}
              />
              Sale
            </label>
          )}
          {shows('isNew') && (
            <label className="checkbox">
              <input type="checkbox" checked={form.isNew} onChange={(event) => set('isNew', event.target.checked)} />
              New
            </label>
          )}
          {shows('reset') && (
            <button type="button" className="lg-reset" onClick={() => setForm(resetLinkForm)}>
              Reset
            </button>
          )}
        </div>
      )}

      {shows('url') && (
        <div className="field">
          <label htmlFor={field('url')}>URL</label>
          <input
            id={field('url')}
            type="text"
            inputMode="url"
            spellCheck={false}
            value={form.url}
            onChange={(event) => set('url', event.target.value)}
          />
        </div>
      )}

      {shows('landingPage') &&
        select(
          'landing-page',
          'Landing page',
          form.landingPage,
          (value) => set('landingPage', value),
          <>
            <option value="">Choose…</option>
            {landingPages.data?.pages.map((page) => (
              <option key={page.ID} value={page.ID}>
                {page.name}
              </option>
            ))}
          </>,
        )}

      {statuses.length > 0 && (
        <p role="status" className="lg-loading">
          {statuses.join(' ')}
        </p>
      )}
      {errors.map((error) => (
        <p key={error} role="alert" className="field-error">
          {error}
        </p>
      ))}

      <div className="field lg-output">
        <label htmlFor={field('link')}>Generated link</label>
        <textarea id={field('link')} readOnly rows={3} spellCheck={false} value={link} placeholder={PLACEHOLDER} />
        {problem && (
          <p role="alert" className="field-error">
            {problem}
          </p>
        )}
      </div>
      <div className="field lg-insert-target">
        <label htmlFor={field('insert-target')}>Insert into</label>
        <select
          id={field('insert-target')}
          value={target ? linkTargetKey(target) : ''}
          disabled={insertInto.unavailable !== null}
          aria-describedby={insertInto.unavailable ? field('insert-why') : undefined}
          onChange={(event) => setChosenTarget(event.target.value)}
        >
          {insertInto.targets.length === 0 && <option value="">—</option>}
          {insertInto.targets.map((candidate) => (
            <option key={linkTargetKey(candidate)} value={linkTargetKey(candidate)}>
              {candidate.pair ? `${candidate.label} (desktop and mobile)` : candidate.label}
            </option>
          ))}
        </select>
        {insertInto.unavailable && (
          <p id={field('insert-why')} className="hint">
            {insertInto.unavailable}
          </p>
        )}
      </div>
      <div className="modal-actions">
        <button type="button" className="secondary" disabled={!link} onClick={() => void copy()}>
          Copy link
        </button>
        {/* aria-disabled, not disabled: the tooltip must be able to say why nothing can be inserted. */}
        <Tooltip content={insertInto.unavailable ?? 'Insert the link into the chosen component'}>
          <button
            type="button"
            className="primary"
            aria-disabled={!link || insertInto.unavailable !== null || !target}
            onClick={() => {
              if (link && insertInto.unavailable === null && target) insertInto.insert(link, target);
            }}
          >
            Insert into component
          </button>
        </Tooltip>
      </div>
    </div>
  );
}
