import type { IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
// Image addresses stay root-relative (/sample/images/...): they are saved into pages, and the embedded
// server's port changes on every start, while both shells serve /sample/ to the preview.
import { pluDetailsFrom } from '../../core/rules/productLookup';
import { CountryCodeSchema } from '../../core/schemas';
import type { SampleCatalogue } from './sampleCatalogue';
import { badRequest } from '../../http/errors';
import { withoutTrailingSlash, type SampleReply, type SampleRoutes } from './sampleHttp';
import { readQuery } from './sampleQuery';

/**
 * The sample product lookup (editor spec §7), no key:
 *   GET /products/lookup?fascia&country&size&plu[&delayMs]           -> {products: [ProductDetails]}
 */

/** The product lookup's test hook: the answer waits this long at most (the client gives up after 5 s). */
export const MAX_LOOKUP_DELAY_MS = 10_000;

export function sampleProductLookupRoutes(catalogue: SampleCatalogue): SampleRoutes {
  const required = (name: string, max: number) =>
    z
      .string({ error: `${name} is required` })
      .trim()
      .min(1, `${name} must not be blank`)
      .max(max, `${name} must be at most ${max} characters`);
  const LookupQuerySchema = z.strictObject({
    fascia: required('fascia', 40).transform((fascia) => fascia.toLowerCase()),
    country: required('country', 2)
      .transform((country) => country.toLowerCase())
      .pipe(CountryCodeSchema),
    size: required('size', 40),
    plu: required('plu', 64),
    delayMs: z
      .string()
      .regex(/^\d{1,9}$/, 'delayMs must be a whole number of milliseconds')
      .transform((delay) => Math.min(Number(delay), MAX_LOOKUP_DELAY_MS))
      .optional(),
  });

  async function lookupRoute(request: IncomingMessage, url: URL): Promise<SampleReply> {
    const { values } = readQuery(url.searchParams, LookupQuerySchema, 'product lookup');
    const loaded = await catalogue.load();
    const fascia = values.fascia.replace(/^site_/, '');
    const store = Object.hasOwn(loaded.file.fasciaMap, fascia) ? loaded.file.fasciaMap[fascia] : undefined;
    if (!store) {
      const known = Object.keys(loaded.file.fasciaMap).join(', ');
      throw badRequest(
        `The sample catalogue has no store for fascia '${values.fascia}'; fascias are ${known} (site_ prefix allowed).`,
      );
    }
    await waitUnlessClosed(request, values.delayMs ?? 0);

    const code = values.plu.toUpperCase();
    const product = /^\d{6,8}$/.test(code)
      ? loaded.byPlu.get(code)
      : /^PC-\d{6}$/.test(code)
        ? loaded.byProductCode.get(code)
        : undefined;
    if (!product || !product.stores.includes(store)) return { status: 200, body: { products: [] } };
    return { status: 200, body: { products: [pluDetailsFrom(product)] } };
  }

  return (pathname) =>
    withoutTrailingSlash(pathname) === '/products/lookup' ? { handle: lookupRoute, keyed: false } : null;
}

/** Waits, but stops as soon as the client hangs up (a test's timeout), so no timer outlives its request. */
async function waitUnlessClosed(request: IncomingMessage, ms: number): Promise<void> {
  if (ms <= 0) return;
  const controller = new AbortController();
  const onClose = () => controller.abort();
  request.socket.once('close', onClose);
  try {
    await sleep(ms, undefined, { signal: controller.signal });
  } catch {
    // The client left; the answer goes nowhere.
  } finally {
    request.socket.off('close', onClose);
  }
}
