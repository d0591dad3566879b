import { useId } from 'react';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../../../core/countries';
import { MAX_REVIEW_PAGES } from '../../../../core/rules/multiCountry';
import { CountryFlag } from './CountryFlag';

const MAX_OTHERS = MAX_REVIEW_PAGES - 1;

interface OtherCountriesPickerProps {
  primary: CountryCode;
  others: readonly CountryCode[];
  onChange(others: CountryCode[]): void;
  /** Why the choice is refused (pickCountriesError), or null. */
  refusal: string | null;
  /** The countries that may be picked (New Page: where the user's roles allow a new page); every one when absent. */
  offered?: readonly CountryCode[];
}

/**
 * The countries to edit a page in beside the primary: a checkbox each, with its flag. Once the review limit is
 * reached the unticked boxes are disabled, so the limit can be met but not passed.
 */
export function OtherCountriesPicker({ primary, others, onChange, refusal, offered }: OtherCountriesPickerProps) {
  const hintId = useId();
  const atLimit = others.length >= MAX_OTHERS;

  // Kept in the order of the country list, whatever the order of ticking.
  const toggle = (country: CountryCode, picked: boolean) =>
    onChange(COUNTRY_CODES.filter((code) => (code === country ? picked : others.includes(code))));

  return (
    <fieldset className="field-group other-countries" aria-describedby={hintId}>
      <legend>Other countries</legend>
      <div className="other-countries-list">
        {COUNTRIES.filter(({ code }) => code !== primary && (offered?.includes(code) ?? true)).map(({ code, name }) => {
          const picked = others.includes(code);
          return (
            <label key={code} className="checkbox">
              <input
                type="checkbox"
                checked={picked}
                disabled={atLimit && !picked}
                onChange={(e) => toggle(code, e.target.checked)}
              />
              {/* The name beside it says the same: the flag is for the eye only. */}
              <span aria-hidden="true">
                <CountryFlag country={code} />
              </span>
              {name}
            </label>
          );
        })}
      </div>
      <p id={hintId} className="hint">
        Up to {MAX_OTHERS} other countries: review and save handle at most {MAX_REVIEW_PAGES} pages.
        {atLimit && ' The limit is reached: untick a country to pick another.'}
      </p>
      {refusal && (
        <p role="alert" className="field-error">
          {refusal}
        </p>
      )}
    </fieldset>
  );
}
