import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFeedAddress, declaredFeed, FEED_MAX_BYTES } from '../../core/rules/feedPolicy';
import { StudioError } from '../../core/result';
import { fetchJsonFeed, isNonPublicAddress } from '../../main/services/feeds';

const EMBEDDED = 'http://127.0.0.1:4100';
const context = {
  embeddedServer: EMBEDDED,
  appOrigins: ['https://content.team.example', 'https://mesh.team.example/api/'],
};
const SAMPLE = '/sample/blog/posts.json?_embed&per_page=12';

describe('the feed a block declares', () => {
  it('is the Blog’s apiLink, trimmed, and nothing for other types or an empty link', () => {
    expect(
      declaredFeed({ _component: 'Blog', content: { apiLink: '  https://blog.example.com/wp-json/wp/v2/posts ' } }),
    ).toBe('https://blog.example.com/wp-json/wp/v2/posts');
    expect(declaredFeed({ _component: 'Blog', content: { apiLink: '   ' } })).toBeNull();
    expect(declaredFeed({ _component: 'Blog', content: { apiLink: 42 } })).toBeNull();
    expect(
      declaredFeed({ _component: 'CustomHtml', content: { apiLink: 'https://blog.example.com/feed' } }),
    ).toBeNull();
  });
});

describe('which feed addresses main reads', () => {
  it('reads the sample feed of the embedded server, resolving relative addresses against it', () => {
    const sample = checkFeedAddress(SAMPLE, context);
    expect(sample).toMatchObject({ ok: true, sample: true });
    expect(sample.ok && sample.url.href).toBe(`${EMBEDDED}${SAMPLE}`);
    expect(checkFeedAddress('https://blog.example.com/wp-json/wp/v2/posts', context)).toMatchObject({
      ok: true,
      sample: false,
    });
  });

  it('refuses the rest of the embedded server: the saved pages, the API, other files', () => {
    for (const address of [
      '/content/',
      `${EMBEDDED}/content/nike/web/home/uat/gb.json`,
      '/sample/../drafts/x.json',
      '/sample/products.json',
    ]) {
      expect(checkFeedAddress(address, context), address).toMatchObject({
        ok: false,
        problem: expect.stringContaining('Only the sample feed'),
      });
    }
  });

  it('refuses the app’s own services wherever they are configured', () => {
    expect(checkFeedAddress('https://content.team.example/pages', context)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('own services'),
    });
    expect(checkFeedAddress('https://mesh.team.example/other', context)).toMatchObject({ ok: false });
  });

  it('reads only http(s), without credentials in the address', () => {
    for (const address of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:application/json,[]',
      'ftp://example.com/feed.json',
      'app://studio/sample/blog/posts.json',
    ]) {
      expect(checkFeedAddress(address, context), address).toMatchObject({
        ok: false,
        problem: expect.stringContaining('http or https'),
      });
    }
    expect(checkFeedAddress('https://user:secret@blog.example.com/feed', context)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('password'),
    });
    expect(checkFeedAddress('http://[', context)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('not a valid URL'),
    });
  });
});

describe('which IP addresses count as the machine or a private network', () => {
  it('counts loopback, private, link-local, shared, reserved and mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      'ff02::1',
      'localhost',
      'not an address',
    ]) {
      expect(isNonPublicAddress(address), address).toBe(true);
    }
  });

  it('lets public addresses through', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '100.128.0.1',
      '::ffff:8.8.8.8',
      '2606:4700:4700::1111',
      '2a00:1450:4009:80b::200e',
    ]) {
      expect(isNonPublicAddress(address), address).toBe(false);
    }
  });
});

describe('reading a feed', () => {
  let server: Server;
  let embedded: string;
  let other: Server;
  let otherUrl: string;
  const routes = new Map<string, RequestListener>();

  const listen = async (handler: RequestListener): Promise<[Server, string]> => {
    const created = createServer(handler);
    await new Promise<void>((resolve) => created.listen(0, '127.0.0.1', resolve));
    return [created, `http://127.0.0.1:${(created.address() as AddressInfo).port}`];
  };

  beforeAll(async () => {
    [server, embedded] = await listen((request, response) => {
      const route = routes.get(new URL(request.url ?? '/', 'http://x').searchParams.get('case') ?? '');
      if (route) return route(request, response);
      response.writeHead(404).end();
    });
    // A "local service" holding data the preview must never see.
    [other, otherUrl] = await listen((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"secret":"local service"}');
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => other.close(resolve));
  });

  const feedContext = () => ({ embeddedServer: embedded, appOrigins: [] });
  const sampleCase = (name: string, handler: RequestListener) => {
    routes.set(name, handler);
    return `/sample/blog/posts.json?case=${name}`;
  };
  const refusal = async (address: string): Promise<StudioError> => {
    const error = await fetchJsonFeed(address, feedContext()).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error, address).toBeInstanceOf(StudioError);
    return error as StudioError;
  };

  it('reads the sample feed as JSON', async () => {
    const address = sampleCase('ok', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end('[{"id":1}]');
    });
    expect(await fetchJsonFeed(address, feedContext())).toEqual([{ id: 1 }]);
  });

  it('refuses an answer over 2 MB, whether or not it says its length', async () => {
    const big = `[${'"x",'.repeat(FEED_MAX_BYTES / 4)}"x"]`;
    const stated = sampleCase('stated', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(big);
    });
    const chunked = sampleCase('chunked', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
      for (let sent = 0; sent <= FEED_MAX_BYTES; sent += 65536) response.write('"'.padEnd(65536, 'x'));
      response.end();
    });
    for (const address of [stated, chunked]) {
      expect((await refusal(address)).message, address).toContain('larger than 2 MB');
    }
  });

  it('refuses an answer that is not JSON', async () => {
    const html = sampleCase('html', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Session expired</h1>');
    });
    const broken = sampleCase('broken', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"cut":');
    });
    expect((await refusal(html)).message).toContain('is not JSON (it is text/html)');
    expect((await refusal(broken)).message).toContain('is not valid JSON');
  });

  it('refuses loopback and private addresses, however they are written, without reading them', async () => {
    const port = new URL(otherUrl).port;
    for (const address of [
      `${otherUrl}/`,
      `http://localhost:${port}/`,
      `http://[::1]:${port}/`,
      `http://2130706433:${port}/`,
      `http://0x7f.1:${port}/`,
      'http://10.0.0.1/feed.json',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const error = await refusal(address);
      expect(error.code, address).toBe('forbidden');
      expect(error.message, address).toContain('not read from the local machine or a private network');
    }
  });

  it('checks every redirect: the sample feed cannot lead to a local service', async () => {
    const port = new URL(otherUrl).port;
    for (const location of [`${otherUrl}/`, `http://localhost:${port}/`, `${embedded}/content/`]) {
      const address = sampleCase(`redirect-${location.length}`, (_request, response) => {
        response.writeHead(302, { location }).end();
      });
      const error = await refusal(address);
      expect(error.code, location).toBe('forbidden');
    }
  });
});
