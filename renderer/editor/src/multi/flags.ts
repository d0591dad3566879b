import type { CountryCode } from '../../../../core/countries';
// One explicit import per flag, so the bundle ships these 22 flags and not the 270 of flag-icons. Vite turns
// each into a URL: a data: URL when the file is under assetsInlineLimit, else a hashed file beside the bundle
// (the editor's CSP allows both: img-src 'self' data:).
import at from 'flag-icons/flags/4x3/at.svg';
import au from 'flag-icons/flags/4x3/au.svg';
import be from 'flag-icons/flags/4x3/be.svg';
import de from 'flag-icons/flags/4x3/de.svg';
import dk from 'flag-icons/flags/4x3/dk.svg';
import es from 'flag-icons/flags/4x3/es.svg';
import fi from 'flag-icons/flags/4x3/fi.svg';
import fr from 'flag-icons/flags/4x3/fr.svg';
import gbNir from 'flag-icons/flags/4x3/gb-nir.svg';
import gbSct from 'flag-icons/flags/4x3/gb-sct.svg';
import gbWls from 'flag-icons/flags/4x3/gb-wls.svg';
import gb from 'flag-icons/flags/4x3/gb.svg';
import ie from 'flag-icons/flags/4x3/ie.svg';
import it from 'flag-icons/flags/4x3/it.svg';
import kr from 'flag-icons/flags/4x3/kr.svg';
import my from 'flag-icons/flags/4x3/my.svg';
import nl from 'flag-icons/flags/4x3/nl.svg';
import pt from 'flag-icons/flags/4x3/pt.svg';
import se from 'flag-icons/flags/4x3/se.svg';
import sg from 'flag-icons/flags/4x3/sg.svg';
import th from 'flag-icons/flags/4x3/th.svg';
import us from 'flag-icons/flags/4x3/us.svg';
// Global has no national flag: a globe drawn for this app.
import jx from './global-flag.svg';

// Scotland, Wales and Northern Ireland are not ISO 3166 countries: flag-icons files them under gb-*.
const FLAG_URLS: Record<CountryCode, string> = {
  at,
  au,
  be,
  de,
  dk,
  es,
  fi,
  fr,
  gb,
  ie,
  it,
  jx,
  kr,
  my,
  nl,
  pt,
  se,
  sg,
  th,
  us,
  ni: gbNir,
  sc: gbSct,
  ws: gbWls,
};

/** The URL of a country's 4:3 flag, for an <img>. */
export function flagUrl(country: CountryCode): string {
  return FLAG_URLS[country];
}
