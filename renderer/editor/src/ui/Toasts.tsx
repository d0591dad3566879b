import { useEffect, useRef, useState } from 'react';
import * as RadixToast from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { dismissToast, toast, useToasts, type Toast } from '../state/toasts';

export const toastError = (message: string): void => toast(message, 'error');

const TONE_ICONS = { success: CircleCheck, error: CircleAlert, info: Info } as const;

/** Corners the toasts may take, in order of preference; the first one clear of the focused element wins. */
const PLACEMENTS = ['bottom-left', 'bottom-right', 'top-right'] as const;
type Placement = (typeof PLACEMENTS)[number];

/**
 * Radix renders a fresh live region per toast, filled a frame later and removed with the toast, and a copy of
 * the text in it. Our live regions are the two lists below, always in the page; Radix's copies go to this
 * unattached node, so nothing is said twice.
 */
const UNSPOKEN = typeof document === 'undefined' ? undefined : document.createElement('div');

/**
 * The app's toasts (Radix Toast). Errors go into an assertive live region, everything else into a polite one:
 * one Radix provider each, since a provider has one viewport. Both lists stay in the page, so a toast is spoken
 * when it is added, and a short one (the 750 ms copy toast) is not cut off when it goes, as removals are not
 * announced. The toasts move to another corner rather than cover the focused element.
 */
export function Toasts() {
  const toasts = useToasts();
  const placement = useClearOfFocus(toasts.length > 0);
  return (
    <div className={`toasts toasts-${placement}`}>
      <ToastList toasts={toasts.filter((t) => t.tone === 'error')} live="assertive" label="Errors ({hotkey})" />
      <ToastList toasts={toasts.filter((t) => t.tone !== 'error')} live="polite" label="Notifications ({hotkey})" />
    </div>
  );
}

function ToastList({ toasts, live, label }: { toasts: readonly Toast[]; live: 'polite' | 'assertive'; label: string }) {
  return (
    <RadixToast.Provider label="Notification" announcerContainer={UNSPOKEN}>
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
      <RadixToast.Viewport className="toast-list" label={label} aria-live={live} aria-relevant="additions text" />
    </RadixToast.Provider>
  );
}

function ToastItem({ toast: t }: { toast: Toast }) {
  const Icon = TONE_ICONS[t.tone];
  return (
    <RadixToast.Root
      className={`toast toast-${t.tone}`}
      duration={t.durationMs}
      type={t.tone === 'error' ? 'foreground' : 'background'}
      onOpenChange={(open) => open || dismissToast(t.id)}
    >
      <Icon size={18} aria-hidden className="toast-icon" />
      <RadixToast.Description className="toast-message">{t.message}</RadixToast.Description>
      {t.action && (
        <RadixToast.Action className="toast-action" altText={t.action.description} onClick={t.action.run}>
          {t.action.label}
        </RadixToast.Action>
      )}
      <RadixToast.Close className="quiet icon-button toast-close" aria-label="Dismiss">
        <X size={16} aria-hidden />
      </RadixToast.Close>
    </RadixToast.Root>
  );
}

const overlaps = (a: DOMRect, b: DOMRect): boolean =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The first corner where the toasts' box would not cover the focused element. */
function useClearOfFocus(showing: boolean): Placement {
  const [placement, setPlacement] = useState<Placement>('bottom-left');
  const box = useRef({ width: 0, height: 0 });
  useEffect(() => {
    if (!showing) return;
    const place = () => {
      const viewport = document.querySelector<HTMLElement>('.toasts');
      const focused = document.activeElement;
      if (!viewport || !(focused instanceof HTMLElement) || viewport.contains(focused)) return;
      const rect = viewport.getBoundingClientRect();
      box.current = { width: rect.width, height: rect.height };
      const target = focused.getBoundingClientRect();
      const clear = PLACEMENTS.find((candidate) => !overlaps(cornerRect(candidate, box.current), target));
      setPlacement(clear ?? 'bottom-left');
    };
    place();
    // Toasts added or removed change the box; focus moving changes the target.
    const observer = new ResizeObserver(place);
    const viewport = document.querySelector<HTMLElement>('.toasts');
    if (viewport) observer.observe(viewport);
    document.addEventListener('focusin', place);
    window.addEventListener('resize', place);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', place);
      window.removeEventListener('resize', place);
    };
  }, [showing]);
  return placement;
}

/** Where the toasts' box stands in a corner; the margin matches .toasts in styles.css. */
function cornerRect(placement: Placement, { width, height }: { width: number; height: number }): DOMRect {
  const margin = 16;
  const left = placement === 'bottom-left' ? margin : window.innerWidth - margin - width;
  const top = placement === 'top-right' ? margin : window.innerHeight - margin - height;
  return new DOMRect(left, top, width, height);
}
