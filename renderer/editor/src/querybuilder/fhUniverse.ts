import { useEffect, useState } from 'react';
import { DEFAULT_FASCIA_STORES, storeFor } from '../../../../core/rules/linkGenerator';
import { call } from '../api';

/**
 * The faceted-search locale of each editable country (core/countries.ts): language_COUNTRY. The home
 * nations and the global site use the UK catalogue's locale.
 */
const COUNTRY_LOCALES: Readonly<Record<string, string>> = {
  au: 'en_AU',
  at: 'de_AT',
  be: 'nl_BE',
  de: 'de_DE',
  jx: 'en_GB',
  dk: 'da_DK',
  fi: 'fi_FI',
  fr: 'fr_FR',
  ie: 'en_IE',
  it: 'it_IT',
  my: 'en_MY',
  nl: 'nl_NL',
  ni: 'en_GB',
  pt: 'pt_PT',
  sc: 'en_GB',
  es: 'es_ES',
  se: 'sv_SE',
  kr: 'ko_KR',
  sg: 'en_SG',
  th: 'th_TH',
  gb: 'en_GB',
  us: 'en_US',
  ws: 'en_GB',
};

/** The locale of a country code (gb -> en_GB, de -> de_DE); en_GB for a code the map does not know. */
export function localeFor(country: string): string {
  return COUNTRY_LOCALES[country.trim().toLowerCase()] ?? 'en_GB';
}

/**
 * The store behind a fascia, which is the faceted-search universe (jd -> jdsportsuk). It reads the fascia map
 * from Settings, as the mesh calls do, so both browse the same store; when Settings cannot be read the default
 * map stands in. Undefined while Settings load; null when no store is mapped.
 */
export function useFasciaStore(fascia: string): string | null | undefined {
  const [map, setMap] = useState<Readonly<Record<string, string>> | undefined>(undefined);
  useEffect(() => {
    let live = true;
    call('getSettings', {}).then(
      (settings) => {
        if (live) setMap(settings.fasciaStores);
      },
      () => {
        if (live) setMap(DEFAULT_FASCIA_STORES);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return map === undefined ? undefined : storeFor(fascia, map);
}
