import { join } from 'node:path';
import {
  BrowserWindow,
  dialog,
  WebContentsView,
  type MessageBoxSyncOptions,
  type Session,
  type WebContents,
  type WebPreferences,
} from 'electron';
import { PREVIEW_EVENT } from '../../core/channels';
import { LEAVE_DRAFT_KEPT, LEAVE_QUESTION } from '../../core/rules/leaving';
import {
  denyPermissionCheck,
  denyPermissionRequest,
  denyWindowOpen,
  isEditorNavigationAllowed,
  isPreviewNavigationAllowed,
  isPreviewUrl,
  PREVIEW_URL,
} from './security';

export interface StudioWindow {
  window: BrowserWindow;
  /** The preview beside the editor panel: hidden until the editor reports where it goes (setPreviewBounds). */
  previewView: WebContentsView;
  /** The Links in Preview toggle (inactive by default), set by IPC and read by the navigation gate. */
  previewLinks: { active: boolean };
}

/** Both pages run untrusted-ish content (pasted HTML, custom scripts in the preview): no Node, isolated, sandboxed. */
const isolatedPreferences: WebPreferences = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  webSecurity: true,
};

const LEAVE_BUTTON = 0;
export const LEAVE_PROMPT: MessageBoxSyncOptions = {
  type: 'question',
  buttons: ['Leave', 'Stay'],
  defaultId: 1,
  cancelId: 1,
  title: 'Unsaved changes',
  message: LEAVE_QUESTION,
  detail: LEAVE_DRAFT_KEPT,
};

/**
 * No <webview> and no popups, for any web contents. main.ts applies it to every web contents as it is
 * created; the window applies it to its own two as well, so it is safe on its own.
 */
export function denyWebviewsAndPopups(contents: WebContents): void {
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(denyWindowOpen);
}

function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler(denyPermissionRequest);
  session.setPermissionCheckHandler(denyPermissionCheck);
}

const ACTIVATING_INPUT = new Set(['mouseDown', 'touchStart', 'gestureTap']);

/**
 * Focus theft (issue 11): the preview gets keyboard focus only after the user puts a pointer action into it.
 * Focus a script takes otherwise goes back to the editor, and keys never reach the preview meanwhile: the
 * characters typed go to the editor, which they were meant for. Any input the editor receives ends the
 * preview's turn.
 */
export function guardPreviewFocus(editor: WebContents, preview: WebContents): void {
  let previewActivated = false;
  preview.on('input-event', (_event, input) => {
    if (ACTIVATING_INPUT.has(input.type)) previewActivated = true;
  });
  editor.on('input-event', (_event, input) => {
    if (ACTIVATING_INPUT.has(input.type) || input.type === 'keyDown' || input.type === 'rawKeyDown')
      previewActivated = false;
  });
  preview.on('before-input-event', (event, input) => {
    if (previewActivated) return;
    event.preventDefault();
    if (editor.isDestroyed()) return;
    editor.focus();
    const printable = input.type === 'keyDown' && input.key.length === 1 && !input.control && !input.meta && !input.alt;
    if (printable) editor.sendInputEvent({ type: 'char', keyCode: input.key });
  });
  preview.on('focus', () => {
    if (!previewActivated && !editor.isDestroyed()) editor.focus();
  });
}

export function createStudioWindow(): StudioWindow {
  const window = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    title: 'Storefront Studio',
    show: false,
    webPreferences: { ...isolatedPreferences, preload: join(import.meta.dirname, '../preload/editor.cjs') },
  });
  const editor = window.webContents;
  denyWebviewsAndPopups(editor);
  denyAllPermissions(editor.session);
  editor.on('will-navigate', (event) => {
    if (!isEditorNavigationAllowed(event.url)) event.preventDefault();
  });
  // The renderer's beforeunload asks to stay when there are unsaved changes; Electron would then silently
  // keep the window open, so ask the user, and preventDefault (ignore the beforeunload) to leave.
  editor.on('will-prevent-unload', (event) => {
    if (dialog.showMessageBoxSync(window, LEAVE_PROMPT) === LEAVE_BUTTON) event.preventDefault();
  });

  const previewView = new WebContentsView({
    webPreferences: { ...isolatedPreferences, preload: join(import.meta.dirname, '../preload/preview.cjs') },
  });
  const preview = previewView.webContents;
  denyWebviewsAndPopups(preview);
  // The same default session today; set again so a separate preview partition later stays locked down.
  denyAllPermissions(preview.session);
  const previewLinks = { active: false };
  const tellEditorPreviewReturned = () => {
    if (!editor.isDestroyed()) editor.send(PREVIEW_EVENT, { type: 'previewReturned' });
  };
  const gatePreviewNavigation = (event: { url: string; isMainFrame?: boolean; preventDefault(): void }) => {
    if (isPreviewNavigationAllowed(event.url, previewLinks.active)) return;
    event.preventDefault();
    if (event.isMainFrame !== false && !previewLinks.active) tellEditorPreviewReturned();
  };
  preview.on('will-navigate', gatePreviewNavigation);
  preview.on('will-frame-navigate', gatePreviewNavigation);
  // A preview that got away all the same (a navigation no will-navigate saw) is put back while links are inactive.
  preview.on('did-navigate', (_event, url) => {
    if (previewLinks.active || isPreviewUrl(url)) return;
    void preview.loadURL(PREVIEW_URL);
    tellEditorPreviewReturned();
  });
  guardPreviewFocus(editor, preview);
  window.contentView.addChildView(previewView);
  previewView.setBounds({ x: 0, y: 0, width: 0, height: 0 });
  previewView.setVisible(false);

  window.once('ready-to-show', () => window.show());
  // A WebContentsView's web contents outlive the window unless closed explicitly.
  window.on('closed', () => {
    if (!preview.isDestroyed()) preview.close();
  });
  return { window, previewView, previewLinks };
}
