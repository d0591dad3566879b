import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StudioError } from '../../core/result';
import { createContentClient, type ContentClient } from '../../main/services/contentClient';
import { startContentServer, type ContentServer } from '../../main/services/contentServer';
import {
  createOutbox,
  type Outbox,
  type OutboxEntry,
  type OutboxReport,
  type SendOutcome,
} from '../../main/services/outbox';
import type { PageContent, PageKey, VersionSummary } from '../../core/schemas';
import { HOME_KEY, makePage, makeTempDir } from './helpers/pages';

/**
 * The outbox of saves made while the team server was unreachable, against the real content API (the embedded
 * service, which answers save ids and conflicts as the team server does).
 */

let dataDir: string;
let server: ContentServer;
let client: ContentClient;
let outbox: Outbox;
const OTHER_KEY: PageKey = { ...HOME_KEY, page: 'sale' };
const at = new Date('2026-11-24T10:00:00.000Z');

beforeEach(async () => {
  dataDir = await makeTempDir();
  server = await startContentServer({ dataDir });
  client = createContentClient(server.url, { retryDelayMs: 10 });
  outbox = createOutbox(join(dataDir, 'outbox'), () => undefined);
});
afterEach(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** What each flush reported, in order. */
function recorder() {
  const events: string[] = [];
  const report: OutboxReport = {
    saved: (entry, { version, repeated }) =>
      void events.push(`saved ${entry.commitMessage} v${version.version}${repeated ? ' repeated' : ''}`),
    conflict: (entry, latest) => void events.push(`conflict ${entry.commitMessage} latest v${latest?.version}`),
    refused: (entry, problem) => void events.push(`refused ${entry.commitMessage}: ${problem}`),
    stillChanging: (entry, message) => void events.push(`still changing ${entry.commitMessage}: ${message}`),
  };
  return { events, report };
}

const sendWith =
  (content: ContentClient) =>
  async (entry: OutboxEntry): Promise<SendOutcome> => ({
    kind: 'saved',
    ...(await content.saveContentReceipt(entry.content, entry.baseHash, entry.saveId)),
    content: entry.content,
    merged: null,
  });

const queue = (content: PageContent, baseHash: string | null, saveId: string, key: PageKey = HOME_KEY) =>
  outbox.add({ key, content, baseHash, saveId, queuedAt: at });

describe('the outbox on disk', () => {
  it('keeps one file per pending save, listed in the order they were made', async () => {
    const first = makePage({ title: 'One' });
    const second = makePage({ title: 'Two' });
    await queue(first, null, 'save-id-0001');
    await queue(second, first.hash, 'save-id-0002');
    await queue(makePage({ key: OTHER_KEY, title: 'Other' }), null, 'save-id-0003', OTHER_KEY);

    const files = await readdir(join(dataDir, 'outbox'));
    expect(files).toHaveLength(3);
    // A new outbox on the same folder (the app restarted) reads the same order.
    const reopened = await createOutbox(join(dataDir, 'outbox')).list();
    expect(reopened.map((entry) => entry.saveId)).toEqual(['save-id-0001', 'save-id-0002', 'save-id-0003']);
    expect(reopened[1]).toMatchObject({
      baseHash: first.hash,
      hash: second.hash,
      state: 'waiting',
      commitMessage: 'Set title to Two',
    });
  });

  it('leaves a damaged file where it is and lists the others', async () => {
    await queue(makePage({ title: 'One' }), null, 'save-id-0001');
    const damaged = join(dataDir, 'outbox', `${'9'.repeat(12)}-00000000-0000-0000-0000-000000000000.json`);
    await writeFile(damaged, '{"not": "a pending save"');
    expect((await outbox.list()).map((entry) => entry.saveId)).toEqual(['save-id-0001']);
    expect(await readdir(join(dataDir, 'outbox'))).toContain(damaged.split('/').pop());
  });
});

describe('sending the outbox', () => {
  it('sends in order, each on the base it was made on, and empties only what was acknowledged', async () => {
    const first = makePage({ title: 'One' });
    const second = makePage({ title: 'Two' });
    await queue(first, null, 'save-id-0001');
    await queue(second, first.hash, 'save-id-0002');
    const { events, report } = recorder();

    await expect(outbox.flush(sendWith(client), report)).resolves.toEqual({ kind: 'done' });

    expect(events).toEqual(['saved Set title to One v1', 'saved Set title to Two v2']);
    expect(await outbox.list()).toEqual([]);
    const versions = (await client.listVersions(HOME_KEY)).versions;
    expect(versions.map((version) => [version.version, version.commitMessage])).toEqual([
      [2, 'Set title to Two'],
      [1, 'Set title to One'],
    ]);
  });

  it('stops at an unreachable server and keeps everything for the next attempt', async () => {
    await queue(makePage({ title: 'One' }), null, 'save-id-0001');
    const unreachable = createContentClient('http://127.0.0.1:1', { retryDelayMs: 1 });
    const { events, report } = recorder();

    const result = await outbox.flush(sendWith(unreachable), report);

    expect(result.kind).toBe('offline');
    expect(events).toEqual([]);
    expect((await outbox.list()).map((entry) => entry.state)).toEqual(['waiting']);
    // Once the server answers, the same save goes.
    await outbox.flush(sendWith(client), report);
    expect(events).toEqual(['saved Set title to One v1']);
  });

  it('answers a save sent again after a crash between sending and acknowledging as a repeat, not a second version', async () => {
    const page = makePage({ title: 'One' });
    await queue(page, null, 'save-id-0001');
    // The first attempt reaches the service; the app dies before it removes the file.
    const crashAfterSending = async (entry: OutboxEntry): Promise<SendOutcome> => {
      await client.saveContentReceipt(entry.content, entry.baseHash, entry.saveId);
      throw new StudioError('unavailable', 'The app quit before the answer arrived.');
    };
    const { events, report } = recorder();
    expect((await outbox.flush(crashAfterSending, report)).kind).toBe('offline');
    expect(await outbox.list()).toHaveLength(1);

    // Restarted: the same file, the same save id.
    const restarted = createOutbox(join(dataDir, 'outbox'));
    await restarted.flush(sendWith(client), report);

    expect(events).toEqual(['saved Set title to One v1 repeated']);
    expect(await restarted.list()).toEqual([]);
    expect((await client.listVersions(HOME_KEY)).versions).toHaveLength(1);
  });

  it('holds back a page whose save meets a conflict, with its later saves, and goes on with other pages', async () => {
    const theirs = makePage({ title: 'Theirs', author: 'bob@example.com' });
    const base = makePage({ title: 'Base' });
    const baseVersion: VersionSummary = await client.saveContent(base, null);
    await client.saveContent(theirs, baseVersion.hash);
    const mine = makePage({ title: 'Mine' });
    const mineAgain = makePage({ title: 'Mine again' });
    await queue(mine, baseVersion.hash, 'save-id-0001');
    await queue(mineAgain, mine.hash, 'save-id-0002');
    await queue(makePage({ key: OTHER_KEY, title: 'Other' }), null, 'save-id-0003', OTHER_KEY);
    const { events, report } = recorder();

    await outbox.flush(sendWith(client), report);

    expect(events).toEqual(['conflict Set title to Mine latest v2', 'saved Set title to Other v1']);
    const left = await outbox.list();
    expect(left.map((entry) => [entry.commitMessage, entry.state])).toEqual([
      ['Set title to Mine', 'conflict'],
      ['Set title to Mine again', 'waiting'],
    ]);
    expect(left[0]!.latest).toMatchObject({ version: 2, author: 'bob@example.com' });

    // Overwrite: based on their version, then the later save follows on it.
    await outbox.update(left[0]!.id, {
      state: 'waiting',
      problem: null,
      latest: null,
      baseHash: left[0]!.latest!.hash,
    });
    await outbox.flush(sendWith(client), report);
    expect(events.slice(2)).toEqual(['saved Set title to Mine v3', 'saved Set title to Mine again v4']);
    expect(await outbox.list()).toEqual([]);
  });

  it('keeps a save whose merges kept meeting newer versions waiting, behind its page, for the next flush', async () => {
    const one = makePage({ title: 'One' });
    await queue(one, null, 'save-id-0001');
    await queue(makePage({ title: 'Two' }), one.hash, 'save-id-0002');
    await queue(makePage({ key: OTHER_KEY, title: 'Other' }), null, 'save-id-0003', OTHER_KEY);
    const message = 'The page kept changing while your save was merged; save again.';
    const stillChanging = async (entry: OutboxEntry): Promise<SendOutcome> =>
      entry.key.page === HOME_KEY.page ? { kind: 'still-changing', message } : sendWith(client)(entry);
    const { events, report } = recorder();

    await outbox.flush(stillChanging, report);

    expect(events).toEqual([`still changing Set title to One: ${message}`, 'saved Set title to Other v1']);
    expect((await outbox.list()).map((entry) => [entry.commitMessage, entry.state, entry.problem])).toEqual([
      ['Set title to One', 'waiting', message],
      ['Set title to Two', 'waiting', null],
    ]);
    await outbox.flush(sendWith(client), report);
    expect(events.slice(2)).toEqual(['saved Set title to One v1', 'saved Set title to Two v2']);
  });

  it('keeps a save the server refuses, marked with the reason, until the user discards it', async () => {
    // The service refuses a save id this short with a 400 (a bad request, not an unreachable server).
    const entry = await queue(makePage({ title: 'One' }), null, 'short');
    const { events, report } = recorder();

    await outbox.flush(sendWith(client), report);

    expect(events).toHaveLength(1);
    expect(events[0]).toMatch(/^refused Set title to One: .*save id/);
    expect((await outbox.list()).map((pending) => pending.state)).toEqual(['refused']);
    await outbox.remove(entry.id);
    expect(await outbox.list()).toEqual([]);
  });

  it('sends a save only to the server it was made for, holding back that page behind it', async () => {
    const other = makePage({ title: 'For the other server' });
    await outbox.add({
      key: HOME_KEY,
      content: other,
      baseHash: null,
      saveId: 'save-id-0001',
      queuedAt: at,
      serverUrl: 'https://other.example',
    });
    await outbox.add({
      key: HOME_KEY,
      content: makePage({ title: 'After it' }),
      baseHash: other.hash,
      saveId: 'save-id-0002',
      queuedAt: at,
      serverUrl: server.url,
    });
    await outbox.add({
      key: OTHER_KEY,
      content: makePage({ key: OTHER_KEY, title: 'Here' }),
      baseHash: null,
      saveId: 'save-id-0003',
      queuedAt: at,
      serverUrl: server.url,
    });
    const { events, report } = recorder();

    await outbox.flush(sendWith(client), report, (entry) => entry.serverUrl === server.url);

    expect(events).toEqual(['saved Set title to Here v1']);
    expect((await outbox.list()).map((entry) => entry.serverUrl)).toEqual(['https://other.example', server.url]);
  });

  it('runs one flush at a time: a flush asked for during another runs after it, never in parallel', async () => {
    await queue(makePage({ title: 'One' }), null, 'save-id-0001');
    let inFlight = 0;
    let most = 0;
    const slow = async (entry: OutboxEntry): Promise<SendOutcome> => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight--;
      return sendWith(client)(entry);
    };
    const { events, report } = recorder();
    await Promise.all([outbox.flush(slow, report), outbox.flush(slow, report), outbox.flush(slow, report)]);
    expect(most).toBe(1);
    expect(events).toEqual(['saved Set title to One v1']);
  });
});
