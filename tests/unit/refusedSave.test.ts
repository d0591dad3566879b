import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StudioError } from '../../core/result';
import type { TeamEvent } from '../../core/team';
import { createContentClient } from '../../main/services/contentClient';
import { createDraftStore } from '../../main/services/drafts';
import { createOutbox, type Outbox } from '../../main/services/outbox';
import { createOutboxSync, type OutboxSync } from '../../main/services/outboxSync';
import { createPageCache } from '../../main/services/pageCache';
import { HOME_KEY, makePage, makeTempDir } from './helpers/pages';

/**
 * A save the team server's roles refuse (issue 22: HTTP 403 naming the missing action): the editor is told
 * the server's message as it is, and a save waiting in the outbox stays there, marked with that message, sent
 * no more until the user acts (Discard this save), rather than dropped or retried forever.
 */

const REFUSAL = 'Your roles let you edit JD DE text, not add or remove components (structure).';

let dataDir: string;
let server: Server;
let serverUrl: string;
let saveRequests: number;
let outbox: Outbox;
let sync: OutboxSync;
let offline: boolean;
let events: TeamEvent[];
let learnt: string[];

beforeEach(async () => {
  dataDir = await makeTempDir();
  saveRequests = 0;
  server = createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/saveContent') saveRequests++;
    request.resume();
    response.writeHead(403, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { code: 'forbidden', message: REFUSAL } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = createContentClient(serverUrl, { retryDelayMs: 10, token: 'sst_translator' });
  offline = false;
  events = [];
  learnt = [];
  outbox = createOutbox(join(dataDir, 'outbox'), () => undefined);
  sync = createOutboxSync({
    outbox,
    pageCache: createPageCache(join(dataDir, 'page-cache')),
    drafts: createDraftStore(join(dataDir, 'drafts')),
    now: () => new Date('2026-11-27T23:00:00.000Z'),
    log: () => undefined,
    emit: (event) => events.push(event),
    onPendingCountChanged: () => undefined,
    server: () => ({ url: serverUrl, client, rawClient: client }),
    offline: () => offline,
    reached: () => learnt.push('reached'),
    unreachable: (reason) => learnt.push(`unreachable: ${reason}`),
  });
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

describe('a save refused by the team server (403)', () => {
  it("tells the editor the server's message as it is, and queues nothing", async () => {
    const refused = await sync
      .save(HOME_KEY, makePage({ title: 'Ein Banner' }), null, 'save-id-0001')
      .catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(StudioError);
    expect(refused).toMatchObject({ code: 'forbidden', message: REFUSAL });
    expect(saveRequests).toBe(1);
    expect(await outbox.list()).toEqual([]);
  });

  it('keeps the outbox entry, marked with the reason, and does not send it again until the user discards it', async () => {
    offline = true;
    const queued = await sync.save(HOME_KEY, makePage({ title: 'Ein Banner' }), null, 'save-id-0001');
    expect(queued.status).toBe('queued');
    expect(saveRequests).toBe(0);

    // The server is back: the outbox is sent, and refused.
    offline = false;
    await sync.flush();
    expect(saveRequests).toBe(1);
    const [kept] = await outbox.list();
    expect(kept).toMatchObject({ state: 'refused', problem: REFUSAL, saveId: 'save-id-0001' });
    expect(events.at(-1)).toEqual({ type: 'outbox', pending: [expect.objectContaining({ state: 'refused' })] });
    // A refusal is an answer: the server is reachable, and nothing says otherwise.
    expect(learnt).toEqual(['reached']);

    // Later flushes (every reconnection) leave it waiting for the user rather than sending it again.
    await sync.flush();
    await sync.flush();
    expect(saveRequests).toBe(1);
    expect(await sync.pending()).toEqual([expect.objectContaining({ id: kept!.id, state: 'refused' })]);

    expect(await sync.discard(kept!.id)).toEqual([]);
  });
});
