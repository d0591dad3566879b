import { SERVICE_CHANNELS, SHELL_CHANNELS } from '../../core/channels';
import { previewNavigationDecision } from '../../core/rules/navigation';
import { fitPreview } from '../../core/rules/viewport';

/**
 * window.studio for the browser host: the same methods the Electron preload exposes, each a POST to
 * /api/<channel>. The shell channels do here what Electron's main does with the WebContentsView: an iframe
 * sandboxed without same-origin (so nothing in it can reach this window) is laid over the preview area, and
 * commands cross on a MessagePort handed to each preview document and events by postMessage, checked by source window.
 */
export function editorBridgeScript(): string {
  return `(() => {
  'use strict';
  const serviceChannels = ${JSON.stringify(SERVICE_CHANNELS)};
  const shellChannels = ${JSON.stringify(SHELL_CHANNELS)};
  const fitPreview = ${fitPreview.toString()};
  const listeners = new Set();
  let frame = null;
  let commandPort = null;
  // Commands go through a MessagePort handed to each preview document: a direct pipe to the preview's
  // process, where window.postMessage to a cross-origin frame is routed through the browser process first.
  // Commands sent before the document has loaded wait in the port's queue.
  const connectPreview = (view) => {
    const channel = new MessageChannel();
    commandPort?.close();
    commandPort = channel.port1;
    view.addEventListener('load', () => view.contentWindow?.postMessage({ type: 'studio:commandPort' }, '*', [channel.port2]), { once: true });
  };
  const previewFrame = () => {
    if (frame) return frame;
    frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.setAttribute('title', 'Live preview');
    frame.setAttribute('data-testid', 'preview-frame');
    connectPreview(frame);
    frame.src = '/preview/index.html';
    Object.assign(frame.style, { position: 'fixed', border: '0', display: 'none', background: '#fff', zIndex: '1' });
    document.body.appendChild(frame);
    return frame;
  };
  window.addEventListener('message', (event) => {
    if (!frame || event.source !== frame.contentWindow) return;
    for (const listener of listeners) listener(event.data);
  });
  const shell = {
    setPreviewBounds: (bounds) => {
      const view = previewFrame();
      const layout = fitPreview(bounds, bounds.viewportWidth);
      // Zoomed out as Electron's setZoomFactor would: the page is laid out wider and scaled to fit.
      Object.assign(view.style, {
        left: layout.x + 'px', top: layout.y + 'px',
        width: layout.width / layout.zoom + 'px', height: layout.height / layout.zoom + 'px',
        transform: 'scale(' + layout.zoom + ')', transformOrigin: '0 0',
        display: bounds.visible && bounds.width > 0 ? 'block' : 'none',
      });
      return { ok: true, value: {} };
    },
    postToPreview: (command) => {
      previewFrame();
      commandPort.postMessage(command);
      return { ok: true, value: {} };
    },
    reloadPreview: () => {
      connectPreview(previewFrame());
      previewFrame().src = '/preview/index.html';
      return { ok: true, value: {} };
    },
  };
  // A request sent as the page goes away (the last draft write) must outlive it: keepalive, which the
  // browser allows for bodies up to 64 KB in flight, so only then. This script runs before the app's, so its
  // pagehide listener runs first.
  const KEEPALIVE_MAX_BYTES = 60000;
  let leaving = false;
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
  const callService = async (channel, input) => {
    try {
      const body = JSON.stringify(input ?? {});
      const response = await fetch('/api/' + channel, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        keepalive: leaving && body.length < KEEPALIVE_MAX_BYTES,
      });
      return await response.json();
    } catch (error) {
      return { ok: false, error: { code: 'unavailable', message: 'Storefront Studio is not reachable: ' + error.message } };
    }
  };
  const studio = { onPreviewEvent: (listener) => { listeners.add(listener); return () => listeners.delete(listener); } };
  for (const channel of serviceChannels) studio[channel] = (input) => callService(channel, input);
  for (const channel of shellChannels) studio[channel] = async (input) => shell[channel](input);
  window.studio = Object.freeze(studio);
})();
`;
}

/**
 * window.preview for the browser host: the preview's one narrow bridge, by postMessage to its parent only.
 * navigate() applies the same gate as Electron's main (core/rules/navigation.ts), following the Links in
 * Preview toggle it sees pass by; new windows are impossible anyway (the sandbox has no allow-popups).
 */
export function previewBridgeScript(editorOrigin: string): string {
  return `(() => {
  'use strict';
  const editorOrigin = ${JSON.stringify(editorOrigin)};
  const previewNavigationDecision = ${previewNavigationDecision.toString()};
  let linksActive = false;
  const commandListeners = new Set();
  let commandPort = null;
  // The editor's commands arrive on a MessagePort it hands over once per document. This script runs before
  // any of the page's own scripts, so they never see the port.
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || !event.data || event.data.type !== 'studio:commandPort' || !event.ports[0]) return;
    event.stopImmediatePropagation();
    commandPort?.close();
    commandPort = event.ports[0];
    commandPort.onmessage = ({ data }) => {
      if (data && data.type === 'links') linksActive = data.active === true;
      for (const listener of commandListeners) listener(data);
    };
  });
  window.preview = Object.freeze({
    onCommand: (listener) => {
      commandListeners.add(listener);
      return () => commandListeners.delete(listener);
    },
    emit: (event) => window.parent.postMessage(event, editorOrigin),
    navigate: (url) => {
      const decision = previewNavigationDecision({ url, kind: 'navigate', linksActive, previewUrl: location.href });
      if (decision === 'allow') location.assign(url);
      else window.parent.postMessage({ type: 'scriptError', message: 'Navigation to ' + url + ' was blocked.' }, editorOrigin);
    },
  });
})();
`;
}
