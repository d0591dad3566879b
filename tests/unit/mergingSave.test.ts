import { describe, expect, it } from 'vitest';
import type { MergeDocument } from '../../core/rules/merge/documentMerge';
import {
  MAX_MERGE_ROUNDS,
  MergingSaveOutcomeSchema,
  mergedMessage,
  saveMerging,
  type MergingSaveSteps,
} from '../../core/rules/merge/mergingSave';
import { contentHash } from '../../core/rules/hash';
import { emptyPageMeta, type Component, type VersionSummary } from '../../core/schemas';

function component(identifier: string, title: string): Component {
  return {
    _component: 'Banner',
    _identifier: identifier,
    name: identifier,
    hidden: false,
    classes: [],
    content: { title },
  };
}

function page(...components: Component[]): MergeDocument {
  return { meta: emptyPageMeta(), components };
}

function summary(version: number, document: MergeDocument, author = 'editor.gb@example.com'): VersionSummary {
  return {
    version,
    hash: contentHash(document),
    author,
    timestamp: '2026-11-28T10:00:00.000Z',
    commitMessage: 'Edit',
    kind: 'content',
  };
}

/**
 * A fake service with compare-and-set on the base hash, as the team server's: `send` saves only over the newest
 * version. `between` runs before each answer to a send: a colleague's save landing in between.
 */
function fakeService(first: MergeDocument | null, between: (service: FakeService, sends: number) => void = () => {}) {
  const service = {
    versions: first === null ? [] : [{ document: first, version: summary(1, first) }],
    sent: [] as { document: MergeDocument; baseHash: string | null }[],
    latestCalls: 0,
    saveByColleague(document: MergeDocument, author = 'editor.gb@example.com') {
      service.versions.push({ document, version: summary(service.versions.length + 1, document, author) });
    },
  };
  const steps: MergingSaveSteps = {
    send: (document, baseHash) => {
      service.sent.push({ document, baseHash });
      between(service, service.sent.length);
      const newest = service.versions.at(-1);
      if ((newest?.version.hash ?? null) !== baseHash) return Promise.resolve({ status: 'stale' });
      const version = summary(service.versions.length + 1, document, 'me@example.com');
      service.versions.push({ document, version });
      return Promise.resolve({ status: 'saved', version });
    },
    latest: () => {
      service.latestCalls++;
      const newest = service.versions.at(-1);
      if (newest === undefined) return Promise.reject(new Error('no version'));
      return Promise.resolve(newest);
    },
  };
  return { service, steps };
}
type FakeService = ReturnType<typeof fakeService>['service'];

const base = page(component('A', 'Summer'), component('B', 'Footer'));
const baseHash = contentHash(base);
const mine = page(component('A', 'Winter'), component('B', 'Footer'));

describe('saveMerging', () => {
  it('saves at once over the base when nobody saved in between, with no notice', async () => {
    const { service, steps } = fakeService(base);
    const outcome = await saveMerging(steps, { document: base, hash: baseHash }, mine);
    expect(outcome).toMatchObject({ status: 'saved', version: { version: 2 }, merged: null });
    expect(service.sent).toEqual([{ document: mine, baseHash }]);
    expect(service.latestCalls).toBe(0);
  });

  it('merges with a newer version and saves the merge over it, with a notice, when nothing conflicts', async () => {
    const theirs = page(component('A', 'Summer'), component('B', 'New footer'));
    const { service, steps } = fakeService(base);
    service.saveByColleague(theirs);
    const outcome = await saveMerging(steps, { document: base, hash: baseHash }, mine);
    const merged = page(component('A', 'Winter'), component('B', 'New footer'));
    expect(service.sent).toEqual([
      { document: mine, baseHash },
      { document: merged, baseHash: contentHash(theirs) },
    ]);
    expect(outcome).toEqual({
      status: 'saved',
      version: service.versions[2]!.version,
      merged: { theirs: service.versions[1]!.version, mine: 1, their: 1 },
    });
    expect(MergingSaveOutcomeSchema.parse(outcome)).toEqual(outcome);
  });

  it('stops before sending anything more when the merge has conflicts', async () => {
    const theirs = page(component('A', 'Autumn'), component('B', 'Footer'));
    const { service, steps } = fakeService(base);
    service.saveByColleague(theirs);
    const outcome = await saveMerging(steps, { document: base, hash: baseHash }, mine);
    expect(service.sent).toHaveLength(1);
    expect(outcome).toMatchObject({
      status: 'conflicts',
      base,
      theirs: { document: theirs, version: service.versions[1]!.version },
      mine,
    });
    if (outcome.status !== 'conflicts') throw new Error('expected conflicts');
    expect(outcome.result.conflicts.map((conflict) => conflict.id)).toEqual(['component:A/content.title']);
    expect(MergingSaveOutcomeSchema.safeParse(outcome).success).toBe(true);
  });

  it('merges again when a third save lands between the merge and its save, never sending over an unseen version', async () => {
    const second = page(component('A', 'Summer'), component('B', 'New footer'));
    const third = page(component('A', 'Summer'), component('B', 'New footer'), component('C', 'Added'));
    const { service, steps } = fakeService(base, (fake, sends) => {
      if (sends === 2) fake.saveByColleague(third, 'editor.de@example.com');
    });
    service.saveByColleague(second);
    const outcome = await saveMerging(steps, { document: base, hash: baseHash }, mine);
    expect(service.sent.map((sent) => sent.baseHash)).toEqual([baseHash, contentHash(second), contentHash(third)]);
    expect(service.sent[2]!.document).toEqual(
      page(component('A', 'Winter'), component('B', 'New footer'), component('C', 'Added')),
    );
    expect(outcome).toMatchObject({
      status: 'saved',
      version: { version: 4 },
      merged: { theirs: { version: 3, author: 'editor.de@example.com' }, mine: 1, their: 2 },
    });
  });

  it('gives up after MAX_MERGE_ROUNDS merges that each met a newer version again', async () => {
    let colleagueSaves = 0;
    const { service, steps } = fakeService(base, (fake) => {
      colleagueSaves++;
      fake.saveByColleague(page(component('A', 'Summer'), component('B', `Footer ${colleagueSaves}`)));
    });
    const outcome = await saveMerging(steps, { document: base, hash: baseHash }, mine);
    expect(outcome).toMatchObject({ status: 'still-changing' });
    expect(service.sent).toHaveLength(MAX_MERGE_ROUNDS + 1);
    expect(service.latestCalls).toBe(MAX_MERGE_ROUNDS);
    expect(service.versions.every((version) => version.version.author !== 'me@example.com')).toBe(true);
  });

  it('bounds the rounds by maxRounds when given', async () => {
    const { service, steps } = fakeService(base, (fake, sends) => {
      fake.saveByColleague(page(component('A', 'Summer'), component('B', `Footer ${sends}`)));
    });
    expect((await saveMerging(steps, { document: base, hash: baseHash }, mine, 1)).status).toBe('still-changing');
    expect(service.sent).toHaveLength(2);
  });

  it('takes an empty page as the base of a page that was new, and merges with a colleague who created it first', async () => {
    const theirs = page(component('T', 'Theirs'));
    const { service, steps } = fakeService(null);
    service.saveByColleague(theirs);
    const outcome = await saveMerging(steps, null, page(component('M', 'Mine')));
    expect(service.sent.map((sent) => sent.baseHash)).toEqual([null, contentHash(theirs)]);
    expect(service.sent[1]!.document.components.map((item) => item._identifier)).toEqual(['M', 'T']);
    expect(outcome).toMatchObject({ status: 'saved', merged: { mine: 1, their: 1 } });
  });

  it('saves a new page at once when nobody created it meanwhile', async () => {
    const { service, steps } = fakeService(null);
    const outcome = await saveMerging(steps, null, mine);
    expect(outcome).toMatchObject({ status: 'saved', version: { version: 1 }, merged: null });
    expect(service.sent).toEqual([{ document: mine, baseHash: null }]);
  });

  it('lets any other failure of a step through untouched', async () => {
    const failure = new Error('503 not reachable');
    const steps: MergingSaveSteps = { send: () => Promise.reject(failure), latest: () => Promise.reject(failure) };
    await expect(saveMerging(steps, { document: base, hash: baseHash }, mine)).rejects.toBe(failure);
  });
});

describe('mergedMessage', () => {
  const theirs = summary(12, base);
  it("says whose save was merged and both counts, in the issue's words", () => {
    expect(mergedMessage({ theirs, mine: 3, their: 2 })).toBe(
      "Merged with editor.gb@example.com's save (version 12): your 3 changes and their 2 are both kept.",
    );
  });

  it('says "change" for one', () => {
    expect(mergedMessage({ theirs, mine: 1, their: 1 })).toBe(
      "Merged with editor.gb@example.com's save (version 12): your 1 change and their 1 are both kept.",
    );
  });
});
