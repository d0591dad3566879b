import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import { pino } from 'pino';
import { createHttpApp, listen } from '../../../http/app';

/** A sample service plugin alone, on the app every server here is built on (as the content server has it). */
export async function servePlugin<Options extends FastifyPluginOptions>(
  plugin: FastifyPluginAsync<Options>,
  options: Options,
): Promise<{ url: string; close(): Promise<void> }> {
  const app = createHttpApp({
    service: 'sample services',
    notFoundMessage: () => 'not a sample route',
    log: pino({ level: 'silent' }),
    closeConnectionsAtOnce: true,
  });
  await app.register(plugin, options);
  const { url } = await listen(app, 0, '127.0.0.1');
  return { url, close: () => app.close() };
}
