import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describeIssues } from '../../core/contract';
import { errorMessage } from '../../core/rules/errorMessage';
import { COUNTRY_CODES, type CountryCode } from '../../core/countries';
import { CountryCodeSchema } from '../../core/schemas';
import { HttpError, unsupportedMediaType } from '../../http/errors';
import { withOptionalSlash } from './sampleHttp';

/**
 * The sample translation service (ARCHITECTURE.md, Data), answering the call of editor spec §7 from the
 * shipped glossary `resources/sample/glossary.json`:
 *
 *   POST /translate  {ObjectId, Language, Text} (application/json)  -> 200 {text}
 *
 * Language is a country code of spec §3 (the country code is the language code). English-speaking countries
 * get the text back unchanged; the others are translated from the glossary: the whole text first (trimmed,
 * case and runs of spaces ignored), else phrase by phrase, the longest glossary phrase first at each word,
 * so "New Season Trainers" becomes "Neue Saison Sneaker". HTML tags (and script and style contents) are kept
 * as they are and only the text between them is translated. Words the glossary does not know stay as they
 * are. A source in capitals gives a translation in capitals ("SALE" -> "SOLDES"); otherwise the glossary's
 * own capitalisation is used. Errors are `{error: {code, message}}` with 400, 405, 413, 415 or 503; the body
 * is read by the JSON parser of http/app.ts, within MAX_TRANSLATE_BODY_BYTES.
 */

export const MAX_TRANSLATE_BODY_BYTES = 256 * 1024;

const PhrasesSchema = z.record(z.string().trim().min(1), z.string().min(1));

const GlossarySchema = z
  .object({
    version: z.literal(1),
    about: z.string().optional(),
    english: z.array(CountryCodeSchema),
    sameAs: z.partialRecord(CountryCodeSchema, CountryCodeSchema),
    languages: z.partialRecord(CountryCodeSchema, PhrasesSchema),
  })
  .superRefine((glossary, ctx) => {
    for (const code of COUNTRY_CODES) {
      const ways = [glossary.english.includes(code), code in glossary.sameAs, code in glossary.languages].filter(
        Boolean,
      ).length;
      if (ways !== 1) {
        ctx.addIssue({
          code: 'custom',
          path: [code],
          message: ways === 0 ? `country ${code} has no language` : `country ${code} is given more than one language`,
        });
      }
    }
    for (const [code, target] of Object.entries(glossary.sameAs)) {
      if (target && !(target in glossary.languages)) {
        ctx.addIssue({
          code: 'custom',
          path: ['sameAs', code],
          message: `${code} uses ${target}, which has no phrases`,
        });
      }
    }
  });
export type Glossary = z.infer<typeof GlossarySchema>;

/** Turns English text into one language; pure. */
export type Translator = (text: string) => string;

/** A word: letters and digits, with inner apostrophes and hyphens (T-Shirts, Kid's). */
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

const normalise = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

function inCapitals(text: string): boolean {
  return text.length > 1 && text === text.toUpperCase() && text !== text.toLowerCase();
}

const withCase = (source: string, translation: string): string =>
  inCapitals(source) ? translation.toUpperCase() : translation;

/** The translator for one table of phrases (English -> the language). */
export function createGlossaryTranslator(phrases: Readonly<Record<string, string>>): Translator {
  const table = new Map<string, string>();
  let maxWords = 1;
  for (const [english, translation] of Object.entries(phrases)) {
    const words = english.match(WORD) ?? [];
    table.set(normalise(english), translation);
    // Also by its words alone, for the phrase pass ("T-Shirts" and "Add to Basket" are their words already).
    if (words.length > 0) table.set(words.join(' ').toLowerCase(), translation);
    maxWords = Math.max(maxWords, words.length);
  }

  const whole = (text: string): string | null => {
    const found = table.get(normalise(text));
    if (found === undefined) return null;
    const lead = /^\s*/.exec(text)?.[0] ?? '';
    const trail = /\s*$/.exec(text)?.[0] ?? '';
    return lead + withCase(text.trim(), found) + trail;
  };

  const byPhrase = (text: string): string => {
    const words = [...text.matchAll(WORD)].map((match) => ({
      start: match.index,
      end: match.index + match[0].length,
      word: match[0],
    }));
    let out = '';
    let copiedTo = 0;
    let i = 0;
    while (i < words.length) {
      let matched = false;
      for (let n = Math.min(maxWords, words.length - i); n >= 1; n--) {
        const run = words.slice(i, i + n);
        // A phrase spans words separated by spaces only: "Shop Now" matches, "Shop. Now" does not.
        const spaced = run.every((word, k) => k === 0 || /^\s+$/.test(text.slice(run[k - 1]!.end, word.start)));
        if (!spaced) continue;
        const translation = table.get(run.map((word) => word.word.toLowerCase()).join(' '));
        if (translation === undefined) continue;
        const start = run[0]!.start;
        const end = run[run.length - 1]!.end;
        out += text.slice(copiedTo, start) + withCase(text.slice(start, end), translation);
        copiedTo = end;
        i += n;
        matched = true;
        break;
      }
      if (!matched) i++;
    }
    return out + text.slice(copiedTo);
  };

  const translateText = (text: string): string => whole(text) ?? byPhrase(text);

  return (text) => {
    if (!/[<>]/.test(text)) return translateText(text);
    // Markup: tags are kept, the text between them is translated, script and style contents are not.
    let skipping: string | null = null;
    return text
      .split(/(<[^>]*>)/)
      .map((part) => {
        const tag = /^<\s*(\/?)\s*([a-z][a-z0-9-]*)/i.exec(part);
        if (tag) {
          const [, closing, name = ''] = tag;
          const lower = name.toLowerCase();
          if (!closing && (lower === 'script' || lower === 'style')) skipping = lower;
          else if (closing && skipping === lower) skipping = null;
          return part;
        }
        if (part.startsWith('<') && part.endsWith('>')) return part; // a comment or declaration
        return skipping || part.trim() === '' ? part : translateText(part);
      })
      .join('');
  };
}

/** The translator for a country: unchanged text for English-speaking ones. */
export function translatorFor(glossary: Glossary, country: CountryCode): Translator {
  if (glossary.english.includes(country)) return (text) => text;
  const language = glossary.sameAs[country] ?? country;
  return createGlossaryTranslator(glossary.languages[language] ?? {});
}

export function parseGlossary(raw: unknown): Glossary {
  const parsed = GlossarySchema.safeParse(raw);
  if (!parsed.success) throw new Error(`The glossary is damaged: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

const TranslateBodySchema = z
  .looseObject({
    ObjectId: z.number().int(),
    Language: z
      .string()
      .transform((code) => code.toLowerCase())
      .pipe(CountryCodeSchema),
    Text: z.string(),
  })
  .describe('translate body');

export interface SampleTranslationOptions {
  /** The glossary (resources/sample/glossary.json), read once on first use. */
  glossaryPath: string;
}

/** The POST /translate route over the glossary. */
export const sampleTranslationPlugin: FastifyPluginAsync<SampleTranslationOptions> = async (
  instance,
  { glossaryPath },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  let loaded: Promise<{ glossary: Glossary; translators: Map<CountryCode, Translator> }> | null = null;

  function load() {
    loaded ??= (async () => {
      let raw: unknown;
      try {
        raw = JSON.parse(await readFile(glossaryPath, 'utf8'));
      } catch (error) {
        throw new HttpError(
          503,
          'unavailable',
          `The sample glossary ${glossaryPath} could not be read: ${errorMessage(error)}`,
        );
      }
      try {
        return { glossary: parseGlossary(raw), translators: new Map() };
      } catch (error) {
        throw new HttpError(503, 'unavailable', `${errorMessage(error)} (${glossaryPath})`);
      }
    })();
    // A failed read is not remembered: the next request tries again.
    loaded.catch(() => {
      loaded = null;
    });
    return loaded;
  }

  for (const url of withOptionalSlash('/translate')) {
    app.post(url, {
      bodyLimit: MAX_TRANSLATE_BODY_BYTES,
      schema: { body: TranslateBodySchema },
      // A POST without a body and without a Content-Type reaches here unparsed.
      preValidation: async (request) => {
        if (request.body === undefined) throw unsupportedMediaType();
      },
      handler: async (request) => {
        const { glossary, translators } = await load();
        const country = request.body.Language;
        let translator = translators.get(country);
        if (!translator) {
          translator = translatorFor(glossary, country);
          translators.set(country, translator);
        }
        return { text: translator(request.body.Text) };
      },
    });
  }
};
