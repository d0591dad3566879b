import { contentHash } from './hash';
import { emptyPageMeta, type Component, type Draft, type PageContent, type PageKey, type PageMeta } from '../schemas';

/** s3JsonUrl (editor spec §3): a path built from platform, source, page, status and country. */
export function s3JsonUrl(key: PageKey, status = 'uat'): string {
  return `${key.platform}/${key.source}/${key.page}/${status}/${key.country}.json`;
}

/** A key part with the bookmark's separator escaped too (encodeURIComponent leaves ~ alone). */
const encodeBookmarkPart = (part: string): string => encodeURIComponent(part).replace(/~/g, '%7E');

/** The route parameter naming a page in the editor. Stable for a key, distinct per key, readable in the address. */
export function bookmarkFor(key: PageKey): string {
  return [key.fascia, key.country, key.platform, key.source, key.page].map(encodeBookmarkPart).join('~');
}

/** What counts as the page's editable document: the hash of this decides whether there are unsaved changes. */
export function documentHash(meta: PageMeta, components: readonly Component[]): string {
  return contentHash({ meta, components });
}

/**
 * A saved version's hash: the hash of its editable document (documentHash), page fields included. A save that
 * changes only the options, styles or scripts makes a new hash too, so a save based on the version before it
 * meets a conflict instead of putting the old values back unseen. A page loaded as it was saved is clean.
 */
export function versionHash(page: PageContent): string {
  return documentHash(metaFromPage(page), page.content);
}

export function isDirty(draft: Pick<Draft, 'meta' | 'components' | 'cleanHash'>): boolean {
  return documentHash(draft.meta, draft.components) !== draft.cleanHash;
}

export interface SaveInput {
  key: PageKey;
  meta: PageMeta;
  components: Component[];
  author: string;
  commitMessage: string;
  apiUrl: string;
  now: Date;
}

/** Builds the page content to save with every field of editor spec §3. Optional lists only when non-empty. */
export function buildPageContent(input: SaveInput): PageContent {
  const { key, meta, components } = input;
  const page: PageContent = {
    fascia: key.fascia,
    page: key.page,
    author: input.author.toLowerCase(),
    country: key.country,
    status: 'uat',
    category: meta.category,
    subcategory: meta.subcategory,
    timestamp: input.now.toISOString(),
    content: components,
    apiUrl: input.apiUrl,
    // Set below, from the page as built: versionHash.
    hash: '',
    source: key.source,
    commitMessage: input.commitMessage,
    platform: key.platform,
    customStyles: meta.customStyles,
    customScripts: meta.customScripts,
    pageLinks: meta.pageLinks,
    s3JsonUrl: s3JsonUrl(key),
  };
  if (meta.stylesheets.length > 0) page.stylesheets = meta.stylesheets;
  if (meta.scripts.length > 0) page.scripts = meta.scripts;
  page.hash = versionHash(page);
  return page;
}

/** The editable document held in a saved page, the inverse of buildPageContent. */
export function metaFromPage(page: PageContent): PageMeta {
  return {
    category: page.category,
    subcategory: page.subcategory,
    pageLinks: page.pageLinks ?? emptyPageMeta().pageLinks,
    stylesheets: page.stylesheets ?? [],
    customStyles: page.customStyles,
    scripts: page.scripts ?? [],
    customScripts: page.customScripts,
  };
}

export const COMMIT_MESSAGE_MAX = 150;
export const COMMIT_MESSAGE_REQUIRED = 'Please enter a message for the changes.';

/** The change message rule (editor spec §5): not empty, not a single space, at most 150 characters. */
export function commitMessageError(message: string): string | null {
  if (message === '' || message === ' ') return COMMIT_MESSAGE_REQUIRED;
  if (message.trim() === '') return COMMIT_MESSAGE_REQUIRED;
  if (message.length > COMMIT_MESSAGE_MAX) return `The message can be at most ${COMMIT_MESSAGE_MAX} characters.`;
  return null;
}
