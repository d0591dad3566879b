import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHandlers, type ServiceClients } from '../../main/host/handlers';
import { createContentClient, type ContentClient } from '../../main/services/contentClient';
import { startContentServer, type ContentServer } from '../../main/services/contentServer';
import { createDraftStore, type DraftStore } from '../../main/services/drafts';
import { createMemorySecretStore, createNodeStore } from '../../main/services/stores';
import { createTeamService } from '../../main/services/team';
import { createOutbox, type Outbox } from '../../main/services/outbox';
import { createOutboxSync, type OutboxSync } from '../../main/services/outboxSync';
import { createPageCache } from '../../main/services/pageCache';
import { createStudioContentClient, type StudioContentClient } from '../../main/services/offlineContent';
import { bookmarkFor, buildPageContent, documentHash } from '../../core/rules/page';
import { mergedMessage } from '../../core/rules/merge/mergingSave';
import { emptyPageMeta, type Component, type PageKey, type PageMeta } from '../../core/schemas';
import { QUEUED_SAVE_MESSAGE, type TeamEvent } from '../../core/team';
import { HOME_KEY, hero, makeTempDir, promo } from './helpers/pages';

/**
 * Issue 23 §2: a save that meets a newer version is merged with its base and that version, in main, for the
 * embedded store (the handlers) and on the outbox's replay, against the real content API.
 */

let dataDir: string;
let server: ContentServer;
let real: ContentClient;
let drafts: DraftStore;
let handlers: ReturnType<typeof createHandlers>;
/** Run once by the content client just after it read the page's newest version: a colleague saving meanwhile. */
let afterNextLatest: (() => Promise<unknown>) | null = null;
/** Set by a test: the next save finds the team server gone, and is queued in the outbox as main queues it. */
let queueNextSave = false;

beforeEach(async () => {
  dataDir = await makeTempDir();
  server = await startContentServer({ dataDir });
  real = createContentClient(server.url, { retryDelayMs: 10 });
  const content: ContentClient = {
    ...real,
    loadPage: async (key) => {
      const latest = await real.loadPage(key);
      const after = afterNextLatest;
      afterNextLatest = null;
      await after?.();
      return latest;
    },
  };
  const store = createNodeStore(dataDir);
  store.set('user', 'ed@example.com');
  drafts = createDraftStore(join(dataDir, 'drafts'));
  // Signed out of any team server: saves go to the embedded content service.
  const team = createTeamService({
    store,
    secrets: createMemorySecretStore(),
    drafts,
    outbox: createOutbox(join(dataDir, 'outbox')),
    pageCache: createPageCache(join(dataDir, 'page-cache')),
  });
  const studio = createStudioContentClient(() => content, team);
  handlers = createHandlers({
    store,
    secrets: createMemorySecretStore(),
    team,
    clients: {} as ServiceClients,
    fetchFeed: vi.fn(),
    lookupProducts: vi.fn(),
    drafts,
    damagedFiles: () => [],
    content: { ...studio, save: (...args) => (queueNextSave ? queued(...args) : studio.save(...args)) },
    contentUrl: () => server.url,
    now: () => new Date('2026-11-28T10:00:00.000Z'),
  });
  afterNextLatest = null;
  queueNextSave = false;
});

const queued: StudioContentClient['save'] = async (key, page, baseHash, saveId) => {
  queueNextSave = false;
  const pending = { id: 'pending-1', key, commitMessage: page.commitMessage, baseHash, hash: page.hash, saveId };
  return {
    status: 'queued',
    pending: { ...pending, queuedAt: page.timestamp, state: 'waiting', problem: null, latest: null },
    message: QUEUED_SAVE_MESSAGE,
  };
};
afterEach(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

const meta: PageMeta = { ...emptyPageMeta(), category: 'Trainers' };
const BASE = [hero('Summer', 'Sale'), promo('Shoes')];

/** A colleague's save, straight to the content service, as another desktop makes it. */
async function colleagueSaves(components: Component[], baseHash: string | null, key: PageKey = HOME_KEY) {
  const page = buildPageContent({
    key,
    meta,
    components,
    author: 'editor.gb@example.com',
    commitMessage: 'Their change',
    apiUrl: server.url,
    now: new Date('2026-11-28T09:00:00.000Z'),
  });
  return real.saveContent(page, baseHash);
}

const save = (components: Component[], baseHash: string | null, key: PageKey = HOME_KEY) =>
  handlers.saveContent({ key, meta, components, baseHash, commitMessage: 'My change' });

/** The page's stored versions, newest first, as [version, author, components]. */
async function stored(key: PageKey = HOME_KEY) {
  const { versions } = await real.listVersions(key);
  return Promise.all(
    versions.map(async (version) => {
      const found = await real.loadVersion(key, version.version);
      return [version.version, version.author, found?.content.content] as const;
    }),
  );
}

/** The editor opened the page at `baseHash` and changed it: its draft is on disk, as autosave leaves it. */
async function editDraft(components: Component[], key: PageKey = HOME_KEY) {
  const { draft } = await handlers.openPage({ key });
  await handlers.saveDraft({ draft: { ...draft, meta, components } });
}

describe('a save that meets a newer version (embedded store)', () => {
  it('merges changes to different fields and saves them at once, with the notice of the merge', async () => {
    const base = await colleagueSaves(BASE, null);
    await editDraft([hero('Winter', 'Sale'), promo('Shoes')]);
    const theirs = await colleagueSaves([hero('Summer', 'Sale'), promo('Boots')], base.hash);

    const answer = await save([hero('Winter', 'Sale'), promo('Shoes')], base.hash);

    expect(answer).toMatchObject({
      status: 'saved',
      version: { version: 3, author: 'ed@example.com', commitMessage: 'My change' },
      merged: { theirs: { version: 2, hash: theirs.hash, author: 'editor.gb@example.com' }, mine: 1, their: 1 },
    });
    if (answer.status !== 'saved' || !answer.merged) throw new Error('expected a merged save');
    expect(mergedMessage(answer.merged)).toBe(
      "Merged with editor.gb@example.com's save (version 2): your 1 change and their 1 are both kept.",
    );
    const [newest] = await stored();
    expect(newest).toEqual([3, 'ed@example.com', [hero('Winter', 'Sale'), promo('Boots')]]);
    // Saved: the draft has done its job, as after any save.
    expect(await drafts.get(bookmarkFor(HOME_KEY))).toBeNull();
  });

  it('answers the conflicts of a field changed two ways, and writes nothing: the draft stays as it was', async () => {
    const base = await colleagueSaves(BASE, null);
    const mine = [hero('Winter', 'Sale'), promo('Shoes')];
    await editDraft(mine);
    const theirs = await colleagueSaves([hero('Autumn', 'Sale'), promo('Boots')], base.hash);

    const answer = await save(mine, base.hash);

    expect(answer.status).toBe('conflicts');
    if (answer.status !== 'conflicts') throw new Error('expected conflicts');
    expect(answer.merge.theirs.version).toMatchObject({ version: 2, hash: theirs.hash });
    expect(answer.merge.base.components).toEqual(BASE);
    expect(answer.merge.mine.components).toEqual(mine);
    expect(answer.merge.result.conflicts.map((conflict) => [conflict.path, conflict.mine, conflict.theirs])).toEqual([
      ['content.title', 'Winter', 'Autumn'],
    ]);
    // Their one-sided change is already in the result; the conflict holds mine until settled.
    expect(answer.merge.result.document.components).toEqual([hero('Winter', 'Sale'), promo('Boots')]);
    expect((await stored()).map(([version]) => version)).toEqual([2, 1]);
    expect((await drafts.get(bookmarkFor(HOME_KEY)))?.components).toEqual(mine);
  });

  it('saves the settled document sent again over theirs', async () => {
    const base = await colleagueSaves(BASE, null);
    const theirs = await colleagueSaves([hero('Autumn', 'Sale'), promo('Boots')], base.hash);
    const answer = await save([hero('Winter', 'Sale'), promo('Shoes')], base.hash);
    if (answer.status !== 'conflicts') throw new Error('expected conflicts');

    // The editor took theirs for the title: the settled document goes over their version.
    const settled = await save([hero('Autumn', 'Sale'), promo('Boots')], answer.merge.theirs.version.hash);

    expect(settled).toMatchObject({ status: 'saved', version: { version: 3 }, merged: null });
    expect(answer.merge.theirs.version.hash).toBe(theirs.hash);
    expect((await stored())[0]).toEqual([3, 'ed@example.com', [hero('Autumn', 'Sale'), promo('Boots')]]);
  });

  it('merges again when a third save lands between the merge and its save', async () => {
    const base = await colleagueSaves(BASE, null);
    const theirs = await colleagueSaves([hero('Summer', 'Sale'), promo('Boots')], base.hash);
    // A third editor saves while this desktop merges with the second: the merged save meets it and merges again.
    afterNextLatest = () => colleagueSaves([hero('Summer', 'Hot deals'), promo('Boots')], theirs.hash);

    const answer = await save([hero('Winter', 'Sale'), promo('Shoes')], base.hash);

    expect(answer).toMatchObject({ status: 'saved', version: { version: 4 }, merged: { theirs: { version: 3 } } });
    expect(await stored()).toEqual([
      [4, 'ed@example.com', [hero('Winter', 'Hot deals'), promo('Boots')]],
      [3, 'editor.gb@example.com', [hero('Summer', 'Hot deals'), promo('Boots')]],
      [2, 'editor.gb@example.com', [hero('Summer', 'Sale'), promo('Boots')]],
      [1, 'editor.gb@example.com', BASE],
    ]);
  });

  it('merges a page created twice at once from an empty base: both components are kept', async () => {
    await colleagueSaves([promo('Boots')], null);

    const answer = await save([hero('Winter', 'Sale')], null);

    expect(answer).toMatchObject({ status: 'saved', version: { version: 2 } });
    const components = (await stored())[0]?.[2];
    expect(components).toHaveLength(2);
    expect(components).toEqual(expect.arrayContaining([hero('Winter', 'Sale'), promo('Boots')]));
  });

  it('leaves a merged save the team server could no longer take in the outbox, with the draft on the merged page', async () => {
    const base = await colleagueSaves(BASE, null);
    await editDraft([hero('Winter', 'Sale'), promo('Shoes')]);
    const theirs = await colleagueSaves([hero('Summer', 'Sale'), promo('Boots')], base.hash);
    // The server goes away once this desktop has read their version: the merged page is what gets queued.
    afterNextLatest = async () => {
      queueNextSave = true;
    };

    const answer = await save([hero('Winter', 'Sale'), promo('Shoes')], base.hash);

    const merged = [hero('Winter', 'Sale'), promo('Boots')];
    expect(answer).toMatchObject({
      status: 'queued',
      pending: { baseHash: theirs.hash, hash: documentHash(meta, merged) },
    });
    if (answer.status !== 'queued') throw new Error('expected a queued save');
    expect(await drafts.get(bookmarkFor(HOME_KEY))).toMatchObject({
      components: merged,
      baseHash: answer.pending.hash,
    });
    expect((await stored()).map(([version]) => version)).toEqual([2, 1]);
  });

  it('leaves the conflict to the editor, as before merging, when the base is not on the service', async () => {
    await colleagueSaves(BASE, null);

    const answer = save([hero('Winter', 'Sale'), promo('Shoes')], 'a-version-that-never-was');

    await expect(answer).rejects.toMatchObject({ code: 'conflict', details: { version: 1 } });
    expect((await stored()).map(([version]) => version)).toEqual([1]);
  });
});

describe('a multi-country review save', () => {
  it("merges each country's page on its own: one merges, the other's clash waits for the editor", async () => {
    const GB: PageKey = { ...HOME_KEY, country: 'gb' };
    const DE: PageKey = { ...HOME_KEY, country: 'de' };
    const gbBase = await colleagueSaves(BASE, null, GB);
    const deBase = await colleagueSaves(BASE, null, DE);
    await colleagueSaves([hero('Summer', 'Sale'), promo('Boots')], gbBase.hash, GB);
    await colleagueSaves([hero('Sommer', 'Sale'), promo('Shoes')], deBase.hash, DE);

    // The review saves every country of the page with the same edit, one saveContent each.
    const edited = [hero('Winter', 'Sale'), promo('Shoes')];
    const gb = await save(edited, gbBase.hash, GB);
    const de = await save(edited, deBase.hash, DE);

    expect(gb).toMatchObject({ status: 'saved', merged: { theirs: { version: 2 } } });
    expect((await stored(GB))[0]?.[2]).toEqual([hero('Winter', 'Sale'), promo('Boots')]);
    expect(de.status).toBe('conflicts');
    if (de.status !== 'conflicts') throw new Error('expected conflicts');
    expect(de.merge.result.conflicts.map((conflict) => conflict.path)).toEqual(['content.title']);
    expect((await stored(DE)).map(([version]) => version)).toEqual([2, 1]);
  });
});

describe('the outbox on replay', () => {
  let outbox: Outbox;
  let sync: OutboxSync;
  let events: TeamEvent[];

  beforeEach(() => {
    outbox = createOutbox(join(dataDir, 'replay-outbox'), () => undefined);
    events = [];
    sync = createOutboxSync({
      outbox,
      pageCache: createPageCache(join(dataDir, 'replay-cache')),
      drafts,
      now: () => new Date('2026-11-28T10:00:00.000Z'),
      log: () => undefined,
      emit: (event) => void events.push(event),
      onPendingCountChanged: () => undefined,
      server: () => ({ url: server.url, client: real, rawClient: real }),
      offline: () => false,
      reached: () => undefined,
      unreachable: () => undefined,
    });
  });

  /** A save made offline over `baseHash`, waiting in the outbox. */
  const queueOffline = (components: Component[], baseHash: string) =>
    outbox.add({
      key: HOME_KEY,
      content: buildPageContent({
        key: HOME_KEY,
        meta,
        components,
        author: 'ed@example.com',
        commitMessage: 'Made offline',
        apiUrl: server.url,
        now: new Date('2026-11-28T08:00:00.000Z'),
      }),
      baseHash,
      saveId: randomUUID(),
      queuedAt: new Date('2026-11-28T08:00:00.000Z'),
      serverUrl: server.url,
    });

  it('merges a pending save with a newer version it meets and lands it, without a person', async () => {
    const base = await colleagueSaves(BASE, null);
    await queueOffline([hero('Winter', 'Sale'), promo('Shoes')], base.hash);
    await colleagueSaves([hero('Summer', 'Sale'), promo('Boots')], base.hash);

    await sync.flush();

    expect(events.find((event) => event.type === 'pendingSaved')).toMatchObject({
      version: { version: 3, author: 'ed@example.com', commitMessage: 'Made offline' },
      repeated: false,
      merged: { theirs: { version: 2 }, mine: 1, their: 1 },
    });
    expect(events.some((event) => event.type === 'pendingConflict')).toBe(false);
    expect((await stored())[0]).toEqual([3, 'ed@example.com', [hero('Winter', 'Sale'), promo('Boots')]]);
    expect(await outbox.list()).toEqual([]);
  });

  it("merges the page's next pending save too, though its base (the first, merged) never became a version", async () => {
    const base = await colleagueSaves(BASE, null);
    const first = await queueOffline([hero('Winter', 'Sale'), promo('Shoes')], base.hash);
    await queueOffline([hero('Winter', 'Hot deals'), promo('Shoes')], first.hash);
    await colleagueSaves([hero('Summer', 'Sale'), promo('Boots')], base.hash);

    await sync.flush();

    expect(events.filter((event) => event.type === 'pendingSaved')).toMatchObject([
      { version: { version: 3 }, merged: { theirs: { version: 2 } } },
      { version: { version: 4 }, merged: { theirs: { version: 3 } } },
    ]);
    expect((await stored())[0]).toEqual([4, 'ed@example.com', [hero('Winter', 'Hot deals'), promo('Boots')]]);
    expect(await outbox.list()).toEqual([]);
  });

  it('keeps a pending save whose merge meets a real conflict, with the merge for a person to settle', async () => {
    const base = await colleagueSaves(BASE, null);
    const entry = await queueOffline([hero('Winter', 'Sale'), promo('Shoes')], base.hash);
    const theirs = await colleagueSaves([hero('Autumn', 'Sale'), promo('Shoes')], base.hash);

    await sync.flush();

    const conflict = events.find((event) => event.type === 'pendingConflict');
    expect(conflict).toMatchObject({
      pending: { id: entry.id, state: 'conflict' },
      latest: { version: 2, hash: theirs.hash },
      merge: { theirs: { version: { version: 2 } }, base: { components: BASE } },
    });
    if (conflict?.type !== 'pendingConflict' || !conflict.merge) throw new Error('expected a merge to settle');
    expect(conflict.merge.result.conflicts.map((clash) => clash.path)).toEqual(['content.title']);
    // It waits in the outbox with the merge (the dashboard marks its page), and nothing was written.
    expect(await sync.pending()).toMatchObject([{ id: entry.id, state: 'conflict' }]);
    expect((await sync.entry(entry.id)).merge).toEqual(conflict.merge);
    expect((await stored()).map(([version]) => version)).toEqual([2, 1]);
  });

  it('sends the document a person settled over theirs, and lands it', async () => {
    const base = await colleagueSaves(BASE, null);
    const queued = [hero('Winter', 'Sale'), promo('Shoes')];
    const entry = await queueOffline(queued, base.hash);
    // The draft kept with the queued save, as saveContent leaves it: clean, based on what was queued.
    await drafts.put({
      bookmark: bookmarkFor(HOME_KEY),
      key: HOME_KEY,
      meta,
      components: queued,
      baseHash: entry.hash,
      cleanHash: documentHash(meta, queued),
      updatedAt: '2026-11-28T08:00:00.000Z',
    });
    const theirs = await colleagueSaves([hero('Autumn', 'Sale'), promo('Shoes')], base.hash);
    await sync.flush();

    const settled = { meta, components: [hero('Autumn, settled', 'Sale'), promo('Shoes')] };
    const left = await sync.resolve(entry.id, settled, theirs.hash);

    expect(left).toEqual([]);
    expect(events.find((event) => event.type === 'pendingSaved')).toMatchObject({
      version: { version: 3, author: 'ed@example.com', commitMessage: 'Made offline' },
      merged: null,
    });
    expect((await stored())[0]).toEqual([3, 'ed@example.com', settled.components]);
    // The draft followed the settled document, so once it landed the draft has done its job.
    expect(await drafts.get(bookmarkFor(HOME_KEY))).toBeNull();
  });
});
