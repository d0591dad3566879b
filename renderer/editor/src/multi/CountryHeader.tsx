import { useAtomValue } from 'jotai';
import { countryName, type CountryCode } from '../../../../core/countries';
import { toastError } from '../ui/Toasts';
import { errorMessage } from '../api';
import { CountryFlag } from './CountryFlag';
import type { MultiCountrySession } from './session';
import './multi.css';

/** The header of multi-country editing (editor spec §2): the flag, Primary or Secondary, and the country selector. */
export function CountryHeader({ session, country }: { session: MultiCountrySession; country: CountryCode }) {
  const isPrimary = country === session.primary;
  // Review mode picks the country itself, page by page.
  const reviewing = useAtomValue(session.reviewAtom, { store: session.store }).mode === 'reviewing';
  return (
    <span className="country-header">
      <CountryFlag country={country} />
      <span className={isPrimary ? 'country-role primary-country' : 'country-role'}>{isPrimary ? 'Primary' : 'Secondary'}</span>
      <label>
        <span className="visually-hidden">Country</span>
        <select
          aria-label="Country"
          value={country}
          disabled={reviewing}
          onChange={(e) => session.select(e.target.value as CountryCode).catch((error: unknown) => toastError(errorMessage(error)))}
        >
          {session.countries.map((code) => (
            <option key={code} value={code}>
              {countryName(code)}
              {code === session.primary ? ' (primary)' : ''}
            </option>
          ))}
        </select>
      </label>
    </span>
  );
}
