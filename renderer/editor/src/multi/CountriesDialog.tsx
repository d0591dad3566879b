import { useState, type FormEvent } from 'react';
import { fasciaName } from '../../../../core/fascias';
import type { CountryCode } from '../../../../core/countries';
import type { PageKey } from '../../../../core/schemas';
import { errorMessage } from '../api';
import { Modal } from '../ui/Modal';
import { countryOptions } from '../ui/options';
import { OtherCountriesPicker } from './OtherCountriesPicker';
import { openInCountries } from './openInCountries';
import { useCountryChoice } from './useCountryChoice';

interface CountriesDialogProps {
  /** The dashboard row's page; its country is the default primary. */
  page: PageKey;
  /** For countries the page does not exist in yet. */
  category: string;
  onClose(): void;
}

/**
 * Open in countries: one page in a primary country and up to two others, in the multi-country editor. With no
 * other country ticked, Open opens the primary's page on its own, as the row's Open does. A failure is shown
 * here with the choice kept, so Open can simply be pressed again.
 */
export function CountriesDialog({ page, category, onClose }: CountriesDialogProps) {
  const { primary, others, choosePrimary, setOthers, refusal } = useCountryChoice(page.country);
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = async (event: FormEvent) => {
    event.preventDefault();
    setOpening(true);
    setError(null);
    try {
      await openInCountries(page, primary, others, category);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setOpening(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title="Open in countries"
      description={
        <p className="hint">
          {page.page} · <span title={page.fascia}>{fasciaName(page.fascia)}</span> · {page.platform} · {page.source}
        </p>
      }
    >
      <form className="form-grid" onSubmit={open}>
        <label>
          Primary country
          <select value={primary} onChange={(e) => choosePrimary(e.target.value as CountryCode)}>
            {countryOptions}
          </select>
        </label>
        <OtherCountriesPicker primary={primary} others={others} onChange={setOthers} refusal={refusal} />
        {error && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={opening || refusal !== null}>
            Open
          </button>
        </div>
      </form>
    </Modal>
  );
}
