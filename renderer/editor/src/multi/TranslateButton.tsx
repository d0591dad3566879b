import { useState } from 'react';
import { countryName } from '../../../../core/countries';
import { translationTargets } from '../../../../core/rules/translation';
import { toast } from '../state/toasts';
import { toastError } from '../components/Toasts';
import type { MultiCountrySession } from './session';

/** The translation button (editor spec §2, §4): the primary's text into every other country not selected. */
export function TranslateButton({ session }: { session: MultiCountrySession }) {
  const [busy, setBusy] = useState(false);
  const targets = translationTargets(session.primary, session.selected, session.countries);
  const translate = async () => {
    setBusy(true);
    await session.translate({
      // The spec's {COUNTRY} is upper case, as the country code is in the Update Page dialog.
      translated: (country) => toast(`Text has been translated for ${country.toUpperCase()}.`),
      failed: (country, message) =>
        toastError(`Translation into ${countryName(country)} failed, its text is unchanged: ${message}`),
    });
    setBusy(false);
  };
  return (
    <button
      type="button"
      disabled={busy || targets.length === 0}
      title={
        targets.length === 0
          ? 'No other country to translate into from here.'
          : `Translate the ${countryName(session.primary)} text into ${targets.map(countryName).join(' and ')}`
      }
      onClick={() => void translate()}
    >
      {busy ? 'Translating…' : 'Translate'}
    </button>
  );
}
