import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StudioError } from '../../core/result';
import { createServiceHttp, describeHttpFailure, type ServiceHttpOptions } from '../../main/services/http';
import { createProductLookupClient } from '../../main/services/productLookup';

/** The wrapper every service client of main goes through: retries, time limits, parsing and error mapping. */

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

let server: Server;
let base: string;
let respond: Handler;
let hits: string[];

beforeAll(async () => {
  server = createServer((request, response) => {
    hits.push(`${request.method} ${new URL(request.url ?? '/', 'http://x').pathname}`);
    request.resume();
    request.on('end', () => respond(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  hits = [];
});

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/** Drops the connection without an answer for the first `times` requests (the client sees ECONNRESET). */
const resetFirst = (times: number, then: Handler): Handler => {
  let count = 0;
  return (request, response) => {
    if (count++ < times) return void request.socket.destroy();
    then(request, response);
  };
};

const Answer = z.object({ count: z.number() });

function http(extra: Partial<ServiceHttpOptions> = {}) {
  return createServiceHttp({
    timeoutMs: 2_000,
    retryDelayMs: 5,
    describe: (failure, where) => describeHttpFailure('The test service', failure, where),
    ...extra,
  });
}

async function failure(promise: Promise<unknown>): Promise<StudioError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StudioError) return error;
    throw error;
  }
  throw new Error('expected a StudioError');
}

const call = (options: { method?: 'GET' | 'POST'; idempotent?: boolean; json?: unknown } = {}, client = http()) =>
  client.request({ url: new URL('/thing', base), where: `${base}/thing`, schema: Answer, ...options });

describe('retries', () => {
  it('sends a GET again after a dropped connection', async () => {
    respond = resetFirst(2, (_request, response) => json(response, 200, { count: 3 }));
    expect(await call()).toEqual({ count: 3 });
    expect(hits).toEqual(['GET /thing', 'GET /thing', 'GET /thing']);
  });

  it('gives up on a GET after two retries, as unavailable', async () => {
    respond = resetFirst(10, () => {});
    const error = await failure(call());
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe(`The test service at ${base}/thing is not reachable (ECONNRESET).`);
    expect(hits).toHaveLength(3);
  });

  it('never sends a POST twice, even after a dropped connection', async () => {
    respond = resetFirst(1, (_request, response) => json(response, 200, { count: 1 }));
    const error = await failure(call({ method: 'POST', json: { a: 1 } }));
    expect(error.code).toBe('unavailable');
    expect(hits).toEqual(['POST /thing']);
  });

  it('sends an idempotent POST (a save with a save id) again after a dropped connection', async () => {
    respond = resetFirst(1, (_request, response) => json(response, 200, { count: 1 }));
    expect(await call({ method: 'POST', json: { saveId: 's1' }, idempotent: true })).toEqual({ count: 1 });
    expect(hits).toEqual(['POST /thing', 'POST /thing']);
  });

  it('retries a GET on 503 but not on 500', async () => {
    let count = 0;
    respond = (_request, response) => (count++ === 0 ? json(response, 503, {}) : json(response, 200, { count: 1 }));
    expect(await call()).toEqual({ count: 1 });
    expect(hits).toHaveLength(2);

    hits = [];
    respond = (_request, response) => json(response, 500, { error: { code: 'internal', message: 'it broke' } });
    expect(await failure(call())).toMatchObject({
      code: 'failed',
      message: `The test service answered 500 for ${base}/thing: it broke`,
    });
    expect(hits).toHaveLength(1);
  });

  it('makes one attempt only when told not to retry', async () => {
    respond = resetFirst(1, (_request, response) => json(response, 200, { count: 1 }));
    expect((await failure(call({}, http({ retry: false })))).code).toBe('unavailable');
    expect(hits).toHaveLength(1);
  });
});

describe('time limits', () => {
  it('gives up at the limit, naming it, and does not try again', async () => {
    respond = (_request, response) => void setTimeout(() => json(response, 200, { count: 1 }), 1_000);
    const error = await failure(call({}, http({ timeoutMs: 150 })));
    expect(error).toMatchObject({
      code: 'unavailable',
      message: `The test service did not answer within 150 ms (${base}/thing).`,
    });
    // No second attempt, even well after a retry's 5 ms delay. (On a loaded machine the one attempt may be given
    // up before the server has read it: none arrived is no retry either.)
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hits.length).toBeLessThanOrEqual(1);
  });
});

describe('answers', () => {
  it('carries the service’s own explanation of a 400, quoted to 100 characters', async () => {
    respond = (_request, response) =>
      json(response, 400, { error: { code: 'invalid-input', message: 'No such fascia.' } });
    expect(await failure(call())).toMatchObject({
      code: 'invalid-input',
      message: `The test service answered 400 for ${base}/thing: No such fascia.`,
    });

    respond = (_request, response) => json(response, 400, { error: { message: 'x'.repeat(5_000) } });
    const long = await failure(call());
    expect(long.message).toBe(`The test service answered 400 for ${base}/thing: ${'x'.repeat(100)}… (5000 characters)`);
  });

  it('says only the status when the service gave no explanation', async () => {
    respond = (_request, response) => {
      response.writeHead(400, { 'content-type': 'text/html' });
      response.end('<h1>Bad</h1>');
    };
    expect((await failure(call())).message).toBe(`The test service answered 400 for ${base}/thing.`);
  });

  it('refuses an answer that is not JSON', async () => {
    respond = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>a login page</html>');
    };
    expect(await failure(call())).toMatchObject({
      code: 'failed',
      message: `The test service sent something that is not JSON (${base}/thing).`,
    });
  });

  it('refuses JSON of the wrong shape, naming the field', async () => {
    respond = (_request, response) => json(response, 200, { count: 'three' });
    const error = await failure(call());
    expect(error.code).toBe('failed');
    expect(error.message).toMatch(/^The test service answered in a shape this app does not understand .*: count: /);
  });

  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not-found'],
    [409, 'conflict'],
    [413, 'invalid-input'],
    [503, 'unavailable'],
  ] as const)('maps %i to %s, keeping the service’s explanation', async (status, code) => {
    respond = (_request, response) => json(response, status, { error: { code: 'x', message: `said ${status}` } });
    expect(await failure(call())).toMatchObject({
      code,
      message: `The test service answered ${status} for ${base}/thing: said ${status}`,
    });
  });

  it('lets a client give a status its own meaning', async () => {
    respond = (_request, response) => json(response, 401, { error: { message: 'bad key' } });
    const client = http({
      explain: (failure) =>
        failure.kind === 'status' ? new StudioError('forbidden', 'The key was refused.') : undefined,
    });
    expect(await failure(call({}, client))).toMatchObject({ code: 'forbidden', message: 'The key was refused.' });
  });
});

describe('the product lookup', () => {
  it('says what the service said about a request it refused', async () => {
    respond = (_request, response) =>
      json(response, 400, {
        error: { code: 'invalid-input', message: 'The fascia site_fp is not served by this lookup.' },
      });
    const error = await failure(
      createProductLookupClient(base).lookup({ fascia: 'site_fp', country: 'gb', size: '9', plu: '123' }),
    );
    expect(error).toMatchObject({
      code: 'invalid-input',
      message: 'The product lookup answered 400: The fascia site_fp is not served by this lookup.',
    });
  });
});
