// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { reactRootPerTest } from './helpers/reactRoot';
import type { LiveEntry } from '../../core/live';
import type { Result } from '../../core/result';
import type { PageKey, VersionSummary } from '../../core/schemas';
import { GoLiveDialog } from '../../renderer/editor/src/live/GoLiveDialog';

/** The Go live dialog (issue 24) against main's answers: what it offers, and a refusal that keeps the dialog open. */

const view = reactRootPerTest();

const KEY: PageKey = { fascia: 'site_jd', country: 'gb', page: 'home', source: 'content-editor', platform: 'web' };

const version = (n: number, kind: VersionSummary['kind'] = 'content'): VersionSummary => ({
  version: n,
  hash: `h${n}`,
  author: 'ed@example.com',
  timestamp: '2026-11-28T05:00:00.000Z',
  commitMessage: `Save ${n}`,
  kind,
});

const ok = <T>(value: T): Promise<Result<T>> => Promise.resolve({ ok: true, value });

async function open(goLive: (move: unknown) => Promise<Result<{ live: LiveEntry }>>): Promise<unknown[]> {
  const moves: unknown[] = [];
  (window as unknown as { studio: unknown }).studio = {
    // Oldest first, with a bookmark in between: the dialog lists content only, newest first.
    listVersions: () => ok({ versions: [version(1), version(2, 'bookmark'), version(3)] }),
    listLiveHistory: () => ok({ entries: [], total: 0 }),
    goLive: (move: unknown) => {
      moves.push(move);
      return goLive(move);
    },
  };
  await act(async () => view.root.render(createElement(GoLiveDialog, { pageKey: KEY, onClose: () => undefined })));
  await act(async () => {});
  return moves;
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;
const radios = () => [...dialog().querySelectorAll<HTMLInputElement>('input[type="radio"]')];
const goLiveButton = () => [...dialog().querySelectorAll('button')].find((button) => button.textContent === 'Go live')!;

async function typeMessage(text: string): Promise<void> {
  const box = dialog().querySelector<HTMLTextAreaElement>('textarea')!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(box, text);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('GoLiveDialog', () => {
  it('offers the content versions newest first, the newest chosen, and no bookmark', async () => {
    await open(() => Promise.reject(new Error('Go live was not pressed')));
    expect(radios().map((radio) => radio.value)).toEqual(['3', '1']);
    expect(radios()[0]!.checked).toBe(true);
  });

  it("shows main's refusal in the dialog, which stays open with the version and message kept", async () => {
    const moves = await open(() =>
      Promise.resolve({ ok: false, error: { code: 'forbidden', message: 'Your roles do not let you publish.' } }),
    );
    await act(async () => radios()[1]!.click());
    await typeMessage('Back to the first');
    await act(async () => goLiveButton().click());
    await act(async () => {});
    expect(moves).toEqual([{ pageKey: KEY, version: 1, message: 'Back to the first' }]);
    expect(dialog().querySelector('[role="alert"]')?.textContent).toBe(
      'JD GB home did not go live: Your roles do not let you publish.',
    );
    expect(radios()[1]!.checked).toBe(true);
    expect(dialog().querySelector('textarea')!.value).toBe('Back to the first');
  });
});
