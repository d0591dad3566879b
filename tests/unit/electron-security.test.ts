import { EventEmitter } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * Electron cannot run here, so windows.ts and protocol.ts get a fake 'electron' that records what they
 * configure; the tests then fire the events Electron would and check the decisions taken.
 */
const electron = vi.hoisted(() => ({
  created: { windows: [] as unknown[], views: [] as unknown[] },
  isPackaged: { value: false },
}));

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  class FakeSession {
    permissionRequestHandler: unknown = null;
    permissionCheckHandler: unknown = null;
    setPermissionRequestHandler(handler: unknown) {
      this.permissionRequestHandler = handler;
    }
    setPermissionCheckHandler(handler: unknown) {
      this.permissionCheckHandler = handler;
    }
  }
  const defaultSession = new FakeSession();
  class FakeWebContents extends Emitter {
    session = defaultSession;
    windowOpenHandler: unknown = null;
    destroyed = false;
    send = vi.fn();
    loadURL = vi.fn(async () => undefined);
    focus = vi.fn();
    sendInputEvent = vi.fn();
    setWindowOpenHandler(handler: unknown) {
      this.windowOpenHandler = handler;
    }
    isDestroyed() {
      return this.destroyed;
    }
    close() {
      this.destroyed = true;
    }
  }
  class BrowserWindow extends Emitter {
    webContents = new FakeWebContents();
    contentView = { children: [] as unknown[], addChildView: (view: unknown) => this.contentView.children.push(view) };
    show = vi.fn();
    constructor(readonly options: unknown) {
      super();
      electron.created.windows.push(this);
    }
  }
  class WebContentsView {
    webContents = new FakeWebContents();
    bounds: unknown = null;
    visible = true;
    constructor(readonly options: unknown) {
      electron.created.views.push(this);
    }
    setBounds(bounds: unknown) {
      this.bounds = bounds;
    }
    setVisible(visible: boolean) {
      this.visible = visible;
    }
  }
  return {
    BrowserWindow,
    WebContentsView,
    dialog: { showMessageBoxSync: vi.fn() },
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    app: {
      get isPackaged() {
        return electron.isPackaged.value;
      },
    },
  };
});

import { dialog, protocol } from 'electron';
import {
  createAppRequestHandler,
  registerAppSchemePrivileged,
  resolveAppFile,
  resourcesDir,
} from '../../main/electron/protocol';
import {
  denyPermissionCheck,
  denyPermissionRequest,
  denyWindowOpen,
  EDITOR_CSP,
  EDITOR_URL,
  isAppUrl,
  isEditorNavigationAllowed,
  isEditorUrl,
  isPreviewNavigationAllowed,
  isPreviewUrl,
  PREVIEW_URL,
} from '../../main/electron/security';
import { createStudioWindow, denyWebviewsAndPopups, LEAVE_PROMPT } from '../../main/electron/windows';
import { PREVIEW_EVENT } from '../../core/channels';
import { previewContentSecurityPolicy } from '../../core/preview';

describe('URL classification', () => {
  it('recognises the app pages by scheme, host and path only', () => {
    expect(isEditorUrl(EDITOR_URL)).toBe(true);
    expect(isEditorUrl(`${EDITOR_URL}?page=home#top`)).toBe(true);
    expect(isPreviewUrl(PREVIEW_URL)).toBe(true);
    expect(isEditorUrl(PREVIEW_URL)).toBe(false);
    expect(isPreviewUrl(EDITOR_URL)).toBe(false);
    expect(isEditorUrl('app://elsewhere/editor/index.html')).toBe(false);
    expect(isEditorUrl('https://studio/editor/index.html')).toBe(false);
    expect(isEditorUrl('not a url')).toBe(false);
    expect(isAppUrl('app://studio/assets/editor-1234.js')).toBe(true);
    expect(isAppUrl('file:///etc/passwd')).toBe(false);
  });

  it('judges the page a "../" path really lands on', () => {
    expect(isEditorUrl('app://studio/preview/../editor/index.html')).toBe(true);
    expect(isPreviewUrl('app://studio/preview/../editor/index.html')).toBe(false);
  });
});

describe('navigation gating decisions', () => {
  it('lets the editor reload itself and nothing else', () => {
    expect(isEditorNavigationAllowed(EDITOR_URL)).toBe(true);
    for (const url of [
      'https://example.com/',
      PREVIEW_URL,
      'app://studio/assets/x.js',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ]) {
      expect(isEditorNavigationAllowed(url), url).toBe(false);
    }
  });

  it('lets the preview reload itself but never load the editor or follow content links', () => {
    expect(isPreviewNavigationAllowed(PREVIEW_URL)).toBe(true);
    for (const url of [EDITOR_URL, 'https://shop.example.com/sale', 'http://127.0.0.1:8080/']) {
      expect(isPreviewNavigationAllowed(url), url).toBe(false);
    }
  });

  it('denies every window open and every permission', () => {
    expect(denyWindowOpen()).toEqual({ action: 'deny' });
    const callback = vi.fn();
    denyPermissionRequest({}, 'media', callback);
    expect(callback).toHaveBeenCalledExactlyOnceWith(false);
    expect(denyPermissionCheck()).toBe(false);
  });

  it('has the strict editor CSP', () => {
    expect(EDITOR_CSP).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https: http://127.0.0.1:*; " +
        "connect-src 'self'; frame-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'",
    );
  });
});

/* Shapes of the fakes above, as the tests use them. */
interface FakeContents extends EventEmitter {
  session: { permissionRequestHandler: typeof denyPermissionRequest; permissionCheckHandler: () => boolean };
  windowOpenHandler: (details: { url: string }) => unknown;
  isDestroyed(): boolean;
  send: ReturnType<typeof vi.fn>;
  loadURL: ReturnType<typeof vi.fn>;
  focus: ReturnType<typeof vi.fn>;
  sendInputEvent: ReturnType<typeof vi.fn>;
}
interface FakeWindow extends EventEmitter {
  options: { webPreferences: Record<string, unknown> };
  webContents: FakeContents;
  contentView: { children: unknown[] };
}
interface FakeView {
  options: { webPreferences: Record<string, unknown> };
  webContents: FakeContents;
  bounds: unknown;
  visible: boolean;
}

function navigationEvent(url: string) {
  return { url, isMainFrame: true, preventDefault: vi.fn() };
}

describe('createStudioWindow', () => {
  let window: FakeWindow;
  let view: FakeView;
  beforeEach(() => {
    electron.created.windows.length = 0;
    electron.created.views.length = 0;
    vi.mocked(dialog.showMessageBoxSync).mockReset();
    createStudioWindow();
    window = electron.created.windows[0] as FakeWindow;
    view = electron.created.views[0] as FakeView;
  });

  it('isolates both pages and gives each its own preload', () => {
    for (const preferences of [window.options.webPreferences, view.options.webPreferences]) {
      expect(preferences).toMatchObject({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
      });
    }
    expect(window.options.webPreferences.preload).toMatch(/[/\\]preload[/\\]editor\.cjs$/);
    expect(view.options.webPreferences.preload).toMatch(/[/\\]preload[/\\]preview\.cjs$/);
  });

  it('adds the preview to the window hidden, with zero bounds', () => {
    expect(window.contentView.children).toEqual([view]);
    expect(view.bounds).toEqual({ x: 0, y: 0, width: 0, height: 0 });
    expect(view.visible).toBe(false);
  });

  it('blocks the editor from navigating anywhere but the editor page', () => {
    const away = navigationEvent('https://example.com/');
    window.webContents.emit('will-navigate', away);
    expect(away.preventDefault).toHaveBeenCalled();
    const reload = navigationEvent(EDITOR_URL);
    window.webContents.emit('will-navigate', reload);
    expect(reload.preventDefault).not.toHaveBeenCalled();
  });

  it('blocks the preview, in any frame, from navigating anywhere but the preview page', () => {
    for (const eventName of ['will-navigate', 'will-frame-navigate']) {
      for (const url of ['https://shop.example.com/', EDITOR_URL]) {
        const away = navigationEvent(url);
        view.webContents.emit(eventName, away);
        expect(away.preventDefault, `${eventName} ${url}`).toHaveBeenCalled();
      }
      const reload = navigationEvent(PREVIEW_URL);
      view.webContents.emit(eventName, reload);
      expect(reload.preventDefault).not.toHaveBeenCalled();
    }
  });

  it('tells the editor when it keeps the preview on its page while links are inactive', () => {
    view.webContents.emit('will-navigate', navigationEvent('https://evil.example/session-expired'));
    expect(window.webContents.send).toHaveBeenCalledExactlyOnceWith(PREVIEW_EVENT, { type: 'previewReturned' });
    // A subframe of the page (an iframe in Custom HTML) is only refused.
    view.webContents.emit('will-frame-navigate', { ...navigationEvent('https://evil.example/'), isMainFrame: false });
    expect(window.webContents.send).toHaveBeenCalledOnce();
  });

  it('puts back a preview that got away all the same while links are inactive, and says so', () => {
    view.webContents.emit('did-navigate', {}, 'https://evil.example/session-expired');
    expect(view.webContents.loadURL).toHaveBeenCalledExactlyOnceWith(PREVIEW_URL);
    expect(window.webContents.send).toHaveBeenCalledExactlyOnceWith(PREVIEW_EVENT, { type: 'previewReturned' });
    view.webContents.emit('did-navigate', {}, PREVIEW_URL);
    expect(view.webContents.loadURL).toHaveBeenCalledOnce();
  });

  it('lets focus and keys into the preview only after a pointer action there', () => {
    const keys = (key = 't', modifiers = {}) => {
      const event = { preventDefault: vi.fn() };
      view.webContents.emit('before-input-event', event, { type: 'keyDown', key, ...modifiers });
      return event.preventDefault.mock.calls.length === 0;
    };
    // A script takes focus: it goes back to the editor; keys never arrive, the characters go to the editor.
    view.webContents.emit('focus');
    expect(window.webContents.focus).toHaveBeenCalledOnce();
    expect(keys('t')).toBe(false);
    expect(keys('Enter')).toBe(false);
    expect(keys('a', { control: true })).toBe(false);
    expect(window.webContents.sendInputEvent.mock.calls).toEqual([[{ type: 'char', keyCode: 't' }]]);
    // The user clicks into the preview: focus stays and keys arrive.
    view.webContents.emit('input-event', {}, { type: 'mouseDown' });
    view.webContents.emit('focus');
    expect(window.webContents.focus).toHaveBeenCalledTimes(4);
    expect(keys()).toBe(true);
    // Back in the editor, typing: the preview's turn is over.
    window.webContents.emit('input-event', {}, { type: 'rawKeyDown' });
    expect(keys()).toBe(false);
    view.webContents.emit('focus');
    expect(window.webContents.focus).toHaveBeenCalledTimes(6);
  });

  it('denies window opens, webviews and permissions for both pages', () => {
    for (const contents of [window.webContents, view.webContents]) {
      expect(contents.windowOpenHandler({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
      const attach = { preventDefault: vi.fn() };
      contents.emit('will-attach-webview', attach);
      expect(attach.preventDefault).toHaveBeenCalled();
      const callback = vi.fn();
      contents.session.permissionRequestHandler({}, 'geolocation', callback);
      expect(callback).toHaveBeenCalledWith(false);
      expect(contents.session.permissionCheckHandler()).toBe(false);
    }
  });

  it('asks before leaving with unsaved changes, and leaves only when the user says Leave', () => {
    const unload = { preventDefault: vi.fn() };
    vi.mocked(dialog.showMessageBoxSync).mockReturnValueOnce(1);
    window.webContents.emit('will-prevent-unload', unload);
    expect(dialog.showMessageBoxSync).toHaveBeenCalledWith(window, LEAVE_PROMPT);
    // The draft is written as the window goes (pagehide), so the prompt says it is kept, as the editor's does.
    expect(LEAVE_PROMPT.message).toBe('Do you really want to leave? Your changes are not saved to UAT yet.');
    expect(LEAVE_PROMPT.detail).toBe('Nothing is lost: the draft stays on the dashboard until you save or discard it.');
    expect(LEAVE_PROMPT.buttons).toEqual(['Leave', 'Stay']);
    expect(unload.preventDefault).not.toHaveBeenCalled();

    vi.mocked(dialog.showMessageBoxSync).mockReturnValueOnce(0);
    window.webContents.emit('will-prevent-unload', unload);
    expect(unload.preventDefault).toHaveBeenCalledOnce();
  });

  it('closes the preview contents with the window', () => {
    window.emit('closed');
    expect(view.webContents.isDestroyed()).toBe(true);
  });
});

describe('denyWebviewsAndPopups', () => {
  it('denies webviews and window opens on any web contents', () => {
    const contents = Object.assign(new EventEmitter(), { setWindowOpenHandler: vi.fn() });
    denyWebviewsAndPopups(contents as never);
    const handler = contents.setWindowOpenHandler.mock.calls[0]?.[0] as () => unknown;
    expect(handler()).toEqual({ action: 'deny' });
    const attach = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', attach);
    expect(attach.preventDefault).toHaveBeenCalled();
  });
});

describe('app protocol', () => {
  let root: string;
  let roots: { rendererDir: string; sampleDir: string };
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'studio-protocol-'));
    roots = { rendererDir: join(root, 'renderer'), sampleDir: join(root, 'sample') };
    await mkdir(join(roots.rendererDir, 'editor'), { recursive: true });
    await mkdir(join(roots.rendererDir, 'preview'), { recursive: true });
    await mkdir(join(roots.rendererDir, 'assets'), { recursive: true });
    await mkdir(roots.sampleDir, { recursive: true });
    await writeFile(join(roots.rendererDir, 'editor', 'index.html'), '<!doctype html><title>editor</title>');
    await writeFile(join(roots.rendererDir, 'preview', 'index.html'), '<!doctype html><title>preview</title>');
    await writeFile(join(roots.rendererDir, 'assets', 'editor.js'), 'console.log(1)');
    await writeFile(join(roots.sampleDir, 'products.json'), '{"products":[]}');
    await writeFile(join(root, 'secret.txt'), 'do not serve');
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const get = (url: string) => createAppRequestHandler(roots)({ url });

  it('registers app as a standard, secure, fetch-capable scheme', () => {
    registerAppSchemePrivileged();
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
  });

  it('serves the editor page as HTML with the CSP', async () => {
    const response = await get(EDITOR_URL);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(EDITOR_CSP);
    expect(await response.text()).toContain('<title>editor</title>');
  });

  it('serves the preview page with the preview’s CSP: no connections, no file: and no other app: pages', async () => {
    const response = await get(PREVIEW_URL);
    expect(await response.text()).toContain('<title>preview</title>');
    const csp = response.headers.get('content-security-policy');
    expect(csp).toBe(previewContentSecurityPolicy('app://studio'));
    expect(csp).toContain("connect-src 'none'");
    expect(csp).not.toMatch(/\bfile:|'self'|app:\/\/studio\/(?!preview\/|assets\/|sample\/)/);
  });

  it('gives the editor page its CSP however its path is spelled', async () => {
    const response = await get('app://studio/preview/..%2Feditor/index.html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(EDITOR_CSP);
  });

  it('serves shared assets and the sample with their content types', async () => {
    const script = await get('app://studio/assets/editor.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const sample = await get('app://studio/sample/products.json');
    expect(sample.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await sample.json()).toEqual({ products: [] });
  });

  it('refuses path traversal, other hosts and missing files with 404', async () => {
    for (const url of [
      'app://studio/..%2Fsecret.txt',
      'app://studio/editor/..%2F..%2Fsecret.txt',
      'app://studio/sample/..%2F..%2Fsecret.txt',
      'app://studio/editor/%2e%2e/%2e%2e/secret.txt',
      'app://studio/..%5Csecret.txt',
      'app://studio/editor/index.html%00.png',
      'app://studio/%E0%A4%A',
      'app://other/editor/index.html',
      'app://studio/',
      'app://studio/editor/',
      'app://studio/editor/missing.html',
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).not.toContain('do not serve');
    }
    expect(resolveAppFile('app://studio/..%2Fsecret.txt', roots)).toBeNull();
  });

  it('finds the resources at the app root, packaged or not, since they ship inside app.asar', () => {
    const expected = join(import.meta.dirname, '../../resources');
    electron.isPackaged.value = false;
    expect(resourcesDir()).toBe(expected);
    electron.isPackaged.value = true;
    expect(resourcesDir()).toBe(expected);
    electron.isPackaged.value = false;
  });
});
