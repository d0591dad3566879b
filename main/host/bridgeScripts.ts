import { SERVICE_CHANNELS, SHELL_CHANNELS, TEAM_EVENTS_PATH } from '../../core/channels';
import { previewNavigationDecision } from '../../core/rules/navigation';
import { fitPreview } from '../../core/rules/viewport';
import { budgetKey, budgetNotice, spendBudget } from '../../core/rules/messageBudget';
import { mayEmitFromPreview } from '../../core/rules/userSelect';
import { PREVIEW_EVENT_BUDGETS } from '../../core/preview';

/** Where the browser host serves the preview document; each load of it carries a fresh token in ?load=. */
export const PREVIEW_PATH = '/preview/index.html';

/**
 * window.studio for the browser host: the same methods the Electron preload exposes, each a POST to
 * /api/<channel>. The shell channels do here what Electron's main does with the WebContentsView: an iframe
 * sandboxed without same-origin (so nothing in it can reach this window) is laid over the preview area.
 *
 * The preview's own origin is opaque ("null") and its window stays the same object whatever document it
 * shows, so neither identifies the preview document. Instead the editor loads the preview with a fresh token
 * in the URL, and hands each document that loads a MessagePort; the preview's bridge answers on it with the
 * token it was loaded with. Only a port so confirmed carries commands and events: window messages are never
 * listened to. A load after that (or a document that cannot answer) is the preview leaving its document: no
 * port for it, and while links are inactive it is put back and the editor told (previewReturned).
 * Navigation the preview asks for is decided here, by core/rules/navigation.ts, as Electron's will-navigate.
 * Events are rate-limited per type (core/rules/messageBudget.ts); the editor parses each with its schema.
 * Focus may enter the preview only after a real pointer or keyboard action there (issue 11, focus theft).
 */
export function editorBridgeScript(): string {
  return `(() => {
  'use strict';
  const serviceChannels = ${JSON.stringify(SERVICE_CHANNELS)};
  const shellChannels = ${JSON.stringify(SHELL_CHANNELS)};
  const fitPreview = ${fitPreview.toString()};
  const previewNavigationDecision = ${previewNavigationDecision.toString()};
  const spendBudget = ${spendBudget.toString()};
  const budgetNotice = ${budgetNotice.toString()};
  const budgetKey = ${budgetKey.toString()};
  const budgets = ${JSON.stringify(PREVIEW_EVENT_BUDGETS)};
  const previewPath = ${JSON.stringify(PREVIEW_PATH)};
  const previewUrl = location.origin + previewPath;
  // How long focus that entered the preview waits for the preview to report the pointer action behind it.
  const ACTIVATION_WAIT_MS = 300;
  const CONFIRM_WAIT_MS = 10_000;
  // A keystroke in the editor this recent means the editor is being typed in.
  const TYPING_MS = 1000;
  const listeners = new Set();
  let frame = null;
  let connection = null;
  // The editor itself sent the frame to a link it allowed; the load that follows is that page's.
  let followingLink = false;
  let linksActive = false;
  // Commands posted while no preview document has confirmed itself, from the last whole page (reset) on. The
  // document that confirms gets them at once, instead of asking with its ready and waiting for an editor
  // still mounting to answer; that ready is then not passed on, so the page is not sent twice. Commands
  // without a reset before them are not held (there is no whole page to give), nor a flood: its ready asks.
  let heldPage = null;
  const MAX_HELD_COMMANDS = 1000;
  const holdForPreview = (command) => {
    if (command && command.type === 'reset') heldPage = [command];
    else if (heldPage && heldPage.length < MAX_HELD_COMMANDS) heldPage.push(command);
    else heldPage = null;
  };

  const deliver = (event) => {
    for (const listener of listeners) listener(event);
  };
  const receive = (own, port, message) => {
    if (connection !== own || own.port !== port || !message || typeof message !== 'object') return;
    if (!own.confirmed) {
      if (message.kind !== 'hello' || message.token !== own.token) return;
      own.confirmed = true;
      // The page the editor posted before this document could take it, given now: its ready asks no more.
      own.pageGiven = heldPage !== null;
      for (const command of heldPage ?? []) own.port.postMessage(command);
      heldPage = null;
      return;
    }
    if (message.kind === 'activated') return previewActivated();
    if (message.kind === 'typed' && typeof message.key === 'string' && message.key.length === 1) return typedForEditor(message.key);
    if (message.kind === 'navigate') return navigatePreview(String(message.url));
    if (message.kind !== 'event') return;
    const event = message.event;
    if (own.pageGiven && event && event.type === 'ready') {
      own.pageGiven = false;
      return;
    }
    const type = budgetKey(event, budgets);
    const spent = spendBudget(own.budgets.get(type), Date.now(), budgets[type]);
    own.budgets.set(type, spent.state);
    if (spent.verdict === 'drop-and-notify') own.port.postMessage({ type: 'notice', message: budgetNotice(type, budgets[type]) });
    if (spent.verdict === 'accept' && type !== 'malformed') deliver(event);
  };
  const disconnect = () => {
    connection?.port?.close();
    clearTimeout(connection?.confirmTimer);
    connection = null;
  };
  // The preview document the editor loads: its token, and the port of the document that answered with it.
  const loadPreview = () => {
    disconnect();
    connection = { token: crypto.randomUUID(), port: null, confirmed: false, confirmTimer: null, budgets: new Map() };
    followingLink = false;
    frame.src = previewPath + '?load=' + connection.token;
  };
  // Each document loaded while the token is unanswered gets a port of its own: the one still going away as the
  // new one comes, and the new one. Only the document that answers with the token is heard.
  const handOver = (own) => {
    own.port?.close();
    const channel = new MessageChannel();
    own.port = channel.port1;
    channel.port1.onmessage = ({ data }) => receive(own, channel.port1, data);
    frame.contentWindow?.postMessage({ type: 'studio:commandPort' }, '*', [channel.port2]);
    // The preview's bridge answers at once; a document that cannot is not the preview the editor loaded (one
    // that took its place by navigating just before it).
    clearTimeout(own.confirmTimer);
    own.confirmTimer = setTimeout(() => {
      if (connection === own && !own.confirmed) leftPreview();
    }, CONFIRM_WAIT_MS);
  };
  const navigatePreview = (url) => {
    if (previewNavigationDecision({ url, kind: 'navigate', linksActive, previewUrl }) !== 'allow') {
      connection?.port.postMessage({ type: 'notice', message: 'Navigation to ' + url.slice(0, 200) + ' was blocked.' });
      return;
    }
    disconnect();
    followingLink = true;
    frame.src = url;
  };
  // The frame left the preview document by itself (a script, a form): whatever it shows now gets no port.
  const leftPreview = () => {
    disconnect();
    if (!linksActive) {
      loadPreview();
      deliver({ type: 'previewReturned' });
    }
  };
  const onFrameLoad = () => {
    if (followingLink) {
      followingLink = false;
      return;
    }
    if (connection && !connection.confirmed) return handOver(connection);
    // The confirmed preview document was replaced, or the page a link led to moved on: not by the editor.
    leftPreview();
  };

  // Focus: the preview's bridge reports real pointer actions in it; a Tab from the editor counts as well.
  let lastEditorFocus = null;
  let lastKeyAt = 0;
  let lastTabAt = 0;
  let pointerOverFrame = false;
  let activationTimer = null;
  let previewHasFocus = false;
  let focusGivenBackAt = -Infinity;
  let focusGivenBackTo = null;
  const previewActivated = () => {
    previewHasFocus = true;
    clearTimeout(activationTimer);
    // A click into the preview right after typing in the editor was taken for a script's: the user's it is.
    // Unless the editor has moved focus on purpose since (a click on a block focuses its row).
    const focusUntouched = document.activeElement === focusGivenBackTo;
    if (document.activeElement !== frame && focusUntouched && Date.now() - focusGivenBackAt < ACTIVATION_WAIT_MS) {
      frame.focus();
      connection?.port?.postMessage({ type: 'studio:activate' });
    }
  };
  const giveFocusBack = () => {
    if (document.activeElement !== frame) return;
    focusGivenBackAt = Date.now();
    if (lastEditorFocus && lastEditorFocus.isConnected) lastEditorFocus.focus({ preventScroll: true });
    else frame.blur();
    focusGivenBackTo = document.activeElement;
  };
  // A key the user typed while a script held the focus was meant for the editor: the preview's bridge kept it
  // from the page and hands it back, and it goes where the user was typing.
  const typedForEditor = (key) => {
    giveFocusBack();
    if (lastEditorFocus && document.activeElement === lastEditorFocus) document.execCommand('insertText', false, key);
  };
  document.addEventListener('focusin', (event) => {
    if (event.target !== frame) lastEditorFocus = event.target;
  }, true);
  document.addEventListener('keydown', (event) => {
    lastKeyAt = Date.now();
    if (event.key === 'Tab') lastTabAt = lastKeyAt;
  }, true);
  window.addEventListener('focus', () => {
    previewHasFocus = false;
  });
  window.addEventListener('blur', () => {
    setTimeout(() => {
      if (!frame || document.activeElement !== frame || previewHasFocus) return;
      const now = Date.now();
      if (now - lastTabAt < ACTIVATION_WAIT_MS) {
        previewHasFocus = true;
        if (connection && connection.confirmed) connection.port.postMessage({ type: 'studio:activate' });
        return;
      }
      // A page the preview followed a link to has no bridge to report pointer actions: the pointer over the
      // frame, with the editor not being typed in, stands for one there.
      if (!connection && pointerOverFrame && now - lastKeyAt > TYPING_MS) return;
      clearTimeout(activationTimer);
      // While the editor is being typed in, or with no pointer over the preview (no click of the user's can be
      // behind it), at once; otherwise after a moment for the preview to report the pointer action.
      if (now - lastKeyAt < TYPING_MS || !pointerOverFrame) giveFocusBack();
      else activationTimer = setTimeout(giveFocusBack, ACTIVATION_WAIT_MS);
    }, 0);
  });

  const previewFrame = () => {
    if (frame) return frame;
    frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.setAttribute('title', 'Live preview');
    frame.setAttribute('data-testid', 'preview-frame');
    frame.addEventListener('load', onFrameLoad);
    frame.addEventListener('pointerenter', () => { pointerOverFrame = true; });
    frame.addEventListener('pointerleave', () => { pointerOverFrame = false; });
    Object.assign(frame.style, { position: 'fixed', border: '0', display: 'none', background: '#fff', zIndex: '1' });
    loadPreview();
    document.body.appendChild(frame);
    return frame;
  };
  // The preview document starts with the editor's, as Electron loads its view with the window: its bundle
  // loads while the editor's runs, not after the editor first lays the preview out. 'interactive' comes
  // before the app's module scripts run.
  if (document.readyState === 'loading') document.addEventListener('readystatechange', () => previewFrame(), { once: true });
  else previewFrame();
  const shell = {
    setPreviewBounds: (bounds) => {
      const view = previewFrame();
      // The editor put its preview away (it left the page): a page held for it is no one's to show.
      if (!bounds.visible) heldPage = null;
      const layout = fitPreview(bounds, bounds.viewportWidth);
      // Zoomed out as Electron's setZoomFactor would: the page is laid out wider and scaled to fit.
      Object.assign(view.style, {
        left: layout.x + 'px', top: layout.y + 'px',
        width: layout.width / layout.zoom + 'px', height: layout.height / layout.zoom + 'px',
        transform: 'scale(' + layout.zoom + ')', transformOrigin: '0 0',
        display: bounds.visible && bounds.width > 0 ? 'block' : 'none',
        // Behind a dialog the frame stays in view under the dialog's overlay (z-index 1 against its 10), dimmed
        // by it, and takes no input.
        pointerEvents: bounds.behindDialog ? 'none' : '',
      });
      view.inert = bounds.behindDialog === true;
      return { ok: true, value: {} };
    },
    // The frame lies under the editor's dialogs, so it is never hidden for one and needs no snapshot.
    snapshotPreview: () => ({ ok: true, value: { image: null } }),
    postToPreview: (command) => {
      previewFrame();
      if (command && command.type === 'links') linksActive = command.active === true;
      if (connection && connection.confirmed) connection.port.postMessage(command);
      else holdForPreview(command);
      return { ok: true, value: {} };
    },
    reloadPreview: () => {
      previewFrame();
      loadPreview();
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
  // Team events (core/team.ts) arrive over one EventSource on the host, opened with the first listener;
  // EventSource reconnects by itself, and the host sends the status and presence again on each connection.
  const teamListeners = new Set();
  let teamEvents = null;
  const onTeamEvent = (listener) => {
    teamListeners.add(listener);
    if (!teamEvents) {
      teamEvents = new EventSource(${JSON.stringify(TEAM_EVENTS_PATH)});
      teamEvents.onmessage = ({ data }) => {
        let event;
        try {
          event = JSON.parse(data);
        } catch {
          return;
        }
        for (const each of teamListeners) each(event);
      };
    }
    return () => teamListeners.delete(listener);
  };
  const studio = { onPreviewEvent: (listener) => { listeners.add(listener); return () => listeners.delete(listener); }, onTeamEvent };
  for (const channel of serviceChannels) studio[channel] = (input) => callService(channel, input);
  for (const channel of shellChannels) studio[channel] = async (input) => shell[channel](input);
  window.studio = Object.freeze(studio);
})();
`;
}

/**
 * window.preview for the browser host: the preview's one narrow bridge. It runs before any of the page's own
 * scripts, keeps what it needs (the port, the original functions) where they cannot reach, and talks to the
 * editor only on the MessagePort the editor hands this document, after answering with the token this
 * document was loaded with. navigate() asks the editor, which applies the navigation rule. Until the user
 * puts a pointer action into the preview (or tabs into it), scripts cannot take focus and keystrokes are
 * swallowed, so text typed for the editor never lands here: typed characters are handed back to the editor.
 */
export function previewBridgeScript(): string {
  return `(() => {
  'use strict';
  const MAX_QUEUED_EVENTS = 100;
  const mayEmitFromPreview = ${mayEmitFromPreview.toString()};
  let lastUserPointerAt = -Infinity;
  const apply = Reflect.apply;
  const postOnPort = MessagePort.prototype.postMessage;
  const token = new URLSearchParams(location.search).get('load') ?? '';
  const commandListeners = new Set();
  const queued = [];
  let port = null;
  let activated = false;
  const send = (message) => {
    if (port) apply(postOnPort, port, [message]);
    else if (queued.length < MAX_QUEUED_EVENTS) queued.push(message);
  };
  addEventListener('message', (event) => {
    if (port || event.source !== window.parent || !event.data || event.data.type !== 'studio:commandPort' || !event.ports[0]) return;
    event.stopImmediatePropagation();
    port = event.ports[0];
    port.onmessage = ({ data }) => {
      if (data && data.type === 'studio:activate') activated = true;
      else for (const listener of commandListeners) listener(data);
    };
    apply(postOnPort, port, [{ kind: 'hello', token }]);
    for (const message of queued.splice(0)) apply(postOnPort, port, [message]);
  }, true);

  const userAction = (event) => {
    if (!event.isTrusted) return;
    lastUserPointerAt = Date.now();
    if (activated) return;
    activated = true;
    send({ kind: 'activated' });
  };
  addEventListener('pointerdown', userAction, true);
  addEventListener('blur', (event) => {
    if (event.isTrusted && event.target === window) activated = false;
  }, true);
  for (const type of ['keydown', 'keypress', 'keyup', 'beforeinput', 'input', 'paste', 'compositionstart']) {
    addEventListener(type, (event) => {
      if (activated) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const printable = event.key && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
      if (type === 'keydown' && event.isTrusted && printable) send({ kind: 'typed', key: event.key });
    }, true);
  }
  // Focus calls do nothing until the user acts here; the editor takes back any focus that gets in anyway.
  for (const owner of [HTMLElement.prototype, SVGElement.prototype, window]) {
    const focus = owner.focus;
    owner.focus = function (...args) {
      if (activated) return apply(focus, this, args);
    };
  }

  window.preview = Object.freeze({
    onCommand: (listener) => {
      commandListeners.add(listener);
      return () => commandListeners.delete(listener);
    },
    emit: (event) => {
      if (mayEmitFromPreview(event, lastUserPointerAt, Date.now())) send({ kind: 'event', event });
    },
    navigate: (url) => send({ kind: 'navigate', url: String(url) }),
  });
})();
`;
}
