import { COUNTRIES } from '../../../../core/countries';
import { FASCIAS } from '../../../../core/fascias';

/** The option elements of a country select, by name, valued by code. */
export const countryOptions = COUNTRIES.map((c) => (
  <option key={c.code} value={c.code}>
    {c.name}
  </option>
));

export const fasciaOptions = FASCIAS.map((code) => (
  <option key={code} value={code}>
    {code}
  </option>
));
