import { useId, useMemo, useState, type FormEvent } from 'react';
import { TriangleAlert } from 'lucide-react';
import { COUNTRY_CODES, countryName, type CountryCode } from '../../../../core/countries';
import { FASCIAS, fasciaName, type Fascia } from '../../../../core/fascias';
import { describeIssues } from '../../../../core/contract';
import { PAGE_CATEGORIES } from '../../../../core/pageCategories';
import { newPagePlaces } from '../../../../core/rules/editingRights';
import { pickCountriesError } from '../../../../core/rules/multiCountry';
import { formatPageName, pagesNamedLike } from '../../../../core/rules/pageName';
import { PageKeySchema, type PageKey, type Platform } from '../../../../core/schemas';
import { errorMessage } from '../api';
import { OtherCountriesPicker } from '../multi/OtherCountriesPicker';
import { openInCountries } from '../multi/openInCountries';
import { useCountryChoice } from '../multi/useCountryChoice';
import { Modal } from '../ui/Modal';
import { countryOptions, fasciaOptions } from '../ui/options';
import { permissionsAtom, useTeamValue } from '../state/teamStore';
import './dashboard.css';

interface NewPageDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The pages and drafts the dashboard lists: a new page with one of their names warns first. */
  existing: readonly PageKey[];
  /** Opens an existing page instead, as the dashboard's Open does. */
  onOpenExisting(key: PageKey): void;
}

/** New Page when the user's roles allow a new page nowhere. */
export const NO_PLACE_FOR_A_PAGE =
  'Your roles do not let you create pages (structure) in any fascia or country. Ask your administrator.';

export function NewPageDialog({ open, onOpenChange, existing, onOpenExisting }: NewPageDialogProps) {
  const [chosenFascia, setFascia] = useState<string>(FASCIAS[0]);
  const countryChoice = useCountryChoice('gb');
  // Only where the user's roles allow a new page (issue 22: `structure`); the first of those until one is chosen.
  const permissions = useTeamValue(permissionsAtom);
  const places = useMemo(() => newPagePlaces(permissions, FASCIAS, COUNTRY_CODES), [permissions]);
  const fascia = places.has(chosenFascia as Fascia) ? chosenFascia : ([...places.keys()][0] ?? chosenFascia);
  const offered = places.get(fascia as Fascia) ?? [];
  const country = offered.includes(countryChoice.primary)
    ? countryChoice.primary
    : (offered[0] ?? countryChoice.primary);
  const others = countryChoice.others.filter((other) => other !== country && offered.includes(other));
  const { choosePrimary, setOthers } = countryChoice;
  const refusal = places.size === 0 ? NO_PLACE_FOR_A_PAGE : pickCountriesError(country, others);
  const [pageInput, setPageInput] = useState('');
  const [platform, setPlatform] = useState<Platform>('web');
  const [source, setSource] = useState('content-editor');
  const [category, setCategory] = useState(PAGE_CATEGORIES[0] ?? '');
  const [error, setError] = useState<string | null>(null);
  const page = formatPageName(pageInput);
  const warningId = useId();
  const trimmedSource = source.trim();
  const namesake = page
    ? pagesNamedLike(existing, { fascia, country, page, source: trimmedSource, platform })[0]
    : undefined;
  // The same key would open that page, not create one: Create waits until something differs.
  const exists = namesake !== undefined && namesake.platform === platform && namesake.source === trimmedSource;

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const key = PageKeySchema.safeParse({ fascia, country, page, source: source.trim(), platform });
    if (!key.success) {
      setError(describeIssues(key.error));
      return;
    }
    try {
      // With other countries ticked, the page opens in all of them; with none, on its own.
      await openInCountries(key.data, key.data.country, others, category);
      onOpenChange(false);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="New Page">
      <form className="form-grid" onSubmit={create}>
        <label>
          Fascia
          <select value={fascia} onChange={(e) => setFascia(e.target.value)}>
            {fasciaOptions.filter((option) => places.has(option.props.value))}
          </select>
        </label>
        <label>
          Country
          <select value={country} onChange={(e) => choosePrimary(e.target.value as CountryCode)}>
            {countryOptions.filter((option) => offered.includes(option.props.value))}
          </select>
        </label>
        <label>
          Page
          <input
            value={pageInput}
            required
            onChange={(e) => setPageInput(e.target.value)}
            aria-describedby={namesake ? `page-name-preview ${warningId}` : 'page-name-preview'}
            aria-invalid={exists || undefined}
          />
        </label>
        <p id="page-name-preview" className="hint">
          Saved as: <output>{page || '—'}</output>
        </p>
        {namesake && (
          <div id={warningId} role="status" className="new-page-namesake">
            <TriangleAlert size={16} aria-hidden="true" />
            <p>
              {exists ? 'This page already exists' : 'A page with this name already exists'}:{' '}
              <strong>{namesake.page}</strong> for {fasciaName(namesake.fascia)} · {countryName(namesake.country)} (
              {namesake.platform}, {namesake.source}).
            </p>
            <button
              type="button"
              className="secondary"
              onClick={() => {
                onOpenChange(false);
                onOpenExisting(namesake);
              }}
            >
              Open {namesake.page}
            </button>
          </div>
        )}
        <label>
          Platform
          <select value={platform} onChange={(e) => setPlatform(e.target.value as Platform)}>
            <option value="web">web</option>
            <option value="app">app</option>
          </select>
        </label>
        <label>
          Source
          <input value={source} required onChange={(e) => setSource(e.target.value)} />
        </label>
        <label>
          Category
          <select value={category} onChange={(e) => setCategory(e.target.value)}>
            {PAGE_CATEGORIES.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
        <OtherCountriesPicker
          primary={country}
          others={others}
          onChange={setOthers}
          refusal={refusal}
          offered={offered}
        />
        {error && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={!page || exists || refusal !== null}>
            Create
          </button>
        </div>
      </form>
    </Modal>
  );
}
