import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
// Image addresses stay root-relative (/sample/images/...): they are saved into pages, and the embedded
// server's port changes on every start, while both shells serve /sample/ to the preview.
import { pluDetailsFrom } from '../../core/rules/productLookup';
import { CountryCodeSchema } from '../../core/schemas';
import type { SampleCatalogue } from './sampleCatalogue';
import { badRequest } from '../../http/errors';
import { searchParamsOf, withOptionalSlash } from './sampleHttp';
import { readQuery } from './sampleQuery';

/**
 * The sample product lookup (editor spec §7), no key:
 *   GET /products/lookup?fascia&country&size&plu[&delayMs]           -> {products: [ProductDetails]}
 */

/** The product lookup's test hook: the answer waits this long at most (the client gives up after 5 s). */
export const MAX_LOOKUP_DELAY_MS = 10_000;

export const sampleProductLookupPlugin: FastifyPluginAsync<{ catalogue: SampleCatalogue }> = async (
  app,
  { catalogue },
) => {
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

  async function lookup(params: URLSearchParams, response: ServerResponse) {
    const { values } = readQuery(params, LookupQuerySchema, 'product lookup');
    const loaded = await catalogue.load();
    const fascia = values.fascia.replace(/^site_/, '');
    const store = Object.hasOwn(loaded.file.fasciaMap, fascia) ? loaded.file.fasciaMap[fascia] : undefined;
    if (!store) {
      const known = Object.keys(loaded.file.fasciaMap).join(', ');
      throw badRequest(
        `The sample catalogue has no store for fascia '${values.fascia}'; fascias are ${known} (site_ prefix allowed).`,
      );
    }
    await waitUnlessClosed(response, values.delayMs ?? 0);

    const code = values.plu.toUpperCase();
    const product = /^\d{6,8}$/.test(code)
      ? loaded.byPlu.get(code)
      : /^PC-\d{6}$/.test(code)
        ? loaded.byProductCode.get(code)
        : undefined;
    if (!product || !product.stores.includes(store)) return { products: [] };
    return { products: [pluDetailsFrom(product)] };
  }

  for (const url of withOptionalSlash('/products/lookup')) {
    app.get(url, async (request, reply) => lookup(searchParamsOf(request), reply.raw));
  }
};

/**
 * Waits, but stops as soon as the client hangs up (a test's timeout), so no timer outlives its request: the
 * response closes before it is sent only when its connection does.
 */
async function waitUnlessClosed(response: ServerResponse, ms: number): Promise<void> {
  if (ms <= 0) return;
  const controller = new AbortController();
  const onClose = () => controller.abort();
  response.once('close', onClose);
  try {
    await sleep(ms, undefined, { signal: controller.signal });
  } catch {
    // The client left; the answer goes nowhere.
  } finally {
    response.off('close', onClose);
  }
}
