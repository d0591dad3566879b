import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { describeIssues } from '../../core/contract';
import { FACET_NAMES, isFacetName, type FacetName } from './sampleCatalogue';
import { HttpError, badRequest } from '../../http/errors';

/**
 * Query input of the sample services is strict: an unknown or repeated parameter (facet:* may repeat) is a 400,
 * as is a malformed value.
 */

/** "1" turns a filter on; "0" or leaving it out leaves it off. */
export const FlagSchema = z
  .enum(['0', '1'], { error: 'must be 1 or 0' })
  .optional()
  .transform((flag) => flag === '1');
export const ApiKeyFieldSchema = z.string();

interface ParsedQuery<T> {
  values: T;
  facets: Partial<Record<FacetName, string[]>>;
}

/**
 * The query as one value per name, checked against a strict schema (an unknown name is refused). A name may
 * appear once, except `facet:{name}` when facets are allowed: several values of one facet are alternatives.
 */
export function readQuery<S extends z.ZodType>(
  params: URLSearchParams,
  schema: S,
  what: string,
  allowFacets = false,
): ParsedQuery<z.output<S>> {
  const single: Record<string, string> = {};
  const facets: Partial<Record<FacetName, string[]>> = {};
  for (const [name, value] of params) {
    if (allowFacets && name.startsWith('facet:')) {
      const facet = name.slice('facet:'.length);
      if (!isFacetName(facet)) {
        throw badRequest(`Invalid ${what} query: unknown facet '${facet}'; facets are ${FACET_NAMES.join(', ')}.`);
      }
      const trimmed = value.trim();
      if (trimmed === '' || trimmed.length > 100) {
        throw badRequest(`Invalid ${what} query: facet:${facet} needs a value of 1 to 100 characters.`);
      }
      const list = (facets[facet] ??= []);
      if (!list.includes(trimmed.toLowerCase())) list.push(trimmed.toLowerCase());
      continue;
    }
    if (Object.hasOwn(single, name)) throw badRequest(`Invalid ${what} query: '${name}' is given more than once.`);
    single[name] = value;
  }
  const parsed = schema.safeParse(single);
  if (!parsed.success) throw badRequest(`Invalid ${what} query: ${describeIssues(parsed.error)}`);
  return { values: parsed.data, facets };
}

export function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** As a real service: no key or a wrong key is refused before anything else is looked at. */
export function checkApiKey(params: URLSearchParams, expected: Buffer): void {
  const given = params.getAll('apikey');
  if (given.length === 0 || given[0] === '') {
    throw new HttpError(401, 'unauthorized', 'An API key is required: pass it as the query parameter apikey.');
  }
  if (given.length > 1) throw badRequest("'apikey' is given more than once.");
  if (!timingSafeEqual(digest(given[0] ?? ''), expected)) {
    throw new HttpError(401, 'unauthorized', 'The API key is not valid for this service.');
  }
}
