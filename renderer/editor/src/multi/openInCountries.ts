import { countryName, type CountryCode } from '../../../../core/countries';
import { pickCountriesError } from '../../../../core/rules/multiCountry';
import { describeSkippedVersions } from '../../../../core/rules/skippedVersions';
import type { PageKey } from '../../../../core/schemas';
import { call, errorMessage } from '../api';
import { countriesPath, editorPath, navigate } from '../router';
import { toast } from '../state/toasts';

/**
 * Opens the page `key` (its country is ignored) in the primary country and the others: a draft for each country
 * (its own draft, its saved page, or a new page of `category`), then the multi-country editor. With no other
 * country it is the single-page editor, as Open does.
 *
 * Throws before opening anything when the choice of countries is refused (the message of pickCountriesError),
 * and throws naming the country when one cannot be opened; the drafts opened before it stay, as any draft does.
 */
export async function openInCountries(
  key: PageKey,
  primary: CountryCode,
  others: readonly CountryCode[],
  category?: string,
): Promise<void> {
  const refusal = pickCountriesError(primary, others);
  if (refusal) throw new Error(refusal);

  const openDraft = async (country: CountryCode): Promise<string> => {
    try {
      const { draft, skippedVersions } = await call('openPage', { key: { ...key, country }, category });
      const skipped = describeSkippedVersions(`${key.page} (${countryName(country)})`, skippedVersions ?? []);
      if (skipped) toast(skipped, 'error');
      return draft.bookmark;
    } catch (error) {
      throw new Error(`Could not open ${key.page} for ${countryName(country)}: ${errorMessage(error)}`, {
        cause: error,
      });
    }
  };

  const primaryBookmark = await openDraft(primary);
  if (others.length === 0) return navigate(editorPath(primaryBookmark));
  const bookmarks = [primaryBookmark];
  // One at a time, in order: the route lists the primary's bookmark first, and a failure stops the rest.
  for (const country of others) bookmarks.push(await openDraft(country));
  navigate(countriesPath(bookmarks));
}
