import {
  ipcName,
  PREVIEW_COMMAND,
  PREVIEW_EMIT,
  PREVIEW_EVENT,
  SERVICE_CHANNELS,
  SHELL_CHANNELS,
  TEAM_EVENT,
  type Channel,
} from '../../core/channels';
import type { TeamEvent } from '../../core/team';
import { PreviewEventSchema } from '../../core/preview';
import { PREVIEW_EVENT_BUDGETS } from '../../core/previewBudgets';
import { budgetKey, budgetNotice, spendBudget, type BudgetState } from '../../core/rules/messageBudget';
import type { Result } from '../../core/result';
import { fitPreview } from '../../core/rules/viewport';
import { failure, parseInput, type Dispatch } from '../host/dispatch';
import { isEditorUrl, isPreviewUrl } from './security';

/*
 * The Electron objects this module touches, reduced to what it uses, so tests can pass plain fakes.
 * Electron's IpcMain, WebContents and WebContentsView satisfy them as they are.
 */
export interface IpcFrame {
  readonly processId: number;
  readonly routingId: number;
  readonly url: string;
}

export interface IpcSenderEvent {
  readonly senderFrame: IpcFrame | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcSenderEvent, payload: unknown) => Promise<Result<unknown>>): void;
  removeHandler(channel: string): void;
  on(channel: string, listener: (event: IpcSenderEvent, payload: unknown) => void): void;
  removeListener(channel: string, listener: (event: IpcSenderEvent, payload: unknown) => void): void;
}

export interface ContentsLike {
  readonly mainFrame: IpcFrame;
  send(channel: string, payload: unknown): void;
  isDestroyed(): boolean;
}

/** What Electron's capturePage answers (a NativeImage), as far as the shell uses it. */
export interface PreviewImageLike {
  isEmpty(): boolean;
  toDataURL(): string;
}

export interface PreviewViewLike {
  readonly webContents: ContentsLike & {
    setZoomFactor(factor: number): void;
    capturePage(): Promise<PreviewImageLike>;
  };
  setBounds(bounds: { x: number; y: number; width: number; height: number }): void;
  setVisible(visible: boolean): void;
}

export interface IpcOptions {
  ipcMain: IpcMainLike;
  dispatch: Dispatch;
  editorContents: ContentsLike;
  /** The view rather than its contents: setPreviewBounds moves the view, postToPreview talks to its contents. */
  previewView: PreviewViewLike;
  /** The Links in Preview toggle, read by the preview's navigation gate (windows.ts). */
  previewLinks: { active: boolean };
  /** Loads the preview page again ("back to the page"). */
  reloadPreview(): void;
  /** The clock of the preview events' rate budgets. */
  now?: () => number;
  /** Team mode's live events (TeamService.onEvent), pushed to the editor on TEAM_EVENT; answers an unsubscribe. */
  onTeamEvent(listener: (event: TeamEvent) => void): () => void;
}

const OK_EMPTY: Result<object> = { ok: true, value: {} };

/** A frame is identified by its process and routing id: the wrapper objects themselves are not stable. */
function isSameFrame(frame: IpcFrame | null, expected: IpcFrame): frame is IpcFrame {
  return frame !== null && frame.processId === expected.processId && frame.routingId === expected.routingId;
}

/**
 * Registers every contract channel and the preview's event channel; returns a function that removes them
 * all (so a window can be reopened). Requests are answered only for the editor's main frame showing the
 * editor page, and preview events are accepted only from the preview's main frame: neither an iframe nor
 * a page navigated elsewhere can reach the services (Electron's "validate the sender of all IPC messages").
 */
export function registerIpc({
  ipcMain,
  dispatch,
  editorContents,
  previewView,
  previewLinks,
  reloadPreview,
  onTeamEvent,
  now = Date.now,
}: IpcOptions): () => void {
  const isFromEditor = (event: IpcSenderEvent): boolean =>
    isSameFrame(event.senderFrame, editorContents.mainFrame) && isEditorUrl(event.senderFrame.url);
  const isFromPreview = (event: IpcSenderEvent): boolean =>
    isSameFrame(event.senderFrame, previewView.webContents.mainFrame) && isPreviewUrl(event.senderFrame.url);

  const answerEditor = (channel: Channel, answer: (payload: unknown) => Promise<Result<unknown>> | Result<unknown>) => {
    ipcMain.handle(ipcName(channel), async (event, payload) => {
      if (!isFromEditor(event)) {
        return { ok: false, error: { code: 'forbidden', message: `${channel} is only answered for the editor page` } };
      }
      try {
        return await answer(payload);
      } catch (error) {
        // Never let an exception cross IPC: Electron would reduce it to "Error invoking remote method".
        return failure(error);
      }
    });
  };

  for (const channel of SERVICE_CHANNELS) answerEditor(channel, (payload) => dispatch(channel, payload));

  answerEditor('setPreviewBounds', (payload) => {
    const input = parseInput('setPreviewBounds', payload);
    if (!input.ok) return input.error;
    const { visible, behindDialog = false, viewportWidth, ...area } = input.value;
    const { zoom, ...bounds } = fitPreview(area, viewportWidth);
    previewView.setBounds(bounds);
    if (!previewView.webContents.isDestroyed()) previewView.webContents.setZoomFactor(zoom);
    // The view draws above the editor, dialogs included: behind one it is hidden and the editor shows its snapshot.
    previewView.setVisible(visible && !behindDialog);
    return OK_EMPTY;
  });

  answerEditor('snapshotPreview', async (payload) => {
    const input = parseInput('snapshotPreview', payload);
    if (!input.ok) return input.error;
    const preview = previewView.webContents;
    if (preview.isDestroyed()) return { ok: true, value: { image: null } };
    const image = await preview.capturePage();
    return { ok: true, value: { image: image.isEmpty() ? null : image.toDataURL() } };
  });

  answerEditor('postToPreview', (payload) => {
    const command = parseInput('postToPreview', payload);
    if (!command.ok) return command.error;
    if (command.value.type === 'links') previewLinks.active = command.value.active;
    const preview = previewView.webContents;
    if (!preview.isDestroyed()) preview.send(PREVIEW_COMMAND, command.value);
    return OK_EMPTY;
  });

  // Each type of preview event has a rate budget; the excess is dropped, with one notice in the preview's console.
  const budgetStates = new Map<string, BudgetState>();

  answerEditor('reloadPreview', (payload) => {
    const input = parseInput('reloadPreview', payload);
    if (!input.ok) return input.error;
    // A new document starts with its budgets whole: its one ready must not pay for the last one's flood.
    budgetStates.clear();
    reloadPreview();
    return OK_EMPTY;
  });

  const forwardPreviewEvent = (event: IpcSenderEvent, payload: unknown): void => {
    if (!isFromPreview(event)) return;
    const type = budgetKey(payload, PREVIEW_EVENT_BUDGETS) as keyof typeof PREVIEW_EVENT_BUDGETS;
    const spent = spendBudget(budgetStates.get(type), now(), PREVIEW_EVENT_BUDGETS[type]);
    budgetStates.set(type, spent.state);
    const preview = previewView.webContents;
    if (spent.verdict === 'drop-and-notify' && !preview.isDestroyed()) {
      preview.send(PREVIEW_COMMAND, { type: 'notice', message: budgetNotice(type, PREVIEW_EVENT_BUDGETS[type]) });
    }
    if (spent.verdict !== 'accept') return;
    const previewEvent = PreviewEventSchema.safeParse(payload);
    if (previewEvent.success && !editorContents.isDestroyed()) editorContents.send(PREVIEW_EVENT, previewEvent.data);
  };
  ipcMain.on(PREVIEW_EMIT, forwardPreviewEvent);

  // Only the editor's contents are sent team events; never the preview.
  const stopTeamEvents = onTeamEvent((event) => {
    if (!editorContents.isDestroyed()) editorContents.send(TEAM_EVENT, event);
  });

  return () => {
    stopTeamEvents();
    for (const channel of [...SERVICE_CHANNELS, ...SHELL_CHANNELS]) ipcMain.removeHandler(ipcName(channel));
    ipcMain.removeListener(PREVIEW_EMIT, forwardPreviewEvent);
  };
}
