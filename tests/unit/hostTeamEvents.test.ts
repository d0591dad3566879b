import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEAM_EVENTS_PATH } from '../../core/channels';
import { TeamEventSchema, type TeamEvent } from '../../core/team';
import { startBrowserHost, type BrowserHost } from '../../main/host/browserHost';
import { makeTempDir } from './helpers/pages';

/** The browser host's push path: team events as Server-Sent Events for the editor page only. */

let dataDir: string;
let rendererDir: string;
let host: BrowserHost | null;
let fakeServer: Server | null;

beforeEach(async () => {
  dataDir = await makeTempDir();
  rendererDir = join(dataDir, 'renderer');
  await mkdir(join(rendererDir, 'editor'), { recursive: true });
  await writeFile(join(rendererDir, 'editor', 'index.html'), '<html><head></head><body></body></html>');
  host = null;
  fakeServer = null;
});
afterEach(async () => {
  await host?.close();
  fakeServer?.closeAllConnections();
  await new Promise((resolve) => (fakeServer ? fakeServer.close(resolve) : resolve(undefined)));
  await rm(dataDir, { recursive: true, force: true });
});

const start = (options: { user?: string; teamServer?: { url: string; token: string } }) =>
  startBrowserHost({
    port: 0,
    dataDir: join(dataDir, 'data'),
    rendererDir,
    resourcesDir: join(dataDir, 'resources'),
    ...options,
  });

/** Opens the stream as the editor page's EventSource would, and reads events off it as they come. */
async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(`${url}${TEAM_EVENTS_PATH}`, { headers, signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (): Promise<TeamEvent> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (data) return TeamEventSchema.parse(JSON.parse(data.slice('data: '.length)));
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  return { response, next, close: () => controller.abort() };
}

describe('GET /api/events on the browser host', () => {
  it('sends the editor the status and presence at once, then each team event as it happens', async () => {
    host = await start({ user: 'ed@example.com' });
    const stream = await openStream(host.url, { 'sec-fetch-site': 'same-origin' });
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await stream.next()).toMatchObject({ type: 'status', status: { mode: 'local', connection: 'online' } });
    expect(await stream.next()).toEqual({ type: 'presence', presence: [] });

    // Signing out (already local) pushes the status again.
    await fetch(`${host.url}/api/signOutTeam`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: host.url },
      body: '{}',
    });
    expect(await stream.next()).toMatchObject({ type: 'status', status: { mode: 'local' } });
    stream.close();
  });

  it('refuses other sites and the sandboxed preview', async () => {
    host = await start({ user: 'ed@example.com' });
    const refused: Record<string, string>[] = [
      {},
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'same-origin', origin: 'null' },
      { 'sec-fetch-site': 'same-origin', origin: 'http://evil.example' },
    ];
    for (const headers of refused) {
      const response = await fetch(`${host.url}${TEAM_EVENTS_PATH}`, { headers });
      expect(response.status, JSON.stringify(headers)).toBe(403);
    }
  });
});

describe('the browser host on a team server that refuses its token', () => {
  it('still starts, says Offline with the 401 reason, and keeps the editor working on this computer', async () => {
    fakeServer = createServer((_request, response) => {
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end('{"error":{"code":"unauthorized","message":"This API token is not valid"}}');
    });
    await new Promise<void>((resolve) => fakeServer!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(fakeServer.address() as AddressInfo).port}`;

    host = await start({ teamServer: { url, token: 'sst_wrong' } });

    const answer = await fetch(`${host.url}/api/getTeamStatus`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: host.url },
      body: '{}',
    });
    const { value } = (await answer.json()) as {
      value: { status: { mode: string; connection: string; offlineReason: string } };
    };
    expect(value.status).toMatchObject({ mode: 'team', connection: 'offline' });
    expect(value.status.offlineReason).toMatch(/refused the token \(HTTP 401\)/);
  });
});
