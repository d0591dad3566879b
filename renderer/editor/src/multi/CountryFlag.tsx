import { countryName, type CountryCode } from '../../../../core/countries';
import { flagUrl } from './flags';

/** A country's flag at the fixed size of the .country-flag class (4:3). */
export function CountryFlag({ country, className }: { country: CountryCode; className?: string }) {
  return (
    <img
      className={className ? `country-flag ${className}` : 'country-flag'}
      src={flagUrl(country)}
      alt={`${countryName(country)} flag`}
    />
  );
}
