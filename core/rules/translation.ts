import type { CountryCode } from '../countries';
import type { Component } from '../schemas';
import { isRichText, isSelectBox } from './fields';

/**
 * The translation button (editor spec §4, §7): the texts of the primary country are sent to the translation
 * service, one call per text, and each answer replaces the value at the same place in a non-selected
 * country (rich text wrapped as {html: {value}}). Which texts count is decided here, purely, from the keys
 * and values of the components' content (spec §3 field conventions):
 *
 * - a plain string is translated when its key is one of TRANSLATABLE_KEYS (title, subtitle, text, header,
 *   description, label, ...) or a camelCase key ending in one of TRANSLATABLE_SUFFIXES (buttonText,
 *   successMessage, ...); an array of strings counts when its key does;
 * - rich text ({html: {value}}) is always translated, whatever its key: it is prose by construction;
 * - never: select boxes, numbers, booleans, dates, urls and paths, colours, identifiers and other keys, and
 *   nothing inside pluDetails or a product record (a product's title is catalogue data, not page copy).
 */

/** Where a value sits: the component's index in the list, 'content', then keys and array indices. */
export type TranslationPath = (string | number)[];

export interface TranslationRequest {
  path: TranslationPath;
  /** The primary's text; for rich text, its html. */
  text: string;
  /** true: the value is rich text and the answer is written back as {html: {value}}. */
  isHtml: boolean;
  /** The language to translate into: the target country's code (spec §3, country list). */
  language: CountryCode;
}

export interface TranslationResult {
  path: TranslationPath;
  /** The translated text (the service's `text`). */
  text: string;
  isHtml: boolean;
}

export const TRANSLATABLE_KEYS: ReadonlySet<string> = new Set([
  'title',
  'subtitle',
  'subTitle',
  'text',
  'texts',
  'header',
  'heading',
  'subheading',
  'subHeading',
  'headline',
  'description',
  'label',
  'caption',
  'copy',
  'body',
  'message',
  'placeholder',
  'tagline',
  'alt',
]);

/** camelCase keys ending in one of these are texts too: buttonText, ctaText, successMessage, altText... */
export const TRANSLATABLE_SUFFIXES = [
  'Text',
  'Title',
  'Subtitle',
  'Heading',
  'Header',
  'Label',
  'Message',
  'Description',
  'Caption',
  'Placeholder',
];

/** Subtrees never looked into. */
const SKIPPED_KEYS: ReadonlySet<string> = new Set(['pluDetails', 'selectBox']);

export function isTranslatableKey(key: string): boolean {
  if (TRANSLATABLE_KEYS.has(key)) return true;
  return TRANSLATABLE_SUFFIXES.some(
    (suffix) =>
      key.length > suffix.length && key.endsWith(suffix) && /[a-z0-9]/.test(key.charAt(key.length - suffix.length - 1)),
  );
}

/** Strings under a text key that are still not words: addresses, paths, colours, numbers. */
function looksLikeText(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed === '') return false;
  if (/^(https?:|mailto:|tel:|www\.|\/|#|\.\.?\/)/i.test(trimmed)) return false;
  if (/^(rgba?|hsla?)\(/i.test(trimmed)) return false;
  if (/^[-+]?\d+([.,]\d+)?(px|%|em|rem|vh|vw)?$/i.test(trimmed)) return false;
  return /\p{L}/u.test(trimmed);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A product record (as in pluDetails or a products list): catalogue data, never page copy. */
const isProductRecord = (value: Record<string, unknown>): boolean => typeof value.plu === 'string' && 'title' in value;

/** What to translate on the primary's page into `targetCountry`'s language, in page order. */
export function translationRequests(
  primaryComponents: readonly Component[],
  targetCountry: CountryCode,
): TranslationRequest[] {
  const requests: TranslationRequest[] = [];
  const visit = (value: unknown, path: TranslationPath, translatable: boolean): void => {
    if (isRichText(value)) {
      // Markup alone (an empty paragraph) is not worth a call; any letter outside the tags is.
      if (/\p{L}/u.test(value.html.value.replace(/<[^>]*>/g, ' ').replace(/&[a-z0-9#]+;/gi, ' '))) {
        requests.push({ path, text: value.html.value, isHtml: true, language: targetCountry });
      }
      return;
    }
    if (isSelectBox(value)) return;
    if (typeof value === 'string') {
      if (translatable && looksLikeText(value))
        requests.push({ path, text: value, isHtml: false, language: targetCountry });
      return;
    }
    if (Array.isArray(value)) {
      // Items inherit their list's key: texts: ['...', '...'] is text, ctas: [{text, url}] is looked into.
      value.forEach((item, index) => visit(item, [...path, index], translatable));
      return;
    }
    if (isRecord(value)) {
      if (isProductRecord(value)) return;
      for (const [key, child] of Object.entries(value)) {
        if (SKIPPED_KEYS.has(key)) continue;
        visit(child, [...path, key], isTranslatableKey(key));
      }
    }
  };
  primaryComponents.forEach((component, index) => {
    for (const [key, child] of Object.entries(component.content)) {
      if (SKIPPED_KEYS.has(key)) continue;
      visit(child, [index, 'content', key], isTranslatableKey(key));
    }
  });
  return requests;
}

/**
 * Writes translations into a country's components, returning new components (the input is not changed).
 * A result is written only where the country has a value of the same kind at the same path (a string for
 * text, rich text for html), so a country whose structure differs from the primary's is never given new
 * fields or broken ones; such results are skipped. Rich text is written as exactly {html: {value}}.
 */
export function applyTranslations(
  components: readonly Component[],
  results: readonly TranslationResult[],
): Component[] {
  const next = structuredClone(components) as Component[];
  for (const result of results) {
    const [index, ...rest] = result.path;
    if (typeof index !== 'number' || rest.length < 2 || rest[0] !== 'content') continue;
    let parent: unknown = next[index];
    for (const step of rest.slice(0, -1)) {
      parent = stepInto(parent, step);
      if (parent === undefined) break;
    }
    const last = rest[rest.length - 1] as string | number;
    if (!canWrite(parent, last)) continue;
    const container = parent as Record<string | number, unknown>;
    const current = container[last];
    if (result.isHtml ? isRichText(current) : typeof current === 'string') {
      container[last] = result.isHtml ? { html: { value: result.text } } : result.text;
    }
  }
  return next;
}

/**
 * The texts a translation into `country` would replace that the country has made its own (issue 15): where
 * it holds a text of the same kind as the primary's at the same place, and a different one. The
 * translation button asks before replacing them. Texts still as the primary's (just copied) are not counted.
 */
export function textsEditedIn(
  primaryComponents: readonly Component[],
  countryComponents: readonly Component[],
  country: CountryCode,
): TranslationPath[] {
  return translationRequests(primaryComponents, country)
    .filter((request) => {
      const [index, ...rest] = request.path;
      let value: unknown = typeof index === 'number' ? countryComponents[index] : undefined;
      for (const step of rest) value = stepInto(value, step);
      const current = request.isHtml ? (isRichText(value) ? value.html.value : undefined) : value;
      return typeof current === 'string' && current !== request.text;
    })
    .map((request) => request.path);
}

function stepInto(value: unknown, step: string | number): unknown {
  if (Array.isArray(value)) return typeof step === 'number' ? value[step] : undefined;
  if (isRecord(value) && typeof step === 'string' && Object.hasOwn(value, step)) return value[step];
  return undefined;
}

function canWrite(parent: unknown, key: string | number): boolean {
  if (Array.isArray(parent)) return typeof key === 'number' && key >= 0 && key < parent.length;
  return isRecord(parent) && typeof key === 'string' && Object.hasOwn(parent, key);
}

/**
 * The countries a translation writes to (spec §4: "each non-selected country"). Choice: the primary is left
 * out too, even when a secondary is selected: its text is the source, and translating it into its own
 * language could only damage it.
 */
export function translationTargets(
  primary: CountryCode,
  selected: CountryCode,
  countries: readonly CountryCode[],
): CountryCode[] {
  return countries.filter((country) => country !== selected && country !== primary);
}
