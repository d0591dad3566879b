/**
 * Storefront brands (fascias). Site codes come from editor spec §3 (site settings); the app codes and the
 * jd/ts brands come from the fascia map. The spec gives no display names, so the header shows the code
 * without its site_/app_ prefix, as §2 asks, in capitals as brands are written.
 */
export const FASCIAS = [
  'site_jd',
  'site_sz',
  'site_hs',
  'site_ak',
  'site_ps',
  'site_sc',
  'site_fp',
  'site_ts',
  'app_jd',
  'app_sc',
  'app_ts',
] as const;

export type Fascia = (typeof FASCIAS)[number];

/** The brand name shown in the editor header: the fascia code without its site_ or app_ prefix, in capitals ("JD"). */
export function brandName(fascia: string): string {
  return fascia.replace(/^(site_|app_)/, '').toUpperCase();
}

/**
 * A fascia as the user reads it wherever fascias are listed or named: its brand name, with "App" for an app
 * fascia, so site_jd ("JD") and app_jd ("JD App") stay apart. The code stays in data (and in tooltips).
 */
export function fasciaName(fascia: string): string {
  return fascia.startsWith('app_') ? `${brandName(fascia)} App` : brandName(fascia);
}
