import { mkdir, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../main/host/browserHost';
import { MAX_JSON_BYTES } from '../../core/rules/jsonLimits';
import { MAX_QUOTED_CHARS } from '../../core/rules/quote';
import { sendPastLimitThenRead } from '../helpers/busyClient';
import { makeTempDir } from './helpers/pages';

/**
 * Requests the browser host cannot parse, sent over raw sockets as an attacker (or curl) would: each gets a
 * short 4xx, never a crash or a 500, and the host goes on serving.
 */

interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parseReply(bytes: Buffer): RawReply {
  const headEnd = bytes.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  const raw = bytes.subarray(headEnd + 4);
  const body = headers['transfer-encoding'] === 'chunked' ? dechunk(raw) : raw;
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') };
}

/** The body of a chunked reply: each chunk is its length in hex, CRLF, the data, CRLF; a 0 chunk ends it. */
function dechunk(raw: Buffer): Buffer {
  const chunks: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    const size = parseInt(raw.subarray(at, lineEnd).toString('latin1'), 16);
    if (!(size > 0)) return Buffer.concat(chunks);
    chunks.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/**
 * Writes `head` (and then `body`, chunk by chunk, until the server answers) and reads the reply until the
 * connection closes. A reset after the reply has arrived is what a refused upload looks like; it is kept.
 */
function rawRequest(port: number, head: string, body: Iterable<Buffer> = []): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let answered = false;
    const finish = () => {
      const bytes = Buffer.concat(received);
      if (bytes.toString('latin1', 0, 9) === 'HTTP/1.1 ') resolve(parseReply(bytes));
      else reject(new Error(`No HTTP reply, got ${JSON.stringify(bytes.toString('utf8', 0, 200))}`));
    };
    socket.on('data', (chunk) => {
      answered = true;
      received.push(chunk);
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.on('connect', async () => {
      socket.write(head);
      for (const chunk of body) {
        if (answered || socket.destroyed) break;
        // Waits for the kernel to take each chunk, so the server's answer can arrive between them.
        await new Promise<void>((done) => (socket.write(chunk) ? done() : socket.once('drain', done)));
      }
    });
  });
}

describe('the browser host and malformed requests', () => {
  let dataDir: string;
  let host: BrowserHost;
  let port: number;

  beforeAll(async () => {
    dataDir = await makeTempDir();
    const rendererDir = join(dataDir, 'renderer');
    await mkdir(join(rendererDir, 'editor'), { recursive: true });
    await writeFile(join(rendererDir, 'editor', 'index.html'), '<html><head></head><body></body></html>');
    host = await startBrowserHost({
      port: 0,
      dataDir: join(dataDir, 'data'),
      rendererDir,
      resourcesDir: join(dataDir, 'resources'),
      user: 'host@example.com',
    });
    port = Number(new URL(host.url).port);
  });
  afterAll(async () => {
    await host.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  afterEach(async () => {
    // Whatever the request was, the host is still up and answers the next one.
    const response = await fetch(`${host.url}/api/getSession`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: host.url },
      body: '{}',
    });
    expect(await response.json()).toEqual({ ok: true, value: { user: 'host@example.com' } });
  });

  const apiHead = (channel: string, headers: Record<string, string | number>) =>
    [
      `POST /api/${channel} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      `Origin: ${host.url}`,
      'Connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      '',
      '',
    ].join('\r\n');

  it('answers a request target the URL parser refuses with 400', async () => {
    for (const target of ['http://[', '//[', '*']) {
      const reply = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(reply.status, target).toBe(400);
      expect(reply.body, target).toContain('Bad request target');
    }
  });

  it('answers a malformed %-escape in a file path with 400, not 500', async () => {
    for (const path of ['/editor/%E0%A4%A', '/%', '/sample/%zz.svg']) {
      const reply = await rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(reply.status, path).toBe(400);
      expect(reply.body, path).toContain('malformed %-escape');
    }
  });

  it('refuses a body declared larger than the limit at once, and closes the connection without reading it', async () => {
    // Nothing of the body is sent: the reply can only come from the declared length.
    const reply = await rawRequest(
      port,
      apiHead('getSession', { 'Content-Type': 'application/json', 'Content-Length': MAX_JSON_BYTES + 1 }),
    );
    expect(reply.status).toBe(413);
    expect(reply.headers.connection).toBe('close');
    expect(JSON.parse(reply.body)).toEqual({
      ok: false,
      error: { code: 'invalid-input', message: 'The request body is larger than 20 MB (the limit).' },
    });
  });

  it('refuses an oversized body before asking for it when the client expects 100-continue', async () => {
    const reply = await rawRequest(
      port,
      apiHead('getSession', {
        'Content-Type': 'application/json',
        'Content-Length': MAX_JSON_BYTES * 2,
        Expect: '100-continue',
      }),
    );
    expect(reply.status).toBe(413);
  });

  it('refuses a chunked body once it passes the limit, while the client is still sending', async () => {
    const chunk = Buffer.from(`100000\r\n${'a'.repeat(0x100000)}\r\n`);
    function* chunks() {
      // Up to twice the limit; the reply arrives long before that.
      for (let sent = 0; sent < MAX_JSON_BYTES * 2; sent += 0x100000) yield chunk;
    }
    const reply = await rawRequest(
      port,
      apiHead('getSession', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }),
      chunks(),
    );
    expect(reply.status).toBe(413);
    expect(reply.headers.connection).toBe('close');
  });

  it('keeps the 413 for a client that sends on past the limit and reads the reply last', async () => {
    const head = apiHead('getSession', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
    expect((await sendPastLimitThenRead(port, head)).slice(0, 12)).toBe('HTTP/1.1 413');
  });

  it('quotes at most 100 characters of a 10 MB value in the error', async () => {
    const fascia = 'f'.repeat(10 * 1024 * 1024);
    const body = JSON.stringify({ fascia });
    const reply = await rawRequest(
      port,
      apiHead('meshCategories', { 'Content-Type': 'application/json', 'Content-Length': body.length }),
      [Buffer.from(body)],
    );
    const { error } = JSON.parse(reply.body) as { error: { message: string } };
    expect(error.message).toContain(`No store is set for ${'f'.repeat(MAX_QUOTED_CHARS)}… (10485760 characters)`);
    expect(error.message).not.toContain('f'.repeat(MAX_QUOTED_CHARS + 1));
    expect(reply.body.length).toBeLessThan(400);
  });

  it('quotes at most 100 characters of a huge record key the contract refuses', async () => {
    const body = JSON.stringify({ fasciaStores: { ['k'.repeat(1_000_000)]: 'store' } });
    const reply = await rawRequest(
      port,
      apiHead('updateSettings', { 'Content-Type': 'application/json', 'Content-Length': body.length }),
      [Buffer.from(body)],
    );
    expect(reply.status).toBe(400);
    const { error } = JSON.parse(reply.body) as { error: { code: string; message: string } };
    expect(error.code).toBe('invalid-input');
    expect(error.message).toMatch(/^Invalid request for updateSettings: fasciaStores\.k{100}… \(1000000 characters\)/);
    expect(reply.body.length).toBeLessThan(400);
  });

  it('answers a body that is not application/json with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', null]) {
      const headers: Record<string, string | number> = { 'Content-Length': 2 };
      if (type) headers['Content-Type'] = type;
      const reply = await rawRequest(port, apiHead('signIn', headers), [Buffer.from('{}')]);
      expect(reply.status, String(type)).toBe(415);
      expect(JSON.parse(reply.body), String(type)).toMatchObject({
        ok: false,
        error: { code: 'invalid-input', message: 'Send the request body as application/json.' },
      });
    }
  });

  it('answers invalid JSON, and JSON nested past the depth limit, with a short 400', async () => {
    const cases = ['{"email": ', '{"email": "a@b.c"', '\u0000', `"${'x'.repeat(100_000)}`, '['.repeat(100_000)];
    for (const body of cases) {
      const bytes = Buffer.from(body);
      const reply = await rawRequest(
        port,
        apiHead('signIn', { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length }),
        [bytes],
      );
      expect(reply.status, body.slice(0, 20)).toBe(400);
      expect(reply.body.length, body.slice(0, 20)).toBeLessThan(400);
      expect(JSON.parse(reply.body).error.code).toBe('invalid-input');
    }
  });

  it('answers an unknown channel with 400 and a quoted name', async () => {
    const reply = await rawRequest(
      port,
      apiHead('x'.repeat(5000), { 'Content-Type': 'application/json', 'Content-Length': 2 }),
      [Buffer.from('{}')],
    );
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body).error.message).toBe(`Unknown channel: ${'x'.repeat(100)}… (5000 characters)`);
  });
});
