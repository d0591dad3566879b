/** The countries a page can be edited for (editor spec §3). The code is also the translation language code. */
export const COUNTRIES = [
  { name: 'Australia', code: 'au' },
  { name: 'Austria', code: 'at' },
  { name: 'Belgium', code: 'be' },
  { name: 'Germany', code: 'de' },
  { name: 'Global', code: 'jx' },
  { name: 'Denmark', code: 'dk' },
  { name: 'Finland', code: 'fi' },
  { name: 'France', code: 'fr' },
  { name: 'Ireland', code: 'ie' },
  { name: 'Italy', code: 'it' },
  { name: 'Malaysia', code: 'my' },
  { name: 'Netherlands', code: 'nl' },
  { name: 'Northern Ireland', code: 'ni' },
  { name: 'Portugal', code: 'pt' },
  { name: 'Scotland', code: 'sc' },
  { name: 'Spain', code: 'es' },
  { name: 'Sweden', code: 'se' },
  { name: 'South Korea', code: 'kr' },
  { name: 'Singapore', code: 'sg' },
  { name: 'Thailand', code: 'th' },
  { name: 'United Kingdom', code: 'gb' },
  { name: 'USA', code: 'us' },
  { name: 'Wales', code: 'ws' },
] as const;

export type CountryCode = (typeof COUNTRIES)[number]['code'];

export const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as [CountryCode, ...CountryCode[]];

export function countryName(code: string): string {
  return COUNTRIES.find((c) => c.code === code)?.name ?? code.toUpperCase();
}
