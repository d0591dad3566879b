import { join } from 'node:path';
import { BrowserWindow, dialog, WebContentsView, type MessageBoxSyncOptions, type Session, type WebContents, type WebPreferences } from 'electron';
import {
  denyPermissionCheck,
  denyPermissionRequest,
  denyWindowOpen,
  isEditorNavigationAllowed,
  isPreviewNavigationAllowed,
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
  message: 'Do you really want to leave? Any un-saved changes will be lost!',
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
  const gatePreviewNavigation = (event: { url: string; preventDefault(): void }) => {
    if (!isPreviewNavigationAllowed(event.url, previewLinks.active)) event.preventDefault();
  };
  preview.on('will-navigate', gatePreviewNavigation);
  preview.on('will-frame-navigate', gatePreviewNavigation);
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
