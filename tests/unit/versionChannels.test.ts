import { beforeEach, describe, expect, it } from 'vitest';
import { bookmarkFor } from '../../core/rules/page';
import { emptyPageMeta, type Component, type VersionSummary } from '../../core/schemas';
import { banner, HOME_KEY } from './helpers/pages';
import { useStudioServices } from './helpers/services';

describe('bookmarks and version history through the handler table, on the embedded content service', () => {
  const services = useStudioServices();
  const meta = { ...emptyPageMeta(), category: 'Trainers' };
  beforeEach(async () => {
    await services.current.dispatch('signIn', { email: 'ed@example.com' });
  });

  async function value<T>(channel: string, payload: unknown): Promise<T> {
    const result = await services.current.dispatch(channel, payload);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
    return result.value as T;
  }

  const save = (components: Component[], baseHash: string | null, commitMessage: string) =>
    value<{ version: VersionSummary }>('saveContent', { key: HOME_KEY, meta, components, baseHash, commitMessage });
  const saveBookmark = (components: Component[], commitMessage: string) =>
    services.current.dispatch('saveBookmark', { key: HOME_KEY, meta, components, commitMessage });

  it('lists every version newest first, bookmarks marked, and loads any of them', async () => {
    const first = await save([banner('Spring')], null, 'Spring banner');
    await save([banner('Summer')], first.version.hash, 'Summer banner');
    expect(await saveBookmark([banner('Autumn idea')], 'Idea for autumn')).toMatchObject({
      ok: true,
      value: { version: { version: 3, kind: 'bookmark', author: 'ed@example.com', commitMessage: 'Idea for autumn' } },
    });

    const { versions } = await value<{ versions: VersionSummary[] }>('listVersions', { key: HOME_KEY });
    expect(versions.map(({ version, kind, commitMessage }) => ({ version, kind, commitMessage }))).toEqual([
      { version: 3, kind: 'bookmark', commitMessage: 'Idea for autumn' },
      { version: 2, kind: 'content', commitMessage: 'Summer banner' },
      { version: 1, kind: 'content', commitMessage: 'Spring banner' },
    ]);
    expect(
      versions.every((version) => version.author === 'ed@example.com' && !Number.isNaN(Date.parse(version.timestamp))),
    ).toBe(true);

    expect(await value('loadVersion', { key: HOME_KEY, version: 1 })).toEqual({
      version: versions[2],
      meta,
      components: [banner('Spring')],
    });
    expect(await value('loadVersion', { key: HOME_KEY, version: 3 })).toMatchObject({
      components: [banner('Autumn idea')],
    });
  });

  it('answers an empty list for a page never saved, and not-found for a version that does not exist', async () => {
    expect(await value('listVersions', { key: HOME_KEY })).toEqual({ versions: [], skipped: [] });
    await save([banner('Spring')], null, 'Spring banner');
    expect(await services.current.dispatch('loadVersion', { key: HOME_KEY, version: 7 })).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'Version 7 of home does not exist.' },
    });
  });

  it('keeps the draft when saving a bookmark, and checks its change message', async () => {
    const { draft } = await value<{ draft: Record<string, unknown> }>('openPage', { key: HOME_KEY });
    await value('saveDraft', { draft: { ...draft, components: [banner('Work in progress')] } });

    expect(await saveBookmark([banner('Work in progress')], ' ')).toEqual({
      ok: false,
      error: { code: 'invalid-input', message: 'Please enter a message for the changes.' },
    });
    expect(await saveBookmark([banner('Work in progress')], 'Snapshot')).toMatchObject({ ok: true });
    const kept = await value<{ draft: { components: Component[] } }>('getDraft', { bookmark: bookmarkFor(HOME_KEY) });
    expect(kept.draft.components).toEqual([banner('Work in progress')]);
  });

  it('answers a clashing save from an old base with the conflict and the latest version, then takes a deliberate overwrite', async () => {
    const first = await save([banner('Spring')], null, 'Spring banner');
    const theirs = await save([banner('Theirs')], first.version.hash, 'Their change');

    // Both changed the one title: the merge cannot settle it, and nothing is written (issue 23).
    expect(
      await services.current.dispatch('saveContent', {
        key: HOME_KEY,
        meta,
        components: [banner('Mine')],
        baseHash: first.version.hash,
        commitMessage: 'My change',
      }),
    ).toMatchObject({
      ok: true,
      value: {
        status: 'conflicts',
        merge: {
          theirs: { version: theirs.version },
          result: { conflicts: [{ path: 'content.title', base: 'Spring', mine: 'Mine', theirs: 'Theirs' }] },
        },
      },
    });
    // A deliberate overwrite names their version as its base; theirs stays in the history.
    expect(await save([banner('Mine')], theirs.version.hash, 'Overwrite')).toMatchObject({ version: { version: 3 } });
    expect(await saveBookmark([banner('Mine, later')], 'Kept as a bookmark')).toMatchObject({
      ok: true,
      value: { version: { version: 4 } },
    });
    const { versions } = await value<{ versions: VersionSummary[] }>('listVersions', { key: HOME_KEY });
    expect(versions.map((version) => version.commitMessage)).toEqual([
      'Kept as a bookmark',
      'Overwrite',
      'Their change',
      'Spring banner',
    ]);
  });

  it('says clearly when the content service is not reachable', { timeout: 20_000 }, async () => {
    await value('updateSettings', { serviceUrls: { content: 'http://127.0.0.1:9/' } });
    const unavailable = {
      ok: false,
      error: {
        code: 'unavailable',
        message: 'The content service at http://127.0.0.1:9/ is not reachable. Check the address in Settings.',
      },
    };
    expect(await services.current.dispatch('listVersions', { key: HOME_KEY })).toEqual(unavailable);
    expect(await services.current.dispatch('loadVersion', { key: HOME_KEY, version: 1 })).toEqual(unavailable);
    expect(await saveBookmark([banner('Offline')], 'Offline bookmark')).toEqual(unavailable);
  });
});
