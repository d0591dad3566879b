import { mayEmitFromPreview } from '../../core/rules/userSelect';
import { ACTIVATE, PORT_OFFER, type FromPreview, type PostedCommand, type ToPreview } from './messages';

/*
 * window.preview for the browser host: the preview's one narrow bridge. It runs before any of the page's own
 * scripts, keeps what it needs (the port, the original functions) where they cannot reach, and talks to the
 * editor only on the MessagePort the editor hands this document, after answering with the token this
 * document was loaded with. navigate() asks the editor, which applies the navigation rule. Until the user
 * puts a pointer action into the preview (or tabs into it), scripts cannot take focus and keystrokes are
 * swallowed, so text typed for the editor never lands here: typed characters are handed back to the editor.
 *
 * The browser host serves this file (built by electron.vite.config.ts) as /host/preview-bridge.js, in the
 * preview page's head, the one script of its origin the preview's CSP names (core/preview.ts).
 */

interface PreviewBridge {
  onCommand(listener: (command: PostedCommand) => void): () => void;
  /** Anything a page script hands it: the editor's bridge checks the type, the editor the whole event. */
  emit(event: unknown): void;
  navigate(url: string): void;
}

declare global {
  interface Window {
    preview: PreviewBridge;
  }
}

const MAX_QUEUED_EVENTS = 100;
let lastUserPointerAt = -Infinity;
// Taken before any page script runs: a script that replaces them later cannot read what goes to the editor.
const apply = Reflect.apply;
const postOnPort = MessagePort.prototype.postMessage;
const token = new URLSearchParams(location.search).get('load') ?? '';
const commandListeners = new Set<(command: PostedCommand) => void>();
const queued: FromPreview[] = [];
let port: MessagePort | null = null;
let activated = false;
const send = (message: FromPreview): void => {
  if (port) apply(postOnPort, port, [message]);
  else if (queued.length < MAX_QUEUED_EVENTS) queued.push(message);
};
addEventListener(
  'message',
  (event) => {
    const offer = event.data as { type?: unknown } | null | undefined;
    if (port || event.source !== window.parent || !offer || offer.type !== PORT_OFFER || !event.ports[0]) return;
    event.stopImmediatePropagation();
    const own = event.ports[0];
    port = own;
    own.onmessage = ({ data }: MessageEvent<ToPreview>) => {
      if (data && data.type === ACTIVATE) activated = true;
      else for (const listener of commandListeners) listener(data);
    };
    apply(postOnPort, own, [{ kind: 'hello', token } satisfies FromPreview]);
    for (const message of queued.splice(0)) apply(postOnPort, own, [message]);
  },
  true,
);

const userAction = (event: PointerEvent): void => {
  if (!event.isTrusted) return;
  lastUserPointerAt = Date.now();
  if (activated) return;
  activated = true;
  send({ kind: 'activated' });
};
addEventListener('pointerdown', userAction, true);
addEventListener(
  'blur',
  (event) => {
    if (event.isTrusted && event.target === window) activated = false;
  },
  true,
);
/** A key that types one character: what the editor's bridge puts where the user was typing. */
const printable = (event: Event): boolean => {
  const { key, ctrlKey, metaKey, altKey } = event as Partial<KeyboardEvent>;
  return typeof key === 'string' && key.length === 1 && !ctrlKey && !metaKey && !altKey;
};
for (const type of ['keydown', 'keypress', 'keyup', 'beforeinput', 'input', 'paste', 'compositionstart']) {
  addEventListener(
    type,
    (event) => {
      if (activated) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (type === 'keydown' && event.isTrusted && printable(event))
        send({ kind: 'typed', key: (event as KeyboardEvent).key });
    },
    true,
  );
}
// Focus calls do nothing until the user acts here; the editor takes back any focus that gets in anyway.
for (const owner of [HTMLElement.prototype, SVGElement.prototype, window] as { focus(...args: unknown[]): void }[]) {
  const focus = owner.focus;
  owner.focus = function (this: unknown, ...args: unknown[]) {
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
} satisfies PreviewBridge);
