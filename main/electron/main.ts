import { setTimeout as delay } from 'node:timers/promises';
import { app, BrowserWindow, dialog, ipcMain, shell } from 'electron';
import { createStudioServices } from '../host/services';
import { registerIpc } from './ipc';
import { registerAppSchemePrivileged, resourcesDir, serveAppProtocol } from './protocol';
import { EDITOR_URL, PREVIEW_URL } from './security';
import { createElectronStore, createSafeStorageSecrets } from './stores';
import { createStudioWindow, denyWebviewsAndPopups } from './windows';
import { errorMessage } from '../../core/rules/errorMessage';

type StudioServices = Awaited<ReturnType<typeof createStudioServices>>;

/** A service that never finishes closing must not make the app impossible to quit. */
const SERVICES_CLOSE_TIMEOUT_MS = 5000;

// Privileges can only be granted before 'ready'.
registerAppSchemePrivileged();

app.on('web-contents-created', (_event, contents) => denyWebviewsAndPopups(contents));

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

function openEditorWindow(services: StudioServices): void {
  const { window, previewView, previewLinks } = createStudioWindow();
  const unregisterIpc = registerIpc({
    ipcMain,
    dispatch: services.dispatch,
    editorContents: window.webContents,
    previewView,
    previewLinks,
    reloadPreview: () => void previewView.webContents.loadURL(PREVIEW_URL),
    onTeamEvent: (listener) => services.team.onEvent(listener),
  });
  window.on('closed', unregisterIpc);
  // IPC is registered before either page loads, so the preview's first 'ready' event is never lost.
  void window.loadURL(EDITOR_URL);
  void previewView.webContents.loadURL(PREVIEW_URL);
}

/**
 * Services are closed on 'will-quit', not 'before-quit': before-quit comes before the windows are asked to
 * close, and the user may still choose "Stay" on unsaved changes, which cancels the quit.
 */
function closeServicesBeforeQuitting(services: StudioServices): void {
  let closing = false;
  app.on('will-quit', (event) => {
    if (closing) return;
    event.preventDefault();
    closing = true;
    Promise.race([services.close(), delay(SERVICES_CLOSE_TIMEOUT_MS)])
      .catch((error: unknown) => console.error('Closing the services failed:', error))
      .finally(() => app.quit());
  });
}

async function start(): Promise<void> {
  await app.whenReady();
  const store = createElectronStore();
  const services = await createStudioServices({
    dataDir: app.getPath('userData'),
    resourcesDir: resourcesDir(),
    store,
    damagedSettings: store.damagedFiles,
    secrets: createSafeStorageSecrets(store),
    // Company sign-in happens in the system browser (RFC 8252), where the user's password manager and SSO are.
    team: { openInBrowser: (url) => shell.openExternal(url) },
  });
  closeServicesBeforeQuitting(services);
  // Before any window loads: the preview's documents are rendered with the services' pages.
  serveAppProtocol(services.dispatch);
  openEditorWindow(services);
  // macOS keeps the app running without windows; clicking the dock icon opens the editor again.
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openEditorWindow(services);
  });
}

start().catch((error: unknown) => {
  dialog.showErrorBox('Storefront Studio could not start', errorMessage(error));
  app.exit(1);
});
