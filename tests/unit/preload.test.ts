import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ipcName,
  PREVIEW_COMMAND,
  PREVIEW_EMIT,
  PREVIEW_EVENT,
  SERVICE_CHANNELS,
  SHELL_CHANNELS,
  TEAM_EVENT,
} from '../../core/channels';

/* The preloads run against a fake contextBridge that captures what they expose, and a fake ipcRenderer. */
const bridge = vi.hoisted(() => ({ exposed: new Map<string, Record<string, unknown>>() }));

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events');
  const ipcRenderer = Object.assign(new EventEmitter(), { invoke: vi.fn(), send: vi.fn() });
  return {
    contextBridge: {
      exposeInMainWorld: (key: string, api: Record<string, unknown>) => bridge.exposed.set(key, api),
    },
    ipcRenderer,
  };
});

import { ipcRenderer } from 'electron';

type Fn = (...args: unknown[]) => unknown;

/** The preview preload watches the page's pointer presses: a window whose listeners the tests can call. */
const pageWindow = { listeners: new Map<string, (event: { isTrusted: boolean }) => void>() };
vi.stubGlobal('window', {
  addEventListener: (type: string, listener: (event: { isTrusted: boolean }) => void) =>
    pageWindow.listeners.set(type, listener),
});

async function loadPreload(name: 'editor' | 'preview'): Promise<Record<string, Fn>> {
  bridge.exposed.clear();
  pageWindow.listeners.clear();
  vi.resetModules();
  await import(`../../preload/${name}.ts`);
  expect([...bridge.exposed.keys()]).toEqual([name === 'editor' ? 'studio' : 'preview']);
  return [...bridge.exposed.values()][0] as Record<string, Fn>;
}

beforeEach(() => {
  vi.mocked(ipcRenderer.invoke).mockReset();
  vi.mocked(ipcRenderer.send).mockReset();
  ipcRenderer.removeAllListeners();
});

describe('editor preload', () => {
  it('exposes exactly one method per channel plus onPreviewEvent and onTeamEvent, and nothing of Electron', async () => {
    const studio = await loadPreload('editor');
    expect(Object.keys(studio).sort()).toEqual(
      [...SERVICE_CHANNELS, ...SHELL_CHANNELS, 'onPreviewEvent', 'onTeamEvent'].sort(),
    );
    for (const value of Object.values(studio)) {
      expect(typeof value).toBe('function');
      expect(value).not.toBe(ipcRenderer);
    }
  });

  it("invokes the channel on the wire and resolves with main's Result unchanged", async () => {
    const studio = await loadPreload('editor');
    const failure = { ok: false, error: { code: 'conflict', message: 'Saved by someone else' } };
    vi.mocked(ipcRenderer.invoke).mockResolvedValueOnce(failure);
    // Errors crossing contextBridge keep only their message, so the code must travel inside the Result.
    await expect(studio.saveContent!({ commitMessage: 'x' })).resolves.toEqual(failure);
    expect(ipcRenderer.invoke).toHaveBeenCalledWith(ipcName('saveContent'), { commitMessage: 'x' });

    vi.mocked(ipcRenderer.invoke).mockResolvedValueOnce({ ok: true, value: {} });
    await expect(studio.setPreviewBounds!({ x: 1 })).resolves.toEqual({ ok: true, value: {} });
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith(ipcName('setPreviewBounds'), { x: 1 });
  });

  it('hands preview-event listeners the payload only, and unsubscribes', async () => {
    const studio = await loadPreload('editor');
    const listener = vi.fn();
    const unsubscribe = studio.onPreviewEvent!(listener) as () => void;
    ipcRenderer.emit(PREVIEW_EVENT, { sender: ipcRenderer }, { type: 'select', id: 'hero-1' });
    expect(listener).toHaveBeenCalledExactlyOnceWith({ type: 'select', id: 'hero-1' });

    unsubscribe();
    expect(ipcRenderer.listenerCount(PREVIEW_EVENT)).toBe(0);
    ipcRenderer.emit(PREVIEW_EVENT, { sender: ipcRenderer }, { type: 'ready' });
    expect(listener).toHaveBeenCalledOnce();
  });

  it('hands team-event listeners the payload only, and unsubscribes', async () => {
    const studio = await loadPreload('editor');
    const listener = vi.fn();
    const unsubscribe = studio.onTeamEvent!(listener) as () => void;
    ipcRenderer.emit(TEAM_EVENT, { sender: ipcRenderer }, { type: 'resync', reason: 'gap' });
    expect(listener).toHaveBeenCalledExactlyOnceWith({ type: 'resync', reason: 'gap' });

    unsubscribe();
    expect(ipcRenderer.listenerCount(TEAM_EVENT)).toBe(0);
  });

  it('imports nothing but electron and the zod-free core modules (a tiny sandboxed bundle)', async () => {
    for (const name of ['editor', 'preview']) {
      const source = await readFile(join(import.meta.dirname, `../../preload/${name}.ts`), 'utf8');
      const specifiers = [...source.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g)].map((match) => match[1]);
      expect(specifiers.length).toBeGreaterThan(0);
      for (const specifier of specifiers) {
        expect(
          ['electron', '../core/channels', '../core/result', '../core/rules/userSelect'],
          `${name}: ${specifier}`,
        ).toContain(specifier);
      }
    }
  });
});

describe('preview preload', () => {
  it('exposes only onCommand, emit and navigate', async () => {
    const preview = await loadPreload('preview');
    expect(Object.keys(preview).sort()).toEqual(['emit', 'navigate', 'onCommand']);
  });

  it('forwards commands without the IPC event, and unsubscribes', async () => {
    const preview = await loadPreload('preview');
    const listener = vi.fn();
    const unsubscribe = preview.onCommand!(listener) as () => void;
    ipcRenderer.emit(PREVIEW_COMMAND, { sender: ipcRenderer }, { type: 'remove', id: 'hero-1' });
    expect(listener).toHaveBeenCalledExactlyOnceWith({ type: 'remove', id: 'hero-1' });
    unsubscribe();
    expect(ipcRenderer.listenerCount(PREVIEW_COMMAND)).toBe(0);
  });

  it('sends emitted events to main on the preview event channel', async () => {
    const preview = await loadPreload('preview');
    preview.emit!({ type: 'ready' });
    expect(ipcRenderer.send).toHaveBeenCalledExactlyOnceWith(PREVIEW_EMIT, { type: 'ready' });
  });

  it('sends a select only right after the user pressed a pointer in the preview, never for a script', async () => {
    const preview = await loadPreload('preview');
    preview.emit!({ type: 'select', id: 'hero-1' });
    pageWindow.listeners.get('pointerdown')!({ isTrusted: false });
    preview.emit!({ type: 'select', id: 'hero-1' });
    expect(ipcRenderer.send).not.toHaveBeenCalled();
    pageWindow.listeners.get('pointerdown')!({ isTrusted: true });
    preview.emit!({ type: 'select', id: 'hero-1' });
    expect(ipcRenderer.send).toHaveBeenCalledExactlyOnceWith(PREVIEW_EMIT, { type: 'select', id: 'hero-1' });
  });
});
