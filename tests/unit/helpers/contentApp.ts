import type { IncomingMessage, Server } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { pino } from 'pino';
import type { ContentStore } from '../../../core/store';
import { createHttpApp, listen } from '../../../http/app';
import { contentRoutesPlugin } from '../../../http/contentRoutes';

/**
 * The content routes alone over a store, as the servers register them: unauthenticated like the embedded
 * service, or behind an authentication hook whose user authors every save, like the team server.
 */
export async function serveContentStore(
  store: ContentStore,
  authenticate?: (request: IncomingMessage) => Promise<string>,
): Promise<{ url: string; server: Server }> {
  const app = createHttpApp({
    service: 'content service',
    notFoundMessage: () => 'No such route.',
    log: pino({ level: 'silent' }),
  });
  const users = new WeakMap<FastifyRequest, string>();
  await app.register(async (scope) => {
    if (authenticate)
      scope.addHook('onRequest', async (request) => void users.set(request, await authenticate(request.raw)));
    await scope.register(contentRoutesPlugin, {
      store,
      ...(authenticate ? { author: (request: FastifyRequest) => users.get(request) ?? '' } : {}),
    });
  });
  const { url } = await listen(app, 0, '127.0.0.1');
  return { url, server: app.server };
}
