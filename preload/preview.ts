import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { PREVIEW_COMMAND, PREVIEW_EMIT } from '../core/channels';
import { mayEmitFromPreview } from '../core/rules/userSelect';

/** When the user last pressed a pointer in the preview: a page script cannot make a trusted event. */
let lastUserPointerAt = -Infinity;
window.addEventListener(
  'pointerdown',
  (event) => {
    if (event.isTrusted) lastUserPointerAt = Date.now();
  },
  true,
);

/*
 * window.preview: the preview's one narrow bridge. Commands (content updates) come in, events (hover,
 * click, ready) go out; main validates both directions. Preview content runs custom scripts, so nothing
 * else is exposed.
 */
contextBridge.exposeInMainWorld('preview', {
  /** Hands the listener the command only, never the IpcRendererEvent (which would expose ipcRenderer). */
  onCommand(listener: (command: unknown) => void): () => void {
    const forward = (_event: IpcRendererEvent, command: unknown) => listener(command);
    ipcRenderer.on(PREVIEW_COMMAND, forward);
    return () => {
      ipcRenderer.removeListener(PREVIEW_COMMAND, forward);
    };
  },
  emit(event: unknown): void {
    if (mayEmitFromPreview(event, lastUserPointerAt, Date.now())) ipcRenderer.send(PREVIEW_EMIT, event);
  },
  /** Follows a link; main's will-navigate gate decides whether it may (Links in Preview). */
  navigate(url: string): void {
    window.location.assign(url);
  },
});
