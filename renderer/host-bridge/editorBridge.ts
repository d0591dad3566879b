import { SERVICE_CHANNELS, TEAM_EVENTS_PATH, type ServiceChannel, type ShellChannel } from '../../core/channels';
import type { StudioBridge } from '../../core/contract';
import { PREVIEW_EVENT_BUDGETS } from '../../core/previewBudgets';
import type { Result } from '../../core/result';
import { budgetKey, budgetNotice, spendBudget, type BudgetState } from '../../core/rules/messageBudget';
import { previewNavigationDecision } from '../../core/rules/navigation';
import { fitPreview } from '../../core/rules/viewport';
import { editorPathBookmark, PREVIEW_PAGE_PARAMETER } from '../../core/rules/editorRoutes';
import { ACTIVATE, PORT_OFFER, type FromPreview, type PortOffer, type ToPreview } from './messages';

/*
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
 *
 * The browser host serves this file (built by electron.vite.config.ts) as /host/studio.js, in the editor page's
 * head: it runs before the app's module scripts.
 */

declare global {
  interface Window {
    studio: StudioBridge;
  }
}

/** Where the browser host serves the preview document; each load of it carries a fresh token in ?load=. */
const PREVIEW_PATH = '/preview/index.html';
const previewUrl = location.origin + PREVIEW_PATH;
// How long focus that entered the preview waits for the preview to report the pointer action behind it.
const ACTIVATION_WAIT_MS = 300;
const CONFIRM_WAIT_MS = 10_000;
// A keystroke in the editor this recent means the editor is being typed in.
const TYPING_MS = 1000;

type PreviewEventListener = (event: unknown) => void;

/** The preview document the editor loaded: its token, and the port of the document that answered with it. */
interface Connection {
  token: string;
  port: MessagePort | null;
  confirmed: boolean;
  confirmTimer: ReturnType<typeof setTimeout> | undefined;
  budgets: Map<string, BudgetState>;
  /** The page held for the preview was given on confirmation: the ready that follows asks for it no more. */
  pageGiven: boolean;
}

const listeners = new Set<PreviewEventListener>();
let connection: Connection | null = null;
// The editor itself sent the frame to a link it allowed; the load that follows is that page's.
let followingLink = false;
let linksActive = false;
// Commands posted while no preview document has confirmed itself, from the last whole page (reset) on. The
// document that confirms gets them at once, instead of asking with its ready and waiting for an editor
// still mounting to answer; that ready is then not passed on, so the page is not sent twice. Commands
// without a reset before them are not held (there is no whole page to give), nor a flood: its ready asks.
let heldPage: ToPreview[] | null = null;
const MAX_HELD_COMMANDS = 1000;
const holdForPreview = (command: ToPreview): void => {
  if (command && command.type === 'reset') heldPage = [command];
  else if (heldPage && heldPage.length < MAX_HELD_COMMANDS) heldPage.push(command);
  else heldPage = null;
};

const deliver = (event: unknown): void => {
  for (const listener of listeners) listener(event);
};
const post = (port: MessagePort, message: ToPreview): void => port.postMessage(message);

/** A message on a preview document's port: untrusted in shape until each field is checked. */
const receive = (own: Connection, port: MessagePort, data: unknown): void => {
  if (connection !== own || own.port !== port || !data || typeof data !== 'object') return;
  const message = data as Partial<Record<keyof FromPreview | 'token' | 'key' | 'url' | 'event', unknown>>;
  if (!own.confirmed) {
    if (message.kind !== 'hello' || message.token !== own.token) return;
    own.confirmed = true;
    // The page the editor posted before this document could take it, given now: its ready asks no more.
    own.pageGiven = heldPage !== null;
    for (const command of heldPage ?? []) post(port, command);
    heldPage = null;
    return;
  }
  if (message.kind === 'activated') return previewActivated();
  if (message.kind === 'typed' && typeof message.key === 'string' && message.key.length === 1)
    return typedForEditor(message.key);
  if (message.kind === 'navigate') return navigatePreview(String(message.url));
  if (message.kind !== 'event') return;
  const event = message.event as { type?: unknown } | null | undefined;
  if (own.pageGiven && event && event.type === 'ready') {
    own.pageGiven = false;
    return;
  }
  // budgetKey answers one of the budgets' own keys ('malformed' for anything of no known type).
  const type = budgetKey(event, PREVIEW_EVENT_BUDGETS) as keyof typeof PREVIEW_EVENT_BUDGETS;
  const spent = spendBudget(own.budgets.get(type), Date.now(), PREVIEW_EVENT_BUDGETS[type]);
  own.budgets.set(type, spent.state);
  if (spent.verdict === 'drop-and-notify')
    post(port, { type: 'notice', message: budgetNotice(type, PREVIEW_EVENT_BUDGETS[type]) });
  if (spent.verdict === 'accept' && type !== 'malformed') deliver(event);
};
const disconnect = (): void => {
  connection?.port?.close();
  clearTimeout(connection?.confirmTimer);
  connection = null;
};

const frame = document.createElement('iframe');
frame.setAttribute('sandbox', 'allow-scripts');
frame.setAttribute('title', 'Live preview');
frame.setAttribute('data-testid', 'preview-frame');
Object.assign(frame.style, { position: 'fixed', border: '0', display: 'none', background: '#fff', zIndex: '1' });
// The frame goes into the page, loading the preview document, on the first call of previewFrame().
let frameMounted = false;

/**
 * The page the editor opens at, read from its address as the editor's router does: the preview document is
 * then asked for with it and arrives with its first blocks rendered by the host (issue 25), while the editor
 * still loads. Only for the first load: a page opened later reaches the preview by command.
 */
const openingPage = (): string | null => {
  try {
    return editorPathBookmark(location.hash.replace(/^#/, ''));
  } catch {
    return null;
  }
};
let firstLoad = true;

const loadPreview = (): void => {
  disconnect();
  connection = {
    token: crypto.randomUUID(),
    port: null,
    confirmed: false,
    confirmTimer: undefined,
    budgets: new Map(),
    pageGiven: false,
  };
  followingLink = false;
  const page = firstLoad ? openingPage() : null;
  firstLoad = false;
  frame.src =
    PREVIEW_PATH +
    '?load=' +
    connection.token +
    (page ? '&' + PREVIEW_PAGE_PARAMETER + '=' + encodeURIComponent(page) : '');
};
// Each document loaded while the token is unanswered gets a port of its own: the one still going away as the
// new one comes, and the new one. Only the document that answers with the token is heard.
const handOver = (own: Connection): void => {
  own.port?.close();
  const channel = new MessageChannel();
  own.port = channel.port1;
  channel.port1.onmessage = ({ data }: MessageEvent<unknown>) => receive(own, channel.port1, data);
  const offer: PortOffer = { type: PORT_OFFER };
  frame.contentWindow?.postMessage(offer, '*', [channel.port2]);
  // The preview's bridge answers at once; a document that cannot is not the preview the editor loaded (one
  // that took its place by navigating just before it).
  clearTimeout(own.confirmTimer);
  own.confirmTimer = setTimeout(() => {
    if (connection === own && !own.confirmed) leftPreview();
  }, CONFIRM_WAIT_MS);
};
const navigatePreview = (url: string): void => {
  if (previewNavigationDecision({ url, kind: 'navigate', linksActive, previewUrl }) !== 'allow') {
    if (connection?.port)
      post(connection.port, { type: 'notice', message: 'Navigation to ' + url.slice(0, 200) + ' was blocked.' });
    return;
  }
  disconnect();
  followingLink = true;
  frame.src = url;
};
// The frame left the preview document by itself (a script, a form): whatever it shows now gets no port.
const leftPreview = (): void => {
  disconnect();
  if (!linksActive) {
    loadPreview();
    deliver({ type: 'previewReturned' });
  }
};
const onFrameLoad = (): void => {
  if (followingLink) {
    followingLink = false;
    return;
  }
  if (connection && !connection.confirmed) return handOver(connection);
  // The confirmed preview document was replaced, or the page a link led to moved on: not by the editor.
  leftPreview();
};

// Focus: the preview's bridge reports real pointer actions in it; a Tab from the editor counts as well.
type Focusable = Element & HTMLOrSVGElement;
let lastEditorFocus: Focusable | null = null;
let lastKeyAt = 0;
let lastTabAt = 0;
let pointerOverFrame = false;
let activationTimer: ReturnType<typeof setTimeout> | undefined;
let previewHasFocus = false;
let focusGivenBackAt = -Infinity;
let focusGivenBackTo: Element | null = null;
const activatePreview = (): void => {
  if (connection?.confirmed && connection.port) post(connection.port, { type: ACTIVATE });
};
const previewActivated = (): void => {
  previewHasFocus = true;
  clearTimeout(activationTimer);
  // A click into the preview right after typing in the editor was taken for a script's: the user's it is.
  // Unless the editor has moved focus on purpose since (a click on a block focuses its row).
  const focusUntouched = document.activeElement === focusGivenBackTo;
  if (document.activeElement !== frame && focusUntouched && Date.now() - focusGivenBackAt < ACTIVATION_WAIT_MS) {
    frame.focus();
    activatePreview();
  }
};
const giveFocusBack = (): void => {
  if (document.activeElement !== frame) return;
  focusGivenBackAt = Date.now();
  if (lastEditorFocus && lastEditorFocus.isConnected) lastEditorFocus.focus({ preventScroll: true });
  else frame.blur();
  focusGivenBackTo = document.activeElement;
};
// A key the user typed while a script held the focus was meant for the editor: the preview's bridge kept it
// from the page and hands it back, and it goes where the user was typing.
const typedForEditor = (key: string): void => {
  giveFocusBack();
  if (lastEditorFocus && document.activeElement === lastEditorFocus) document.execCommand('insertText', false, key);
};
document.addEventListener(
  'focusin',
  (event) => {
    // focusin's target is the element that took the focus.
    if (event.target !== frame) lastEditorFocus = event.target as Focusable;
  },
  true,
);
document.addEventListener(
  'keydown',
  (event) => {
    lastKeyAt = Date.now();
    if (event.key === 'Tab') lastTabAt = lastKeyAt;
  },
  true,
);
window.addEventListener('focus', () => {
  previewHasFocus = false;
});
window.addEventListener('blur', () => {
  setTimeout(() => {
    if (!frameMounted || document.activeElement !== frame || previewHasFocus) return;
    const now = Date.now();
    if (now - lastTabAt < ACTIVATION_WAIT_MS) {
      previewHasFocus = true;
      activatePreview();
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

frame.addEventListener('load', onFrameLoad);
frame.addEventListener('pointerenter', () => {
  pointerOverFrame = true;
});
frame.addEventListener('pointerleave', () => {
  pointerOverFrame = false;
});
const previewFrame = (): HTMLIFrameElement => {
  if (frameMounted) return frame;
  frameMounted = true;
  loadPreview();
  document.body.appendChild(frame);
  return frame;
};
// The preview document starts with the editor's, as Electron loads its view with the window: its bundle
// loads while the editor's runs, not after the editor first lays the preview out. 'interactive' comes
// before the app's module scripts run.
if (document.readyState === 'loading')
  document.addEventListener('readystatechange', () => previewFrame(), { once: true });
else previewFrame();

const done = (): Result<Record<string, never>> => ({ ok: true, value: {} });
const shell: Pick<StudioBridge, ShellChannel> = {
  setPreviewBounds: async (bounds) => {
    const view = previewFrame();
    // The editor put its preview away (it left the page): a page held for it is no one's to show.
    if (!bounds.visible) heldPage = null;
    const layout = fitPreview(bounds, bounds.viewportWidth);
    // Zoomed out as Electron's setZoomFactor would: the page is laid out wider and scaled to fit.
    Object.assign(view.style, {
      left: layout.x + 'px',
      top: layout.y + 'px',
      width: layout.width / layout.zoom + 'px',
      height: layout.height / layout.zoom + 'px',
      transform: 'scale(' + layout.zoom + ')',
      transformOrigin: '0 0',
      display: bounds.visible && bounds.width > 0 ? 'block' : 'none',
      // Behind a dialog the frame stays in view under the dialog's overlay (z-index 1 against its 10), dimmed
      // by it, and takes no input.
      pointerEvents: bounds.behindDialog ? 'none' : '',
    });
    view.inert = bounds.behindDialog === true;
    return done();
  },
  // The frame lies under the editor's dialogs, so it is never hidden for one and needs no snapshot.
  snapshotPreview: async () => ({ ok: true, value: { image: null } }),
  postToPreview: async (command) => {
    previewFrame();
    if (command && command.type === 'links') linksActive = command.active === true;
    if (connection && connection.confirmed && connection.port) post(connection.port, command);
    else holdForPreview(command);
    return done();
  },
  reloadPreview: async () => {
    previewFrame();
    loadPreview();
    return done();
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
const callService = async (channel: ServiceChannel, input: unknown): Promise<Result<unknown>> => {
  try {
    const body = JSON.stringify(input ?? {});
    const response = await fetch('/api/' + channel, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: leaving && body.length < KEEPALIVE_MAX_BYTES,
    });
    return (await response.json()) as Result<unknown>;
  } catch (error) {
    return {
      ok: false,
      error: { code: 'unavailable', message: 'Storefront Studio is not reachable: ' + (error as Error).message },
    };
  }
};
// The host answers each channel with its contract's Result (main/host/dispatch.ts checks the output).
const services = Object.fromEntries(
  SERVICE_CHANNELS.map((channel) => [channel, (input: unknown) => callService(channel, input)]),
) as Pick<StudioBridge, ServiceChannel>;

// Team events (core/team.ts) arrive over one EventSource on the host, opened with the first listener;
// EventSource reconnects by itself, and the host sends the status and presence again on each connection.
const teamListeners = new Set<(event: unknown) => void>();
let teamEvents: EventSource | null = null;
const onTeamEvent = (listener: (event: unknown) => void): (() => void) => {
  teamListeners.add(listener);
  if (!teamEvents) {
    teamEvents = new EventSource(TEAM_EVENTS_PATH);
    teamEvents.onmessage = ({ data }: MessageEvent<string>) => {
      let event: unknown;
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
const onPreviewEvent = (listener: PreviewEventListener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

window.studio = Object.freeze({ onPreviewEvent, onTeamEvent, ...services, ...shell });
