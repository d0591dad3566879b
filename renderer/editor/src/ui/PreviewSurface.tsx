import { useLayoutEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { call } from '../api';
import { openModalsAtom } from '../state/session';

const HIDDEN = { x: 0, y: 0, width: 0, height: 0, visible: false };

/**
 * The place the preview occupies. The preview itself is not in this document: it is a separate sandboxed
 * view (a WebContentsView in Electron, an iframe in the browser host) that the shell lays over this box.
 */
export function PreviewSurface() {
  const box = useRef<HTMLElement>(null);
  const modalsOpen = useAtomValue(openModalsAtom) > 0;

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const report = () => {
      const rect = element.getBoundingClientRect();
      void call('setPreviewBounds', {
        x: Math.max(0, Math.round(rect.left)),
        y: Math.max(0, Math.round(rect.top)),
        width: Math.round(rect.width),
        height: Math.round(rect.height),
        visible: !modalsOpen,
      });
    };
    report();
    const observer = new ResizeObserver(report);
    observer.observe(element);
    window.addEventListener('resize', report);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', report);
      void call('setPreviewBounds', HIDDEN);
    };
  }, [modalsOpen]);

  return <section ref={box} className="preview-surface" aria-label="Preview area" />;
}
