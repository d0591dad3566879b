import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createHttpApp, listen } from '../../http/app';
import { HttpError } from '../../http/errors';

describe('the error handler', () => {
  it('cuts the connection when the answer has already begun, instead of throwing', async () => {
    const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn(), fatal: vi.fn(), trace: vi.fn() };
    const logger = { ...log, level: 'info', silent: vi.fn(), child: () => logger } as unknown as FastifyBaseLogger;
    const app = createHttpApp({ service: 'content service', notFoundMessage: () => 'No such route.', log: logger });
    app.get('/', async (_request, reply) => {
      reply.raw.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      reply.raw.write('{"pages": [');
      throw new HttpError(400, 'invalid-input', 'Too late.');
    });
    app.get('/next', async () => ({ ok: true }));
    const { url } = await listen(app, 0, '127.0.0.1');

    await expect(fetch(`${url}/`).then((response) => response.text())).rejects.toThrow();

    // The handler did not throw in turn: the server goes on answering.
    expect(await (await fetch(`${url}/next`)).json()).toEqual({ ok: true });
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(HttpError) }),
      'failure after the answer began',
    );
    await app.close();
  });
});
