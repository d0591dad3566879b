import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHandlers, type ServiceClients } from '../../main/host/handlers';
import { createContentClient, type ContentClient } from '../../main/services/contentClient';
import { startContentServer, type ContentServer } from '../../main/services/contentServer';
import { createDraftStore, type DraftStore } from '../../main/services/drafts';
import { createMemorySecretStore, createNodeStore } from '../../main/services/stores';
import { createTeamService } from '../../main/services/team';
import { createOutbox } from '../../main/services/outbox';
import { createPageCache } from '../../main/services/pageCache';
import { createStudioContentClient } from '../../main/services/offlineContent';
import { StudioError } from '../../core/result';
import { bookmarkFor } from '../../core/rules/page';
import { emptyPageMeta, type Component, type Draft } from '../../core/schemas';
import { banner, HOME_KEY, makeTempDir } from './helpers/pages';

/**
 * Issue 11, point 11: a save that reached the content service just before the app died (or its answer was
 * lost) must not make the same editor's next save of that document conflict with their own version.
 */

let dataDir: string;
let server: ContentServer;
let drafts: DraftStore;
let handlers: ReturnType<typeof createHandlers>;
/** Set by a test: the next save reaches the service, then its answer is lost as in a crash. */
let loseNextAnswer = false;
const sentSaveIds: (string | undefined)[] = [];

beforeEach(async () => {
  dataDir = await makeTempDir();
  server = await startContentServer({ dataDir });
  const real = createContentClient(server.url);
  const content: ContentClient = {
    ...real,
    saveContent: async (page, baseHash, saveId) => {
      sentSaveIds.push(saveId);
      const version = await real.saveContent(page, baseHash, saveId);
      if (loseNextAnswer) {
        loseNextAnswer = false;
        throw new StudioError('unavailable', 'The connection was reset before the answer arrived.');
      }
      return version;
    },
  };
  const store = createNodeStore(dataDir);
  store.set('user', 'ed@example.com');
  drafts = createDraftStore(join(dataDir, 'drafts'));
  const secrets = createMemorySecretStore();
  // Signed out of any team server: saves go to the content service as before issue 13.
  const team = createTeamService({
    store,
    secrets,
    drafts,
    outbox: createOutbox(join(dataDir, 'outbox')),
    pageCache: createPageCache(join(dataDir, 'page-cache')),
  });
  handlers = createHandlers({
    store,
    secrets,
    team,
    clients: {} as ServiceClients,
    fetchFeed: vi.fn(),
    lookupProducts: vi.fn(),
    drafts,
    damagedFiles: () => [],
    content: createStudioContentClient(() => content, team),
    contentUrl: () => server.url,
    now: () => new Date('2024-05-01T10:00:00.000Z'),
  });
  sentSaveIds.length = 0;
  loseNextAnswer = false;
});
afterEach(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

const meta = { ...emptyPageMeta(), category: 'Trainers' };

async function openAndEdit(components: Component[]): Promise<Draft> {
  const { draft } = await handlers.openPage({ key: HOME_KEY });
  // As the editor's autosave sends it: its copy of the draft never carries the pending save.
  await handlers.saveDraft({ draft: { ...draft, meta, components, pendingSave: undefined } });
  return (await drafts.get(bookmarkFor(HOME_KEY)))!;
}

async function save(components: Component[], baseHash: string | null) {
  const answer = await handlers.saveContent({
    key: HOME_KEY,
    meta,
    components,
    baseHash,
    commitMessage: 'Summer banner',
  });
  if (answer.status !== 'saved') throw new Error(`expected the embedded store to save, got ${answer.status}`);
  return answer;
}

describe('a save whose answer was lost', () => {
  it('is sent again with the same id and answered with the version it made, not a conflict', async () => {
    const first = await save([banner('Spring')], null);
    const draft = await openAndEdit([banner('Summer')]);

    loseNextAnswer = true;
    await expect(save([banner('Summer')], first.version.hash)).rejects.toThrow('connection was reset');
    // The app restarts: the draft is still there, with the save it was sending.
    const kept = await drafts.get(bookmarkFor(HOME_KEY));
    expect(kept?.pendingSave?.saveId).toBe(sentSaveIds[1]);
    // The editor's autosave of the reopened page does not drop it.
    await handlers.saveDraft({ draft: { ...draft, pendingSave: undefined } });

    const retried = await save([banner('Summer')], first.version.hash);

    expect(retried.version).toMatchObject({ version: 2, author: 'ed@example.com' });
    expect(sentSaveIds[2]).toBe(sentSaveIds[1]);
    expect((await handlers.listVersions({ key: HOME_KEY })).versions.map((version) => version.version)).toEqual([2, 1]);
    expect(await drafts.get(bookmarkFor(HOME_KEY))).toBeNull();
  });

  it('gives a changed document a new id, so a real conflict is still reported', async () => {
    const first = await save([banner('Spring')], null);
    await openAndEdit([banner('Summer')]);
    loseNextAnswer = true;
    await expect(save([banner('Summer')], first.version.hash)).rejects.toThrow();

    // The title, changed from Spring both by the save that landed and by this one: a clash for the editor.
    const changed = await handlers.saveContent({
      key: HOME_KEY,
      meta,
      components: [banner('Summer, edited again')],
      baseHash: first.version.hash,
      commitMessage: 'Summer banner',
    });

    expect(changed).toMatchObject({ status: 'conflicts', merge: { theirs: { version: { version: 2 } } } });
    expect(sentSaveIds[2]).not.toBe(sentSaveIds[1]);
  });

  it('uses a fresh id for each new save once the last one was answered', async () => {
    const first = await save([banner('Spring')], null);
    await openAndEdit([banner('Summer')]);
    await save([banner('Summer')], first.version.hash);
    expect(new Set(sentSaveIds).size).toBe(2);
    expect(sentSaveIds.every((id) => typeof id === 'string' && id.length >= 8)).toBe(true);
  });
});
