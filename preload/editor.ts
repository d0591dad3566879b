import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { ipcName, PREVIEW_EVENT, SERVICE_CHANNELS, SHELL_CHANNELS, TEAM_EVENT, type Channel } from '../core/channels';
import type { Result } from '../core/result';

/*
 * window.studio for the editor (StudioBridge in core/contract.ts): one method per channel, plus the
 * preview's events. Each method resolves with main's Result as it is, because an Error crossing
 * contextBridge keeps only its message: the renderer unwraps it with unwrapResult and keeps the error code.
 * Only electron and core/channels are imported, so the sandboxed bundle stays tiny (no zod: main validates).
 */

type Invoke = (input: unknown) => Promise<Result<unknown>>;

const invoke =
  (channel: Channel): Invoke =>
  (input) =>
    ipcRenderer.invoke(ipcName(channel), input);

const channels: readonly Channel[] = [...SERVICE_CHANNELS, ...SHELL_CHANNELS];

/** Hands the listener the payload only: the IpcRendererEvent would expose ipcRenderer itself. */
const subscribe =
  (name: string) =>
  (listener: (event: unknown) => void): (() => void) => {
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(name, forward);
    return () => {
      ipcRenderer.removeListener(name, forward);
    };
  };

const studio = {
  ...(Object.fromEntries(channels.map((channel) => [channel, invoke(channel)])) as Record<Channel, Invoke>),
  onPreviewEvent: subscribe(PREVIEW_EVENT),
  onTeamEvent: subscribe(TEAM_EVENT),
};

contextBridge.exposeInMainWorld('studio', studio);
