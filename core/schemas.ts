import { z } from 'zod';

// The editor's CSP forbids eval; zod would otherwise probe for it (and log a violation) on first use.
z.config({ jitless: true });
import { COUNTRY_CODES } from './countries';
import { quote } from './rules/quote';

/**
 * Whether text can be written out as UTF-8: no unpaired surrogate (half of an emoji, say), on which
 * encodeURIComponent throws and which no file name or URL can hold.
 */
export function isWellFormedText(text: string): boolean {
  return !/\p{Cs}/u.test(text);
}
export const NOT_WELL_FORMED = 'must be valid Unicode text (it holds half of a character)';

/**
 * A path segment of a page key: also a folder name in the content store and part of s3JsonUrl, so it may
 * not contain slashes, control characters or start with a dot.
 */
export const KeySegmentSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(200)
  .regex(/^(?!\.)[^/\\]+$/, 'must not contain slashes or start with a dot')
  .refine((segment) => ![...segment].some((char) => char.charCodeAt(0) < 0x20), 'must not contain control characters')
  .refine(isWellFormedText, NOT_WELL_FORMED);

export const PlatformSchema = z.enum(['web', 'app']);
export type Platform = z.infer<typeof PlatformSchema>;

export const CountryCodeSchema = z.enum(COUNTRY_CODES);

/** What identifies a saved page: fascia, country, page and source (spec §1), plus the platform of its s3JsonUrl. */
export const PageKeySchema = z.object({
  fascia: KeySegmentSchema,
  country: CountryCodeSchema,
  page: KeySegmentSchema,
  source: KeySegmentSchema,
  platform: PlatformSchema,
});
export type PageKey = z.infer<typeof PageKeySchema>;

/**
 * A component on a page (editor spec §3). Loose, so fields this version does not know survive a round trip.
 * name, hidden and classes get defaults so that hand-written JSON with only _component and content is accepted.
 */
export const ComponentSchema = z.looseObject({
  _component: z.string().min(1, 'a component needs a type name'),
  _identifier: z.string().min(1, 'a component needs an identifier'),
  name: z.string().default(''),
  hidden: z.boolean().default(false),
  classes: z.array(z.string()).default([]),
  // An object of any fields; looseObject checks it at about twice the speed of z.record (300 per save).
  content: z.looseObject({}).default({}),
  preload: z.object({ desktop: z.string(), mobile: z.string() }).optional(),
});
export type Component = z.infer<typeof ComponentSchema>;

export const ComponentListSchema = z.array(ComponentSchema).superRefine((list, ctx) => {
  const seen = new Set<string>();
  list.forEach((component, index) => {
    if (seen.has(component._identifier)) {
      ctx.addIssue({
        code: 'custom',
        path: [index, '_identifier'],
        message: `duplicate identifier ${quote(component._identifier)}`,
      });
    }
    seen.add(component._identifier);
  });
});

const LinkPairSchema = z.object({ desktop: z.string(), mobile: z.string() });
export const PageLinksSchema = z.object({ uat: LinkPairSchema, live: LinkPairSchema });
export type PageLinks = z.infer<typeof PageLinksSchema>;

/** Page metadata (editor spec §3): what the options panel and the style and script managers edit. */
export const PageMetaSchema = z.object({
  category: z.string(),
  subcategory: z.string(),
  pageLinks: PageLinksSchema,
  stylesheets: z.array(z.string()),
  customStyles: z.string(),
  scripts: z.array(z.string()),
  customScripts: z.string(),
});
export type PageMeta = z.infer<typeof PageMetaSchema>;

export const EmailSchema = z.email('Enter a valid email address').transform((email) => email.toLowerCase());

/** Page content as saved (editor spec §3). Loose: a team's service may add fields; they are kept. */
export const PageContentSchema = z.looseObject({
  fascia: KeySegmentSchema,
  page: KeySegmentSchema,
  author: z.string().min(1),
  country: CountryCodeSchema,
  status: z.literal('uat'),
  category: z.string(),
  subcategory: z.string(),
  timestamp: z.iso.datetime(),
  content: ComponentListSchema,
  apiUrl: z.string(),
  hash: z.string().min(1),
  source: KeySegmentSchema,
  commitMessage: z.string(),
  platform: PlatformSchema,
  customStyles: z.string(),
  customScripts: z.string(),
  stylesheets: z.array(z.string()).min(1).optional(),
  scripts: z.array(z.string()).min(1).optional(),
  pageLinks: PageLinksSchema.optional(),
  s3JsonUrl: z.string().min(1),
});
export type PageContent = z.infer<typeof PageContentSchema>;

export const SiteSettingsSchema = z.object({
  site: z.string(),
  country: z.string(),
  settings: z.object({ imageQuality: z.object({ value: z.number(), preValue: z.number() }) }),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

export const MultiCountryContentSchema = z.object({
  primary: CountryCodeSchema,
  entries: z.array(z.object({ country: CountryCodeSchema, content: ComponentListSchema })).min(1),
});
export type MultiCountryContent = z.infer<typeof MultiCountryContentSchema>;

export const UserSchema = z.object({ _id: z.string(), favourites: z.array(z.string()) });
export type User = z.infer<typeof UserSchema>;

export const ProductDetailsSchema = z.object({
  plu: z.string(),
  secondid: z.string(),
  title: z.string(),
  url: z.string(),
  brand: z.string(),
  category: z.string(),
  price: z.object({ was: z.string(), now: z.string() }),
  // A lookup may return fewer than six shots.
  images: z.partialRecord(z.enum(['a', 'b', 'c', 'd', 'e', 'f']), z.string()),
});
export type ProductDetails = z.infer<typeof ProductDetailsSchema>;

/**
 * The working copy of a page, autosaved by main on every change. cleanHash is the hash of the document when
 * it was last loaded or saved, so "unsaved changes" is derived by comparing, never tracked by hand.
 * baseHash is the hash of the saved version it was edited from (null for a page never saved).
 */
export const DraftSchema = z.object({
  bookmark: z.string().min(1),
  key: PageKeySchema,
  meta: PageMetaSchema,
  components: ComponentListSchema,
  baseHash: z.string().nullable(),
  cleanHash: z.string(),
  updatedAt: z.iso.datetime(),
  /**
   * A save sent but not known to have been answered (issue 11): sent again for the same document, it carries
   * the same id, so a save that reached the service before a crash answers with its version, not a conflict.
   */
  pendingSave: z.object({ saveId: z.string().min(8).max(100), documentHash: z.string() }).optional(),
});
export type Draft = z.infer<typeof DraftSchema>;

/** What the dashboard shows of a page's live state (PageSummary.live; issue 24, core/live.ts). */
export const LiveStateSchema = z.object({
  version: z.number().int().positive(),
  at: z.string(),
  by: z.string(),
  /** How many content versions were saved after the live one: "UAT is 3 versions ahead of live". */
  ahead: z.number().int().nonnegative(),
});
export type LiveState = z.infer<typeof LiveStateSchema>;

/** One row of the dashboard for a saved page. */
export const PageSummarySchema = z.object({
  key: PageKeySchema,
  category: z.string(),
  author: z.string(),
  timestamp: z.string(),
  hash: z.string(),
  version: z.number().int().positive(),
  /** The live version (issue 24), absent when the page has never gone live. */
  live: LiveStateSchema.optional(),
});
export type PageSummary = z.infer<typeof PageSummarySchema>;

export const VersionSummarySchema = z.object({
  version: z.number().int().positive(),
  hash: z.string(),
  author: z.string(),
  timestamp: z.string(),
  commitMessage: z.string(),
  kind: z.enum(['content', 'bookmark']),
});
export type VersionSummary = z.infer<typeof VersionSummarySchema>;

export function emptyPageMeta(): PageMeta {
  return {
    category: '',
    subcategory: '',
    pageLinks: { uat: { desktop: '', mobile: '' }, live: { desktop: '', mobile: '' } },
    stylesheets: [],
    customStyles: '',
    scripts: [],
    customScripts: '',
  };
}
