import { execFileSync } from 'node:child_process';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Server } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testTeamConnection } from '../../main/services/teamConnection';
import { adminMeJson } from '../helpers/meAnswer';
import type { MeAnswer } from '../../core/teamProtocol';

/** Test connection's reasons, each against a server that answers /me that way. */

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(server: Server, scheme: 'http' | 'https'): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const answering = (
  status: number,
  body: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) =>
  listen(
    createHttpServer((_request: IncomingMessage, response: ServerResponse) =>
      response.writeHead(status, headers).end(body),
    ),
    'http',
  );

describe('testTeamConnection', () => {
  it('answers the user a Storefront Studio server knows the token as, and what they may do', async () => {
    const me = adminMeJson('ed@example.com');
    const url = await answering(200, me);
    await expect(testTeamConnection({ url, token: 't' })).resolves.toEqual({
      user: 'ed@example.com',
      permissions: (JSON.parse(me) as MeAnswer).permissions,
      problem: null,
    });
  });

  it('tells another kind of server apart: a 404, an HTML page, JSON of another shape', async () => {
    for (const url of [
      await answering(404, 'Not found', { 'content-type': 'text/plain' }),
      await answering(200, '<html>Welcome to nginx</html>', { 'content-type': 'text/html' }),
      await answering(200, '{"user":"ed@example.com"}'),
    ]) {
      const answer = await testTeamConnection({ url, token: 't' });
      expect(answer.problem?.reason, url).toBe('not-studio');
      expect(answer.problem?.message).toContain(`The team server at ${url}`);
    }
  });

  it('says when the server answers but its database is down', async () => {
    const url = await answering(503, '{"error":{"code":"unavailable","message":"down"}}');
    expect((await testTeamConnection({ url, token: 't' })).problem).toMatchObject({
      reason: 'unavailable',
      message: expect.stringContaining('HTTP 503'),
    });
  });

  it('says when TLS is refused (a certificate nobody vouches for)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'studio-tls-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-subj',
          '/CN=127.0.0.1',
          '-days',
          '1',
          '-keyout',
          join(folder, 'key.pem'),
          '-out',
          join(folder, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      const server = createHttpsServer(
        { key: readFileSync(join(folder, 'key.pem')), cert: readFileSync(join(folder, 'cert.pem')) },
        (_request, response) =>
          response.writeHead(200, { 'content-type': 'application/json' }).end(adminMeJson('ed@example.com')),
      );
      const url = await listen(server, 'https');
      const answer = await testTeamConnection({ url, token: 't' });
      expect(answer.problem?.reason).toBe('tls');
      expect(answer.problem?.message).toMatch(/cannot be reached securely/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses an address that is not one, and plain http to another machine without consent', async () => {
    expect((await testTeamConnection({ url: 'team server', token: 't' })).problem?.reason).toBe('invalid-address');
    expect((await testTeamConnection({ url: 'http://studio.example.com', token: 't' })).problem?.reason).toBe(
      'insecure-http',
    );
  });
});
