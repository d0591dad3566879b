import got, { HTTPError, TimeoutError } from 'got';
import { z } from 'zod';
import { describeIssues } from '../../core/contract';
import type { CountryCode } from '../../core/countries';
import { StudioError } from '../../core/result';
import { quote } from '../../core/rules/quote';
import { isUnreachable } from './sampleHttp';

/**
 * The client of a translation service (editor spec §7): POST {baseUrl}/translate with the JSON body
 * {ObjectId: 0, Language: <country code>, Text}, no credentials (no cookies, no Authorization header, and an
 * address carrying a user name or password is refused), the answer's `text` is the translation. One attempt
 * only: a POST is not retried. Every failure is a StudioError naming the service: 'unavailable' when it
 * cannot be reached, times out or says it is down (502, 503, 504), 'failed' for any other refusal or an
 * answer that is not the expected JSON.
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
    throw new StudioError('invalid-input', `The translation service is called over http or https, not ${base.protocol}`);
  }
  if (base.username !== '' || base.password !== '') {
    throw new StudioError('invalid-input', 'The translation service is called without credentials: remove the user name and password from its address.');
  }
  const serviceName = `The translation service at ${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  const endpoint = new URL(`${base.pathname.replace(/\/+$/, '')}/translate`, base.origin);

  return {
    async translate(language, text) {
      let body: string;
      try {
        const response = await got.post(endpoint, {
          json: { ObjectId: 0, Language: language, Text: text },
          headers: { accept: 'application/json' },
          timeout: { request: timeoutMs },
          retry: { limit: 0 },
          followRedirect: false,
          responseType: 'text',
        });
        body = response.body;
      } catch (error) {
        throw toStudioError(error);
      }
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        throw new StudioError('failed', `${serviceName} answered /translate with something that is not JSON.`);
      }
      const parsed = TranslateResponseSchema.safeParse(json);
      if (!parsed.success) {
        throw new StudioError('failed', `${serviceName} answered /translate in an unexpected shape (${describeIssues(parsed.error)}).`);
      }
      return parsed.data.text;
    },
  };

  function toStudioError(error: unknown): StudioError {
    if (error instanceof HTTPError) {
      const status = error.response.statusCode;
      if (status === 502 || status === 503 || status === 504) {
        return new StudioError('unavailable', `${serviceName} is not available right now (HTTP ${status}).`);
      }
      return new StudioError('failed', `${serviceName} refused the translation with HTTP ${status}${serverMessage(error.response.body)}.`);
    }
    if (isUnreachable(error)) {
      const why = error instanceof TimeoutError ? ` (no answer within ${timeoutMs / 1000} s)` : '';
      return new StudioError('unavailable', `${serviceName} is not reachable${why}. Check its address in Settings.`);
    }
    const message = error instanceof Error ? error.message : String(error);
    return new StudioError('failed', `Calling ${serviceName} failed: ${message}`);
  }
}

const ErrorBodySchema = z.object({ error: z.object({ message: z.string() }) });

/** The service's own explanation when it gives one as {error: {message}}, else nothing. */
function serverMessage(body: unknown): string {
  try {
    const parsed = ErrorBodySchema.safeParse(JSON.parse(String(body)));
    return parsed.success ? `: ${quote(parsed.data.error.message)}` : '';
  } catch {
    return '';
  }
}
