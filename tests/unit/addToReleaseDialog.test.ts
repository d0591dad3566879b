// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { reactRootPerTest } from './helpers/reactRoot';
import type { Release, ReleaseAnswer, ReleaseSummary } from '../../core/releases';
import type { Result } from '../../core/result';
import type { PageKey, VersionSummary } from '../../core/schemas';
import { AddToReleaseDialog } from '../../renderer/editor/src/releases/AddToReleaseDialog';

/**
 * The dashboard's Add to release (issue 24 §4) against main's answers: each page at its newest content version,
 * the releases that can still change, and a refusal that keeps the dialog, its choice and the name typed.
 */

const view = reactRootPerTest();

const keyOf = (page: string, country: PageKey['country']): PageKey => ({
  fascia: 'site_jd',
  country,
  page,
  source: 'content-editor',
  platform: 'web',
});
const HOME_GB = keyOf('home', 'gb');
const HOME_DE = keyOf('home', 'de');

const version = (n: number, kind: VersionSummary['kind'] = 'content'): VersionSummary => ({
  version: n,
  hash: `h${n}`,
  author: 'ed@example.com',
  timestamp: '2026-11-28T05:00:00.000Z',
  commitMessage: `Save ${n}`,
  kind,
});

const summary = (id: number, name: string, status: ReleaseSummary['status']): ReleaseSummary => ({
  id,
  name,
  status,
  scheduledFor: null,
  scheduledBy: null,
  createdBy: 'pub@example.com',
  createdAt: '2026-11-28T05:00:00.000Z',
  updatedAt: '2026-11-28T05:00:00.000Z',
  wentLiveAt: null,
  rolledBackAt: null,
  note: null,
  itemCount: 0,
});
const answerOf = (release: ReleaseSummary): ReleaseAnswer => ({
  release: { ...release, items: [] } satisfies Release,
  collisions: [],
  unscheduled: false,
});

const ok = <T>(value: T): Promise<Result<T>> => Promise.resolve({ ok: true, value });
const refused = (message: string): Promise<Result<never>> =>
  Promise.resolve({ ok: false, error: { code: 'failed', message } });

interface Calls {
  created: unknown[];
  changed: unknown[];
}

async function open(changeItems: (calls: Calls) => Promise<Result<ReleaseAnswer>>): Promise<Calls> {
  const calls: Calls = { created: [], changed: [] };
  (window as unknown as { studio: unknown }).studio = {
    listReleases: () =>
      ok({
        releases: [summary(3, 'Cyber Monday', 'scheduled'), summary(2, 'Black Friday', 'live')],
        total: 2,
      }),
    // The German page's newest version is a bookmark: its newest content version is 2.
    listVersions: ({ key }: { key: PageKey }) =>
      ok({
        versions:
          key.country === 'gb'
            ? [version(1), version(4), version(3)]
            : [version(1), version(2), version(3, 'bookmark')],
      }),
    createRelease: (request: { name: string }) => {
      calls.created.push(request);
      return ok(answerOf(summary(7, request.name, 'draft')));
    },
    changeReleaseItems: (request: unknown) => {
      calls.changed.push(request);
      return changeItems(calls);
    },
  };
  await act(async () =>
    view.root.render(
      createElement(AddToReleaseDialog, {
        pageKeys: [HOME_GB, HOME_DE],
        onClose: () => undefined,
        onDone: () => undefined,
      }),
    ),
  );
  await act(async () => {});
  return calls;
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;
const radioLabels = () =>
  [...dialog().querySelectorAll<HTMLInputElement>('input[type="radio"]')].map(
    (radio) => radio.closest('label')!.querySelector('.version-heading')!.textContent,
  );
const addButton = () =>
  [...dialog().querySelectorAll('button')].find((button) => button.textContent === 'Add to release')!;
const nameInput = () => dialog().querySelector<HTMLInputElement>('input:not([type="radio"])');

async function typeName(text: string): Promise<void> {
  const input = nameInput()!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function add(): Promise<void> {
  await act(async () => addButton().click());
  await act(async () => {});
}

describe('AddToReleaseDialog', () => {
  it('offers the releases that can still change, and a new one', async () => {
    await open(() => refused('not pressed'));
    // Black Friday went live: its items can no longer change.
    expect(radioLabels()).toEqual(['Cyber Monday Scheduled', 'New release']);
  });

  it('adds each page at its newest content version to an existing release', async () => {
    const calls = await open(() => ok(answerOf(summary(3, 'Cyber Monday', 'draft'))));
    await act(async () => dialog().querySelector<HTMLInputElement>('input[type="radio"]')!.click());
    await add();
    expect(calls.created).toEqual([]);
    expect(calls.changed).toEqual([
      {
        id: 3,
        set: [
          { pageKey: HOME_GB, version: 4 },
          { pageKey: HOME_DE, version: 2 },
        ],
      },
    ]);
  });

  it('items refused after the new release was made: the refusal shows, and trying again adds to that release', async () => {
    const calls = await open((sofar) =>
      sofar.changed.length === 1
        ? refused('The team server cannot be reached.')
        : ok(answerOf(summary(7, 'Sale', 'draft'))),
    );
    await typeName('Sale');
    await add();
    expect(dialog().querySelector('[role="alert"]')?.textContent).toBe(
      'The pages were not added: The team server cannot be reached.',
    );
    // The release was made before its items were refused: the dialog names it, and no namesake is made again.
    expect(radioLabels()).toEqual(['Cyber Monday Scheduled', 'Sale (created just now)']);
    await add();
    expect(calls.created).toEqual([{ name: 'Sale' }]);
    expect(calls.changed.map((request) => (request as { id: number }).id)).toEqual([7, 7]);
  });

  it('refuses a blank name in the words of ReleaseNameSchema, asking nothing of main', async () => {
    const calls = await open(() => refused('not pressed'));
    await typeName('   ');
    await add();
    expect(dialog().querySelector('[role="alert"]')?.textContent).toBe('Give the release a name');
    expect(nameInput()!.value).toBe('   ');
    expect(calls).toEqual({ created: [], changed: [] });
  });
});
