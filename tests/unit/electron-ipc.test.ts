import { describe, expect, it, vi } from 'vitest';
import {
  ipcName,
  PREVIEW_COMMAND,
  PREVIEW_EMIT,
  PREVIEW_EVENT,
  SERVICE_CHANNELS,
  SHELL_CHANNELS,
  TEAM_EVENT,
} from '../../core/channels';
import type { TeamEvent } from '../../core/team';
import type { Result } from '../../core/result';
import { PREVIEW_EVENT_BUDGETS } from '../../core/previewBudgets';
import { budgetNotice } from '../../core/rules/messageBudget';
import type { Dispatch } from '../../main/host/dispatch';
import {
  registerIpc,
  type ContentsLike,
  type IpcFrame,
  type IpcMainLike,
  type IpcSenderEvent,
  type PreviewImageLike,
  type PreviewViewLike,
} from '../../main/electron/ipc';
import { EDITOR_URL, PREVIEW_URL } from '../../main/electron/security';

// ipc.ts takes its Electron objects as parameters; this mock proves it never loads Electron itself.
vi.mock('electron', () => {
  throw new Error('main/electron/ipc.ts must not import electron');
});

type Handler = (event: IpcSenderEvent, payload: unknown) => Promise<Result<unknown>>;
type Listener = (event: IpcSenderEvent, payload: unknown) => void;

function fakeIpcMain() {
  const handlers = new Map<string, Handler>();
  const listeners = new Map<string, Listener[]>();
  const handleCalls: string[] = [];
  const ipcMain: IpcMainLike = {
    handle(channel, handler) {
      // Electron throws on a second handler for the same channel.
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handleCalls.push(channel);
      handlers.set(channel, handler);
    },
    removeHandler(channel) {
      handlers.delete(channel);
    },
    on(channel, listener) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
    },
    removeListener(channel, listener) {
      listeners.set(
        channel,
        (listeners.get(channel) ?? []).filter((registered) => registered !== listener),
      );
    },
  };
  const invoke = (channel: string, frame: IpcFrame | null, payload: unknown) => {
    const handler = handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler({ senderFrame: frame }, payload);
  };
  const emit = (channel: string, frame: IpcFrame | null, payload: unknown) => {
    for (const listener of listeners.get(channel) ?? []) listener({ senderFrame: frame }, payload);
  };
  return { ipcMain, handlers, listeners, handleCalls, invoke, emit };
}

const editorFrame: IpcFrame = { processId: 4, routingId: 1, url: EDITOR_URL };
const previewFrame: IpcFrame = { processId: 7, routingId: 1, url: PREVIEW_URL };

function fakeContents(mainFrame: IpcFrame) {
  return {
    mainFrame,
    send: vi.fn<ContentsLike['send']>(),
    isDestroyed: () => false,
    setZoomFactor: vi.fn(),
    capturePage: vi.fn(async (): Promise<PreviewImageLike> => ({
      isEmpty: () => false,
      toDataURL: () => 'data:image/png;base64,iVBORw0KGgo=',
    })),
  } satisfies PreviewViewLike['webContents'];
}

function setup(options: { now?: () => number } = {}) {
  const ipc = fakeIpcMain();
  const dispatch = vi.fn<Dispatch>(async (channel) => ({ ok: true, value: { answeredBy: channel } }));
  const editorContents = fakeContents(editorFrame);
  const previewContents = fakeContents(previewFrame);
  const previewView = {
    webContents: previewContents,
    setBounds: vi.fn(),
    setVisible: vi.fn(),
  } satisfies PreviewViewLike;
  const previewLinks = { active: false };
  const reloadPreview = vi.fn();
  const teamListeners = new Set<(event: TeamEvent) => void>();
  const onTeamEvent = (listener: (event: TeamEvent) => void) => {
    teamListeners.add(listener);
    return () => void teamListeners.delete(listener);
  };
  const unregister = registerIpc({
    ipcMain: ipc.ipcMain,
    dispatch,
    editorContents,
    previewView,
    previewLinks,
    reloadPreview,
    onTeamEvent,
    ...options,
  });
  return {
    ...ipc,
    dispatch,
    editorContents,
    previewContents,
    previewView,
    previewLinks,
    reloadPreview,
    unregister,
    teamListeners,
  };
}

describe('registerIpc: channel registration', () => {
  it('registers every service and shell channel exactly once, and the preview event channel', () => {
    const { handleCalls, listeners } = setup();
    const expected = [...SERVICE_CHANNELS, ...SHELL_CHANNELS].map(ipcName);
    expect([...handleCalls].sort()).toEqual([...expected].sort());
    expect(new Set(handleCalls).size).toBe(handleCalls.length);
    expect(listeners.get(PREVIEW_EMIT)).toHaveLength(1);
  });

  it('removes everything it registered, so a reopened window can register again', () => {
    const { handlers, listeners, unregister, ipcMain } = setup();
    unregister();
    expect(handlers.size).toBe(0);
    expect(listeners.get(PREVIEW_EMIT)).toHaveLength(0);
    expect(() =>
      registerIpc({
        ipcMain,
        dispatch: vi.fn<Dispatch>(),
        editorContents: fakeContents(editorFrame),
        previewView: { webContents: fakeContents(previewFrame), setBounds: vi.fn(), setVisible: vi.fn() },
        previewLinks: { active: false },
        reloadPreview: vi.fn(),
        onTeamEvent: () => () => undefined,
      }),
    ).not.toThrow();
  });
});

describe('registerIpc: team events', () => {
  const resync: TeamEvent = { type: 'resync', reason: 'The event stream was interrupted.' };

  it('pushes each team event to the editor only, on TEAM_EVENT', () => {
    const { teamListeners, editorContents, previewContents } = setup();
    expect(teamListeners.size).toBe(1);
    for (const listener of teamListeners) listener(resync);
    expect(editorContents.send).toHaveBeenCalledWith(TEAM_EVENT, resync);
    expect(previewContents.send).not.toHaveBeenCalled();
  });

  it('stops pushing once unregistered (a closed window)', () => {
    const { teamListeners, unregister } = setup();
    unregister();
    expect(teamListeners.size).toBe(0);
  });
});

describe('registerIpc: sender frame check', () => {
  it('passes requests from the editor main frame to dispatch and answers its result', async () => {
    const { invoke, dispatch } = setup();
    const answer = await invoke(ipcName('getDraft'), editorFrame, { bookmark: 'b1' });
    expect(dispatch).toHaveBeenCalledWith('getDraft', { bookmark: 'b1' });
    expect(answer).toEqual({ ok: true, value: { answeredBy: 'getDraft' } });
  });

  const foreignFrames: Array<[string, IpcFrame | null]> = [
    ['the preview main frame', previewFrame],
    ['an iframe inside the editor', { processId: editorFrame.processId, routingId: 9, url: EDITOR_URL }],
    ['the editor frame navigated elsewhere', { ...editorFrame, url: 'https://example.com/editor/index.html' }],
    ['the editor frame showing the preview page', { ...editorFrame, url: PREVIEW_URL }],
    ['a frame that is gone', null],
  ];
  for (const [description, frame] of foreignFrames) {
    it(`answers forbidden to ${description} and calls no service`, async () => {
      const { invoke, dispatch, previewView, previewContents } = setup();
      const answer = await invoke(ipcName('listPages'), frame, {});
      expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      expect(dispatch).not.toHaveBeenCalled();

      const shellAnswer = await invoke(ipcName('setPreviewBounds'), frame, {
        x: 0,
        y: 0,
        width: 10,
        height: 10,
        visible: true,
      });
      expect(shellAnswer).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      expect(previewView.setBounds).not.toHaveBeenCalled();
      await invoke(ipcName('postToPreview'), frame, { type: 'select', id: null });
      expect(previewContents.send).not.toHaveBeenCalled();
    });
  }

  it('answers a dispatch that throws with a failed result instead of rejecting across IPC', async () => {
    const { invoke, dispatch } = setup();
    dispatch.mockRejectedValueOnce(new Error('disk on fire'));
    await expect(invoke(ipcName('getSettings'), editorFrame, {})).resolves.toEqual({
      ok: false,
      error: { code: 'failed', message: 'disk on fire' },
    });
  });
});

describe('registerIpc: shell channels', () => {
  it('moves and shows the preview view for valid bounds', async () => {
    const { invoke, previewView } = setup();
    const answer = await invoke(ipcName('setPreviewBounds'), editorFrame, {
      x: 320,
      y: 48,
      width: 800,
      height: 600,
      visible: true,
    });
    expect(answer).toEqual({ ok: true, value: {} });
    expect(previewView.setBounds).toHaveBeenCalledWith({ x: 320, y: 48, width: 800, height: 600 });
    expect(previewView.setVisible).toHaveBeenCalledWith(true);
  });

  it('hides the view behind a dialog, where it would cover the dialog, and shows it again after', async () => {
    const { invoke, previewView } = setup();
    const bounds = { x: 320, y: 48, width: 800, height: 600, visible: true };
    await invoke(ipcName('setPreviewBounds'), editorFrame, { ...bounds, behindDialog: true });
    expect(previewView.setVisible).toHaveBeenLastCalledWith(false);
    expect(previewView.setBounds).toHaveBeenLastCalledWith({ x: 320, y: 48, width: 800, height: 600 });
    await invoke(ipcName('setPreviewBounds'), editorFrame, { ...bounds, behindDialog: false });
    expect(previewView.setVisible).toHaveBeenLastCalledWith(true);
  });

  it('answers a snapshot of the preview as a PNG data URL, and null when there is no picture', async () => {
    const { invoke, previewContents } = setup();
    await expect(invoke(ipcName('snapshotPreview'), editorFrame, {})).resolves.toEqual({
      ok: true,
      value: { image: 'data:image/png;base64,iVBORw0KGgo=' },
    });
    previewContents.capturePage.mockResolvedValueOnce({
      isEmpty: () => true,
      toDataURL: () => 'data:image/png;base64,',
    });
    await expect(invoke(ipcName('snapshotPreview'), editorFrame, {})).resolves.toEqual({
      ok: true,
      value: { image: null },
    });
    expect(await invoke(ipcName('snapshotPreview'), previewFrame, {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });

  it('changes nothing and answers invalid-input for invalid bounds', async () => {
    const { invoke, previewView, dispatch } = setup();
    for (const payload of [
      { x: -1, y: 0, width: 10, height: 10, visible: true },
      { x: 0, y: 0, width: 1.5, height: 10, visible: true },
      { x: 0 },
      'huge',
    ]) {
      const answer = await invoke(ipcName('setPreviewBounds'), editorFrame, payload);
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    }
    expect(previewView.setBounds).not.toHaveBeenCalled();
    expect(previewView.setVisible).not.toHaveBeenCalled();
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('sends a valid command to the preview and drops an invalid one', async () => {
    const { invoke, previewContents } = setup();
    await expect(invoke(ipcName('postToPreview'), editorFrame, { type: 'select', id: 'hero-1' })).resolves.toEqual({
      ok: true,
      value: {},
    });
    expect(previewContents.send).toHaveBeenCalledWith(PREVIEW_COMMAND, { type: 'select', id: 'hero-1' });

    previewContents.send.mockClear();
    const answer = await invoke(ipcName('postToPreview'), editorFrame, { type: 'run-script', code: 'alert(1)' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(previewContents.send).not.toHaveBeenCalled();
  });
});

describe('registerIpc: preview events', () => {
  it('forwards a valid event from the preview main frame to the editor', () => {
    const { emit, editorContents } = setup();
    emit(PREVIEW_EMIT, previewFrame, { type: 'select', id: 'hero-1' });
    expect(editorContents.send).toHaveBeenCalledWith(PREVIEW_EVENT, { type: 'select', id: 'hero-1' });
  });

  it('drops events from any other frame', () => {
    const { emit, editorContents } = setup();
    emit(PREVIEW_EMIT, editorFrame, { type: 'ready' });
    emit(PREVIEW_EMIT, { processId: previewFrame.processId, routingId: 3, url: PREVIEW_URL }, { type: 'ready' });
    emit(PREVIEW_EMIT, { ...previewFrame, url: 'https://example.com/' }, { type: 'ready' });
    emit(PREVIEW_EMIT, null, { type: 'ready' });
    expect(editorContents.send).not.toHaveBeenCalled();
  });

  it('drops events that do not match the schema', () => {
    const { emit, editorContents } = setup();
    emit(PREVIEW_EMIT, previewFrame, { type: 'select' });
    emit(PREVIEW_EMIT, previewFrame, { type: 'navigate', url: 'https://example.com/' });
    expect(editorContents.send).not.toHaveBeenCalled();
  });
});

describe('registerIpc: preview message floods', () => {
  const editorEvents = (editorContents: ReturnType<typeof fakeContents>) =>
    editorContents.send.mock.calls.map(([, event]) => event);
  const notices = (previewContents: ReturnType<typeof fakeContents>) =>
    previewContents.send.mock.calls.filter(([, command]) => (command as { type: string }).type === 'notice');

  it('passes each type only up to its budget, and tells the preview once', () => {
    let now = 0;
    const { emit, editorContents, previewContents } = setup({ now: () => now });
    for (let i = 0; i < 1000; i++) emit(PREVIEW_EMIT, previewFrame, { type: 'ready' });
    for (let i = 0; i < 1000; i++) emit(PREVIEW_EMIT, previewFrame, { type: 'select', id: `c${i}` });
    expect(editorEvents(editorContents).filter((event) => (event as { type: string }).type === 'ready')).toHaveLength(
      PREVIEW_EVENT_BUDGETS.ready.max,
    );
    expect(editorEvents(editorContents).filter((event) => (event as { type: string }).type === 'select')).toHaveLength(
      PREVIEW_EVENT_BUDGETS.select.max,
    );
    expect(notices(previewContents)).toEqual([
      [PREVIEW_COMMAND, { type: 'notice', message: budgetNotice('ready', PREVIEW_EVENT_BUDGETS.ready) }],
      [PREVIEW_COMMAND, { type: 'notice', message: budgetNotice('select', PREVIEW_EVENT_BUDGETS.select) }],
    ]);
    // A window later the budget is there again.
    now += PREVIEW_EVENT_BUDGETS.ready.perMs;
    emit(PREVIEW_EMIT, previewFrame, { type: 'ready' });
    expect(editorEvents(editorContents).filter((event) => (event as { type: string }).type === 'ready')).toHaveLength(
      PREVIEW_EVENT_BUDGETS.ready.max + 1,
    );
  });

  it('gives a reloaded preview its budgets whole', async () => {
    const { emit, invoke, editorContents } = setup({ now: () => 0 });
    for (let i = 0; i < 100; i++) emit(PREVIEW_EMIT, previewFrame, { type: 'ready' });
    await invoke(ipcName('reloadPreview'), editorFrame, {});
    emit(PREVIEW_EMIT, previewFrame, { type: 'ready' });
    expect(editorEvents(editorContents)).toHaveLength(PREVIEW_EVENT_BUDGETS.ready.max + 1);
  });

  it('drops messages of no known type, and asks for a feed only by block', () => {
    const { emit, editorContents, previewContents } = setup();
    for (const payload of [
      'garbage',
      null,
      { type: '__proto__' },
      { type: 'requestFeed', url: 'http://127.0.0.1:5179/api/listPages' },
    ]) {
      emit(PREVIEW_EMIT, previewFrame, payload);
    }
    emit(PREVIEW_EMIT, previewFrame, { type: 'requestFeed', blockId: 'blog-1' });
    expect(editorEvents(editorContents)).toEqual([{ type: 'requestFeed', blockId: 'blog-1' }]);
    expect(notices(previewContents)).toHaveLength(1);
  });
});

describe('registerIpc: Links in Preview and back to the page', () => {
  it('follows the links toggle sent to the preview, and reloads the preview on request', async () => {
    const { invoke, previewLinks, reloadPreview, previewContents } = setup();
    expect(await invoke(ipcName('postToPreview'), editorFrame, { type: 'links', active: true, base: null })).toEqual({
      ok: true,
      value: {},
    });
    expect(previewLinks.active).toBe(true);
    expect(previewContents.send).toHaveBeenCalledWith(PREVIEW_COMMAND, { type: 'links', active: true, base: null });
    await invoke(ipcName('postToPreview'), editorFrame, { type: 'links', active: false, base: null });
    expect(previewLinks.active).toBe(false);
    expect(await invoke(ipcName('reloadPreview'), editorFrame, {})).toEqual({ ok: true, value: {} });
    expect(reloadPreview).toHaveBeenCalledTimes(1);
  });

  it('ignores a links toggle from any frame but the editor', async () => {
    const { invoke, previewLinks } = setup();
    const answer = await invoke(ipcName('postToPreview'), previewFrame, { type: 'links', active: true, base: null });
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(previewLinks.active).toBe(false);
  });
});
