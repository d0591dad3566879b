import { COUNTRIES } from '../../../../core/countries';
import { FASCIAS, fasciaName } from '../../../../core/fascias';

/** The option elements of a country select, by name, valued by code. */
export const countryOptions = COUNTRIES.map((c) => (
  <option key={c.code} value={c.code}>
    {c.name}
  </option>
));

/** The option elements of a fascia select, by brand name ("JD", "JD App"), valued and titled by code. */
export const fasciaOptions = FASCIAS.map((code) => (
  <option key={code} value={code} title={code}>
    {fasciaName(code)}
  </option>
));
