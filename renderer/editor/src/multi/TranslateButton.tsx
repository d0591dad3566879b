import { useState } from 'react';
import { countryName, type CountryCode } from '../../../../core/countries';
import { textsEditedIn, translationTargets } from '../../../../core/rules/translation';
import { toast } from '../state/toasts';
import { Modal } from '../ui/Modal';
import { toastError } from '../ui/Toasts';
import type { MultiCountrySession } from './session';
import { Tooltip } from '../ui/Tooltip';

interface EditedCountry {
  country: CountryCode;
  texts: number;
}

const textCount = (texts: number) => (texts === 1 ? '1 text' : `${texts} texts`);

/**
 * The translation button (editor spec §2, §4): the primary's text into every other country not selected.
 * Text a country has made its own (different from the primary's, core/rules/translation.ts) is replaced only
 * once the user says so (issue 15).
 */
export function TranslateButton({ session }: { session: MultiCountrySession }) {
  const [busy, setBusy] = useState(false);
  const [edited, setEdited] = useState<EditedCountry[]>([]);
  const targets = translationTargets(session.primary, session.selected, session.countries);
  const translate = async () => {
    setEdited([]);
    setBusy(true);
    await session.translate({
      // The spec's {COUNTRY} is upper case, as the country code is in the Update Page dialog.
      translated: (country) => toast(`Text has been translated for ${country.toUpperCase()}.`),
      failed: (country, message) =>
        toastError(`Translation into ${countryName(country)} failed, its text is unchanged: ${message}`),
    });
    setBusy(false);
  };
  const askOrTranslate = () => {
    const source = session.doc(session.primary).components();
    const own = targets
      .map((country) => ({ country, texts: textsEditedIn(source, session.doc(country).components(), country).length }))
      .filter((entry) => entry.texts > 0);
    if (own.length > 0) setEdited(own);
    else void translate();
  };
  return (
    <>
      {/* aria-disabled, not disabled: the tooltip must be able to say why there is nothing to translate. */}
      <Tooltip
        content={
          targets.length === 0
            ? 'No other country to translate into from here.'
            : `Translate the ${countryName(session.primary)} text into ${targets.map(countryName).join(' and ')}`
        }
      >
        <button
          type="button"
          aria-disabled={busy || targets.length === 0}
          onClick={() => !busy && targets.length > 0 && askOrTranslate()}
        >
          {busy ? 'Translating…' : 'Translate'}
        </button>
      </Tooltip>
      <Modal
        open={edited.length > 0}
        onOpenChange={(open) => !open && setEdited([])}
        title="Replace edited text?"
        description={
          <p>
            Translating replaces text that differs from the {countryName(session.primary)} text. Undo brings it back.
          </p>
        }
      >
        <ul aria-label="Text that would be replaced">
          {edited.map(({ country, texts }) => (
            <li key={country}>
              {countryName(country)}: {textCount(texts)}
            </li>
          ))}
        </ul>
        <div className="modal-actions">
          <button type="button" className="secondary" autoFocus onClick={() => setEdited([])}>
            Cancel
          </button>
          <button type="button" className="danger" onClick={() => void translate()}>
            Translate and replace
          </button>
        </div>
      </Modal>
    </>
  );
}
