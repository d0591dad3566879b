import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { atom, useAtom, useAtomValue } from 'jotai';
import * as RadioGroup from '@radix-ui/react-radio-group';
import { PREVIEW_WIDTHS } from '../../../../core/rules/viewport';
import { call } from '../api';
import { openModalsAtom } from '../state/session';
import { PreviewLinksControls, PreviewModeBar } from './PreviewModeBar';
import './previewSnapshot.css';
import { Tooltip } from '../ui/Tooltip';

/** The width the preview lays the page out at; null fits it to the area. Kept while the app runs. */
export const previewWidthAtom = atom<number | null>(null);

const HIDDEN = { x: 0, y: 0, width: 0, height: 0, visible: false };

/**
 * The place the preview occupies. The preview itself is not in this document: it is a separate sandboxed
 * view (a WebContentsView in Electron, an iframe in the browser host) that the shell lays over this box.
 * While a dialog is open the preview stays in view behind it, dimmed by the dialog's overlay (issue 15): where
 * the shell must hide its view (Electron's draws above every dialog), a snapshot taken first stands in for it.
 */
export function PreviewSurface({ banner }: { banner?: ReactNode }) {
  const box = useRef<HTMLElement>(null);
  const modalsOpen = useAtomValue(openModalsAtom) > 0;
  const viewportWidth = useAtomValue(previewWidthAtom);
  const [snapshot, setSnapshot] = useState<string | null>(null);

  useEffect(() => () => void call('setPreviewBounds', HIDDEN), []);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    let current = true;
    const report = () => {
      const rect = element.getBoundingClientRect();
      void call('setPreviewBounds', {
        x: Math.max(0, Math.round(rect.left)),
        y: Math.max(0, Math.round(rect.top)),
        width: Math.round(rect.width),
        height: Math.round(rect.height),
        visible: true,
        behindDialog: modalsOpen,
        viewportWidth,
      });
    };
    const observer = new ResizeObserver(report);
    const follow = () => {
      if (!current) return;
      report();
      observer.observe(element);
      window.addEventListener('resize', report);
    };
    if (modalsOpen) {
      // The picture first: once the shell has hidden its view there is nothing left to take.
      call('snapshotPreview', {})
        .then(({ image }) => {
          if (current) setSnapshot(image);
        })
        .catch((error: unknown) => console.error('The preview snapshot failed', error))
        .finally(follow);
    } else {
      setSnapshot(null);
      follow();
    }
    return () => {
      current = false;
      observer.disconnect();
      window.removeEventListener('resize', report);
    };
  }, [modalsOpen, viewportWidth]);

  return (
    <div className="preview-column">
      <div className="preview-toolbar">
        <PreviewWidthSwitch />
        <span className="toolbar-gap" />
        <PreviewLinksControls />
      </div>
      <PreviewModeBar />
      {banner}
      <section ref={box} className="preview-surface" aria-label="Preview area">
        {modalsOpen && snapshot && <img className="preview-snapshot" src={snapshot} alt="" />}
      </section>
    </div>
  );
}

/**
 * Desktop (1280), Tablet (768), Mobile (375) or fit to the panel: a Radix radio group, so the arrow keys move
 * between the widths and choose them, and Tab reaches the group once.
 */
function PreviewWidthSwitch() {
  const [width, setWidth] = useAtom(previewWidthAtom);
  const choices = [...PREVIEW_WIDTHS, { label: 'Fit', width: null }];
  const chosen = choices.find((choice) => choice.width === width) ?? choices.at(-1)!;
  return (
    <RadioGroup.Root
      className="preview-widths"
      aria-label="Preview width"
      orientation="horizontal"
      value={chosen.label}
      onValueChange={(label) => setWidth(choices.find((choice) => choice.label === label)?.width ?? null)}
    >
      {choices.map((choice) => (
        <Tooltip
          key={choice.label}
          content={choice.width ? `${choice.width} px wide` : 'Fit the page to the preview area'}
        >
          <RadioGroup.Item value={choice.label} className={choice === chosen ? 'selected' : ''}>
            {choice.label}
            {choice.width ? <span className="muted"> {choice.width}</span> : null}
          </RadioGroup.Item>
        </Tooltip>
      ))}
    </RadioGroup.Root>
  );
}
