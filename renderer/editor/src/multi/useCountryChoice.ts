import { useState } from 'react';
import type { CountryCode } from '../../../../core/countries';
import { pickCountriesError } from '../../../../core/rules/multiCountry';

/** The countries a dialog opens a page in: a primary and others beside it, and why that choice is refused. */
export function useCountryChoice(initialPrimary: CountryCode) {
  const [primary, setPrimary] = useState(initialPrimary);
  const [others, setOthers] = useState<CountryCode[]>([]);

  const choosePrimary = (country: CountryCode) => {
    setPrimary(country);
    // The picker lists every country but the primary: a new primary that was ticked would stay picked unseen.
    setOthers((current) => current.filter((code) => code !== country));
  };

  return { primary, others, choosePrimary, setOthers, refusal: pickCountriesError(primary, others) };
}
