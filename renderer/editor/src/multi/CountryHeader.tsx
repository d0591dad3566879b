import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useAtomValue } from 'jotai';
import { countryName, type CountryCode } from '../../../../core/countries';
import { toastError } from '../ui/Toasts';
import { errorMessage } from '../api';
import { CountryFlag } from './CountryFlag';
import type { MultiCountrySession } from './session';
import './multi.css';

/** Keys that move through a closed select's options, changing its value at each press (Chromium, Windows). */
const BROWSING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * Switching country shows another page in a fresh editor. The switch waits until the keyboard user commits
 * the choice (Enter, or leaving the select), rather than on every arrow key, and the new editor's select
 * takes focus back. It survives the editor it was chosen in, which is replaced.
 */
let refocusCountrySelect = false;

/** The header of multi-country editing (editor spec §2): the flag, Primary or Secondary, and the country selector. */
export function CountryHeader({ session, country }: { session: MultiCountrySession; country: CountryCode }) {
  const isPrimary = country === session.primary;
  // Review mode picks the country itself, page by page.
  const reviewing = useAtomValue(session.reviewAtom, { store: session.store }).mode === 'reviewing';
  const [shown, setShown] = useState(country);
  /** The user is moving through the options with the keyboard: a change is not yet a choice. */
  const browsing = useRef(false);
  const select = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    if (!refocusCountrySelect) return;
    refocusCountrySelect = false;
    select.current?.focus();
  }, []);

  const commit = (choice: CountryCode) => {
    browsing.current = false;
    if (choice === country) return;
    refocusCountrySelect = document.activeElement === select.current;
    session.select(choice).catch((error: unknown) => {
      refocusCountrySelect = false;
      setShown(country);
      toastError(errorMessage(error));
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(event.currentTarget.value as CountryCode);
    } else if (event.key === 'Escape' && browsing.current) {
      browsing.current = false;
      setShown(country);
    } else if (!event.altKey && (BROWSING_KEYS.has(event.key) || event.key.length === 1)) {
      browsing.current = true;
    }
  };

  return (
    <span className="country-header">
      <CountryFlag country={country} />
      <span className={isPrimary ? 'country-role primary-country' : 'country-role'}>
        {isPrimary ? 'Primary' : 'Secondary'}
      </span>
      <label>
        <span className="visually-hidden">Country</span>
        <select
          ref={select}
          aria-label="Country"
          aria-description="Press Enter to switch country"
          value={shown}
          disabled={reviewing}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            const choice = event.target.value as CountryCode;
            setShown(choice);
            // A pick from the open list (mouse, or Enter in it) is a choice at once.
            if (!browsing.current) commit(choice);
          }}
          onBlur={() => shown !== country && commit(shown)}
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
