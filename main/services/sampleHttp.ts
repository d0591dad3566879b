import type { FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors';

/** The paths a sample route is declared at: as the services it imitates, '/a/b/' is answered as '/a/b'. */
export function withOptionalSlash(path: string): [string, string] {
  return [path, `${path}/`];
}

/**
 * The request's query as given. The sample services read it themselves (sampleQuery.ts readQuery) rather
 * than from Fastify's parsed query, to refuse a repeated name.
 */
export function searchParamsOf(request: FastifyRequest): URLSearchParams {
  return new URL(request.url, 'http://sample.invalid').searchParams;
}

/** A path under /sample/ that is neither a sample file the content server serves nor a sample service's call. */
export const noSuchSampleFile = () => notFound('No such sample file.');
