import got, { HTTPError, RequestError } from 'got';
import { StudioError } from '../../core/result';

const FEED_TIMEOUT_MS = 10_000;
const FEED_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Reads a JSON feed for the preview (the Blog's posts). http(s) only; a dead or malformed feed becomes a
 * clear StudioError that the block shows in place, never a hang.
 */
export async function fetchJsonFeed(url: URL): Promise<unknown> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new StudioError('invalid-input', `Feeds are read over http or https, not ${url.protocol}`);
  }
  try {
    const response = await got(url, {
      timeout: { request: FEED_TIMEOUT_MS },
      retry: { limit: 1, methods: ['GET'] },
      headers: { accept: 'application/json' },
      responseType: 'text',
    });
    if (response.body.length > FEED_MAX_BYTES) throw new StudioError('failed', `The feed at ${url.href} is too large.`);
    try {
      return JSON.parse(response.body);
    } catch {
      throw new StudioError('failed', `The feed at ${url.href} is not valid JSON.`);
    }
  } catch (error) {
    if (error instanceof StudioError) throw error;
    if (error instanceof HTTPError) throw new StudioError('unavailable', `The feed at ${url.href} answered ${error.response.statusCode}.`);
    if (error instanceof RequestError) throw new StudioError('unavailable', `The feed at ${url.href} is not reachable (${error.code}).`);
    throw error;
  }
}
