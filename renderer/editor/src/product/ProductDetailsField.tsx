import { useId, useState, type FormEvent } from 'react';
import { COUNTRIES } from '../../../../core/countries';
import {
  PRODUCT_LOOKUP_HINT,
  PRODUCT_LOOKUP_NOT_FOUND,
  pluDetailsFrom,
  productLookupError,
} from '../../../../core/rules/productLookup';
import { call, errorMessage } from '../api';
import { useDoc } from '../state/docContext';
import { fasciaOptions } from '../ui/options';

interface Props {
  label: string;
  value: Record<string, unknown>;
  onChange(next: unknown): void;
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * The product details field (pluDetails): what is set now, and a lookup by fascia, country, size and PLU
 * that fills it (editor spec §3, §5). The lookup goes through main, with its 5 second limit.
 */
export function ProductDetailsField({ label, value, onChange }: Props) {
  const doc = useDoc();
  const id = useId();
  const [query, setQuery] = useState<Record<'fascia' | 'country' | 'size' | 'plu', string>>({
    fascia: doc.key.fascia,
    country: doc.key.country,
    size: '',
    plu: text(value.plu),
  });
  const [message, setMessage] = useState<{ text: string; hint?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const images = (value.images ?? {}) as Record<string, unknown>;
  const price = (value.price ?? {}) as Record<string, unknown>;

  const lookup = async (event: FormEvent) => {
    event.preventDefault();
    const problem = productLookupError(query);
    if (problem) {
      setMessage({ text: problem });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const { products } = await call('lookupProduct', query);
      const product = products[0];
      if (!product) setMessage({ text: PRODUCT_LOOKUP_NOT_FOUND, hint: PRODUCT_LOOKUP_HINT });
      else onChange(pluDetailsFrom(product));
    } catch (error) {
      setMessage({ text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof typeof query, fieldLabel: string) => (
    <label>
      {fieldLabel}
      <input value={query[name]} onChange={(e) => setQuery({ ...query, [name]: e.target.value })} />
    </label>
  );

  return (
    <fieldset className="field-group product-details">
      <legend>{label}</legend>
      {text(value.title) ? (
        <div className="product-summary">
          {text(images.a) && <img src={text(images.a)} alt="" width={56} height={56} />}
          <div>
            <strong>{text(value.title)}</strong>
            <div className="muted">
              {text(value.brand)} · PLU {text(value.plu)} · {text(price.now)}
              {text(price.was) && text(price.was) !== text(price.now) ? ` (was ${text(price.was)})` : ''}
            </div>
          </div>
        </div>
      ) : (
        <p className="muted">No product chosen yet.</p>
      )}
      <form className="product-lookup" onSubmit={lookup} aria-labelledby={`${id}-title`}>
        <span id={`${id}-title`} className="visually-hidden">
          Product lookup
        </span>
        <label>
          Fascia
          <select value={query.fascia} onChange={(e) => setQuery({ ...query, fascia: e.target.value })}>
            {fasciaOptions}
          </select>
        </label>
        <label>
          Country
          <select value={query.country} onChange={(e) => setQuery({ ...query, country: e.target.value })}>
            {COUNTRIES.map((country) => (
              <option key={country.code} value={country.code}>
                {country.code.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
        {field('size', 'Size')}
        {field('plu', 'PLU')}
        <button type="submit" disabled={busy}>
          {busy ? 'Looking up…' : 'Look up'}
        </button>
      </form>
      {message && (
        <div role="alert" className="field-warning">
          <strong>{message.text}</strong>
          {message.hint && <p className="hint">{message.hint}</p>}
        </div>
      )}
    </fieldset>
  );
}
