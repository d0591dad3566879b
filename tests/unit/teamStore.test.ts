// @vitest-environment happy-dom
import { getDefaultStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageKey } from '../../core/schemas';
import { effectivePermissions, roleTable } from '../../core/permissions';
import type { TeamEvent, TeamStatus, UserPermissions } from '../../core/team';
import { bookmarkFor } from '../../core/rules/page';
import {
  colleagueSavesAtom,
  colleaguesOn,
  forgetColleagueSave,
  holdPagesOpen,
  pendingConflictAtom,
  permissionsAtom,
  startTeamSync,
  teamStatusAtom,
} from '../../renderer/editor/src/state/teamStore';

const key = (page: string, country: PageKey['country'] = 'gb'): PageKey => ({
  fascia: 'site_jd',
  country,
  page,
  source: 'content-editor',
  platform: 'web',
});
const status: TeamStatus = {
  mode: 'team',
  serverUrl: 'https://studio.example.com',
  user: 'ann@example.com',
  connection: 'online',
  lastContact: null,
  offlineReason: null,
  nextAttemptAt: null,
  pendingSaves: 0,
  tokenPersists: true,
  signedOut: null,
};
const saved = (pageKey: PageKey, author: string, version = 2): TeamEvent => ({
  type: 'saved',
  pageKey,
  version,
  kind: 'content',
  author,
  message: 'Sharper headline',
  timestamp: '2026-11-24T12:00:00.000Z',
});

/** window.studio recording the presence calls and handing out the team event listener. */
function fakeMain(permissions: UserPermissions = { mode: 'everything' }) {
  const calls: [string, unknown][] = [];
  let push: (event: unknown) => void = () => undefined;
  const answer = (channel: string, value: unknown) => async (input: unknown) => {
    calls.push([channel, input]);
    return { ok: true, value };
  };
  (window as unknown as { studio: unknown }).studio = {
    getTeamStatus: answer('getTeamStatus', { status, presence: [] }),
    listPendingSaves: answer('listPendingSaves', { pending: [] }),
    permissions: async () => {
      calls.push(['permissions', {}]);
      return { ok: true, value: permissions };
    },
    pageOpened: answer('pageOpened', {}),
    pageClosed: answer('pageClosed', {}),
    onTeamEvent: (listener: (event: unknown) => void) => {
      push = listener;
      return () => undefined;
    },
  };
  return { calls, push: (event: unknown) => push(event) };
}

const store = getDefaultStore();
const flush = () => new Promise((resolve) => setTimeout(resolve));

describe('team store', () => {
  beforeEach(() => {
    store.set(colleagueSavesAtom, new Map());
    store.set(pendingConflictAtom, null);
  });

  it('tells main a page is open once however many views hold it, and closed when the last lets go', async () => {
    const main = fakeMain();
    const page = key('home');
    const releaseEditor = holdPagesOpen([page], vi.fn());
    const releaseOther = holdPagesOpen([page, key('home', 'fr')], vi.fn());
    await flush();
    expect(main.calls.filter(([channel]) => channel === 'pageOpened').map(([, input]) => input)).toEqual([
      { key: page },
      { key: key('home', 'fr') },
    ]);
    releaseOther();
    await flush();
    expect(main.calls.filter(([channel]) => channel === 'pageClosed').map(([, input]) => input)).toEqual([
      { key: key('home', 'fr') },
    ]);
    releaseEditor();
    await flush();
    expect(main.calls.filter(([channel]) => channel === 'pageClosed')).toHaveLength(2);
  });

  it("keeps a colleague's save of a page open here, not of other pages nor the user's own, and forgets it when asked", async () => {
    const main = fakeMain();
    const stop = startTeamSync(vi.fn());
    await flush();
    expect(store.get(teamStatusAtom)?.user).toBe('ann@example.com');
    const page = key('open-page');
    const release = holdPagesOpen([page], vi.fn());

    main.push(saved(key('elsewhere'), 'bob@example.com'));
    main.push(saved(page, 'ANN@example.com'));
    expect(store.get(colleagueSavesAtom).size).toBe(0);
    main.push({ not: 'an event' });
    main.push(saved(page, 'bob@example.com', 3));
    expect(store.get(colleagueSavesAtom).get(bookmarkFor(page))).toMatchObject({
      author: 'bob@example.com',
      version: 3,
    });

    forgetColleagueSave(page);
    expect(store.get(colleagueSavesAtom).size).toBe(0);
    main.push(saved(page, 'bob@example.com', 4));
    release();
    // Closing the page drops what was announced for it.
    expect(store.get(colleagueSavesAtom).size).toBe(0);
    stop();
  });

  it('opens the conflict UI for a pending save that met a newer version', async () => {
    const main = fakeMain();
    const stop = startTeamSync(vi.fn());
    const pending = {
      id: 'p1',
      key: key('home'),
      commitMessage: 'Offline change',
      baseHash: 'a',
      hash: 'b',
      saveId: 's1',
      queuedAt: '2026-11-24T12:00:00.000Z',
      state: 'conflict' as const,
      problem: null,
      latest: null,
    };
    main.push({ type: 'pendingConflict', pending, latest: null, merge: null });
    expect(store.get(pendingConflictAtom)).toEqual(pending);
    stop();
  });

  it('lists each colleague on a page once', () => {
    const entry = (user: string, page: string) => ({ pageKey: key(page), user, lastSeen: '2026-11-24T12:00:00.000Z' });
    expect(
      colleaguesOn(
        [entry('bob', 'home'), entry('cy', 'home'), entry('bob', 'home'), entry('dee', 'sale')],
        key('home'),
      ),
    ).toEqual(['bob', 'cy']);
  });

  it('reads what the user may do at start and again whenever the team status changes (a sign-in, new grants)', async () => {
    const translator: UserPermissions = {
      mode: 'granted',
      permissions: effectivePermissions(
        [
          {
            role: 'translator',
            to: { kind: 'user', name: 'ann@example.com' },
            scope: { fascias: ['*'], countries: ['de'] },
            effect: 'allow',
          },
        ],
        roleTable([]),
      ),
    };
    const main = fakeMain(translator);
    const stop = startTeamSync(vi.fn());
    await flush();
    expect(store.get(permissionsAtom)).toEqual(translator);

    main.push({ type: 'status', status });
    await flush();
    expect(main.calls.filter(([channel]) => channel === 'permissions')).toHaveLength(2);
    stop();
  });
});
