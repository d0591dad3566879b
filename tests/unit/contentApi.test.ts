import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { HttpError, sendError } from '../../server/content/api';

describe('sendError', () => {
  it('cuts the connection when the answer has already begun, instead of throwing', async () => {
    const log = { warn: vi.fn(), error: vi.fn() };
    const thrown: unknown[] = [];
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"pages": [');
      try {
        sendError(response, new HttpError(400, 'invalid-input', 'Too late.'), log);
      } catch (error) {
        thrown.push(error);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

    await expect(fetch(url).then((response) => response.text())).rejects.toThrow();

    expect(thrown).toEqual([]);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(HttpError) }),
      'failure after the answer began',
    );
    await new Promise((resolve) => server.close(resolve));
  });
});
