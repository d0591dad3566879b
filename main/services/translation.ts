import { z } from 'zod';
import type { CountryCode } from '../../core/countries';
import { StudioError } from '../../core/result';
import { quote } from '../../core/rules/quote';
import { createServiceHttp, describeRouteFailure } from './http';

/**
 * The client of a translation service (editor spec §7): POST {baseUrl}/translate with the JSON body
 * {ObjectId: 0, Language: <country code>, Text}, no credentials (no cookies, no Authorization header, and an
 * address carrying a user name or password is refused), the answer's `text` is the translation. One attempt
 * only: a POST is not retried. Every failure is a StudioError naming the service and carrying its own
 * explanation (main/services/http.ts): 'unavailable' when it cannot be reached, times out or says it is down
 * (502, 503, 504), 'invalid-input' when it refuses the text (400), 'failed' for a 500 or an answer that is not
 * the expected JSON.
 */

export interface TranslationClient {
  translate(language: CountryCode, text: string): Promise<string>;
}

export interface TranslationClientOptions {
  /** Per call; 10 s by default. */
  timeoutMs?: number;
}

export const TRANSLATION_TIMEOUT_MS = 10_000;

const TranslateResponseSchema = z.looseObject({ text: z.string() });

export function createTranslationClient(baseUrl: string, options: TranslationClientOptions = {}): TranslationClient {
  const { timeoutMs = TRANSLATION_TIMEOUT_MS } = options;
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new StudioError('invalid-input', `The translation service address '${quote(baseUrl)}' is not a valid URL.`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new StudioError(
      'invalid-input',
      `The translation service is called over http or https, not ${base.protocol}`,
    );
  }
  if (base.username !== '' || base.password !== '') {
    throw new StudioError(
      'invalid-input',
      'The translation service is called without credentials: remove the user name and password from its address.',
    );
  }
  const serviceName = `The translation service at ${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  const endpoint = new URL(`${base.pathname.replace(/\/+$/, '')}/translate`, base.origin);

  const http = createServiceHttp({
    timeoutMs,
    followRedirect: false,
    describe: (failure, route) => describeRouteFailure(serviceName, failure, route),
  });

  return {
    async translate(language, text) {
      const answer = await http.request({
        url: endpoint,
        where: '/translate',
        method: 'POST',
        json: { ObjectId: 0, Language: language, Text: text },
        schema: TranslateResponseSchema,
      });
      return answer.text;
    },
  };
}
