import { act, createElement, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';
import { TooltipProvider } from '../../../renderer/editor/src/ui/Tooltip';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * A React root in a fresh element of the (happy-dom) document for each test, unmounted after it. Call once at
 * the top of a test file; read `host` and `root` inside the tests. What it renders sits in the app's tooltip
 * provider, as under App.
 */
export function reactRootPerTest(): { readonly host: HTMLElement; readonly root: Root } {
  let host: HTMLElement | undefined;
  let root: Root | undefined;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    const reactRoot = createRoot(host);
    root = {
      render: (children: ReactNode) => reactRoot.render(createElement(TooltipProvider, null, children)),
      unmount: () => reactRoot.unmount(),
    };
  });
  afterEach(() => {
    act(() => root?.unmount());
    host?.remove();
  });
  return {
    get host() {
      if (!host) throw new Error('reactRootPerTest: read host inside a test');
      return host;
    },
    get root() {
      if (!root) throw new Error('reactRootPerTest: read root inside a test');
      return root;
    },
  };
}
