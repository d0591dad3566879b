import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_CHANNELS } from '../../core/channels';
import { StudioError } from '../../core/result';
import { emptyPageMeta, type PageKey } from '../../core/schemas';
import { createDispatch, parseInput, type Dispatch, type ServiceHandlers } from '../../main/host/dispatch';

const KEY: PageKey = { fascia: 'jd', country: 'gb', page: 'home', source: 'ios', platform: 'app' };

type Mocks = { [C in keyof ServiceHandlers]: ReturnType<typeof vi.fn> };

let mocks: Mocks;
let dispatch: Dispatch;

beforeEach(() => {
  mocks = Object.fromEntries(
    SERVICE_CHANNELS.map((channel) => [channel, vi.fn(async () => ({ answeredBy: channel }))]),
  ) as unknown as Mocks;
  dispatch = createDispatch(mocks as unknown as ServiceHandlers);
});

function expectNoHandlerCalled() {
  for (const channel of SERVICE_CHANNELS) expect(mocks[channel]).not.toHaveBeenCalled();
}

async function expectInvalid(channel: string, payload: unknown, ...fragments: string[]) {
  const result = await dispatch(channel, payload);
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.code).toBe('invalid-input');
  for (const fragment of fragments) expect(result.error.message).toContain(fragment);
  expectNoHandlerCalled();
}

describe('createDispatch: channels', () => {
  it.each(['nope', 'setPreviewBounds', 'postToPreview', '', 'toString', '__proto__', 'constructor', 'SIGNIN'])(
    'answers the unknown channel %j with invalid-input',
    async (channel) => {
      const result = await dispatch(channel, {});
      expect(result).toEqual({ ok: false, error: { code: 'invalid-input', message: `Unknown channel: ${channel}` } });
      expectNoHandlerCalled();
    },
  );

  it('routes each service channel to its own handler', async () => {
    const valid: Record<string, unknown> = {
      getSession: {},
      signIn: { email: 'a@b.co' },
      getSettings: {},
      updateSettings: { serviceUrls: { content: null } },
      listPages: {},
      openPage: { key: KEY },
      getDraft: { bookmark: 'b' },
      discardDraft: { bookmark: 'b' },
      saveContent: { key: KEY, meta: emptyPageMeta(), components: [], baseHash: null, commitMessage: 'm' },
    };
    for (const [channel, payload] of Object.entries(valid)) {
      expect(await dispatch(channel, payload)).toEqual({ ok: true, value: { answeredBy: channel } });
    }
    for (const channel of Object.keys(valid)) {
      expect(mocks[channel as keyof Mocks]).toHaveBeenCalledTimes(1);
    }
    expect(mocks.saveDraft).not.toHaveBeenCalled();
  });
});

describe('createDispatch: invalid payloads reach no handler', () => {
  it('signIn with a number for email', async () => {
    await expectInvalid('signIn', { email: 42 }, 'signIn', 'email');
  });

  it('signIn with a malformed email', async () => {
    await expectInvalid('signIn', { email: 'not an email' }, 'signIn', 'email', 'Enter a valid email address');
  });

  it('signIn with a null payload names the missing email', async () => {
    await expectInvalid('signIn', null, 'signIn', 'email');
  });

  it('signIn with an array payload', async () => {
    await expectInvalid('signIn', [{ email: 'a@b.co' }], 'signIn', '(root)');
  });

  it('openPage with a page that climbs out of its folder', async () => {
    await expectInvalid('openPage', { key: { ...KEY, page: '..' } }, 'openPage', 'key.page');
  });

  it('openPage with an unknown country', async () => {
    await expectInvalid('openPage', { key: { ...KEY, country: 'xx' } }, 'openPage', 'key.country');
  });

  it('openPage with no key', async () => {
    await expectInvalid('openPage', {}, 'openPage', 'key');
  });

  it('openPage with an array payload', async () => {
    await expectInvalid('openPage', [KEY], 'openPage', '(root)');
  });

  it('openPage with a null payload', async () => {
    await expectInvalid('openPage', null, 'openPage', 'key');
  });

  it('saveDraft with a garbage draft', async () => {
    await expectInvalid('saveDraft', { draft: 'garbage' }, 'saveDraft', 'draft');
  });

  it('saveDraft with a garbage payload', async () => {
    await expectInvalid('saveDraft', 'garbage', 'saveDraft', '(root)');
  });

  it('saveDraft with a draft missing fields names them', async () => {
    await expectInvalid(
      'saveDraft',
      { draft: { bookmark: 'b', key: KEY, components: [] } },
      'saveDraft',
      'draft.meta',
      'draft.cleanHash',
      'draft.updatedAt',
    );
  });

  it('saveContent with duplicate component identifiers', async () => {
    const component = { _component: 'A', _identifier: 'A1' };
    await expectInvalid(
      'saveContent',
      { key: KEY, meta: emptyPageMeta(), components: [component, component], baseHash: null, commitMessage: 'm' },
      'saveContent',
      'components.1._identifier',
    );
  });

  it('saveDraft with a draft nested 3,500 levels deep names the depth limit', async () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 3500; i++) deep = { children: [deep] };
    const draft = { bookmark: 'b', key: KEY, meta: { ...emptyPageMeta(), deep }, components: [] };
    await expectInvalid(
      'saveDraft',
      { draft },
      'Refused request for saveDraft: the payload is nested more than 64 levels deep (the limit is 64).',
    );
  });

  it('any channel with a payload larger than 20 MB names the size limit', async () => {
    await expectInvalid('signIn', { email: 'x'.repeat(21 * 1024 * 1024) }, 'signIn', 'larger than 20 MB (the limit)');
  });

  it('a cyclic payload is refused instead of walked forever', async () => {
    const cyclic: Record<string, unknown> = { email: 'a@b.co' };
    cyclic.self = cyclic;
    await expectInvalid('signIn', cyclic, 'nested more than 64 levels deep');
  });

  it("the shells' own channels refuse a deep payload through parseInput too", () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100; i++) deep = [deep];
    const parsed = parseInput('postToPreview', { type: 'reset', components: deep });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error).toEqual({
        ok: false,
        error: {
          code: 'invalid-input',
          message:
            'Refused request for postToPreview: the payload is nested more than 64 levels deep (the limit is 64).',
        },
      });
    }
  });

  it('an answer past the depth limit fails naming it, instead of reaching the renderer', async () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 3500; i++) deep = { items: [deep] };
    mocks.getDraft.mockResolvedValueOnce({ draft: deep });
    const result = await dispatch('getDraft', { bookmark: 'b' });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'failed',
        message: 'The answer to getDraft is nested more than 64 levels deep (the limit is 64).',
      },
    });
  });

  it('getDraft with an empty bookmark', async () => {
    await expectInvalid('getDraft', { bookmark: '' }, 'getDraft', 'bookmark');
  });

  it('updateSettings with a URL that is not one', async () => {
    await expectInvalid('updateSettings', { serviceUrls: { mesh: 'not a url' } }, 'updateSettings', 'serviceUrls.mesh');
  });

  it('starts its message with the channel', async () => {
    const result = await dispatch('signIn', { email: 42 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/^Invalid request for signIn: email: /);
  });
});

describe('createDispatch: handler failures', () => {
  it('keeps the code, message and details of a StudioError', async () => {
    mocks.openPage.mockRejectedValueOnce(new StudioError('not-found', 'No such page', { bookmark: 'x' }));
    expect(await dispatch('openPage', { key: KEY })).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'No such page', details: { bookmark: 'x' } },
    });
  });

  it.each(['conflict', 'unavailable', 'forbidden', 'invalid-input'] as const)('keeps the code %s', async (code) => {
    mocks.listPages.mockRejectedValueOnce(new StudioError(code, 'Nope'));
    const result = await dispatch('listPages', {});
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe(code);
      expect(result.error.message).toBe('Nope');
    }
  });

  it('turns a plain Error into failed with its message', async () => {
    mocks.listPages.mockRejectedValueOnce(new Error('disk full'));
    expect(await dispatch('listPages', {})).toEqual({ ok: false, error: { code: 'failed', message: 'disk full' } });
  });

  it('turns a synchronous throw into failed too', async () => {
    mocks.getSettings.mockImplementationOnce(() => {
      throw new TypeError('boom');
    });
    expect(await dispatch('getSettings', {})).toEqual({ ok: false, error: { code: 'failed', message: 'boom' } });
  });

  it('turns a thrown non-Error into failed with its text', async () => {
    mocks.getSettings.mockRejectedValueOnce('plain text');
    expect(await dispatch('getSettings', {})).toEqual({ ok: false, error: { code: 'failed', message: 'plain text' } });
  });
});

describe('createDispatch: valid payloads', () => {
  it('passes the parsed payload: signIn lowercases the email', async () => {
    mocks.signIn.mockResolvedValueOnce({ user: 'alice@example.com' });
    const result = await dispatch('signIn', { email: 'Alice@Example.COM' });
    expect(mocks.signIn).toHaveBeenCalledTimes(1);
    expect(mocks.signIn).toHaveBeenCalledWith({ email: 'alice@example.com' });
    expect(result).toEqual({ ok: true, value: { user: 'alice@example.com' } });
  });

  it('strips fields the contract does not know', async () => {
    await dispatch('openPage', { key: { ...KEY, extra: 1 }, category: 'Trainers', admin: true });
    expect(mocks.openPage).toHaveBeenCalledWith({ key: KEY, category: 'Trainers' });
  });

  it('applies component defaults before the handler sees them', async () => {
    await dispatch('saveContent', {
      key: KEY,
      meta: emptyPageMeta(),
      components: [{ _component: 'Banner', _identifier: 'Banner1' }],
      baseHash: null,
      commitMessage: 'm',
    });
    expect(mocks.saveContent).toHaveBeenCalledWith(
      expect.objectContaining({
        components: [
          { _component: 'Banner', _identifier: 'Banner1', name: '', hidden: false, classes: [], content: {} },
        ],
      }),
    );
  });

  it('treats a missing payload as an empty request for channels without input', async () => {
    expect(await dispatch('getSession', undefined)).toEqual({ ok: true, value: { answeredBy: 'getSession' } });
    expect(mocks.getSession).toHaveBeenCalledWith({});
  });
});
